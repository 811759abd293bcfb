"""Tile rummy in the match history: the game-by-game table, the replay of a game rebuilt
through the engine (only once the match is over), and the statistics of scripted matches with
exact numbers."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from games import services
from games.core.registry import get_spec
from games.core.spec_history import StoredRound
from games.history.matches import round_states
from games.history.statistics import statistics_of
from games.models import Match, Round
from games.rummy.engine import tiles_text
from games.rummy.web.history import player_counters, round_summary
from tests.web.conftest import current
from tests.web.rummy_helpers import SCATTERED, script_game

from .rummy_scripts import (
    GOES_OUT,
    GOES_OUT_TABLE,
    MELDS_LATER_TABLE,
    SCATTERED_POINTS,
    move,
    one_game_alice_loses,
    three_games_alice_wins,
)


@pytest.fixture
def won(alice: AbstractBaseUser) -> Match:
    return three_games_alice_wins(alice)


def stored_rounds(match: Match) -> list[StoredRound]:
    return [
        StoredRound(row.number, row.setup, row.actions, row.result, False)
        for row in Round.objects.filter(match=match).order_by("number")
    ]


def test_the_scripted_match_ends_as_written(won: Match) -> None:
    assert won.status == Match.Status.FINISHED
    assert won.scores == [122, -122]
    assert won.winner == 0
    assert [row.result["changes"] for row in won.rounds.order_by("number")] == [
        [95, -95],
        [131, -131],
        [-104, 104],
    ]


def test_each_seats_counters_over_the_match(won: Match) -> None:
    alice, computer = player_counters(stored_rounds(won), 2)
    assert alice == {
        "games_won": 2,
        "went_out": 2,
        "rack_points": 104,
        "points": 122,
        "max_game_score": 131,
        "melds": 2,
        "meld_turns": 1 + 3,  # her first turn in game 1, her third in game 2
        "tiles": 14 + 16,
        "jokers": 1,
    }
    assert computer == {
        "games_won": 1,
        "went_out": 1,
        "rack_points": SCATTERED_POINTS + SCATTERED_POINTS + 13 + 12 + 11,
        "points": -122,
        "max_game_score": 104,
        "melds": 1,
        "meld_turns": 1,
        "tiles": 14,
        "jokers": 1,
    }


def test_statistics_of_scripted_rummy_matches(alice: AbstractBaseUser, won: Match) -> None:
    one_game_alice_loses(alice)
    stats = statistics_of(alice, get_spec("rummy"))
    overall = dict(stats.overall)
    assert overall["Matches played"] == "2"
    assert overall["Matches won"] == "1"
    assert overall["Win rate"] == "50%"
    assert overall["Games played"] == "4"
    assert overall["Games won"] == "2"
    assert overall["Games won by going out"] == "2"
    assert overall["Average points left in the rack"] == "49.8"  # (104 + 95) / 4 = 49.75
    assert overall["Average points per game"] == "6.8"  # (122 - 95) / 4 = 6.75
    assert overall["Highest score in a game"] == "131"
    assert overall["Games with an initial meld"] == "2"
    assert overall["Average turn of the initial meld"] == "2.0"
    assert overall["Tiles played per game"] == "7.5"  # 30 / 4 = 7.5
    assert overall["Jokers played"] == "1"
    assert stats.by_length.headings == ["All", "3 games", "1 game"]
    by_length = dict(stats.by_length.rows)
    assert by_length["Matches won"] == ["1", "1", "0"]
    assert by_length["Games played"] == ["4", "3", "1"]
    assert by_length["Average points left in the rack"] == ["49.8", "34.7", "95.0"]
    assert by_length["Highest score in a game"] == ["131", "131", "\N{EN DASH}"]


def test_the_match_page_shows_each_game_and_the_running_totals(
    alice_client: Client, won: Match
) -> None:
    response = alice_client.get(reverse("match_history", args=[won.pk]))
    record = response.context["record"]
    assert [str(heading) for heading in record.spec.history.round_columns()] == [
        "Ended by",
        "Winner",
        "Turns",
    ]
    assert [row.summary.cells for row in record.rounds] == [
        ("You", "You", "1"),
        ("You", "You", "6"),
        ("Lolek", "Lolek", "2"),
    ]
    assert [row.cells for row in record.rounds] == [
        [(95, 95, "went out"), (-95, -95, "95 left in the rack")],
        [(131, 226, "went out"), (-131, -226, "131 left in the rack")],
        [(-104, 122, "104 left in the rack"), (104, -122, "went out")],
    ]
    page = response.content.decode()
    assert "Game by game" in page
    for number in (1, 2, 3):
        assert reverse("match_replay", args=[won.pk, number]) in page


def test_a_game_that_ended_with_the_pool_empty_says_so() -> None:
    stored = StoredRound(
        number=4,
        setup={},
        actions=["pass", "pass", "pass"],
        result={
            "went_out": None,
            "winners": [0, 2],
            "hand_points": [12, 20, 12],
            "changes": [4, -8, 4],
            "totals": [4, -8, 4],
            "racks": ["R12", "B10 K10", "O12"],
        },
        void=False,
    )
    summary = round_summary(stored, ["Ann", "Ben", "Cy"])
    assert summary.cells == ("pool empty", "Ann, Cy", "3")
    assert summary.seat_notes == (
        "12 left in the rack",
        "20 left in the rack",
        "12 left in the rack",
    )
    assert summary.deltas == (4, -8, 4)


def test_replay_steps_rebuild_exactly_the_stored_states(won: Match) -> None:
    spec = get_spec("rummy")
    stored = Round.objects.get(match=won, number=2)
    states = round_states(spec, stored.setup, stored.actions)
    assert len(states) == len(stored.actions) + 1 == 7
    for step, state in enumerate(states):
        rebuilt = spec.rules.replay(stored.setup, stored.actions[:step])
        assert state.actions == rebuilt.actions == tuple(stored.actions[:step])
        assert state.game == rebuilt.game
    final = states[-1].game
    assert final.result is not None
    assert list(final.result.scores) == stored.result["changes"]
    assert list(final.result.hand_points) == stored.result["hand_points"]
    assert [tiles_text(rack) for rack in final.racks] == stored.result["racks"]
    assert [tiles_text(rack) for rack in states[0].game.racks] == [
        "R1 R2 R10 B5 B6 B7 B10 K1 K2 K3 K10 O10 O11 O12",
        "R1 R5 R9 R13 B1 B2 B6 B11 K3 K7 K12 O4 O8 O13",
    ]
    marks = spec.history.replay_marks(states)
    assert [(mark.step, mark.label) for mark in marks] == [(0, "Deal"), (6, "End")]


def test_a_long_game_has_a_mark_every_tenth_turn(alice: AbstractBaseUser) -> None:
    match = services.create_practice_match(
        alice, "rummy", {"games": 1}, "beginner", players=2, seed=3
    )
    script_game(match, (SCATTERED, SCATTERED), first=0)
    for _turn in range(25):
        move(match, "draw")
    spec = get_spec("rummy")
    table = current(match)
    states = round_states(spec, table.round.setup, table.round.actions)
    assert [(mark.step, mark.label) for mark in spec.history.replay_marks(states)] == [
        (0, "Deal"),
        (10, "Turn 10"),
        (20, "Turn 20"),
        (25, "End"),
    ]


def test_the_replay_shows_every_rack_and_the_table_turn_by_turn(
    alice_client: Client, won: Match
) -> None:
    url = reverse("match_replay", args=[won.pk, 2])
    start = alice_client.get(url)
    assert start.status_code == 200
    replay = start.context["replay"]
    assert (replay.step, replay.last) == (0, 6)
    view = replay.view
    assert [len(seat.rack) for seat in view.seats] == [14, 14]
    assert view.table == []
    assert view.phase == "The deal: Lolek plays first"
    page = start.content.decode()
    for code in SCATTERED.split():  # the computer's rack, shown after the match
        assert f'data-tile="{code}"' in page
    assert 'href="/static/games/rummy.css"' in page
    # Alice's turns are steps 2, 4 and 6, the computer's 1, 3 and 5.
    assert [(seat.previous.step, seat.following.step) for seat in view.seats] == [
        (None, 2),
        (None, 1),
    ]

    last = alice_client.get(url, {"step": 6}, HTTP_HX_REQUEST="true")
    assert "<html" not in last.content.decode()
    view = last.context["replay"].view
    assert [[tile.code for tile in row] for row in view.table] == [
        group.split() for group in MELDS_LATER_TABLE.split("|")
    ]
    assert all(tile.fresh for row in view.table for tile in row)
    assert [len(seat.rack) for seat in view.seats] == [0, 17]
    assert view.seats[1].rack_points == 131
    assert view.last == "alice played 16 tiles · alice went out"
    assert view.outcome == [
        "alice went out.",
        "alice: 0 left in the rack, +131",
        "Lolek: 131 left in the rack, -131",
    ]
    assert view.phase == "Game over after 6 turns"
    assert [(seat.previous.step, seat.following.step) for seat in view.seats] == [
        (4, None),
        (5, None),
    ]

    drawn = alice_client.get(url, {"step": 3}).context["replay"].view
    assert [len(seat.rack) for seat in drawn.seats] == [15, 16]
    assert drawn.seats[0].to_move
    assert drawn.last == "Lolek drew a tile"


def test_an_unfinished_rummy_match_is_not_replayable(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = services.create_practice_match(
        alice, "rummy", {"games": 3}, "beginner", players=2, seed=3
    )
    script_game(match, (GOES_OUT, SCATTERED), first=0)
    move(match, "play:" + GOES_OUT_TABLE)  # the first game is over, the match is not
    response = alice_client.get(reverse("match_replay", args=[match.pk, 1]))
    assert response.status_code == 403
    html = response.content.decode()
    assert 'data-reason="match_in_progress"' in html
    assert "data-tile=" not in html
    assert "the replay would show the other players&#x27; tiles" in html
    page = alice_client.get(reverse("match_history", args=[match.pk])).content.decode()
    assert reverse("match_replay", args=[match.pk, 1]) not in page


def test_a_won_rummy_match_enters_the_ranking_by_its_length(
    alice: AbstractBaseUser, alice_client: Client, won: Match
) -> None:
    one_game_alice_loses(alice)
    ranking = alice_client.get(reverse("rankings"), {"game": "rummy", "length": "3"})
    assert [(row["rank"], row["name"], row["best"]) for row in ranking.context["rows"]] == [
        (1, "alice", 122)
    ]
    assert ("3", "3 games") in ranking.context["filters"].fields["length"].choices
    one_game = alice_client.get(reverse("rankings"), {"game": "rummy", "length": "1"})
    assert one_game.context["rows"] == []  # the match of one game was lost
