"""How DATABASE_URL and the pool's variables become Django's database settings."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings import _database


def test_postgresql_gets_a_connection_pool_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DATABASE_POOL", "DATABASE_POOL_MAX_SIZE", "DATABASE_CONN_MAX_AGE"):
        monkeypatch.delenv(name, raising=False)
    db = _database("postgresql://game:s%40cret@db.example.org:5433/thousand")
    assert (db["HOST"], db["PORT"], db["USER"], db["PASSWORD"], db["NAME"]) == (
        "db.example.org",
        "5433",
        "game",
        "s@cret",
        "thousand",
    )
    assert db["OPTIONS"] == {"pool": {"min_size": 2, "max_size": 20, "timeout": 10}}
    # Django refuses persistent connections with a pool; the pool checks a connection that
    # sat idle as it hands it out (config.postgresql).
    assert (db["CONN_MAX_AGE"], db["CONN_HEALTH_CHECKS"]) == (0, True)
    assert db["ENGINE"] == "config.postgresql"


def test_without_the_pool_connections_live_as_long_as_configured(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DATABASE_POOL", "0")
    monkeypatch.setenv("DATABASE_CONN_MAX_AGE", "60")
    db = _database("postgresql://game@db.example.org/thousand")
    assert (db["OPTIONS"], db["CONN_MAX_AGE"]) == ({}, 60)


def test_the_pool_size_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_POOL_MAX_SIZE", "8")
    monkeypatch.setenv("DATABASE_POOL_MIN_SIZE", "1")
    db = _database("postgresql://game@db.example.org/thousand")
    assert db["OPTIONS"] == {"pool": {"min_size": 1, "max_size": 8, "timeout": 10}}
    monkeypatch.setenv("DATABASE_POOL_MAX_SIZE", "many")
    with pytest.raises(ImproperlyConfigured, match="DATABASE_POOL_MAX_SIZE must be a whole"):
        _database("postgresql://game@db.example.org/thousand")


def test_a_socket_directory_is_read_from_its_percent_encoded_host() -> None:
    db = _database("postgresql://thousand@%2Fvar%2Frun%2Fpostgresql/thousand")
    assert (db["HOST"], db["PORT"], db["USER"]) == ("/var/run/postgresql", "", "thousand")
