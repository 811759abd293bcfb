"""The rules of tile rummy as a pure library: no Django, no I/O, randomness injected.

Tiles are integers (``tiles``); ``check_turn`` judges a turn given as the whole table
after it. A game is dealt by ``deal_game`` (or rebuilt from its ``GameSetup`` by
``new_game``/``replay``); actions in the canonical notation (``draw``, ``pass``,
``play:R4 R5 R6|R7 B7 K7``) are applied by ``apply``, which returns a new state or raises
``IllegalTurn``; ``observation`` is what one seat may see. Matches of 1, 3 or 5 games are
``new_match``, ``deal_next`` and ``after_game``.
"""

from .errors import IllegalTurn
from .match import MATCH_LENGTHS, MatchState, after_game, deal_next, new_match
from .observation import WATCHER, Observation, observation, public_view
from .play import DRAW, PASS, PLAY, apply, parse_action, play_action, replay
from .scoring import GameResult, score_game
from .sets import GROUP, INVALID, RUN, SetInfo, analyse_set, check_set, set_value
from .state import RACK_SIZE, GameSetup, GameState, deal_game, deal_setup, new_game
from .tiles import (
    COLOURS,
    FULL_SET,
    JOKER,
    Tile,
    colour_of,
    number_of,
    parse_table,
    parse_tile,
    parse_tiles,
    sorted_tiles,
    table_text,
    tile_name,
    tiles_text,
)
from .turn import INITIAL_MELD, TurnResult, analyse_table, check_turn

__all__ = [
    "COLOURS",
    "DRAW",
    "FULL_SET",
    "GROUP",
    "INITIAL_MELD",
    "INVALID",
    "JOKER",
    "MATCH_LENGTHS",
    "PASS",
    "PLAY",
    "RACK_SIZE",
    "RUN",
    "WATCHER",
    "GameResult",
    "GameSetup",
    "GameState",
    "IllegalTurn",
    "MatchState",
    "Observation",
    "SetInfo",
    "Tile",
    "TurnResult",
    "after_game",
    "analyse_set",
    "analyse_table",
    "apply",
    "check_set",
    "check_turn",
    "colour_of",
    "deal_game",
    "deal_next",
    "deal_setup",
    "new_game",
    "new_match",
    "number_of",
    "observation",
    "parse_action",
    "parse_table",
    "parse_tile",
    "parse_tiles",
    "play_action",
    "public_view",
    "replay",
    "score_game",
    "set_value",
    "sorted_tiles",
    "table_text",
    "tile_name",
    "tiles_text",
]
