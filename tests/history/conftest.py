"""Personas and scripted matches for the history tests: Alice and Bob play, Carol is staff.

A scripted match starts on the deal of ``tests.web`` with the scores set near the end, and
every seat then takes its first legal action, so the match ends within a few hands, always
the same way."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from games import services
from games.models import Match
from games.thousand.engine import Rules, legal_actions
from tests.web.conftest import (  # noqa: F401  (fixtures)
    _quick_computers,
    alice,
    alice_client,
    bob,
    bob_client,
    make_user,
    runner_requests,
    script_deal,
)


@pytest.fixture
def carol(db: None) -> AbstractBaseUser:
    return get_user_model().objects.create_user(username="carol", is_staff=True)


@pytest.fixture
def carol_client(carol: AbstractBaseUser) -> Client:
    client = Client()
    client.force_login(carol)
    return client


# Seat 0 holds every heart and the ace of diamonds: it opens with the compulsory 100, the
# others pass, and leading its highest card each time it takes all eight tricks with the
# hearts marriage (120 in cards, 100 in marriage): the contract of 100 is made.
WINNING_HANDS = (
    ("AH", "TH", "KH", "QH", "JH", "9H", "AD"),
    ("AS", "TS", "KS", "QS", "JS", "9S", "AC"),
    ("TC", "KC", "QC", "JC", "9C", "KD", "QD"),
)
WINNING_MUSIK = ("9D", "JD", "TD")


def near_the_end(match: Match, scores: list[int]) -> Match:
    """Puts the match's scores at ``scores`` and deals seat 0 the winning hand (dealer: seat
    2): with 900 or more, seat 0 ends the match in this hand."""
    match.scores = scores
    match.save(update_fields=["scores"])
    script_deal(match, dealer=2, hands=WINNING_HANDS, musik=WINNING_MUSIK)
    return Match.objects.get(pk=match.pk)


def play_out(match: Match, users: dict[int, Any] | None = None) -> Match:
    """Plays the match to its end: every seat takes its first legal action; a person's seat
    (``users``: seat → user, default the owner at seat 0) moves as that person."""
    users = users if users is not None else {0: match.owner}
    for _move in range(600):
        table = services.load_table(Match.objects.get(pk=match.pk))
        if table.match.is_finished:
            return table.match
        seat = table.to_move
        if seat is None:
            services.next_round(match.pk, table.match.version, user=users[min(users)])
            continue
        action = simple_choice(legal_actions(table.state))
        if seat in users and not table.seats[seat].played_by_computer:
            services.submit_move(match.pk, action, table.match.version, user=users[seat])
        else:
            services.submit_move(match.pk, action, table.match.version, computer_seat=seat)
    pytest.fail("the match did not end")


def simple_choice(legal: tuple[str, ...]) -> str:
    """Pass in the auction, keep the cards, announce the lowest contract, play the highest
    card (the last legal play), give the first card."""
    for wanted in ("pass", "keep"):
        if wanted in legal:
            return wanted
    contracts = [action for action in legal if action.startswith("contract:")]
    if contracts:
        return min(contracts, key=lambda action: int(action.partition(":")[2]))
    if legal[-1].startswith("play:"):
        return legal[-1]
    return legal[0]


def practice(owner: AbstractBaseUser, level: str = "normal", **rules: Any) -> Match:
    return services.create_practice_match(
        owner, "thousand", Rules(**rules).to_dict(), level, seed=1
    )


def won_match(user: AbstractBaseUser, level: str = "normal", target: int = 1000) -> Match:
    """A practice match ``user`` wins in one hand: 100 for the contract, to the target."""
    start = target - 100
    return play_out(near_the_end(practice(user, level, target=target), [start, 100, 50]))


def resigned_match(user: AbstractBaseUser, level: str = "normal") -> Match:
    """A practice match ``user`` resigns at once."""
    match = practice(user, level)
    services.resign(match.pk, user=user)
    return Match.objects.get(pk=match.pk)


def bobs_table_won_by_bob(owner: AbstractBaseUser, guest: AbstractBaseUser) -> Match:
    """A friends' table: its owner (Bob, seat 0) wins in one hand, the guest (Alice, seat 1,
    200) is second, a Normal computer (seat 2, 50) third."""
    match = services.create_friends_table(
        owner, "thousand", Rules().to_dict(), 3, computers={2: "normal"}, seed=2
    )
    services.join_table(match.pk, guest)
    services.start_table(match.pk, user=owner)
    match = near_the_end(Match.objects.get(pk=match.pk), [900, 200, 50])
    return play_out(match, {0: owner, 1: guest})
