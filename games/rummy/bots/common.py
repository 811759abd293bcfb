"""What every level shares: the time budget, the solver within it, and the simple actions.

A bot sees only its seat's ``Observation``; these helpers take the parts of it they need.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Sequence

from ..engine import DRAW, PASS, Observation, play_action
from ..engine.tiles import Tile
from ..solver import Solution, solve

Table = tuple[tuple[Tile, ...], ...]


class TimeUp(Exception):
    """Raised once a decision has used up its time."""


class Budget:
    """A decision's hard limits: processor time (what the decision costs, whatever else
    the machine is running) and, as a backstop, wall-clock time."""

    __slots__ = ("cpu_end", "cpu_limit", "wall_end")

    def __init__(self, cpu_limit: float, wall_limit: float) -> None:
        self.cpu_limit = cpu_limit
        self.cpu_end = time.process_time() + cpu_limit
        self.wall_end = time.perf_counter() + wall_limit

    def remaining(self) -> float:
        """Seconds the decision may still run; ``TimeUp`` once either limit is reached."""
        left = min(self.cpu_end - time.process_time(), self.wall_end - time.perf_counter())
        if left <= 0:
            raise TimeUp(f"no answer within the limits ({self.cpu_limit:.3f} s of processor)")
        return left

    def exceeded(self) -> bool:
        """Whether either limit has been reached."""
        return time.process_time() >= self.cpu_end or time.perf_counter() >= self.wall_end


def best_play(
    table: Sequence[Sequence[Tile]], rack: Sequence[Tile], melded: bool, budget: Budget
) -> Solution | None:
    """The solver's play placing the most of ``rack`` (``None`` when none exists), within
    the budget: a search stopped by a limit without any play raises ``TimeUp``, as a
    missing play would then be a guess."""
    if not rack:
        return None
    solution = solve(table, rack, melded, time_limit=budget.remaining())
    if solution is None and budget.exceeded():
        raise TimeUp("the solver found no play within the limits")
    return solution


def no_play(view: Observation) -> str:
    """The action of a player who puts no tile down: draw, or pass once the pool is empty."""
    return DRAW if view.pool_size else PASS


def play(table: Iterable[Iterable[Tile]]) -> str:
    """The action leaving ``table`` on the table."""
    return play_action(table)


def without(tiles: Sequence[Tile], removed: Iterable[Tile]) -> tuple[Tile, ...]:
    """``tiles`` less one copy of each of ``removed`` (which must all be there)."""
    left = Counter(tiles)
    left.subtract(removed)
    return tuple(sorted(left.elements()))
