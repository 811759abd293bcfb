"""Checking a whole turn: the table before, the player's rack, and the table after.

The turn is judged only by its finished table (rules sections 3 and 8): the tiles played
are what the table gained, every set must be valid, no table tile may leave the table,
the initial meld must leave the table as it was and be worth 30, and a table joker may be
taken only with its replacement tile and must stay on the table.

The checker runs inside the computer players' searches, so it is written for speed: set
analyses are cached, and the tile counts of a table are one big integer with a byte per
tile kind, so that comparing two tables' tiles is a few integer operations.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import chain
from operator import attrgetter
from typing import NamedTuple, NoReturn

from .errors import IllegalTurn, gettext_noop
from .sets import ANALYSED, INVALID, SetInfo, analyse_set
from .tiles import (
    COPIES,
    FULL_SET,
    JOKER,
    KINDS,
    NUMBER_OF,
    TILE_NAMES,
    Tile,
    count_vector,
    tiles_text,
)

INITIAL_MELD = 30
"""The least an initial meld must be worth (rules section 3)."""

Table = Sequence[Sequence[Tile]]

# Tile counts are count vectors (``tiles.count_vector``): no byte overflows as long as a
# table or rack holds at most 106 tiles, which is checked before the bytes are compared.
_HIGH_BITS = sum(0x80 << (8 * tile) for tile in range(KINDS))
_TOO_MANY = sum((0x80 - COPIES - 1) << (8 * tile) for tile in range(KINDS))
"""Added to a count vector, sets a byte's high bit exactly when the byte exceeds COPIES."""
_KIND_RANGE = range(KINDS)
_FACE_VALUE = (*NUMBER_OF, 0)
_JOKER_SHIFT = 8 * JOKER
_COUNTS = attrgetter("counts")
_NUMBER_UNITS = sum(1 << (8 * tile) for tile in range(JOKER))
"""A one in the byte of every number tile of a count vector."""
_ALL_TILES = len(FULL_SET)


class TurnResult(NamedTuple):
    """A legal turn: the rack tiles it puts on the table and what they are worth there."""

    played: tuple[Tile, ...]
    """The rack tiles put on the table, sorted (colour R, B, K, O, then number, jokers last)."""
    points: int
    """The numbers the played tiles stand for where they lie, a joker counting its number."""


class _LooseJoker(NamedTuple):
    """A table joker whose set changed: it was either kept in place or taken."""

    meaning: frozenset[Tile]
    old_numbers: frozenset[Tile]
    old_set: tuple[Tile, ...]


class _PlacedJoker(NamedTuple):
    """A joker lying in a set that changed this turn."""

    meaning: frozenset[Tile]
    value: int
    numbers: frozenset[Tile]


def analyse_table(table: Table) -> list[SetInfo]:
    """The analysis of each set of a table that must be valid, else ``ValueError``.

    For a table that is given (the table before a turn) rather than proposed: an invalid
    set or more copies of a tile than exist make the input itself wrong, not the turn.
    """
    infos = _analyses(table)
    for info in infos:
        if info.kind == INVALID:
            raise ValueError(f"the table is not valid: {info.illegal()}")
    if sum(map(len, table)) > _ALL_TILES or (sum(map(_COUNTS, infos)) + _TOO_MANY) & _HIGH_BITS:
        tiles = list(chain.from_iterable(table))
        tile = next(tile for tile in _KIND_RANGE if tiles.count(tile) > COPIES)
        raise ValueError(f"the table holds {tiles.count(tile)} copies of {TILE_NAMES[tile]}")
    return infos


def _analyses(table: Table) -> list[SetInfo]:
    cached = ANALYSED.get
    return [cached(tiles) or analyse_set(tiles) for tiles in map(tuple, table)]


def check_turn(
    table_before: Table, rack: Sequence[Tile], melded: bool, table_after: Table
) -> TurnResult:
    """Judges a turn given as the whole table after it.

    ``table_before`` must be a valid table (``ValueError`` otherwise); ``rack`` is the
    player's rack and ``melded`` whether the player made the initial meld before this turn.
    Returns the tiles played and their points, or raises ``IllegalTurn`` with the reason.
    When jokers the player takes and plays both lie in changed sets, a played joker is
    counted at the lowest number any of them stands for.
    """
    before_infos = analyse_table(table_before)
    after_infos = _analyses(table_after)
    before = sum(map(_COUNTS, before_infos))
    after = sum(map(_COUNTS, after_infos))
    held = before + count_vector(rack)
    if (
        sum(map(len, table_after)) > _ALL_TILES
        or len(rack) > _ALL_TILES
        or (held + _TOO_MANY) & _HIGH_BITS
        or (after + _HIGH_BITS - before) & _HIGH_BITS != _HIGH_BITS
        or (held + _HIGH_BITS - after) & _HIGH_BITS != _HIGH_BITS
    ):
        _refuse_accounting(table_before, rack, table_after)
    gained = after - before
    if not gained:
        raise IllegalTurn(gettext_noop("Put at least one tile from your rack on the table."))
    played_jokers = gained >> _JOKER_SHIFT
    played = []
    # Lowest set byte first, so the tiles come out sorted.
    while gained:
        shift = ((gained & -gained).bit_length() - 1) & ~7
        count = (gained >> shift) & 0xFF
        played += (shift >> 3,) * count
        gained -= count << shift
    for info in after_infos:
        if info.kind == INVALID:
            raise info.illegal()

    if not melded:
        return _initial_meld(played, table_before, before_infos, after_infos)
    points = sum(map(_FACE_VALUE.__getitem__, played))
    if not before >> _JOKER_SHIFT:
        if played_jokers:
            for info in after_infos:
                points += sum(info.joker_values)
        return TurnResult(tuple(played), points)
    placed = _check_jokers(table_before, before_infos, after_infos)
    if played_jokers:
        points += sum(sorted(placed)[:played_jokers])
    return TurnResult(tuple(played), points)


def _refuse_accounting(table_before: Table, rack: Sequence[Tile], table_after: Table) -> NoReturn:
    """Raises the refusal for the first tile that does not add up, checked in this order."""
    before = Counter(chain.from_iterable(table_before))
    held = before + Counter(rack)
    after = Counter(chain.from_iterable(table_after))
    for tile in _KIND_RANGE:
        if after[tile] > COPIES:
            raise IllegalTurn(
                gettext_noop("There are only 2 {tile} tiles, but the table has {count}."),
                tile=TILE_NAMES[tile],
                count=after[tile],
            )
    for tile in _KIND_RANGE:
        if held[tile] > COPIES:
            raise IllegalTurn(
                gettext_noop(
                    "There are only 2 {tile} tiles, but the table and your rack hold {count}."
                ),
                tile=TILE_NAMES[tile],
                count=held[tile],
            )
    for tile in _KIND_RANGE:
        if after[tile] < before[tile]:
            if tile == JOKER:
                raise IllegalTurn(gettext_noop("The joker you took must stay on the table."))
            raise IllegalTurn(
                gettext_noop("{tile} was on the table: it may not go back to your rack."),
                tile=TILE_NAMES[tile],
            )
    # The only way left for a tile not to add up: more of it played than the rack holds.
    tile = next(tile for tile in _KIND_RANGE if after[tile] > held[tile])
    if held[tile] == before[tile]:
        raise IllegalTurn(gettext_noop("{tile} is not in your rack."), tile=TILE_NAMES[tile])
    raise IllegalTurn(
        gettext_noop("You have only {count} {tile} in your rack."),
        tile=TILE_NAMES[tile],
        count=held[tile] - before[tile],
    )


def _changed_sets(
    before_infos: list[SetInfo], after_infos: list[SetInfo], twins: int = 0
) -> tuple[dict[tuple[Tile, ...], int], list[SetInfo]]:
    """Matches the sets after the turn one to one with equal sets before it.

    Returns how many sets of each key before the turn found no equal set after it, and the
    sets after the turn that equal no set before it (the changed or new ones). A set after
    the turn holding a tile of ``twins`` (a count vector of the tiles lying twice on the
    table after the turn) is counted as changed even when it equals a set before it.
    """
    unmatched: dict[tuple[Tile, ...], int] = {}
    for info in before_infos:
        unmatched[info.key] = unmatched.get(info.key, 0) + 1
    changed = []
    for info in after_infos:
        if unmatched.get(info.key) and not info.counts & twins:
            unmatched[info.key] -= 1
        else:
            changed.append(info)
    return unmatched, changed


def _initial_meld(
    played: list[Tile], table_before: Table, before_infos: list[SetInfo], after_infos: list[SetInfo]
) -> TurnResult:
    unmatched, changed = _changed_sets(before_infos, after_infos)
    for tiles, info in zip(table_before, before_infos, strict=True):
        if unmatched[info.key]:
            raise IllegalTurn(
                gettext_noop(
                    "Your initial meld may use only tiles from your rack: "
                    "the set {set} on the table must stay as it was."
                ),
                set=tiles_text(tiles),
            )
    points = sum([info.value for info in changed])
    if points < INITIAL_MELD:
        raise IllegalTurn(
            gettext_noop("Your initial meld is worth {points}; it needs {needed}."),
            points=points,
            needed=INITIAL_MELD,
        )
    return TurnResult(tuple(played), points)


def _check_jokers(
    table_before: Table, before_infos: list[SetInfo], after_infos: list[SetInfo]
) -> list[int]:
    """Checks that every table joker was kept or properly taken (rules section 8).

    Returns the numbers stood for by the jokers lying in changed sets that are not table
    jokers kept in place: the played jokers are among them.
    """
    account = _account_for_jokers(table_before, before_infos, after_infos, 0)
    kept = account.kept
    if kept is None:
        # Identical tiles cannot be told apart: the turn is legal if any way of matching
        # them makes it so, and the most permissive one counts as changed every set that
        # holds a tile lying twice on the table (its copy may have come from elsewhere).
        loosened = _account_for_jokers(table_before, before_infos, after_infos, _twins(after_infos))
        if loosened.kept is None:
            _refuse_taken_joker(account.loose, account.placed, account.replacements)
        account, kept = loosened, loosened.kept
    return [joker.value for index, joker in enumerate(account.placed) if not kept >> index & 1]


def _twins(after_infos: list[SetInfo]) -> int:
    """The number tiles lying twice on the table after the turn, as a count vector of ones.

    A valid set holds one copy of a number tile at most, so the two copies lie in two sets.
    """
    after: int = sum(map(_COUNTS, after_infos))
    return (after >> 1) & _NUMBER_UNITS


class _JokerAccount(NamedTuple):
    """The table jokers of changed sets, the jokers lying in changed sets, the replacement
    tiles there, and which placed jokers (a bit set) are table jokers kept in place, the
    most of them, or ``None`` when the jokers cannot all be accounted for."""

    loose: list[_LooseJoker]
    placed: list[_PlacedJoker]
    replacements: list[int]
    kept: int | None


def _account_for_jokers(
    table_before: Table, before_infos: list[SetInfo], after_infos: list[SetInfo], twins: int
) -> _JokerAccount:
    """Accounts for the table jokers with the sets matched as ``_changed_sets`` does."""
    unmatched, changed = _changed_sets(before_infos, after_infos, twins)
    loose: list[_LooseJoker] = []
    for tiles, info in zip(table_before, before_infos, strict=True):
        if info.jokers and unmatched[info.key]:
            unmatched[info.key] -= 1
            loose.extend(
                _LooseJoker(meaning, info.numbers, tuple(tiles)) for meaning in info.jokers
            )
    placed = [
        _PlacedJoker(meaning, value, info.numbers)
        for info in changed
        for meaning, value in zip(info.jokers, info.joker_values, strict=True)
    ]
    if not loose:
        return _JokerAccount(loose, placed, [], 0)
    # A valid set holds at most one copy of a number tile, so counting sets counts tiles.
    replacements = [0] * KINDS
    for info in changed:
        for tile in info.numbers:
            replacements[tile] += 1
    kept = _best_assignment(loose, placed, replacements, 0, 0)
    return _JokerAccount(loose, placed, replacements, kept)


def _keeps(joker: _LooseJoker, placed: _PlacedJoker) -> bool:
    """Whether a placed joker can be the table joker left where it was.

    It must still be able to stand for a tile the table joker stood for (a run joker for
    the same tile; a group joker for one of the colours its group lacked, whichever
    colours its group lacks now) and lie in a set still holding a number tile of the
    joker's old set.
    """
    return not placed.meaning.isdisjoint(joker.meaning) and not placed.numbers.isdisjoint(
        joker.old_numbers
    )


def _best_assignment(
    loose: list[_LooseJoker],
    placed: list[_PlacedJoker],
    replacements: list[int],
    start: int,
    used: int,
) -> int | None:
    """The placed jokers (a bit set) left in place by the loose jokers from ``start`` on, the
    most of them, with every other loose joker taken by its own replacement tile; ``None``
    when the jokers cannot all be accounted for."""
    if start == len(loose):
        return used
    joker = loose[start]
    best: int | None = None
    for index, candidate in enumerate(placed):
        if not used >> index & 1 and _keeps(joker, candidate):
            found = _best_assignment(loose, placed, replacements, start + 1, used | 1 << index)
            if found is not None and (best is None or found.bit_count() > best.bit_count()):
                best = found
    for tile in joker.meaning:
        if replacements[tile]:
            replacements[tile] -= 1
            found = _best_assignment(loose, placed, replacements, start + 1, used)
            replacements[tile] += 1
            if found is not None and (best is None or found.bit_count() > best.bit_count()):
                best = found
    return best


def _refuse_taken_joker(
    loose: list[_LooseJoker], placed: list[_PlacedJoker], replacements: list[int]
) -> NoReturn:
    """Raises the refusal naming a taken joker without its replacement tile."""
    blamed = loose[-1]
    for joker in loose:
        if not any(_keeps(joker, candidate) for candidate in placed) and not any(
            replacements[tile] for tile in joker.meaning
        ):
            blamed = joker
            break
    options = sorted(blamed.meaning)
    if len(options) == 1:
        raise IllegalTurn(
            gettext_noop("To take the joker from {set}, put {tile} on the table in its place."),
            set=tiles_text(blamed.old_set),
            tile=TILE_NAMES[options[0]],
        )
    raise IllegalTurn(
        gettext_noop("To take the joker from {set}, put {tile} or {other} on the table."),
        set=tiles_text(blamed.old_set),
        tile=TILE_NAMES[options[0]],
        other=TILE_NAMES[options[1]],
    )
