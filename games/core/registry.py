"""Every game the site offers, keyed by ``Match.game``: each game's app registers its
``GameSpec`` (``games.core.spec``) when Django starts (its ``AppConfig.ready``)."""

from __future__ import annotations

from typing import Any

from games.core.spec import GameSpec, run_chooser

__all__ = ["all_specs", "get_spec", "register", "run_chooser", "unregister"]

_SPECS: dict[str, GameSpec[Any, Any, Any]] = {}


def register(spec: GameSpec[Any, Any, Any]) -> GameSpec[Any, Any, Any]:
    """Adds ``spec`` to the games the site knows (a second spec for one key is an error)."""
    if spec.key in _SPECS and _SPECS[spec.key] is not spec:
        raise ValueError(f"a game is already registered as {spec.key!r}")
    _SPECS[spec.key] = spec
    return spec


def unregister(key: str) -> None:
    """Removes a game (for tests that register a game of their own)."""
    _SPECS.pop(key, None)


def get_spec(key: str) -> GameSpec[Any, Any, Any]:
    """The spec of the game ``key``; ``LookupError`` for a game the site does not know."""
    try:
        return _SPECS[key]
    except KeyError:
        raise LookupError(f"no game {key!r}") from None


def all_specs() -> list[GameSpec[Any, Any, Any]]:
    """Every registered game, in the order they were registered."""
    return list(_SPECS.values())
