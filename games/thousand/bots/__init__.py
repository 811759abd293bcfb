"""Computer players for Thousand. They see only ``observation(state, seat)`` and an injected
``random.Random``; ``choose_action`` is the one entry point the site uses."""

from __future__ import annotations

import random

from ..engine import Observation

LEVELS = ("beginner", "normal", "expert")


def choose_action(level: str, view: Observation, rng: random.Random) -> str:
    """The action the computer player of ``level`` takes in the position ``view``.

    For now every level is the same simple legal player: it keeps its cards, passes in the
    auction, announces the lowest contract and plays a random legal card.
    """
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    legal = view.legal
    if not legal:
        raise ValueError("it is not this seat's turn")
    for preferred in ("keep", "pass"):
        if preferred in legal:
            return preferred
    if legal[0].startswith("contract:"):
        return legal[0]
    return rng.choice(legal)
