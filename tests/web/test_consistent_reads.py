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


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="SQLite serialises a read against a commit; the race needs PostgreSQL",
)
def test_a_move_committing_during_a_read_does_not_mix_two_versions(
    alice: Any, scripted_match: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_load_table = services.load_table
    moved: list[bool] = []

    def commit_a_move_first(match: Match) -> services.Table:
        # The match row is read: another connection commits Left's pass before the seats and
        # the round are read (the move itself loads its table as usual).
        if moved:
            return real_load_table(match)
        moved.append(True)
        mover = threading.Thread(target=left_passes, args=(match.pk,))
        mover.start()
        mover.join()
        return real_load_table(match)

    monkeypatch.setattr(services, "load_table", commit_a_move_first)
    table = services.read_table(alice, scripted_match.pk)
    monkeypatch.setattr(services, "load_table", real_load_table)

    assert table is not None
    assert (table.match.version, table.round.actions) == (0, [])  # type: ignore[union-attr]
    assert current(scripted_match).match.version == 1  # the move did land
