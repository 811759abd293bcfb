"""Tile rummy's matches: from the lobby, a whole practice match of three games, and a friends'
table where two people play, each seeing only their own rack."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from games import services
from games.core.registry import run_chooser
from games.models import Match, Round
from games.rendering import table_fragments

from .conftest import current
from .rummy_helpers import HTMX, hidden_tiles_shown, visible_tiles

pytestmark = pytest.mark.django_db


def test_the_lobby_offers_both_games_and_lists_matches_of_both(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    lobby = alice_client.get("/play/").content.decode()
    assert "Thousand: new practice match" in lobby
    assert "Tile rummy: new practice match" in lobby
    assert 'id="start-rummy"' in lobby
    assert 'name="games" value="5"' in lobby

    response = alice_client.post(
        "/play/",
        {"game": "rummy", "mode": "practice", "players": "3", "level": "expert", "games": "5"},
    )
    assert response.status_code == 302
    rummy = Match.objects.get(game="rummy")
    assert response["Location"] == f"/play/{rummy.pk}/"
    assert rummy.options == {"games": 5}
    assert [seat.computer_level for seat in rummy.seats.order_by("number")] == [
        "",
        "expert",
        "expert",
    ]
    services.create_practice_match(alice, "thousand", {}, "normal")

    listed = alice_client.get("/play/").content.decode()
    assert f"Tile rummy · Match #{rummy.pk}" in listed
    assert "Thousand · Match #" in listed
    assert "Expert · 5 games" in listed


def test_the_lobby_refuses_a_match_of_two_games(alice_client: Client) -> None:
    response = alice_client.post(
        "/play/",
        {"game": "rummy", "mode": "practice", "players": "2", "level": "normal", "games": "2"},
    )
    assert response.status_code == 400
    assert not Match.objects.exists()


def play_for(match: Match, seat: int, user: AbstractBaseUser, step: int) -> None:
    """The person at ``seat`` makes the move a Beginner would, through the service."""
    table = current(match)
    action = run_chooser(
        table.spec.computers.chooser, "beginner", table.view_for(seat), f"{match.pk}:{step}"
    )
    kind, _sep, written = action.partition(":")
    services.play(
        match.pk, {"action": kind, "table": written, "version": table.match.version}, user=user
    )


def test_a_practice_match_of_three_games_is_played_to_the_end(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = services.create_practice_match(
        alice, "rummy", {"games": 3}, "beginner", players=2, seed=5
    )
    firsts = []
    for step in range(3000):
        table = current(match)
        if table.match.is_finished:
            break
        if table.spec.rules.round_over(table.state):
            services.next_round(match.pk, table.match.version, user=alice)
            continue
        if not table.round.actions:
            firsts.append(table.round.setup["deal"]["first"])
        if table.to_move == 0:
            play_for(match, 0, alice, step)
        else:
            seat = table.to_move
            action = run_chooser(
                table.spec.computers.chooser, "beginner", table.view_for(seat), str(step)
            )
            services.submit_move(match.pk, action, table.match.version, computer_seat=seat)
    finished = Match.objects.get(pk=match.pk)
    assert finished.status == Match.Status.FINISHED
    games = list(Round.objects.filter(match=match).order_by("number"))
    assert [game.status for game in games] == [Round.Status.OVER] * 3
    assert [game.setup["deal"]["first"] for game in games] == [
        (firsts[0] + number) % 2 for number in range(3)
    ]
    totals = [sum(game.result["changes"][seat] for game in games) for seat in range(2)]
    assert finished.scores == totals == games[-1].result["totals"]
    assert games[1].setup["scores"] == games[0].result["totals"]
    assert finished.progress == {"first": (firsts[0] + 3) % 2, "games_played": 3}
    best = max(totals)
    if totals.count(best) == 1:
        assert finished.winner == totals.index(best)

    html = alice_client.get(f"/play/{match.pk}/").content.decode()
    assert "Games of this match" in html
    rows = re.findall(r'<tr><th scope="row">(\d)</th>', html)
    assert rows == ["1", "2", "3"]
    assert 'id="rematch-button"' in html


def test_two_friends_play_at_a_table_each_seeing_only_their_own_rack(
    alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client, bob_client: Client
) -> None:
    table_match = services.create_friends_table(alice, "rummy", {"games": 1}, 2, seed=4)
    assert table_match.status == Match.Status.WAITING
    assert bob_client.post(f"/t/{table_match.code}/").status_code == 302
    assert alice_client.post(f"/play/{table_match.pk}/start/", **HTMX).status_code == 200
    people = {0: (alice, alice_client), 1: (bob, bob_client)}

    for step in range(12):
        table = current(table_match)
        seat = table.to_move
        assert seat is not None
        other = 1 - seat
        user = people[seat][0]
        # The one waiting may not move; each page shows only its viewer's rack.
        waiting = people[other][1].post(
            f"/play/{table_match.pk}/act/",
            {"action": "draw", "version": table.match.version},
            **HTMX,
        )
        assert waiting.status_code == 409
        assert "It is not your turn." in waiting.content.decode()
        for number, (_person, person_client) in people.items():
            html = person_client.get(f"/play/{table_match.pk}/").content.decode()
            assert hidden_tiles_shown(html, visible_tiles(table.view_for(number))) == set()
            assert "/hint/" not in html
            assert ('id="turn-form"' in html) == (number == seat)
            assert 'class="turn-clock"' in html
        play_for(table_match, seat, user, step)

    table = current(table_match)
    assert len(table.round.actions) == 12
    html = table_fragments(table, 1)
    assert "Open seat" not in html
    assert hidden_tiles_shown(html, visible_tiles(table.view_for(1))) == set()
