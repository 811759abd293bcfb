"""The solver and turn-checker benchmark (``python -m games.rummy bench``).

Positions come from seeded games between computer players: each seat is a level of
``games.rummy.bots`` or ``greedy``, which plays the solver's best play when there is one
and draws otherwise (passes once the pool is empty), except that while the pool lasts it
keeps tiles back with probability ``hold``: it plays the best play from a random half of
its rack (or draws if there is none). Every position a player faced is solved once, timed,
before the player chooses its action. The play turns of those games are then checked
again with ``check_turn``, timed, for the checks-per-second figure.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from .bots import choose_action
from .engine.observation import observation
from .engine.play import DRAW, PASS, PLAY, apply, play_action
from .engine.state import deal_game
from .engine.tiles import Tile
from .engine.turn import check_turn
from .solver import solve

Table = tuple[tuple[Tile, ...], ...]


@dataclass(frozen=True)
class Position:
    """A position a player faced and how long the solver took on it."""

    table: Table
    rack: tuple[Tile, ...]
    melded: bool
    seconds: float
    cpu_seconds: float
    played: int


@dataclass(frozen=True)
class Turn:
    """A recorded play: what ``check_turn`` is given."""

    table_before: Table
    rack: tuple[Tile, ...]
    melded: bool
    table_after: Table


@dataclass
class Games:
    """The positions and play turns of the benchmark's games."""

    games: int = 0
    positions: list[Position] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)


GREEDY = "greedy"
DEFAULT_LEVELS = ("expert", "normal", "beginner", "normal")


def play_games(
    games: int,
    seed: int,
    players: int | None = None,
    time_limit: float | None = None,
    hold: float = 0.5,
    levels: tuple[str, ...] = DEFAULT_LEVELS,
    fewest_changes: bool = True,
) -> Games:
    """Plays ``games`` seeded games, seat ``i`` played by ``levels[i % len(levels)]`` (a bot
    level, or ``GREEDY``), and times the solver on every position a player faced.

    ``players`` fixes the number of players; by default the games cycle through 2, 3 and 4.
    ``hold`` is the chance that, while the pool lasts, a greedy player with a play keeps
    tiles back: it plays the best play from a random half of its rack, or draws if none.
    ``fewest_changes`` is passed to the timed ``solve``.
    """
    rng = random.Random(seed)
    record = Games()
    for number in range(games):
        seats = players if players is not None else 2 + number % 3
        state = deal_game(seats, rng.randrange(seats), rng)
        while not state.is_over:
            seat = state.to_move
            rack, melded = state.racks[seat], state.melded[seat]
            start, cpu_start = time.perf_counter(), time.process_time()
            solution = solve(
                state.table, rack, melded, time_limit=time_limit, fewest_changes=fewest_changes
            )
            seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start
            played = 0 if solution is None else len(solution.played)
            record.positions.append(
                Position(state.table, rack, melded, seconds, cpu_seconds, played)
            )
            level = levels[seat % len(levels)]
            if level != GREEDY:
                action = choose_action(level, observation(state, seat), rng)
            elif solution is None:
                action = DRAW if state.pool_size else PASS
            else:
                if state.pool_size and rng.random() < hold:
                    offered = rng.sample(rack, len(rack) // 2)
                    solution = solve(state.table, offered, melded, time_limit=time_limit)
                action = DRAW if solution is None else play_action(solution.table)
            after = apply(state, action)
            if after.last_action == PLAY:
                record.turns.append(Turn(state.table, rack, melded, after.table))
            state = after
        record.games += 1
    return record


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    rank = math.ceil(fraction * len(ordered) - 1e-9)
    return ordered[min(max(rank, 1), len(ordered)) - 1]


def checks_per_second(turns: list[Turn], repeat: int) -> float:
    """How many ``check_turn`` calls on ``turns`` run per second (each turn ``repeat`` times)."""
    start = time.perf_counter()
    for _ in range(repeat):
        for turn in turns:
            check_turn(turn.table_before, turn.rack, turn.melded, turn.table_after)
    return repeat * len(turns) / (time.perf_counter() - start)


def report(
    record: Games,
    seed: int,
    levels: tuple[str, ...],
    hold: float,
    repeat: int,
    fewest_changes: bool = True,
) -> list[str]:
    """The benchmark's printed lines (``fewest_changes`` as given to ``play_games``)."""
    positions = record.positions
    largest = max(_tiles(p.table) for p in positions)
    seats = ", ".join(levels)
    lines = [
        f"{record.games} seeded games (seed {seed}), the seats played in turn by: {seats}.",
    ]
    if GREEDY in levels:
        lines.append(
            "greedy: the solver's best play, else draw (pass with the pool empty); while the "
            f"pool lasts, with probability {hold} the best play from a random half of the rack."
        )
    timed = "solve" if fewest_changes else "solve(fewest_changes=False), the fast path,"
    lines.append(
        f"Every position a player faced is solved once with {timed} before the player moves: "
        f"{len(positions)} positions, tables up to {largest} tiles, "
        f"racks up to {max(len(p.rack) for p in positions)} tiles."
    )
    groups = (
        ("all", positions),
        ("before the initial meld", [p for p in positions if not p.melded]),
        ("tables of 0-39 tiles", [p for p in positions if p.melded and _tiles(p.table) < 40]),
        ("tables of 40-69 tiles", [p for p in positions if 40 <= _tiles(p.table) < 70]),
        ("tables of 70+ tiles", [p for p in positions if _tiles(p.table) >= 70]),
        ("racks of 15+ tiles", [p for p in positions if len(p.rack) >= 15]),
    )
    lines.append("solve time in ms                     wall clock            processor time")
    lines.append("                        positions  median   p95    max  median   p95    max")
    for label, chosen in groups:
        if not chosen:
            continue
        figures = []
        for times in ([p.seconds for p in chosen], [p.cpu_seconds for p in chosen]):
            figures += [percentile(times, 0.5), percentile(times, 0.95), max(times)]
        lines.append(
            f"  {label:24}{len(chosen):5}" + "".join(f"{1000 * figure:7.1f}" for figure in figures)
        )
    turns = record.turns
    thirty = [t for t in turns if 25 <= _tiles(t.table_before) <= 35]
    lines.append(f"check_turn on the {len(turns)} recorded play turns ({repeat} times each):")
    lines.append(f"  all turns               {checks_per_second(turns, repeat):10,.0f} checks/s")
    if thirty:
        lines.append(
            f"  tables of 25-35 tiles   {checks_per_second(thirty, repeat):10,.0f} checks/s "
            f"({len(thirty)} turns)"
        )
    return lines


def _tiles(table: Table) -> int:
    return sum(len(tiles) for tiles in table)
