"""A decision function that always falls back (to show that ``choose_strictly`` notices)."""

from __future__ import annotations

import logging
from typing import Any


def choose(level: str, view: Any, seed: str) -> str:
    logging.getLogger("games.thousand.bots").error("playing the simple fallback action instead")
    return "pass"
