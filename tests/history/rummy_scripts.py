"""Scripted matches of tile rummy for the history tests: Alice (seat 0) against a computer
(seat 1), every game dealt by ``script_game`` and played move by move."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from games import services
from games.models import Match
from tests.web.conftest import current
from tests.web.rummy_helpers import SCATTERED, script_game

GOES_OUT = "R10 R11 R12 R13 B1 B2 B3 K7 O7 B7 J O4 O5 O6"
"""A rack that goes out on its first turn (with the joker in the group of 7s)."""
GOES_OUT_TABLE = "R10 R11 R12 R13|B1 B2 B3|K7 O7 B7 J|O4 O5 O6"
MELDS_LATER = "R10 B10 K10 O10 K1 K2 K3 B5 B6 B7 O11 O12 R1 R2"
"""Needs O13 and R3 from the pool to go out (both drawn in game 2)."""
MELDS_LATER_TABLE = "R10 B10 K10 O10|K1 K2 K3|B5 B6 B7|O11 O12 O13|R1 R2 R3"
SCATTERED_POINTS = 95


def move(match: Match, action: str, user: AbstractBaseUser | None = None) -> None:
    """The player to move takes ``action``: Alice as herself, the computer as the computer."""
    table = current(match)
    if table.to_move == 0:
        services.submit_move(match.pk, action, table.match.version, user=user or match.owner)
    else:
        services.submit_move(match.pk, action, table.match.version, computer_seat=table.to_move)


def next_game(match: Match) -> Match:
    """Deals the next game; the match as it is now (``script_game`` saves the whole match)."""
    services.next_round(match.pk, current(match).match.version, user=match.owner)
    return Match.objects.get(pk=match.pk)


def three_games_alice_wins(alice: AbstractBaseUser) -> Match:
    """Game 1: Alice plays first and goes out at once (+95). Game 2: the computer plays
    first; both draw twice, then Alice lays everything down on her third turn (+131: the
    computer holds SCATTERED and K13 K12 K11). Game 3: Alice draws K9, the computer goes out
    (-104 for Alice). Totals 122 to -122."""
    match = services.create_practice_match(
        alice, "rummy", {"games": 3}, "beginner", players=2, seed=3
    )
    script_game(match, (GOES_OUT, SCATTERED), first=0)
    move(match, "play:" + GOES_OUT_TABLE)
    match = next_game(match)
    script_game(match, (MELDS_LATER, SCATTERED), first=1, pool_start="K13 O13 K12 R3 K11")
    for action in ("draw", "draw", "draw", "draw", "draw", "play:" + MELDS_LATER_TABLE):
        move(match, action)
    match = next_game(match)
    script_game(match, (SCATTERED, GOES_OUT), first=0, pool_start="K9")
    move(match, "draw")
    move(match, "play:" + GOES_OUT_TABLE)
    return Match.objects.get(pk=match.pk)


def one_game_alice_loses(alice: AbstractBaseUser) -> Match:
    """The computer plays first and goes out at once: Alice is left with 95 points."""
    match = services.create_practice_match(
        alice, "rummy", {"games": 1}, "normal", players=2, seed=4
    )
    script_game(match, (SCATTERED, GOES_OUT), first=1)
    move(match, "play:" + GOES_OUT_TABLE)
    return Match.objects.get(pk=match.pk)
