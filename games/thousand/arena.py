"""The arena: computer players against each other, with duplicate deals and statistics.

Three players, or two for the two-player game (rules 4.1). Every deal (a single hand, or
the seed of a whole match) is played once per rotation of the players round the table, so
each player holds each seat's cards once and the luck of the deal cancels out. Results
carry 95% confidence intervals. Bots only ever get their seat's observation, through the
same ``choose_action`` the site uses; the engine referees.
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

from ..stats import Interval, mean_interval, proportion_interval
from .bots import choose_action, expert_2026_12, play_safely
from .engine import (
    OVER,
    REDEALT,
    HandState,
    IllegalAction,
    Observation,
    Rules,
    after_hand,
    apply,
    deal_hand,
    deal_next,
    legal_actions,
    new_match,
    observation,
)
from .engine.cards import MARRIAGE_MASKS, SUIT_OF
from .engine.state import OPENING_BID

MATCH_HAND_LIMIT = 400
"""A match still undecided after this many hands is stopped and counted as drawn."""

REFERENCE_LEVELS = {"expert-2026-12": expert_2026_12.choose}
"""Frozen computer players the arena measures the site's levels against, never offered on
the site: ``expert-2026-12`` is the Expert of December 2026 (issue 25)."""
ARENA_LEVELS = ("beginner", "normal", "expert-2026-12", "expert")
"""Every level the arena plays, weakest first (a margin is reported as the stronger less
the weaker)."""


def choose(level: str, view: Observation, rng: random.Random, budget: float | None) -> str:
    """The action of the arena level ``level`` in ``view``: a site level through
    ``choose_action``, a reference level through the same safety net."""
    reference = REFERENCE_LEVELS.get(level)
    if reference is None:
        return choose_action(level, view, rng, budget=budget)
    return play_safely(level, reference, view, rng, budget=budget)


@dataclass(frozen=True, slots=True)
class Decision:
    level: str
    seconds: float
    """Wall-clock time of the decision."""
    cpu: float
    """Processor time the deciding process spent on it (what it costs on one free core)."""
    choice: bool
    """Whether there was more than one legal action."""


_ACES = sum(1 << (6 * suit + 5) for suit in range(4))


@dataclass(frozen=True, slots=True)
class Faults:
    """The declarer's auction and gifts as the referee sees them, to show the faults issue 25
    names: bidding on a marriage without an ace, overreaching with two marriages, giving a
    marriage card away. Read from the whole hand; no player ever sees it."""

    raised: bool
    """The declarer bid above the compulsory opening bid itself."""
    marriages: int
    """Marriages in the declarer's dealt hand."""
    ace: bool
    """Whether the declarer's dealt hand held an ace."""
    completing_gifts: int
    """Cards the declarer gave that completed a marriage in the receiver's hand."""
    breaking_gifts: int
    """Cards the declarer gave out of a marriage it held."""
    shortfall: int
    """The contract less the declarer's hand points when it failed, else 0."""


def faults_of(state: HandState) -> Faults | None:
    """The ``Faults`` of a played hand's declarer (``None`` for a re-dealt hand)."""
    declarer = state.declarer
    if declarer is None or state.result is None or state.contract is None:
        return None
    dealt = state.dealt[declarer]
    raised = any(
        seat == declarer and action.startswith("bid:") and int(action[4:]) > OPENING_BID
        for seat, action in state.history
    )
    marriages = sum(1 for mask in MARRIAGE_MASKS if dealt & mask == mask)
    ten = dealt | state.musik
    completing = breaking = 0
    for index, card in enumerate(state.gives):
        receiver = (declarer + 1 + index) % 3
        pair = MARRIAGE_MASKS[SUIT_OF[card]]
        if not pair >> card & 1:
            continue
        if state.dealt[receiver] & pair == pair & ~(1 << card):
            completing += 1
        if ten & pair == pair:
            breaking += 1
    points = state.result.hand_points[declarer]
    return Faults(
        raised,
        marriages,
        bool(dealt & _ACES),
        completing,
        breaking,
        max(0, state.contract - points),
    )


@dataclass(slots=True)
class HandRecord:
    """One played hand: who sat where, the auction's outcome, the score changes."""

    deal: int
    rotation: int
    levels: tuple[str, ...]
    declarer: int | None
    contract: int | None
    made: bool | None
    deltas: tuple[int, ...]
    decisions: list[Decision]
    illegal: list[str]
    """The level of the player of each action the engine refused."""
    fallbacks: int
    faults: Faults | None = None


@dataclass(slots=True)
class MatchRecord:
    deal: int
    rotation: int
    levels: tuple[str, ...]
    winner: int | None
    hands: list[HandRecord]


class _FallbackCounter(logging.Handler):
    """Counts the bots' logged fallbacks (errors, illegal answers, overruns)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


_COUNTER = _FallbackCounter()


def _install_counter() -> None:
    bots_logger = logging.getLogger("games.thousand.bots")
    if _COUNTER not in bots_logger.handlers:
        bots_logger.addHandler(_COUNTER)
        bots_logger.propagate = False


def _seat_rng(seed: int, deal: int, rotation: int, hand: int, seat: int) -> random.Random:
    return random.Random(((((seed * 1_000_003 + deal) * 7 + rotation) * 1009 + hand) * 3) + seat)


def play_hand(
    state: HandState,
    levels: Sequence[str],
    rngs: Sequence[random.Random],
    budget: float | None,
) -> tuple[HandState, list[Decision], list[str], int]:
    """Plays ``state`` to its end; returns the final state, the decisions, the levels of
    the players whose actions the engine refused, and the number of fallbacks logged."""
    decisions: list[Decision] = []
    illegal: list[str] = []
    fallbacks_before = _COUNTER.count
    while True:
        legal = legal_actions(state)
        if not legal:
            break
        seat = state.to_move
        assert seat is not None
        view = observation(state, seat)
        start, start_cpu = time.perf_counter(), time.process_time()
        action = choose(levels[seat], view, rngs[seat], budget)
        decisions.append(
            Decision(
                levels[seat],
                time.perf_counter() - start,
                time.process_time() - start_cpu,
                len(legal) > 1,
            )
        )
        try:
            state = apply(state, action)
        except IllegalAction:
            illegal.append(levels[seat])
            state = apply(state, legal[0])
    return state, decisions, illegal, _COUNTER.count - fallbacks_before


def _record(
    deal: int,
    rotation: int,
    levels: tuple[str, ...],
    state: HandState,
    decisions: list[Decision],
    illegal: list[str],
    fallbacks: int,
) -> HandRecord:
    if state.phase == REDEALT or state.result is None:
        zeros = (0,) * len(levels)
        return HandRecord(
            deal, rotation, levels, None, None, None, zeros, decisions, illegal, fallbacks
        )
    assert state.phase == OVER
    return HandRecord(
        deal,
        rotation,
        levels,
        state.declarer,
        state.contract,
        state.result.made,
        state.result.score_deltas,
        decisions,
        illegal,
        fallbacks,
        faults_of(state),
    )


def _rotations(lineup: tuple[str, ...], duplicate: bool) -> list[tuple[str, ...]]:
    if not duplicate:
        return [lineup]
    count = len(lineup)
    return [tuple(lineup[(seat - r) % count] for seat in range(count)) for r in range(count)]


@dataclass(frozen=True, slots=True)
class _Task:
    seed: int
    deal: int
    lineup: tuple[str, ...]
    duplicate: bool
    budget: float | None
    matches: bool


def _run_task(task: _Task) -> list[HandRecord] | list[MatchRecord]:
    _install_counter()
    if task.matches:
        return [
            _play_match(task, rotation, levels)
            for rotation, levels in enumerate(_rotations(task.lineup, task.duplicate))
        ]
    records = []
    count = len(task.lineup)
    rules = Rules(players=count)
    for rotation, levels in enumerate(_rotations(task.lineup, task.duplicate)):
        deal_rng = random.Random(task.seed * 1_000_003 + task.deal)
        # The same deal for every rotation; re-deals (if a player asks) are dealt afresh.
        for attempt in range(100):
            state = deal_hand(task.deal % count, deal_rng, rules=rules)
            rngs = [_seat_rng(task.seed, task.deal, rotation, attempt, s) for s in range(count)]
            state, decisions, illegal, fallbacks = play_hand(state, levels, rngs, task.budget)
            record = _record(task.deal, rotation, levels, state, decisions, illegal, fallbacks)
            if state.phase != REDEALT:
                break
        records.append(record)
    return records


def _play_match(task: _Task, rotation: int, levels: tuple[str, ...]) -> MatchRecord:
    deal_rng = random.Random(task.seed * 1_000_003 + task.deal)
    count = len(levels)
    match = new_match(deal_rng, Rules(players=count))
    hands: list[HandRecord] = []
    number = 0
    while not match.is_over and match.hands_played < MATCH_HAND_LIMIT:
        state = deal_next(match, deal_rng)
        rngs = [_seat_rng(task.seed, task.deal, rotation, number, s) for s in range(count)]
        state, decisions, illegal, fallbacks = play_hand(state, levels, rngs, task.budget)
        if state.phase != REDEALT:
            hands.append(_record(task.deal, rotation, levels, state, decisions, illegal, fallbacks))
        match = after_hand(match, state)
        number += 1
    return MatchRecord(task.deal, rotation, levels, match.winner, hands)


def run(
    lineup: tuple[str, ...],
    count: int,
    seed: int,
    jobs: int = 2,
    matches: bool = False,
    duplicate: bool = True,
    budget: float | None = None,
) -> Iterator[HandRecord | MatchRecord]:
    """Plays ``count`` deals (hands, or whole matches) of ``lineup`` (three levels, or two
    for the two-player game), each once per rotation if ``duplicate``, on ``jobs``
    processes; yields the records as they finish."""
    if len(lineup) not in (2, 3):
        raise ValueError("the arena plays two or three players")
    for level in lineup:
        if level not in ARENA_LEVELS:
            raise ValueError(f"unknown level {level!r}: use {', '.join(ARENA_LEVELS)}")
    tasks = [_Task(seed, deal, lineup, duplicate, budget, matches) for deal in range(count)]
    if jobs <= 1:
        for task in tasks:
            yield from _run_task(task)
        return
    with get_context("spawn").Pool(jobs) as pool:
        for records in pool.imap_unordered(_run_task, tasks, chunksize=1):
            yield from records


@dataclass(slots=True)
class Summary:
    """Everything the arena reports, by level."""

    hands: int = 0
    deltas: dict[str, list[float]] = field(default_factory=dict)
    per_deal: dict[tuple[int, int], dict[str, list[float]]] = field(default_factory=dict)
    declared: dict[str, int] = field(default_factory=dict)
    made: dict[str, int] = field(default_factory=dict)
    contracts: dict[str, list[int]] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)
    cpu_times: dict[str, list[float]] = field(default_factory=dict)
    decisions: dict[str, int] = field(default_factory=dict)
    illegal: dict[str, int] = field(default_factory=dict)
    fallbacks: int = 0
    matches: int = 0
    match_seats: dict[str, int] = field(default_factory=dict)
    wins: dict[str, int] = field(default_factory=dict)
    drawn: int = 0
    match_hands: list[int] = field(default_factory=list)
    seats_per_match: int = 3
    faults: dict[str, list[tuple[Faults, bool, int]]] = field(default_factory=dict)
    """By declarer level: each declared hand's faults, whether it was made, its contract."""

    def add_hand(self, hand: HandRecord, group: tuple[int, int]) -> None:
        self.hands += 1
        self.fallbacks += hand.fallbacks
        deal_levels = self.per_deal.setdefault(group, {})
        for seat, level in enumerate(hand.levels):
            self.deltas.setdefault(level, []).append(hand.deltas[seat])
            deal_levels.setdefault(level, []).append(hand.deltas[seat])
        if hand.declarer is not None:
            level = hand.levels[hand.declarer]
            self.declared[level] = self.declared.get(level, 0) + 1
            self.made[level] = self.made.get(level, 0) + (1 if hand.made else 0)
            assert hand.contract is not None
            self.contracts.setdefault(level, []).append(hand.contract)
            if hand.faults is not None:
                entry = (hand.faults, bool(hand.made), hand.contract)
                self.faults.setdefault(level, []).append(entry)
        for decision in hand.decisions:
            self.decisions[decision.level] = self.decisions.get(decision.level, 0) + 1
            if decision.choice:
                self.times.setdefault(decision.level, []).append(decision.seconds)
                self.cpu_times.setdefault(decision.level, []).append(decision.cpu)
        for level in hand.illegal:
            self.illegal[level] = self.illegal.get(level, 0) + 1

    def add(self, record: HandRecord | MatchRecord) -> None:
        if isinstance(record, HandRecord):
            self.add_hand(record, (record.deal, 0))
            return
        self.matches += 1
        self.seats_per_match = len(record.levels)
        for level in record.levels:
            self.match_seats[level] = self.match_seats.get(level, 0) + 1
        if record.winner is None:
            self.drawn += 1
        else:
            winner = record.levels[record.winner]
            self.wins[winner] = self.wins.get(winner, 0) + 1
        self.match_hands.append(len(record.hands))
        for hand in record.hands:
            self.add_hand(hand, (record.deal, 0))

    def margin(self, first: str, second: str) -> Interval:
        """Duplicate margin: per deal (all its rotations), ``first``'s average score change
        per hand less ``second``'s, averaged over the deals, with its 95% interval."""
        margins = [
            statistics.fmean(levels[first]) - statistics.fmean(levels[second])
            for levels in self.per_deal.values()
            if first in levels and second in levels
        ]
        return mean_interval(margins)

    def report(self) -> str:
        lines = []
        levels = [level for level in ARENA_LEVELS if level in self.deltas]
        if self.matches:
            lines.append(
                f"{self.matches} matches ({self.drawn} stopped undecided), "
                f"{statistics.fmean(self.match_hands):.1f} hands per match on average"
            )
            for level in levels:
                seats = self.match_seats.get(level, 0)
                wins = self.wins.get(level, 0)
                share = proportion_interval(wins, self.matches)
                lines.append(
                    f"  {level:14} won {wins} of {self.matches} matches "
                    f"({100 * share.mean:.1f}% ± {100 * share.half_width:.1f}; "
                    f"parity {100 * seats / (self.seats_per_match * self.matches):.1f}%)"
                )
        lines.append(f"{self.hands} hands played, {self.fallbacks} bot fallbacks logged")
        lines.append("average score change per hand (95% CI):")
        for level in levels:
            lines.append(
                f"  {level:14} {mean_interval(self.deltas[level])}"
                f"  ({len(self.deltas[level])} seat-hands)"
            )
        if len(levels) > 1:
            lines.append("duplicate margins per hand (95% CI):")
            for index, first in enumerate(levels):
                for second in levels[index + 1 :]:
                    lines.append(
                        f"  {second} - {first}: {self.margin(second, first)}"
                        if ARENA_LEVELS.index(second) > ARENA_LEVELS.index(first)
                        else f"  {first} - {second}: {self.margin(first, second)}"
                    )
        lines.append("as declarer: hands, success rate (95% CI), average contract:")
        for level in levels:
            declared = self.declared.get(level, 0)
            success = proportion_interval(self.made.get(level, 0), declared)
            contracts = self.contracts.get(level, [])
            average = statistics.fmean(contracts) if contracts else math.nan
            lines.append(
                f"  {level:14} {declared:6}  {100 * success.mean:5.1f}% ± "
                f"{100 * success.half_width:.1f}  {average:.1f}"
            )
        lines.extend(self._fault_lines(levels))
        for title, table in (("wall-clock", self.times), ("processor", self.cpu_times)):
            lines.append(f"{title} time per decision with a choice, ms: median, p95, max:")
            for level in levels:
                times = sorted(table.get(level, []))
                if times:
                    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
                    lines.append(
                        f"  {level:14} {1000 * statistics.median(times):7.2f} "
                        f"{1000 * p95:7.2f} {1000 * times[-1]:7.2f}  "
                        f"({len(times)} of {self.decisions.get(level, 0)} decisions)"
                    )
        lines.append(
            "illegal actions refused by the engine: "
            + ", ".join(f"{level} {self.illegal.get(level, 0)}" for level in levels)
        )
        return "\n".join(lines)

    def _fault_lines(self, levels: list[str]) -> list[str]:
        """The declarers' faults of issue 25 by level: contracts raised on a marriage without
        an ace and raised on two marriages or more (how many, how often made, the average
        contract and the average shortfall of those lost), and marriage cards given away."""
        lines = ["as declarer, the faults of issue 25 (dealt hand; made 95% CI; contract; short):"]
        for level in levels:
            hands = self.faults.get(level, [])
            groups = (
                ("raised on a marriage without an ace", [h for h in hands if _no_ace(h[0])]),
                ("raised on two marriages or more", [h for h in hands if _two(h[0])]),
            )
            for title, group in groups:
                made = sum(1 for _, was_made, _ in group if was_made)
                share = proportion_interval(made, len(group))
                contract = statistics.fmean(c for _, _, c in group) if group else math.nan
                lost = [f.shortfall for f, was_made, _ in group if not was_made]
                short = statistics.fmean(lost) if lost else math.nan
                lines.append(
                    f"  {level:14} {title}: {len(group)} hands, made {100 * share.mean:.1f}% "
                    f"± {100 * share.half_width:.1f}, contract {contract:.1f}, short {short:.1f}"
                )
            completing = sum(f.completing_gifts for f, _, _ in hands)
            breaking = sum(f.breaking_gifts for f, _, _ in hands)
            lines.append(
                f"  {level:14} marriage cards given: {completing} completing the receiver's "
                f"marriage, {breaking} out of its own, in {len(hands)} hands declared"
            )
        return lines


def _no_ace(faults: Faults) -> bool:
    return faults.raised and faults.marriages >= 1 and not faults.ace


def _two(faults: Faults) -> bool:
    return faults.raised and faults.marriages >= 2


def summarize(records: Iterable[HandRecord | MatchRecord]) -> Summary:
    summary = Summary()
    for record in records:
        summary.add(record)
    return summary
