"""The web tests' personas and runner fixtures, and Nim registered as a game of the site."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from games.core.registry import get_spec, register, unregister
from tests.web.conftest import (  # noqa: F401 (fixtures)
    _quick_computers,
    alice,
    alice_client,
    bob,
    bob_client,
    real_runner,
    runner_requests,
)

from .nim import KEY, SPEC

TEMPLATES = Path(__file__).resolve().parent / "templates"


@pytest.fixture
def nim(settings: pytest.FixtureRequest) -> Iterator[object]:
    """Nim is a game of the site for this test only, its template folder found by Django."""
    engine = dict(settings.TEMPLATES[0])  # type: ignore[attr-defined]
    engine["DIRS"] = [*engine["DIRS"], TEMPLATES]
    settings.TEMPLATES = [engine]  # type: ignore[attr-defined]
    register(SPEC)
    yield SPEC
    unregister(KEY)
    with pytest.raises(LookupError):
        get_spec(KEY)
