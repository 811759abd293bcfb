"""The table a committed change left, kept by its process for the viewers and the next change."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games import services
from games.core import tables as cache
from games.models import Match
from games.rendering import table_fragments

from .conftest import computer_plays, current


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks: Any) -> Any:
    """Runs a change's after-commit work (keeping its table, the notice) as a real commit does."""

    def run() -> AbstractContextManager[list[Any]]:
        return django_capture_on_commit_callbacks(execute=True)  # type: ignore[no-any-return]

    return run


@pytest.fixture(autouse=True)
def _nothing_kept() -> Iterator[None]:
    # Each test starts as a fresh process: SQLite gives a new match the id of a deleted one.
    cache._committed.clear()
    yield
    cache._committed.clear()


def kept(match: Match) -> services.Table | None:
    match.refresh_from_db()
    return services.committed_table(match.pk, services.stamp_of(match))


def test_a_change_keeps_the_table_it_left_at_its_version(
    alice: AbstractBaseUser, scripted_match: Match, on_commit: Any
) -> None:
    assert kept(scripted_match) is None  # the scripted deal was saved after the match's start
    with on_commit():
        computer_plays(scripted_match, "pass")
    table = kept(scripted_match)
    assert table is not None
    assert table.match.version == 1
    assert table.round is not None
    assert table.round.actions == ["pass"]
    assert table.results == []  # read in the change's transaction: all of version 1
    # The same table, byte for byte, as a viewer reading it back would see it.
    with translation.override("en"):
        html = table_fragments(table, 0, csrf_token="t", origin="http://testserver")
        fresh = services.read_table(alice, scripted_match.pk)
        assert fresh is not None
        assert html == table_fragments(fresh, 0, csrf_token="t", origin="http://testserver")


def test_a_stamp_names_one_table_only(scripted_match: Match, on_commit: Any) -> None:
    with on_commit():
        computer_plays(scripted_match, "pass")
    scripted_match.refresh_from_db()
    stamp = services.stamp_of(scripted_match)
    assert stamp == f"1@{scripted_match.updated.isoformat()}"
    assert services.committed_table(scripted_match.pk, stamp) is not None
    # The same id and version in a database emptied or restored meanwhile: another match.
    assert services.committed_table(scripted_match.pk, "1@2020-01-01T00:00:00+00:00") is None
    assert services.committed_table(scripted_match.pk + 1, stamp) is None


def test_the_next_change_reads_no_round_and_leaves_the_kept_table_as_it_was(
    scripted_match: Match, on_commit: Any
) -> None:
    with on_commit():
        computer_plays(scripted_match, "pass")
    before = kept(scripted_match)
    assert before is not None
    with CaptureQueriesContext(connection) as queries, on_commit():
        computer_plays_without_reading(scripted_match, "bid:110", version=1)
    reads = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    assert len(reads) == 1  # the seats, the match (locked) and the people: no round
    assert "games_round" not in reads[0]
    # Viewers may still be rendering the table of version 1: the change did not touch it.
    assert before.match.version == 1
    assert before.round is not None
    assert before.round.actions == ["pass"]
    after = kept(scripted_match)
    assert after is not None
    assert after.round is not None
    assert after.round.actions == ["pass", "bid:110"]
    assert stored_actions(scripted_match) == ["pass", "bid:110"]


def test_a_change_made_elsewhere_meanwhile_is_read_from_the_database(
    scripted_match: Match, on_commit: Any
) -> None:
    with on_commit():
        computer_plays(scripted_match, "pass")
    older = kept(scripted_match)
    assert older is not None
    with on_commit():
        computer_plays(scripted_match, "bid:110")
    # As if another process had made the second move: this one still keeps version 1.
    cache.remember(older)
    with CaptureQueriesContext(connection) as queries, on_commit():
        services.submit_move(scripted_match.pk, "bid:120", 2, user=scripted_match.owner)
    assert any("games_round" in q["sql"] for q in queries.captured_queries)
    assert stored_actions(scripted_match) == ["pass", "bid:110", "bid:120"]


def stored_actions(match: Match) -> list[str]:
    table = current(match)
    assert table.round is not None
    return list(table.round.actions)


def computer_plays_without_reading(match: Match, action: str, version: int) -> None:
    """``computer_plays`` without its own look at the table, to count the change's reads."""
    services.submit_move(match.pk, action, version, computer_seat=2)


def test_the_computers_turn_is_read_off_the_kept_table(
    scripted_match: Match, on_commit: Any, django_assert_num_queries: Any
) -> None:
    with on_commit():
        computer_plays(scripted_match, "pass")
    with django_assert_num_queries(1):  # the match's row, for its stamp
        turn = services.computer_turn(scripted_match.pk)
    assert isinstance(turn, services.ComputerTurn)
    assert (turn.seat, turn.version) == (2, 1)
    cache._committed.clear()
    assert services.computer_turn(scripted_match.pk) == turn  # as read from the database
