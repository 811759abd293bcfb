"""Computer players for tile rummy. They see only ``observation(state, seat)`` and an
injected ``random.Random``; ``choose_action`` is the one entry point the site uses.

Three levels: ``beginner`` (the obvious sets of its own rack, tiles laid at the ends of
the table's sets), ``normal`` (the solver's play placing the most tiles now) and
``expert`` (the solver, keeping its jokers for going out while no opponent is close,
with a strategy for opponents close to going out); the arena also knows ``greedy``, the
yardstick the levels are measured against. Whatever a level does,
``choose_action`` returns a legal action: if the level raises an exception, answers
something illegal or overruns its time limits, it draws (or passes once the pool is
empty) instead and logs the error on the logger ``games.rummy.bots``, without any tile,
so that nothing hidden can reach a log.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable

from ..engine import DRAW, PASS, PLAY, IllegalTurn, Observation, check_turn, parse_action
from . import beginner, expert, greedy, normal
from .common import Budget, TimeUp, no_play

LEVELS = ("beginner", "normal", "expert")
"""The site's levels (its matches store these names)."""
GREEDY = "greedy"
"""The arena's yardstick, not a level of the site (``greedy``)."""
PLAYERS = ("beginner", GREEDY, "normal", "expert")
"""Every computer player ``choose_action`` knows, in the order the arena reports them."""
HARD_LIMIT = 0.9
"""Seconds of processor time a decision may take; past them it is abandoned for the simple
action. Processor time, not wall clock, so that a busy machine does not make a bot give up."""
WALL_LIMIT = 5.0
"""Seconds of wall-clock time past which a decision is abandoned all the same."""

logger = logging.getLogger("games.rummy.bots")

Player = Callable[[Observation, random.Random, Budget], str]

_PLAYERS: dict[str, Player] = {
    "beginner": beginner.choose,
    "normal": normal.choose,
    "expert": expert.choose,
    GREEDY: greedy.choose,
}


def choose_action(level: str, view: Observation, rng: random.Random) -> str:
    """The action the computer player of ``level`` (one of ``PLAYERS``) takes in the position
    ``view``: ``draw``, ``pass`` or ``play:`` and the whole table after the turn.

    Always legal: on an exception, an illegal answer or an overrun of ``HARD_LIMIT`` the
    simple action (``fallback_action``) is returned and the error logged.
    """
    if level not in PLAYERS:
        raise ValueError(f"level must be one of {', '.join(PLAYERS)}, not {level!r}")
    if not view.my_turn:
        raise ValueError("it is not this seat's turn")
    budget = Budget(HARD_LIMIT, WALL_LIMIT)
    try:
        action = _PLAYERS[level](view, rng, budget)
    except TimeUp:
        return _fall_back(level, view, "ran out of time")
    except Exception as error:
        # The exception's type only: its message may name tiles.
        return _fall_back(level, view, f"raised {type(error).__name__}")
    if not is_legal(view, action):
        return _fall_back(level, view, "chose an illegal action")
    if budget.exceeded():
        return _fall_back(level, view, "answered too late")
    return action


def is_legal(view: Observation, action: str) -> bool:
    """Whether the player to move in ``view`` may take ``action``."""
    try:
        kind, table = parse_action(action)
        if kind == DRAW:
            return view.pool_size > 0
        if kind == PASS:
            return view.pool_size == 0
        assert kind == PLAY
        check_turn(view.table, view.rack, view.melded[view.seat], table)
    except IllegalTurn:
        return False
    return True


def fallback_action(view: Observation) -> str:
    """The simple legal action: draw, or pass once the pool is empty."""
    return no_play(view)


def _fall_back(level: str, view: Observation, what: str) -> str:
    # Only public facts go to the log: no rack, no tile (not even this seat's own).
    logger.error(
        "the %s computer player %s (seat %d, turn %d, %d tiles in its rack); "
        "playing the simple fallback action instead",
        level,
        what,
        view.seat,
        view.turns,
        len(view.rack),
    )
    return fallback_action(view)
