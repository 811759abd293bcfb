"""Who is at a table lives outside the database, each open socket's entry expiring unless its
socket renews it: a server killed with its sockets open (``kill -9``) leaves nobody shown at
a table for good, as the old counter in the database did."""

from __future__ import annotations

import time

import pytest

from games.core.presence import presence


def test_a_seat_is_present_while_any_of_its_sockets_is_open() -> None:
    store = presence()
    assert store.arrive(7, 1, "phone") is True
    assert store.arrive(7, 1, "laptop") is False  # already there
    assert store.arrive(7, 2, "carol") is True
    assert store.seats(7) == {1, 2}
    assert store.leave(7, 1, "phone") is False  # the laptop is still open
    assert store.leave(7, 1, "laptop") is True
    assert store.seats(7) == {2}
    assert store.seats(8) == set()


def test_an_entry_its_socket_stopped_renewing_runs_out(settings: pytest.MonkeyPatch) -> None:
    settings.PRESENCE_SECONDS = 1  # type: ignore[attr-defined]
    store = presence()
    store.arrive(7, 0, "killed-with-its-server")
    store.arrive(7, 1, "still-open")
    time.sleep(0.6)
    store.renew(7, 1, "still-open")
    time.sleep(0.6)
    assert store.seats(7) == {1}
    # Coming back after the entry ran out is an arrival again.
    assert store.arrive(7, 0, "reconnected") is True
