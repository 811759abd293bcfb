"""The solver: the play that puts the most rack tiles on the table (issue 9).

``solve(table, rack, melded)`` returns the best arrangement: the most rack tiles placed,
then the most points, then the fewest table sets changed. It is the set-partition integer
program of den Hertog and Hulshof (2006), solved exactly by HiGHS, with three refinements:

- **Jokers as stand-ins.** A column is a set of number tiles (runs of 3 to 5 tiles, groups
  of 3 or 4, and the table's own sets); a variable ``v[c]`` counts the jokers standing for
  tile ``c`` in some set. Columns with jokers at every possible position were much slower
  (measured on random positions: a median of 115 ms against 32 ms, a worst case of 1.9 s
  against 0.2 s). Longer runs are not needed: every run of 6 or more tiles splits into
  runs of 3 to 5 (but see ``_add_long_runs``).
- **Unchanged sets.** ``w[o]`` counts the table's sets that stay exactly as they were; it
  is the last tie-break, and it decides which tiles lie in changed sets, which is where
  the replacement of a taken joker must lie (rules section 8).
- **Table jokers.** Each joker on the table ends the turn in an unchanged set, kept in
  place, or taken. Kept needs a joker that can still stand for a tile it stood for (a
  group's may gain or lose colours) in a changed set holding a number tile of its old
  set; such sets are columns with explicit jokers. Taken needs its own replacement tile
  in a changed set. Both are Hall conditions over the (at most two) table jokers, written
  as linear constraints.

Every solution is checked by the engine's ``check_turn``, which also gives its points. The
model is exact but for rare positions, where it may miss the best play by the rules:

- a set after the turn equal to one before it is unchanged in the model, whereas the
  engine may count it as changed when it holds a tile lying twice on the table (identical
  tiles may be matched any way), so a play taking a joker that way may be missed;
- with a joker on the table and one in the rack, the played joker's points count only when
  the table's joker is not taken (the engine then counts the lowest number a loose joker
  stands for), so the points tie-break may miss the best;
- two jokers stand for the same tile only where no copy of it is at hand;
- a set keeping a table joker in place holds a second, free joker only if it is a run of at
  most 5 tiles or a group; a table set holding a tile that a table joker stands for hosts
  no joker standing in, but its copies with one explicit joker (two if it has at most 5
  tiles) are columns, and their jokers count toward a played joker's points;
- a joker standing in never makes a set one of the table's sets as it was; two jokers
  standing in in one set are not checked for that together;
- past ``EXACT_BUDGET`` the fewest-sets-changed tie-break is the best found, not proved.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

import highspy
from highspy import _core

from .engine.observation import Observation
from .engine.play import play_action
from .engine.sets import GROUP, INVALID, RUN, SetInfo, analyse_set
from .engine.tiles import COLOUR_OF, COPIES, JOKER, KINDS, NUMBER_OF, Tile, make_tile
from .engine.turn import Table, analyse_table, check_turn

TILE_WEIGHT = 1_000_000
"""Objective weight of one rack tile placed: above any possible difference in points."""
POINT_WEIGHT = 1_000
"""Objective weight of one point: above the number of table sets that can stay unchanged."""
EXACT_BUDGET = 0.25
"""Seconds spent on the exact three-way optimum before settling the last tie-break (the
fewest table sets changed) on the best found: tiles and points stay exact."""
TIE_BREAK_BUDGET = 0.1
"""Seconds for each later try at the last tie-break (see ``_Program.solve``)."""
MAX_RUN = 5
"""The longest run a new set needs to be (longer runs are split into runs of 3 to 5)."""


@dataclass(frozen=True)
class Solution:
    """A play found by the solver, legal by the engine's ``check_turn``."""

    played: tuple[Tile, ...]
    """The rack tiles put on the table, sorted."""
    table: tuple[tuple[Tile, ...], ...]
    """The whole table after the play: the unchanged sets first, in their old order."""
    points: int
    """What the played tiles are worth where they lie, as ``check_turn`` counts them."""
    changed: int
    """How many sets of the table before the play are not on the table unchanged."""
    optimal: bool = True
    """Whether this play is proved the best by all three criteria (by tiles and points with
    ``fewest_changes=False``). False when the time limit stopped the search, or when the
    fewest sets changed was left to the best found after ``EXACT_BUDGET`` (the tiles and
    points then stay proved best)."""

    @property
    def action(self) -> str:
        """The play as an action for ``apply``: ``play:`` and the whole new table."""
        return play_action(self.table)


def solve(
    table: Table,
    rack: Sequence[Tile],
    melded: bool,
    *,
    time_limit: float | None = None,
    fewest_changes: bool = True,
) -> Solution | None:
    """The best play for ``rack`` on ``table``, or ``None`` when no legal play exists.

    Best is the most rack tiles placed, then the most points, then the fewest table sets
    changed. Before the initial meld (``melded`` false) only new sets of rack tiles worth
    30 or more are considered, the table untouched. ``time_limit`` (seconds) bounds the
    search: the best play found by then is returned with ``optimal`` false, or ``None`` if
    none was found. ``fewest_changes=False`` drops the last tie-break (any arrangement of
    the most tiles and points): the fast path for callers that do not show the table to a
    person, and the costliest part of the search. Raises ``ValueError`` when the table is
    not valid or the table and the rack hold more copies of a tile than exist.
    """
    infos = analyse_table(table)
    before = [0] * KINDS
    for tiles in table:
        for tile in tiles:
            before[tile] += 1
    in_rack = [0] * KINDS
    for tile in rack:
        in_rack[tile] += 1
    for tile in range(KINDS):
        if before[tile] + in_rack[tile] > COPIES:
            raise ValueError("the table and the rack hold more copies of a tile than exist")
    model = _Model(table, infos, before, in_rack, melded)
    found = model.solve(time_limit, fewest_changes)
    if found is None:
        return None
    new_table, optimal = found
    result = check_turn(table, rack, melded, new_table)
    return Solution(result.played, new_table, result.points, _changed(infos, new_table), optimal)


def hint(view: Observation, *, time_limit: float | None = None) -> Solution | None:
    """The best play for the viewer's rack now (the web table's hint), from what the viewer
    may see: ``solve`` on the observation's table, rack and whether the viewer has melded."""
    return solve(view.table, view.rack, view.melded[view.seat], time_limit=time_limit)


def _changed(before: list[SetInfo], after: Sequence[Sequence[Tile]]) -> int:
    """How many sets of the table before are not matched by an identical set after."""
    waiting: dict[tuple[Tile, ...], int] = {}
    for info in before:
        waiting[info.key] = waiting.get(info.key, 0) + 1
    matched = 0
    for tiles in after:
        key = analyse_set(tuple(tiles)).key
        if waiting.get(key, 0):
            waiting[key] -= 1
            matched += 1
    return len(before) - matched


def _plain_sets() -> tuple[tuple[Tile, ...], ...]:
    """Every run of 3 to ``MAX_RUN`` tiles and every group, without jokers, in set order."""
    sets: list[tuple[Tile, ...]] = []
    for colour in range(4):
        for length in range(3, MAX_RUN + 1):
            for start in range(1, 15 - length):
                sets.append(tuple(make_tile(colour, start + i) for i in range(length)))
    for number in range(1, 14):
        for size in (3, 4):
            for colours in combinations(range(4), size):
                sets.append(tuple(make_tile(colour, number) for colour in colours))
    return tuple(sets)


PLAIN_SETS = _plain_sets()


@dataclass
class _Column:
    """One kind of set the new table may hold, possibly several times."""

    tiles: tuple[Tile, ...]
    """The set in order, ``JOKER`` where an explicit joker lies."""
    info: SetInfo
    upper: int
    hosts_stand_ins: bool
    """Whether jokers standing in for its number tiles may be put into it."""
    old: int = 0
    """How many sets of the table before are this set."""
    exact: bool = False
    """Whether its count of unchanged sets must be exact (it holds a table joker's meaning)."""
    keeps: list[int] = field(default_factory=list)
    """For each explicit joker, a bit set of the table jokers it can keep in place."""


@dataclass(frozen=True)
class _TableJoker:
    meaning: frozenset[Tile]
    old_numbers: frozenset[Tile]
    old_set: int
    """The index of its set in the table before."""


class _Model:
    """The integer program for one position, and the decoding of its solution."""

    def __init__(
        self,
        table: Table,
        infos: list[SetInfo],
        before: list[int],
        in_rack: list[int],
        melded: bool,
    ) -> None:
        self.table = [tuple(tiles) for tiles in table]
        self.infos = infos
        self.melded = melded
        self.before = before if melded else [0] * KINDS
        self.in_rack = in_rack
        self.available = [self.before[tile] + in_rack[tile] for tile in range(KINDS)]
        self.jokers = self.available[JOKER]
        self.table_jokers = (
            [
                _TableJoker(meaning, info.numbers, index)
                for index, info in enumerate(infos)
                for meaning in info.jokers
            ]
            if melded
            else []
        )
        self.old_keys = frozenset(info.key for info in infos) if melded else frozenset()
        self.columns: list[_Column] = []
        self.by_key: dict[tuple[Tile, ...], _Column] = {}
        self._add_plain_columns()
        if melded:
            self._add_old_columns()
            self._add_stand_in_variants()
            self._add_keeping_columns()
            self._add_long_runs()

    def _add_column(self, tiles: tuple[Tile, ...], hosts_stand_ins: bool) -> _Column:
        """The column of ``tiles``, added unless a column of the same set exists."""
        info = analyse_set(tiles)
        if info.key in self.by_key:
            return self.by_key[info.key]
        explicit = tiles.count(JOKER)
        upper = COPIES if explicit == 0 else self.jokers // explicit
        column = _Column(tiles, info, upper, hosts_stand_ins)
        column.keeps = [
            sum(
                1 << index
                for index, joker in enumerate(self.table_jokers)
                if not meaning.isdisjoint(joker.meaning)
                and not info.numbers.isdisjoint(joker.old_numbers)
            )
            for meaning in info.jokers
        ]
        self.columns.append(column)
        self.by_key[info.key] = column
        return column

    def _add_plain_columns(self) -> None:
        available = self.available
        for tiles in PLAIN_SETS:
            missing = sum(1 for tile in tiles if not available[tile])
            if missing <= self.jokers and missing < len(tiles):
                self._add_column(tiles, True)

    def _add_old_columns(self) -> None:
        meant = frozenset().union(*(joker.meaning for joker in self.table_jokers))
        for tiles, info in zip(self.table, self.infos, strict=True):
            column = self.by_key.get(info.key)
            if column is None:
                column = self._add_column(tiles, JOKER not in tiles)
            column.old += 1
            if not meant.isdisjoint(info.numbers):
                # Whether a tile here can replace a taken joker depends on whether this set
                # changed, which a joker standing in would blur: none may.
                column.exact = True
                column.hosts_stand_ins = False

    def _add_stand_in_variants(self) -> None:
        """The sets of the columns that host no joker standing in, with one or two of their
        number tiles replaced by explicit jokers.

        Unless it is a table set itself (then it is that set's column), the model counts it
        as changed, and a tile in it can replace a taken joker: without it the best play
        may be missed (a run ``B9 B10 B11 B12`` lending ``B10`` to a group while a joker
        takes its place).
        """
        for column in [column for column in self.columns if not column.hosts_stand_ins]:
            if JOKER in column.tiles:
                continue
            size = len(column.tiles)
            # Two jokers only in sets of at most MAX_RUN tiles, as in _add_keeping_columns:
            # a long run's every pair of places would swell the model.
            most = min(self.jokers, 2 if size <= MAX_RUN else 1)
            for explicit in range(1, most + 1):
                if column.info.kind == GROUP and size - explicit < 2:
                    continue
                for places in combinations(range(size), explicit):
                    if column.info.kind == GROUP:
                        kept = [t for i, t in enumerate(column.tiles) if i not in places]
                        tiles = (*kept, *[JOKER] * explicit)
                    else:
                        tiles = tuple(
                            JOKER if i in places else t for i, t in enumerate(column.tiles)
                        )
                    if analyse_set(tiles).kind != INVALID:
                        self._add_column(tiles, False)

    def _add_long_runs(self) -> None:
        """Runs of 6 or more tiles through a table joker's meaning.

        A taken joker's replacement must lie in a changed set, and joining two table runs
        may be the only way to change the one that holds it: the join must not be split.
        """
        for meant in frozenset().union(*(joker.meaning for joker in self.table_jokers)):
            colour, number = COLOUR_OF[meant], NUMBER_OF[meant]
            for length in range(MAX_RUN + 1, 14):
                for start in range(max(1, number - length + 1), min(number, 14 - length) + 1):
                    tiles = tuple(make_tile(colour, start + i) for i in range(length))
                    missing = sum(1 for tile in tiles if not self.available[tile])
                    if missing <= self.jokers:
                        self._add_column(tiles, True)

    def _add_keeping_columns(self) -> None:
        """Changed sets where a table joker can stay in place, with every joker explicit."""
        available = self.available
        for joker in self.table_jokers:
            info = self.infos[joker.old_set]
            candidates: list[tuple[Tile, ...]] = []
            if info.kind == RUN:
                (meant,) = joker.meaning
                colour, number = COLOUR_OF[meant], NUMBER_OF[meant]
                for length in range(3, 14):
                    for start in range(max(1, number - length + 1), min(number, 14 - length) + 1):
                        span = [make_tile(colour, start + i) for i in range(length)]
                        # A second, free joker only in short runs: enough in practice, and
                        # long runs with every choice of it would swell the model.
                        for free in (None, *span) if length <= MAX_RUN else (None,):
                            if free == meant:
                                continue
                            candidates.append(
                                tuple(JOKER if tile in (meant, free) else tile for tile in span)
                            )
            else:
                # The group may give up number tiles of its own (one must stay) and gain
                # colours it lacked, as long as one colour the joker stood for stays free.
                present = sorted(info.numbers)
                for kept in range(1, len(present) + 1):
                    for own in combinations(present, kept):
                        for size in range(len(joker.meaning)):
                            for extra in combinations(sorted(joker.meaning), size):
                                real = tuple(sorted((*own, *extra)))
                                for explicit in (1, 2):
                                    if len(real) >= 2 and 3 <= len(real) + explicit <= 4:
                                        candidates.append(real + (JOKER,) * explicit)
            for tiles in candidates:
                explicit = tiles.count(JOKER)
                if explicit > self.jokers or any(
                    not available[tile] for tile in tiles if tile != JOKER
                ):
                    continue
                key = analyse_set(tiles).key
                if key in self.by_key:
                    continue
                column = self._add_column(tiles, False)
                if not any(column.keeps):
                    self.columns.pop()
                    del self.by_key[key]

    def solve(
        self, time_limit: float | None, fewest_changes: bool
    ) -> tuple[tuple[tuple[Tile, ...], ...], bool] | None:
        """The new table of the best play and whether it was proved best, or ``None``;
        without ``fewest_changes`` the number of table sets changed is left open."""
        lp = _Program()
        columns = self.columns
        jokers = self.table_jokers
        # x: how many times each column's set lies on the new table.
        x = [
            lp.variable(
                column.upper,
                TILE_WEIGHT * len(column.tiles)
                + POINT_WEIGHT * (column.info.value if not jokers else _real_value(column)),
            )
            for column in columns
        ]
        # w: how many of the table's sets of this column stay unchanged.
        w = {
            index: lp.variable(column.old, 0, tie_break=fewest_changes)
            for index, column in enumerate(columns)
            if column.old
        }
        # v: jokers standing in for a number tile in a set that hosts them.
        # Two jokers standing in for one tile are allowed only where no copy of it is at hand:
        # the one case that needs them (two runs R4 J R6 without any R5) stays possible, and
        # the search space shrinks (measured: a worst case of 1.06 s becomes 0.1 s).
        v = [
            lp.variable(
                min(COPIES if not self.available[tile] else 1, self.jokers),
                0 if not jokers else -POINT_WEIGHT * NUMBER_OF[tile],
            )
            for tile in range(52 if self.jokers else 0)
        ]
        # lone: jokers standing in for a 13 in a group of three, at most one per group: a
        # second would leave one number tile, the run J J 13, worth 36 rather than 39.
        lone = {
            tile: lp.variable(1, 0 if not jokers else -POINT_WEIGHT * 13)
            for tile in range(12, 52, 13)
            if self.jokers >= 2
        }
        rack_jokers = lp.variable(self.in_rack[JOKER], 0)
        lp.going_out_columns.add(rack_jokers)
        lp.going_out_value = TILE_WEIGHT * (sum(self.before) + sum(self.in_rack))

        # Every tile of the table stays on it; the rack gives at most what it holds.
        for tile in range(52):
            terms = {x[index]: 1.0 for index, c in enumerate(columns) if tile in c.info.numbers}
            if v:
                terms[v[tile]] = -1.0
            if tile in lone:
                terms[lone[tile]] = -1.0
            lp.going_out_rows.add(len(lp.row_lower))
            lp.row(terms, self.before[tile], self.before[tile] + self.in_rack[tile])
        terms = {x[index]: float(c.tiles.count(JOKER)) for index, c in enumerate(columns)}
        terms.update(dict.fromkeys(v, 1.0))
        terms.update(dict.fromkeys(lone.values(), 1.0))
        terms[rack_jokers] = -1.0
        lp.row(terms, self.before[JOKER], self.before[JOKER])
        if not self.melded:
            lp.row({x[index]: float(c.info.value) for index, c in enumerate(columns)}, 30, _INF)

        # The engine matches identical sets one to one: an old set stays unchanged as often
        # as it lies on the table, up to its count. Where a taken joker's replacement may lie
        # depends on it, so there the count is exact.
        for index, variable in w.items():
            lp.row({variable: 1.0, x[index]: -1.0}, -_INF, 0)
            if columns[index].exact:
                # w >= min(x, old) with x at most 2: w >= x for two old sets, w >= x / 2 for one.
                share = 1.0 if columns[index].old >= COPIES else 0.5
                lp.row({variable: 1.0, x[index]: -share}, 0, _INF)

        if v:
            self._stand_in_rows(lp, x, w, v, lone)
        if jokers:
            not_taken = self._table_joker_rows(lp, x, w, v, lone)
            if self.in_rack[JOKER]:
                self._played_joker_points(lp, x, v, lone, not_taken)

        found = lp.solve(time_limit)
        if found is None:
            return None
        values, optimal = found
        played = sum(values[x[index]] * len(c.tiles) for index, c in enumerate(columns))
        if played <= sum(self.before):
            return None
        copies = [values[variable] for variable in x]
        unchanged = {index: values[variable] for index, variable in w.items()}
        stand_ins = [
            (tile, False) for tile, variable in enumerate(v) for _ in range(values[variable])
        ]
        stand_ins += [(tile, True) for tile, variable in lone.items() if values[variable]]
        return self._decode(copies, unchanged, stand_ins), optimal

    def _hosts(self, column: _Column, tile: Tile, lone: bool) -> bool:
        """Whether a joker standing in for ``tile`` may lie in a set of ``column`` (``lone``:
        as the one joker of a group of three 13s)."""
        if not column.hosts_stand_ins or tile not in column.info.numbers:
            return False
        if self._makes_old_set(column, tile):
            return False
        three_thirteens = self.jokers >= 2 and len(column.tiles) == 3 and _is_group_of(column, 13)
        return three_thirteens == lone

    def _makes_old_set(self, column: _Column, tile: Tile) -> bool:
        """Whether a joker standing in for ``tile`` makes a set of ``column`` one of the table's
        sets as it was: the engine would count it unchanged where the model counts it changed
        (the old set's own column stands for it)."""
        if not self.old_keys:
            return False
        with_joker = tuple(JOKER if other == tile else other for other in column.tiles)
        return analyse_set(with_joker).key in self.old_keys

    def _stand_in_rows(
        self, lp: _Program, x: list[int], w: dict[int, int], v: list[int], lone: dict[int, int]
    ) -> None:
        """A joker standing in for a tile lies in a changed set that may host it."""
        columns = self.columns
        restricted = {
            tile
            for column in columns
            for tile in column.info.numbers
            if column.old or not column.hosts_stand_ins or self._makes_old_set(column, tile)
        }
        hosted = [(tile, v[tile], False) for tile in sorted(restricted | set(lone))]
        hosted += [(tile, variable, True) for tile, variable in lone.items()]
        for tile, variable, alone in hosted:
            terms = {variable: -1.0}
            for index, column in enumerate(columns):
                if self._hosts(column, tile, alone):
                    terms[x[index]] = 1.0
                    if index in w:
                        terms[w[index]] = -1.0
            lp.row(terms, 0, _INF)
        if lone:
            terms = dict.fromkeys(lone.values(), 1.0)
            for index, column in enumerate(columns):
                if any(self._hosts(column, tile, True) for tile in lone):
                    terms[x[index]] = -1.0
                    if index in w:
                        terms[w[index]] = 1.0
            lp.row(terms, -_INF, 0)

    def _played_joker_points(
        self, lp: _Program, x: list[int], v: list[int], lone: dict[int, int], not_taken: int
    ) -> None:
        """What the rack's joker is worth when the table's one joker is not taken.

        The engine counts a played joker at the lowest number stood for by the jokers in
        changed sets that do not keep a table joker in place. With the table's joker in its
        unchanged set or kept in place, that is the rack's joker: a joker standing in, a
        joker of a stand-in variant, or the free joker of a keeping set (those come first
        on the new table, so the engine picks their other joker as the one kept). With the
        table's joker taken the model counts nothing, short of the engine's figure.
        """
        joker_points = lp.variable(2 * 13, POINT_WEIGHT)
        terms = {variable: -float(NUMBER_OF[tile]) for tile, variable in enumerate(v)}
        terms.update(dict.fromkeys(lone.values(), -13.0))
        for index, column in enumerate(self.columns):
            keepers = [
                value
                for value, keeps in zip(column.info.joker_values, column.keeps, strict=True)
                if keeps
            ]
            if keepers and not column.old and len(column.keeps) == 2:
                terms[x[index]] = -float(sum(column.info.joker_values) - keepers[0])
            elif column.keeps and not any(column.keeps) and not column.old:
                # A stand-in variant (see _add_stand_in_variants): every joker in it is loose.
                terms[x[index]] = -float(sum(column.info.joker_values))
        terms[joker_points] = 1.0
        lp.row(terms, -_INF, 0)
        lp.row({joker_points: 1.0, not_taken: -2.0 * 13}, -_INF, 0)

    def _table_joker_rows(
        self, lp: _Program, x: list[int], w: dict[int, int], v: list[int], lone: dict[int, int]
    ) -> int:
        """Every table joker ends unchanged, kept in place or taken (rules section 8).

        Returns a variable that is 1 only when the first table joker is not taken.
        """
        columns = self.columns
        jokers = self.table_jokers
        unchanged = [lp.variable(1, 0) for _ in jokers]
        kept = [lp.variable(1, 0) for _ in jokers]
        taken = [lp.variable(1, 0) for _ in jokers]
        for position in range(len(jokers)):
            lp.row({unchanged[position]: 1.0, kept[position]: 1.0, taken[position]: 1.0}, 1, 1)
        # Unchanged: the jokers of the table's sets that stay as they were.
        by_column: dict[int, list[int]] = {}
        for position, joker in enumerate(jokers):
            column = self.by_key[self.infos[joker.old_set].key]
            by_column.setdefault(columns.index(column), []).append(position)
        for index, positions in by_column.items():
            terms = {unchanged[position]: 1.0 for position in positions}
            terms[w[index]] = -float(columns[index].tiles.count(JOKER))
            lp.row(terms, 0, 0)
        # Hall's condition for every subset of the table jokers: kept ones each by its own
        # joker in a changed set, taken ones each by its own replacement tile.
        for size in range(1, len(jokers) + 1):
            for subset in combinations(range(len(jokers)), size):
                mask = sum(1 << position for position in subset)
                terms = {kept[position]: 1.0 for position in subset}
                for index, column in enumerate(columns):
                    capacity = sum(1 for keeps in column.keeps if keeps & mask)
                    if capacity and not column.old:
                        terms[x[index]] = -float(capacity)
                lp.row(terms, -_INF, 0)
                terms = {taken[position]: 1.0 for position in subset}
                meaning = frozenset().union(*(jokers[position].meaning for position in subset))
                for tile in meaning:
                    for index, column in enumerate(columns):
                        if tile in column.info.numbers:
                            terms[x[index]] = terms.get(x[index], 0.0) - 1.0
                            if index in w:
                                terms[w[index]] = terms.get(w[index], 0.0) + 1.0
                    if v:
                        terms[v[tile]] = terms.get(v[tile], 0.0) + 1.0
                    if tile in lone:
                        terms[lone[tile]] = 1.0
                lp.row(terms, -_INF, 0)
        not_taken = lp.variable(1, 0)
        lp.row({not_taken: 1.0, taken[0]: 1.0}, 1, 1)
        return not_taken

    def _decode(
        self, copies: list[int], unchanged: dict[int, int], stand_ins: list[tuple[Tile, bool]]
    ) -> tuple[tuple[Tile, ...], ...]:
        """The new table: the unchanged sets in their old order, then the changed ones."""
        left_alone: dict[tuple[Tile, ...], int] = {}
        changed: list[list[Tile]] = []
        kinds: list[_Column] = []
        # Sets that keep a table joker in place come first, so that the engine takes their
        # joker as the one kept (see _played_joker_points).
        order = sorted(
            range(len(self.columns)),
            key=lambda index: not (self.columns[index].keeps and not self.columns[index].old),
        )
        for index in order:
            column = self.columns[index]
            same = unchanged.get(index, 0)
            if same:
                left_alone[column.info.key] = same
            for _ in range(copies[index] - same):
                changed.append(list(column.tiles))
                kinds.append(column)
        placed = self._place_stand_ins(changed, kinds, stand_ins)
        assert placed, "the model guarantees a place for every joker standing in"
        new_sets = [
            _tidy_group(tiles)
            if column.hosts_stand_ins and column.info.kind == GROUP
            else tuple(tiles)
            for tiles, column in zip(changed, kinds, strict=True)
        ]
        old_sets: list[tuple[Tile, ...]] = []
        for tiles, info in zip(self.table, self.infos, strict=True):
            if not self.melded:
                old_sets.append(tiles)
            elif left_alone.get(info.key, 0):
                left_alone[info.key] -= 1
                old_sets.append(tiles)
        return tuple(old_sets + new_sets)

    def _place_stand_ins(
        self, sets: list[list[Tile]], kinds: list[_Column], stand_ins: list[tuple[Tile, bool]]
    ) -> bool:
        """Puts each joker standing in into a set that may host it, in place of its tile,
        spreading them (two in one group of three would make it a run); False if none fits."""
        if not stand_ins:
            return True
        tile, alone = stand_ins[0]
        options = sorted(
            (
                number
                for number, tiles in enumerate(sets)
                if tile in tiles
                and self._hosts(kinds[number], tile, alone)
                and not (alone and JOKER in tiles)
            ),
            key=lambda number: sets[number].count(JOKER),
        )
        for number in options:
            position = sets[number].index(tile)
            sets[number][position] = JOKER
            if self._place_stand_ins(sets, kinds, stand_ins[1:]):
                return True
            sets[number][position] = tile
        return False


def _is_group_of(column: _Column, number: int) -> bool:
    """Whether a column is a group of ``number`` (not a run)."""
    return column.info.kind == GROUP and NUMBER_OF[column.tiles[0]] == number


def _real_value(column: _Column) -> int:
    """The numbers of a column's number tiles (its explicit jokers left out)."""
    return sum(NUMBER_OF[tile] for tile in column.tiles if tile != JOKER)


def _tidy_group(tiles: list[Tile]) -> tuple[Tile, ...]:
    """A group with jokers standing in, as it is written: its jokers last, or, when one
    number tile is left with two jokers, as the run that it then is."""
    numbers = [tile for tile in tiles if tile != JOKER]
    if len(numbers) == 1 and len(tiles) == 3:
        (tile,) = numbers
        if NUMBER_OF[tile] == 1:
            return (tile, JOKER, JOKER)
        if NUMBER_OF[tile] == 13:
            return (JOKER, JOKER, tile)
        return (JOKER, tile, JOKER)
    return (*numbers, *[JOKER] * (len(tiles) - len(numbers)))


_INF = float(highspy.kHighsInf)


class _Program:
    """An integer program in HiGHS's column-wise form, built a variable and a row at a time.

    The objective is lexicographic in effect: its weights make one more rack tile worth
    more than any points, and one more point worth more than every tie-break variable
    (the unchanged table sets) together.
    """

    def __init__(self) -> None:
        self.upper: list[float] = []
        self.cost: list[float] = []
        self.tie_breaks: list[int] = []
        self.entries: list[dict[int, float]] = []
        self.row_lower: list[float] = []
        self.row_upper: list[float] = []
        self.going_out_rows: set[int] = set()
        self.going_out_columns: set[int] = set()
        self.going_out_value = _INF
        """The objective no solution placing fewer than every rack tile reaches."""

    def variable(self, upper: float, cost: float, *, tie_break: bool = False) -> int:
        """A new integer variable from 0 to ``upper`` with its objective weight; a tie-break
        variable weighs 1 and must stay below ``POINT_WEIGHT`` in total."""
        self.upper.append(float(upper))
        self.cost.append(1.0 if tie_break else float(cost))
        self.entries.append({})
        variable = len(self.upper) - 1
        if tie_break:
            self.tie_breaks.append(variable)
        return variable

    def row(self, terms: dict[int, float], low: float, high: float) -> None:
        """The constraint ``low <= sum(coefficient * variable) <= high``."""
        row = len(self.row_lower)
        self.row_lower.append(float(low))
        self.row_upper.append(float(high))
        for variable, coefficient in terms.items():
            if coefficient:
                self.entries[variable][row] = coefficient

    def solve(self, time_limit: float | None) -> tuple[list[int], bool] | None:
        """The maximising values and whether they are proved optimal; ``None`` when no
        solution was found (infeasible, or out of time).

        Proving the last tie-break can take long where everything else is quick (measured
        on positions from games: a worst case of 0.8 s against 0.12 s without it). So the
        whole objective gets ``EXACT_BUDGET`` seconds. Past that, the tie-break is set
        aside: first the search tries to place every rack tile (the ``going_out`` rows and
        variables at their upper bounds), a far smaller search where that is possible
        (measured: 37 ms where the open search took 1.5 s); then it searches openly from
        the best found. The solution, proved best in tiles and points, gets
        ``TIE_BREAK_BUDGET`` more to change fewer table sets. ``time_limit`` bounds all.
        """
        deadline = None if time_limit is None else time.perf_counter() + time_limit

        def limit(budget: float | None) -> float | None:
            if deadline is None:
                return budget
            left = deadline - time.perf_counter()
            return left if budget is None else min(budget, left)

        lp = self._lp()
        if not self.tie_breaks:
            solver = _restarting(lp, limit)
            solution = solver.getSolution()
            if not solution.value_valid:
                return None
            optimal = solver.getModelStatus() == highspy.HighsModelStatus.kOptimal
            return [round(value) for value in solution.col_value], optimal
        solver = _solver(lp, limit(EXACT_BUDGET))
        if solver.getModelStatus() == highspy.HighsModelStatus.kInfeasible:
            return None
        solution = solver.getSolution()
        info = solver.getInfo()
        if solution.value_valid and info.mip_dual_bound - info.objective_function_value < 1:
            return [round(value) for value in solution.col_value], True
        if deadline is not None and time.perf_counter() >= deadline:
            return (
                ([round(value) for value in solution.col_value], False)
                if (solution.value_valid)
                else None
            )
        start = solution if solution.value_valid else None
        ties = set(self.tie_breaks)
        lp.col_cost_ = [
            0.0 if variable in ties else cost for variable, cost in enumerate(self.cost)
        ]
        if info.mip_dual_bound >= self.going_out_value - 0.5:
            whole = self._lp()
            whole.col_cost_ = lp.col_cost_
            whole.row_lower_ = [
                self.row_upper[row] if row in self.going_out_rows else low
                for row, low in enumerate(self.row_lower)
            ]
            whole.col_lower_ = [
                self.upper[variable] if variable in self.going_out_columns else 0.0
                for variable in range(len(self.upper))
            ]
            solver = _restarting(whole, limit)
            if solver.getModelStatus() == highspy.HighsModelStatus.kOptimal:
                return self._fewer_changes(
                    solver, solver.getSolution(), limit(TIE_BREAK_BUDGET)
                ), False
        solver = _restarting(lp, limit, start)
        solution = solver.getSolution()
        if not solution.value_valid:
            return None if start is None else ([round(value) for value in start.col_value], False)
        if solver.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            return [round(value) for value in solution.col_value], False
        return self._fewer_changes(solver, solution, limit(TIE_BREAK_BUDGET)), False

    def _fewer_changes(
        self, solver: _core._Highs, found: highspy.HighsSolution, budget: float | None
    ) -> list[int]:
        """``found`` (the most tiles and points) with as many unchanged table sets as a
        search of ``budget`` seconds, holding the tiles and points, can reach from it."""
        values = [round(value) for value in found.col_value]
        others = [variable for variable in range(len(self.cost)) if variable not in self.tie_breaks]
        reached = sum(self.cost[variable] * values[variable] for variable in others)
        scaled = [self.cost[variable] / POINT_WEIGHT for variable in others]
        solver.addRow(reached / POINT_WEIGHT - 0.5, highspy.kHighsInf, len(others), others, scaled)
        solver.changeColsCost(
            len(self.cost),
            list(range(len(self.cost))),
            [1.0 if variable in self.tie_breaks else 0.0 for variable in range(len(self.cost))],
        )
        solver.setOptionValue(
            "time_limit", max(TIE_BREAK_BUDGET if budget is None else budget, 0.001)
        )
        solver.setSolution(found)
        solver.run()
        better = solver.getSolution()
        return [round(value) for value in better.col_value] if better.value_valid else values

    def _lp(self) -> highspy.HighsLp:
        starts = [0]
        rows: list[int] = []
        coefficients: list[float] = []
        for variable_entries in self.entries:
            for row in sorted(variable_entries):
                rows.append(row)
                coefficients.append(variable_entries[row])
            starts.append(len(rows))
        lp = highspy.HighsLp()
        lp.num_col_ = len(self.upper)
        lp.num_row_ = len(self.row_lower)
        lp.sense_ = highspy.ObjSense.kMaximize
        lp.col_cost_ = self.cost
        lp.col_lower_ = [0.0] * len(self.upper)
        lp.col_upper_ = self.upper
        lp.row_lower_ = self.row_lower
        lp.row_upper_ = self.row_upper
        lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
        lp.a_matrix_.start_ = starts
        lp.a_matrix_.index_ = rows
        lp.a_matrix_.value_ = coefficients
        lp.integrality_ = [highspy.HighsVarType.kInteger] * len(self.upper)
        return lp


RESTARTS = (0.15, 0.3, 0.6)
"""Seconds of the tries before the last, unlimited one (see ``_restarting``)."""


def _restarting(
    lp: highspy.HighsLp,
    limit: Callable[[float | None], float | None],
    start: highspy.HighsSolution | None = None,
) -> _core._Highs:
    """HiGHS run on ``lp`` to the end, restarted with another random seed after each of the
    ``RESTARTS`` budgets: its running times on these models are heavy-tailed (measured on
    one position from a game: 2.1 s with the default seed, 0.1 to 0.3 s with five others).
    ``limit`` turns a budget into what the caller's time limit leaves of it."""
    for seed, budget in enumerate(RESTARTS):
        solver = _solver(lp, limit(budget), start, seed)
        left = limit(None)
        if solver.getModelStatus() != highspy.HighsModelStatus.kTimeLimit or (
            left is not None and left <= 0
        ):
            return solver
        found = solver.getSolution()
        if found.value_valid:
            start = found
    return _solver(lp, limit(None), start, len(RESTARTS))


def _solver(
    lp: highspy.HighsLp,
    time_limit: float | None,
    start: highspy.HighsSolution | None = None,
    seed: int = 0,
) -> _core._Highs:
    """HiGHS run on ``lp``, from the solution ``start`` if given."""
    # The public highspy.Highs prints a banner on the process's standard output the first
    # time one is made, which would corrupt the JSON the command line prints.
    solver = _core._Highs()
    solver.setOptionValue("output_flag", False)
    solver.setOptionValue("threads", 1)
    solver.setOptionValue("mip_rel_gap", 0.0)
    # The objective takes whole values, so a gap below 1 proves the optimum.
    solver.setOptionValue("mip_abs_gap", 0.5)
    # Measured on positions from games: these small models solve about twice as fast
    # in the worst case without presolve and with little primal heuristic work.
    solver.setOptionValue("presolve", "off")
    solver.setOptionValue("mip_heuristic_effort", 0.01)
    solver.setOptionValue("random_seed", seed)
    if time_limit is not None:
        solver.setOptionValue("time_limit", max(time_limit, 0.001))
    solver.passModel(lp)
    if start is not None:
        solver.setSolution(start)
    solver.run()
    return solver
