"""Computer players for Thousand. They see only ``observation(state, seat)`` and an injected
``random.Random``; ``choose_action`` is the one entry point the site uses.

Three levels: ``beginner`` (legal, with a new player's mistakes), ``normal`` (heuristics
with card counting) and ``expert`` (Monte Carlo search over the hidden cards). Whatever a
level does, ``choose_action`` returns a legal action: if the level raises an exception,
answers something illegal or overruns its time, a simple legal action is played instead
and the error is logged (without any card, so nothing hidden can reach a log).
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable

from ..engine import Observation
from ..engine.cards import CARD_BY_NAME, CARD_POINTS
from . import beginner, expert, normal
from .clock import Clock, TimeUp

LEVELS = ("beginner", "normal", "expert")
EXPERT_BUDGET = 0.15
"""The Expert's thinking time per decision, in seconds (it answers soon after)."""
HARD_LIMIT = 0.9
"""Past this many seconds a decision is abandoned for the simple fallback action."""

logger = logging.getLogger("games.thousand.bots")

Player = Callable[[Observation, random.Random, Clock], str]

_PLAYERS: dict[str, Player] = {
    "beginner": lambda view, rng, clock: beginner.choose(view, rng),
    "normal": lambda view, rng, clock: normal.choose(view, rng),
    "expert": expert.choose,
}


def choose_action(
    level: str,
    view: Observation,
    rng: random.Random,
    *,
    budget: float | None = None,
    worlds: int | None = None,
) -> str:
    """The action the computer player of ``level`` takes in the position ``view``.

    ``budget`` is the Expert's thinking time in seconds (``EXPERT_BUDGET`` by default);
    ``worlds`` instead fixes how many deals it samples per decision, which makes it
    repeatable for a given ``rng`` whatever the machine's speed. Always legal: on an
    exception, an illegal answer or an overrun of the hard limit the simple
    ``fallback_action`` is returned and the error logged.
    """
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    return play_safely(level, _PLAYERS[level], view, rng, budget=budget, worlds=worlds)


def play_safely(
    level: str,
    player: Player,
    view: Observation,
    rng: random.Random,
    *,
    budget: float | None = None,
    worlds: int | None = None,
) -> str:
    """The action ``player`` takes in ``view``, made safe as ``choose_action`` describes
    (``level`` names it in the log). The arena plays its reference levels through it."""
    legal = view.legal
    if not legal:
        raise ValueError("it is not this seat's turn")
    soft = EXPERT_BUDGET if budget is None else budget
    clock = Clock(soft, max(HARD_LIMIT, 2 * soft), worlds)
    try:
        action = player(view, rng, clock)
    except TimeUp:
        return _fall_back(level, view, "ran out of time", exc_info=False)
    except Exception:
        return _fall_back(level, view, "raised an exception", exc_info=True)
    if action not in legal:
        return _fall_back(level, view, "chose an illegal action", exc_info=False)
    if time.perf_counter() > clock.hard_end:
        return _fall_back(level, view, "answered too late", exc_info=False)
    return action


def _fall_back(level: str, view: Observation, what: str, exc_info: bool) -> str:
    action = fallback_action(view)
    # Only public facts go to the log: no hand, no card (not even this seat's own).
    logger.error(
        "the %s computer player %s in the %s phase (seat %d, %d legal actions); "
        "playing the simple fallback action instead",
        level,
        what,
        view.phase,
        view.seat,
        len(view.legal),
        exc_info=exc_info,
    )
    return action


def fallback_action(view: Observation) -> str:
    """A simple legal action: keep, pass, the first musik, the lowest contract, or the card
    with the fewest points (to give, to discard or to play)."""
    legal = view.legal
    for preferred in ("keep", "pass"):
        if preferred in legal:
            return preferred
    cards = [action for action in legal if action.startswith(("play:", "give:", "discard:"))]
    if cards:
        return min(cards, key=lambda action: CARD_POINTS[CARD_BY_NAME[action.partition(":")[2]]])
    return legal[0]
