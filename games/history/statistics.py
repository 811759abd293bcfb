"""A person's statistics at one game, from their result rows alone (one query however many
matches they played): matches, wins, streaks, rounds, and the game's own lines, overall and
split by match length and by computer level."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from games.core.spec import AnySpec
from games.history.charts import RecentResult, recent_results
from games.models import MatchResult, PlayerTotals

if TYPE_CHECKING:
    from django.contrib.auth.models import User

RECENT = 20
"""Matches in the chart of recent results."""


def percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` in whole percents, a dash when there is no whole."""
    return f"{100 * part / whole:.0f}%" if whole else "\N{EN DASH}"


@dataclass
class Totals:
    """Sums over a set of result rows."""

    matches: int = 0
    won: int = 0
    rounds: int = 0
    counters: dict[str, int] = field(default_factory=dict)

    def merge(self, other: Totals) -> None:
        """Adds ``other``'s sums (a counter named ``max_…`` keeps the higher value)."""
        self.matches += other.matches
        self.won += other.won
        self.rounds += other.rounds
        for key, value in other.counters.items():
            if key.startswith("max_"):
                self.counters[key] = max(self.counters.get(key, 0), value)
            else:
                self.counters[key] = self.counters.get(key, 0) + value

    def lines(self, spec: AnySpec) -> list[tuple[str, str]]:
        """Every line of statistics over these rows, the core's then the game's."""
        return [
            (_("Matches played"), str(self.matches)),
            (_("Matches won"), str(self.won)),
            (_("Win rate"), percent(self.won, self.matches)),
            (
                _(spec.history.round_words.played),
                str(spec.history.rounds_played(self.counters, self.rounds)),
            ),
            *spec.history.statistics(self.counters, self.rounds),
        ]


@dataclass
class Split:
    """The statistics side by side for each group: rows of (label, value per group)."""

    headings: list[str]
    rows: list[tuple[str, list[str]]]


@dataclass
class Statistics:
    spec: AnySpec
    overall: list[tuple[str, str]]
    current_streak: int
    best_streak: int
    by_length: Split
    by_level: Split
    by_board: Split | None
    """Each board apart (Thousand: two players), for a game that has more than one."""
    recent: list[RecentResult]

    @property
    def matches(self) -> int:
        return int(self.overall[0][1])

    @property
    def splits(self) -> list[tuple[Split, str]]:
        boards = [(self.by_board, _("Rated apart"))] if self.by_board else []
        return [
            *boards,
            (self.by_length, _("By match length")),
            (self.by_level, _("By computer level")),
        ]

    @property
    def recent_chart(self) -> SafeString:
        return recent_results(self.recent)


def level_label(spec: AnySpec, level: str) -> str:
    if level == "":
        return _("People only")
    if level == "mixed":
        return _("Mixed levels")
    return spec.computers.label(level)


def statistics_of(user: User, spec: AnySpec) -> Statistics:
    """``user``'s statistics at ``spec``'s game, voided matches left out, in three queries
    however many matches they played: their totals per match length and computer level, their
    results in order (won or not) for the streaks, and the recent ones."""
    groups = [
        (
            row.board,
            row.length,
            row.level,
            Totals(row.matches, row.won, row.rounds, dict(row.counters)),
        )
        for row in PlayerTotals.objects.filter(user=user, game=spec.key)
    ]
    results = MatchResult.objects.filter(user=user, game=spec.key, void=False)
    wins = list(results.order_by("finished", "pk").values_list("won", flat=True))
    recent = [
        RecentResult(*row)
        for row in results.order_by("-finished", "-pk").values_list(
            "match_id", "place", "players", "won", "score"
        )[:RECENT]
    ]
    return summarise(spec, groups, wins, recent[::-1])


def summarise(
    spec: AnySpec,
    groups: Iterable[tuple[str, str, str, Totals]],
    wins: Sequence[bool],
    recent: list[RecentResult],
) -> Statistics:
    """The statistics from the sums per (board, match length, computer level), the results
    in order (won or not), and the recent results oldest first."""
    overall = Totals()
    boards: dict[str, Totals] = {}
    lengths: dict[str, Totals] = {}
    levels: dict[str, Totals] = {}
    for board, length, level, totals in groups:
        overall.merge(totals)
        boards.setdefault(board, Totals()).merge(totals)
        lengths.setdefault(length, Totals()).merge(totals)
        levels.setdefault(level, Totals()).merge(totals)
    streak = best = 0
    for won in wins:
        streak = streak + 1 if won else 0
        best = max(best, streak)
    return Statistics(
        spec=spec,
        overall=overall.lines(spec),
        current_streak=streak,
        best_streak=best,
        by_length=_split(
            spec,
            overall,
            [
                (spec.history.length_label(key), lengths[key])
                for key in sorted(lengths, key=_numeric)
            ],
        ),
        by_level=_split(
            spec,
            overall,
            [(level_label(spec, key), levels[key]) for key in sorted(levels, key=_level_order)],
        ),
        by_board=_split(
            spec,
            overall,
            [
                (spec.history.board_label(key, str(spec.name)), boards.get(key, Totals()))
                for key in spec.history.boards
            ],
        )
        if len(spec.history.boards) > 1
        else None,
        recent=recent,
    )


LEVEL_ORDER = ("beginner", "normal", "expert", "mixed", "")


def _level_order(level: str) -> int:
    return LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER)


def _numeric(key: str) -> tuple[int, str]:
    return (-int(key), key) if key.isdigit() else (0, key)


def _split(spec: AnySpec, overall: Totals, groups: list[tuple[str, Totals]]) -> Split:
    columns = [overall.lines(spec)] + [totals.lines(spec) for _label, totals in groups]
    rows = [
        (label, [column[index][1] for column in columns])
        for index, (label, _value) in enumerate(columns[0])
    ]
    return Split(headings=[_("All"), *(label for label, _totals in groups)], rows=rows)
