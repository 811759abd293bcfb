"""A game's rules page, step by step: what every game's rules page is made of. A game gives its
own (``GameSpec.rules_page``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise


@dataclass(frozen=True)
class Step:
    number: int
    title: Promise
    text: Promise
    build: Callable[[], Any]
    """Draws the step's illustration from the engine's own states."""


@dataclass(frozen=True)
class RulesPage:
    steps: Sequence[Step]
    extra_context: Callable[[], dict[str, Any]]
    template: str
