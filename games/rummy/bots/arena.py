"""The arena: computer players against each other on the same deals, with statistics.

Duplicate games: each deal is played once per rotation of the players round the seats (the
deal and the first seat stay the same; with two players, the seats swapped), so every level
holds every rack and every place in the turn order once and the luck of the deal cancels
out. Bots get only their seat's observation,
through the same ``choose_action`` the site uses; the engine referees every action.
"""

from __future__ import annotations

import logging
import math
import random
import statistics
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context

from ...stats import Interval, mean_interval
from ..engine import IllegalTurn, apply, deal_game, observation
from . import PLAYERS, choose_action, fallback_action


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game: the level at each seat, what each seat scored, and how the bots behaved."""

    deal: int
    levels: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int
    times: tuple[tuple[str, float, float], ...]
    """Each decision's level, wall-clock seconds and processor seconds."""
    illegal: tuple[str, ...]
    """The level of the player of each action the engine refused."""
    fallbacks: tuple[tuple[str, str], ...]
    """The level of the player of each decision that fell back to the simple action, and
    the logged reason (which names no tile)."""


class _FallbackCounter(logging.Handler):
    """Counts the errors the bots log (each is a decision that fell back), keeping the last."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0
        self.last = ""

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        self.last = record.getMessage()


_COUNTER = _FallbackCounter()


def _install_counter() -> None:
    bots_logger = logging.getLogger("games.rummy.bots")
    if _COUNTER not in bots_logger.handlers:
        bots_logger.addHandler(_COUNTER)


def rotations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """The lineup turned round the seats once per player: seat ``s`` of rotation ``r``
    holds ``lineup[(s - r) % players]``."""
    players = len(lineup)
    return [
        tuple(lineup[(seat - rotation) % players] for seat in range(players))
        for rotation in range(players)
    ]


def play_deal(lineup: tuple[str, ...], seed: int, deal: int) -> list[GameRecord]:
    """Plays deal number ``deal`` of the seeded series once per rotation of ``lineup``."""
    _install_counter()
    players = len(lineup)
    records = []
    for rotation, levels in enumerate(rotations(lineup)):
        deal_rng = random.Random(seed * 1_000_003 + deal)
        state = deal_game(players, deal_rng.randrange(players), deal_rng)
        rngs = [random.Random((seed * 1_000_003 + deal) * 16 + 4 * rotation + s) for s in range(4)]
        times: list[tuple[str, float, float]] = []
        illegal: list[str] = []
        fallbacks: list[tuple[str, str]] = []
        while state.result is None:
            seat = state.to_move
            level = levels[seat]
            view = observation(state, seat)
            logged = _COUNTER.count
            start, start_cpu = time.perf_counter(), time.process_time()
            action = choose_action(level, view, rngs[seat])
            times.append((level, time.perf_counter() - start, time.process_time() - start_cpu))
            if _COUNTER.count != logged:
                fallbacks.append((level, _COUNTER.last))
            try:
                state = apply(state, action)
            except IllegalTurn:
                illegal.append(level)
                state = apply(state, fallback_action(view))
        records.append(
            GameRecord(
                deal,
                levels,
                state.result.scores,
                state.result.winners,
                state.turns,
                tuple(times),
                tuple(illegal),
                tuple(fallbacks),
            )
        )
    return records


def _play_task(task: tuple[tuple[str, ...], int, int]) -> list[GameRecord]:
    return play_deal(*task)


def run(lineup: Sequence[str], deals: int, seed: int, jobs: int = 1) -> Iterator[GameRecord]:
    """Plays ``deals`` seeded deals of ``lineup`` (2 to 4 levels in seat order), each once
    per rotation, on ``jobs`` processes; yields the games as they finish."""
    if not 2 <= len(lineup) <= 4:
        raise ValueError("the arena needs 2 to 4 players")
    for level in lineup:
        if level not in PLAYERS:
            raise ValueError(f"unknown level {level!r}: use {', '.join(PLAYERS)}")
    tasks = [(tuple(lineup), seed, deal) for deal in range(deals)]
    if jobs <= 1:
        for task in tasks:
            yield from _play_task(task)
        return
    with get_context("spawn").Pool(jobs) as pool:
        for records in pool.imap_unordered(_play_task, tasks, chunksize=1):
            yield from records


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


@dataclass(slots=True)
class Summary:
    """What the arena reports, by level."""

    lineup: tuple[str, ...]
    games: int = 0
    turns: int = 0
    points: dict[str, list[float]] = field(default_factory=dict)
    per_deal: dict[int, dict[str, list[float]]] = field(default_factory=dict)
    wins: dict[str, float] = field(default_factory=dict)
    win_shares: dict[str, list[float]] = field(default_factory=dict)
    """Each seat-game's share of the win (1, 0, or a tie's share), by level."""
    seats: dict[str, int] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)
    cpu_times: dict[str, list[float]] = field(default_factory=dict)
    illegal: dict[str, int] = field(default_factory=dict)
    fallbacks: dict[str, int] = field(default_factory=dict)
    reasons: dict[str, int] = field(default_factory=dict)

    def add(self, record: GameRecord) -> None:
        """Counts one game."""
        self.games += 1
        self.turns += record.turns
        deal = self.per_deal.setdefault(record.deal, {})
        for seat, level in enumerate(record.levels):
            self.points.setdefault(level, []).append(record.scores[seat])
            deal.setdefault(level, []).append(record.scores[seat])
            self.seats[level] = self.seats.get(level, 0) + 1
        for seat, level in enumerate(record.levels):
            # A tie shares the win, so that the shares of a game add up to one.
            share = 1 / len(record.winners) if seat in record.winners else 0.0
            self.win_shares.setdefault(level, []).append(share)
            self.wins[level] = self.wins.get(level, 0.0) + share
        for level, seconds, cpu in record.times:
            self.times.setdefault(level, []).append(seconds)
            self.cpu_times.setdefault(level, []).append(cpu)
        for level in record.illegal:
            self.illegal[level] = self.illegal.get(level, 0) + 1
        for level, reason in record.fallbacks:
            self.fallbacks[level] = self.fallbacks.get(level, 0) + 1
            self.reasons[reason] = self.reasons.get(reason, 0) + 1

    def levels(self) -> list[str]:
        """The levels that played, weakest first."""
        return [level for level in PLAYERS if level in self.points]

    def margin(self, first: str, second: str) -> Interval:
        """Paired margin: per deal (all its rotations), ``first``'s average points per game
        less ``second``'s, averaged over the deals, with its 95% interval."""
        return mean_interval(
            [
                statistics.fmean(levels[first]) - statistics.fmean(levels[second])
                for levels in self.per_deal.values()
                if first in levels and second in levels
            ]
        )

    def won(self, level: str) -> Interval:
        """The percentage of its games ``level`` won (a tie's share counted), with its 95%
        interval."""
        shares = mean_interval(self.win_shares[level])
        return Interval(100 * shares.mean, 100 * shares.half_width, shares.count)

    def report(self) -> str:
        """The arena's printed report."""
        levels = self.levels()
        players = len(self.lineup)
        lines = [
            f"{self.games} games of {players} players ({' '.join(self.lineup)}), "
            f"{len(self.per_deal)} deals each played in {players} rotations, "
            f"{self.turns / max(1, self.games):.1f} turns per game",
            f"level     seat-games     wins   games won, % (95% CI; parity {100 / players:.1f}%)"
            "   points per game (95% CI)",
        ]
        for level in levels:
            won = self.won(level)
            lines.append(
                f"  {level:8} {self.seats[level]:8}   {self.wins.get(level, 0.0):6.1f}   "
                f"{won.mean:5.1f} ± {won.half_width:4.1f}{'':24}"
                f"{mean_interval(self.points[level])}"
            )
        if len(levels) > 1:
            lines.append("paired margins, points per game (95% CI over deals):")
            for index, weaker in enumerate(levels):
                for stronger in levels[index + 1 :]:
                    lines.append(f"  {stronger} - {weaker}: {self.margin(stronger, weaker)}")
        for title, table in (("wall-clock", self.times), ("processor", self.cpu_times)):
            lines.append(f"{title} time per decision, ms: mean, p95, max")
            for level in levels:
                times = table.get(level, [])
                if times:
                    lines.append(
                        f"  {level:8} {1000 * statistics.fmean(times):7.1f} "
                        f"{1000 * percentile(times, 0.95):7.1f} {1000 * max(times):7.1f}"
                        f"  ({len(times)} decisions)"
                    )
        lines.append(
            "illegal turns refused by the engine: "
            + ", ".join(f"{level} {self.illegal.get(level, 0)}" for level in levels)
        )
        lines.append(
            "fallbacks to the simple action: "
            + ", ".join(f"{level} {self.fallbacks.get(level, 0)}" for level in levels)
        )
        lines.extend(f"  {count} x {reason}" for reason, count in sorted(self.reasons.items()))
        return "\n".join(lines)


def summarize(lineup: Sequence[str], records: Iterable[GameRecord]) -> Summary:
    """The summary of the games ``records`` of ``lineup``."""
    summary = Summary(tuple(lineup))
    for record in records:
        summary.add(record)
    return summary
