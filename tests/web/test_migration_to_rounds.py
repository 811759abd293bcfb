"""Migrations 0003 to 0005 turn a match's hands and hand results into rounds: a match in progress
before the match core keeps its played hand, its re-deal and its hand in progress, and plays
on."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games import services
from games.models import Match, Round
from games.thousand.engine import Rules, apply, legal_actions, new_hand

from .conftest import SCRIPTED_HANDS, SCRIPTED_MUSIK

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0002_match_resigned")]
SQUASHED = ("games", "0001_squashed_0010_seat_presence_out_of_the_database")
NINES_HANDS = (
    ("AS", "TS", "KS", "QS", "AH", "JH", "AD"),
    ("9S", "9C", "9D", "9H", "JS", "JC", "JD"),  # seat 1: four nines, under 10 points
    ("AC", "TC", "KC", "QC", "TD", "KD", "QD"),
)
NINES_MUSIK = ("TH", "KH", "QH")


def latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.fixture
def old_schema() -> Iterator[Any]:
    """The database as it was at 0002 (hands and hand results); the latest schema after."""
    # Back to the squashed migration first: the migrations after it depend on it, and Django
    # would not take them back on the way to one of the migrations it replaces.
    MigrationExecutor(connection).migrate([SQUASHED])
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    try:
        yield executor.loader.project_state(BEFORE).apps
    finally:
        try:
            MigrationExecutor(connection).migrate(latest())
        except Exception:
            # A migration that cannot carry the rows must not leave the other tests an old
            # schema: drop the rows and migrate again (the test has failed already).
            with connection.cursor() as cursor:
                for table in ("games_handresult", "games_hand", "games_seat", "games_match"):
                    cursor.execute(f"DELETE FROM {table}")
            MigrationExecutor(connection).migrate(latest())


def played_hand() -> Any:
    """The scripted deal (dealer 2) played to its end, everyone taking the first legal move."""
    state = new_hand(2, SCRIPTED_HANDS, SCRIPTED_MUSIK, (0, 0, 0), Rules())
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    return state


def redealt_hand() -> Any:
    """Seat 1 holds the four nines and asks for a re-deal."""
    state = new_hand(0, NINES_HANDS, NINES_MUSIK, (0, 0, 0), Rules())
    while "redeal" not in legal_actions(state):
        state = apply(state, legal_actions(state)[0])
    return apply(state, "redeal")


def test_hands_and_results_become_rounds_and_the_match_plays_on(old_schema: Any) -> None:
    apps = old_schema
    User = apps.get_model("auth", "User")
    OldMatch = apps.get_model("games", "Match")
    Seat = apps.get_model("games", "Seat")
    Hand = apps.get_model("games", "Hand")
    HandResult = apps.get_model("games", "HandResult")

    first = played_hand()
    assert first.result is not None
    scores_after = list(first.result.score_deltas)
    second = redealt_hand()
    assert second.history[-1][0] == 1
    third = new_hand(0, SCRIPTED_HANDS, SCRIPTED_MUSIK, tuple(scores_after), Rules())
    for _ in range(2):
        third = apply(third, legal_actions(third)[0])

    alice = User.objects.create(username="alice")
    match = OldMatch.objects.create(
        owner=alice,
        rules=Rules().to_dict(),
        scores=scores_after,
        dealer=0,
        hands_played=1,
        redeals=1,
        version=40,
        seed=7,
    )
    Seat.objects.create(match=match, number=0, user=alice)
    Seat.objects.create(match=match, number=1, computer_level="normal")
    Seat.objects.create(match=match, number=2, computer_level="expert")
    hand_one = Hand.objects.create(
        match=match,
        number=1,
        dealer=2,
        deal=first.deal_record(),
        actions=first.actions(),
        status="over",
    )
    HandResult.objects.create(
        match=match,
        hand=hand_one,
        declarer=first.declarer,
        bid=first.bid,
        contract=first.contract,
        made=first.result.made,
        card_points=list(first.taken),
        marriage_points=list(first.marriage_points),
        hand_points=list(first.result.hand_points),
        score_deltas=list(first.result.score_deltas),
        scores=scores_after,
    )
    Hand.objects.create(
        match=match,
        number=2,
        dealer=0,
        deal=second.deal_record(),
        actions=second.actions(),
        status="redealt",
    )
    Hand.objects.create(
        match=match,
        number=3,
        dealer=0,
        deal=third.deal_record(),
        actions=third.actions(),
        status="playing",
    )

    MigrationExecutor(connection).migrate(latest())

    migrated = Match.objects.get(pk=match.pk)
    assert migrated.progress == {"dealer": 0, "hands_played": 1, "redeals": 1}
    assert migrated.options == Rules().to_dict()
    assert (migrated.game, migrated.mode, migrated.status) == ("thousand", "practice", "playing")
    assert (migrated.scores, migrated.version, migrated.code) == (scores_after, 40, None)
    rounds = list(Round.objects.filter(match=migrated).order_by("number"))
    assert [(r.number, r.status) for r in rounds] == [(1, "over"), (2, "void"), (3, "playing")]
    assert [r.setup for r in rounds] == [h.deal_record() for h in (first, second, third)]
    assert [r.actions for r in rounds] == [h.actions() for h in (first, second, third)]
    assert rounds[0].result == {
        "declarer": first.declarer,
        "bid": first.bid,
        "contract": first.contract,
        "made": first.result.made,
        "card_points": list(first.taken),
        "marriage_points": list(first.marriage_points),
        "hand_points": list(first.result.hand_points),
        "score_deltas": list(first.result.score_deltas),
    }
    assert rounds[1].result == {"redeal_by": 1}
    assert rounds[2].result is None

    # The match plays on from where it stood.
    table = services.load_table(migrated)
    assert table.round.number == 3
    assert table.state.actions() == third.actions()
    assert len(table.finished_rounds()) == 2
    seat, action = table.to_move, legal_actions(table.state)[0]
    if seat == 0:
        services.play(migrated.pk, {"action": action, "version": 40}, user=migrated.owner)
    else:
        services.submit_move(migrated.pk, action, 40, computer_seat=seat)
    moved = services.load_table(Match.objects.get(pk=match.pk))
    assert moved.match.version == 41
    assert moved.round.actions == [*third.actions(), action]
