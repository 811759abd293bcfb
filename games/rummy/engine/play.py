"""Turns (rules section 3): the action notation, ``apply`` and ``replay``.

An action is ``draw``, ``pass`` or ``play:`` followed by the WHOLE table after the turn:
sets separated by ``|``, tiles by single spaces, jokers ``J`` (``play:R4 R5 R6|R7 B7 K7``).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable
from dataclasses import replace
from typing import TypeVar

from .errors import IllegalTurn, gettext_noop
from .scoring import score_game
from .state import GameSetup, GameState, new_game
from .tiles import TILE_BY_NAME, Tile, table_text
from .turn import check_turn

DRAW, PASS, PLAY = "draw", "pass", "play"
PLAY_PREFIX = "play:"

_Value = TypeVar("_Value")


def play_action(table: Iterable[Iterable[Tile]]) -> str:
    """The action that leaves ``table`` (its sets in order) on the table."""
    return PLAY_PREFIX + table_text(table)


def parse_action(action: object) -> tuple[str, tuple[tuple[Tile, ...], ...]]:
    """``(kind, table)`` of an action string (the table is empty for draw and pass), or
    ``IllegalTurn`` saying what is wrong with the text."""
    if action in (DRAW, PASS):
        return action, ()
    if not isinstance(action, str) or not action.startswith(PLAY_PREFIX):
        raise IllegalTurn(
            gettext_noop(
                "{action} is not an action: use draw, pass, or play: and the whole table."
            ),
            action=str(action),
        )
    text = action[len(PLAY_PREFIX) :]
    sets = []
    for written in text.split("|") if text else ():
        tiles = []
        for name in written.split(" "):
            tile = TILE_BY_NAME.get(name)
            if not name:
                raise IllegalTurn(
                    gettext_noop(
                        "Separate the tiles with single spaces and the sets with a single |."
                    )
                )
            if tile is None:
                raise IllegalTurn(
                    gettext_noop(
                        "{tile} is not a tile: write R, B, K or O then 1 to 13, or J for a joker."
                    ),
                    tile=name,
                )
            tiles.append(tile)
        sets.append(tuple(tiles))
    return PLAY, tuple(sets)


def apply(state: GameState, action: str) -> GameState:
    """The game after the player to move takes ``action``; ``IllegalTurn`` with the reason
    if the rules do not allow it (the state is left as it was)."""
    if state.result is not None:
        raise IllegalTurn(gettext_noop("The game is over."))
    kind, table = parse_action(action)
    seat = state.to_move
    following = (seat + 1) % state.players
    rack = state.racks[seat]
    if kind == DRAW:
        if not state.pool_size:
            raise IllegalTurn(gettext_noop("The pool is empty: play tiles or pass."))
        grown = list(rack)
        insort(grown, state.setup.pool[state.drawn])
        return replace(
            state,
            racks=_with(state.racks, seat, tuple(grown)),
            to_move=following,
            drawn=state.drawn + 1,
            passes=0,
            turns=state.turns + 1,
            last_seat=seat,
            last_action=DRAW,
            last_played=(),
        )
    if kind == PASS:
        if state.pool_size:
            raise IllegalTurn(
                gettext_noop("You may pass only when the pool is empty: draw a tile instead.")
            )
        passes = state.passes + 1
        over = passes == state.players
        return replace(
            state,
            to_move=seat if over else following,
            passes=passes,
            turns=state.turns + 1,
            last_seat=seat,
            last_action=PASS,
            last_played=(),
            result=score_game(state.racks, None) if over else None,
        )
    result = check_turn(state.table, rack, state.melded[seat], table)
    left = list(rack)
    for tile in result.played:
        left.remove(tile)
    racks = _with(state.racks, seat, tuple(left))
    return replace(
        state,
        racks=racks,
        table=table,
        melded=_with(state.melded, seat, True),
        to_move=following if left else seat,
        passes=0,
        turns=state.turns + 1,
        last_seat=seat,
        last_action=PLAY,
        last_played=result.played,
        result=None if left else score_game(racks, seat),
    )


def _with(values: tuple[_Value, ...], index: int, value: _Value) -> tuple[_Value, ...]:
    return (*values[:index], value, *values[index + 1 :])


def replay(
    setup: GameSetup, actions: Iterable[str], scores: tuple[int, ...] | None = None
) -> GameState:
    """The state reached by applying ``actions`` in order to the game dealt as ``setup``."""
    state = new_game(setup, scores)
    for action in actions:
        state = apply(state, action)
    return state
