"""The arena's report: what a run of ``arena.run`` comes to, per level and between levels,
with 95% confidence intervals (``summarize``), and the text the command prints."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..stats import Interval, mean_interval, proportion_interval
from .arena import ARENA_LEVELS, Faults, HandRecord, MatchRecord


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
