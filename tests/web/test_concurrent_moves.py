"""Two moves made on the same version at the same moment: the match row lock lets one in.

Run on PostgreSQL (``DATABASE_URL``) this exercises ``select_for_update``; on SQLite the
write transactions are serialised instead. Either way exactly one move may land.
"""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection

from games import services
from games.thousand.engine import Rules

from .conftest import current, script_deal

pytestmark = pytest.mark.django_db(transaction=True)


def race(attempts: int, move: object) -> list[object]:
    """Runs ``move`` in ``attempts`` threads released together; returns each outcome."""
    barrier = threading.Barrier(attempts)
    outcomes: list[object] = [None] * attempts

    def attempt(index: int) -> None:
        barrier.wait()
        try:
            outcomes[index] = move()
        except services.MoveRejected as rejected:
            outcomes[index] = rejected.status
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt, args=(index,)) for index in range(attempts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


def test_the_same_computer_move_sent_twice_at_once_lands_once(alice: AbstractBaseUser) -> None:
    match = script_deal(
        services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal", seed=1)
    )
    version = current(match).match.version

    outcomes = race(
        4, lambda: services.submit_move(match.pk, "pass", version, computer_seat=1).match.version
    )

    assert Counter(outcomes) == {409: 3, version + 1: 1}
    table = current(match)
    assert table.round.actions == ["pass"]
    assert table.match.version == version + 1


def test_a_double_click_on_a_bid_lands_once(alice: AbstractBaseUser) -> None:
    match = script_deal(
        services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal", seed=1)
    )
    services.submit_move(match.pk, "pass", current(match).match.version, computer_seat=1)
    services.submit_move(match.pk, "bid:110", current(match).match.version, computer_seat=2)
    version = current(match).match.version

    outcomes = race(
        2, lambda: services.submit_move(match.pk, "bid:120", version, user=alice).match.version
    )

    assert Counter(outcomes) == {409: 1, version + 1: 1}
    assert current(match).round.actions == ["pass", "bid:110", "bid:120"]
