"""A step of a rules page: what every game's rules page is made of."""

from __future__ import annotations

from collections.abc import Callable
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
