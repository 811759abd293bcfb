"""The arena: computer players against each other, with duplicate deals and statistics.

Three players, or two for the two-player game (rules 4.1). Every deal (a single hand, or
the seed of a whole match) is played once per rotation of the players round the table, so
each player holds each seat's cards once and the luck of the deal cancels out; the records
come to figures with 95% confidence intervals in ``arena_report``. Bots only ever get their
seat's observation, through the same ``choose_action`` the site uses; the engine referees.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from multiprocessing import get_context

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
