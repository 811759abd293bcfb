"""A table is rendered from one consistent read: the version it shows labels the position it
shows, even when a computer's move commits while the table is being read."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from games import services
from games.models import Match

from .conftest import current

pytestmark = pytest.mark.django_db(transaction=True)


def left_passes(match_id: int) -> None:
    try:
        services.submit_move(match_id, "pass", 0, computer_seat=1)
    finally:
        connection.close()  # this thread's own connection, or the test database stays in use


def left_passes_before_the_rounds_are_read(match: Match, moved: list[bool]) -> Any:
    """A statement wrapper: once the match and its seats are read, another connection commits
    Left's pass before the rounds are read (once; ``moved`` says it happened)."""

    def commit_a_move_first(execute: Any, sql: str, *args: Any) -> Any:
        if "games_round" in sql and not moved:
            moved.append(True)
            mover = threading.Thread(target=left_passes, args=(match.pk,))
            mover.start()
            mover.join()
        return execute(sql, *args)

    return commit_a_move_first


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="SQLite serialises a read against a commit; the race needs PostgreSQL",
)
def test_a_move_committing_during_a_read_does_not_mix_two_versions(
    alice: Any, scripted_match: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    moved: list[bool] = []
    with connection.execute_wrapper(left_passes_before_the_rounds_are_read(scripted_match, moved)):
        table = services.read_table(alice, scripted_match.pk)

    assert moved
    assert table is not None
    # The rounds showed the move that committed after the match was read: the whole table
    # was read again, at the version that labels that position.
    assert (table.match.version, table.round.actions) == (1, ["pass"])  # type: ignore[union-attr]
    assert table.state.to_move == 2
    assert current(scripted_match).match.version == 1  # the move did land


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="SQLite serialises a read against a commit; the race needs PostgreSQL",
)
def test_a_computers_turn_is_read_at_one_moment(
    scripted_match: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move committing between the match's row and its rounds would otherwise give the
    computer's turn after it at the version before it: a decision for a turn that never was."""
    moved: list[bool] = []
    with connection.execute_wrapper(left_passes_before_the_rounds_are_read(scripted_match, moved)):
        turn = services.computer_turn(scripted_match.pk)

    assert moved
    assert isinstance(turn, services.ComputerTurn)
    assert (turn.version, turn.seat) == (1, 2)  # Right's turn after Left's pass, at version 1
