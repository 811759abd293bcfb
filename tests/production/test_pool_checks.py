"""The PostgreSQL pool checks a connection it hands out only when the connection sat idle: no
extra round trip for each request under load, and still no dead connection after a restart."""

from __future__ import annotations

import os
from collections.abc import Iterator

import psycopg
import pytest
from django.db import connection as default_connection
from psycopg_pool import ConnectionPool

from config.postgresql import base

pytestmark = [
    pytest.mark.skipif(not os.environ.get("DATABASE_URL"), reason="needs DATABASE_URL"),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The connections the pool checked with a round trip."""
    checked: list[object] = []
    check = ConnectionPool.check_connection

    def counted(conn: object) -> None:
        checked.append(conn)
        check(conn)  # type: ignore[arg-type]

    monkeypatch.setattr(ConnectionPool, "check_connection", staticmethod(counted))
    return checked


@pytest.fixture
def connection() -> Iterator[base.DatabaseWrapper]:
    """A connection of the test database with a pool of its own, new to this test."""
    settings = dict(default_connection.settings_dict)
    settings["OPTIONS"] = {**settings["OPTIONS"], "application_name": "pool_checks"}
    wrapper = base.DatabaseWrapper(settings, alias="pool_checks")
    try:
        yield wrapper
    finally:
        wrapper.close()
        wrapper.close_pool()


def _backend_pid(connection: base.DatabaseWrapper) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        row = cursor.fetchone()
        connection.close()  # back to the pool, as after every request
        return int(row[0])


def test_a_connection_back_in_the_pool_a_moment_ago_is_handed_out_unchecked(
    connection: base.DatabaseWrapper, checks: list[object]
) -> None:
    assert connection.pool is not None
    for _ in range(5):
        _backend_pid(connection)
    assert checks == []


def test_a_connection_that_sat_idle_is_checked_and_replaced_when_dead(
    connection: base.DatabaseWrapper, checks: list[object], monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _backend_pid(connection)
    # Every backend the pool holds dies, as in a PostgreSQL restart.
    settings = default_connection.settings_dict
    with psycopg.connect(
        host=settings["HOST"],
        port=settings["PORT"] or None,
        user=settings["USER"],
        dbname=settings["NAME"],
        autocommit=True,
    ) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE application_name = 'pool_checks'"
        )
    monkeypatch.setattr(base, "CHECK_AFTER_SECONDS", 0.0)
    after = _backend_pid(connection)
    assert after != before
    assert checks  # the dead ones failed their check and were replaced
