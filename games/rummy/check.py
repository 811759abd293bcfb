"""The check command: a turn in (table before, rack, melded, table after), the verdict out.

Input is one JSON object, or JSON Lines (one object per non-blank line)::

    {"table_before": [["R4","R5","R6","R7"]], "rack": ["B7","K7","R10"], "melded": true,
     "table_after": [["R4","R5","R6"],["R7","B7","K7"]]}

Each gives one output line: ``{"ok": true, "legal": true, "played": [...], "points": N}``
(``played`` sorted by colour R, B, K, O, then number, jokers last), or ``{"ok": true,
"legal": false, "error": "..."}`` for an illegal turn, or ``{"ok": false, "error": "..."}``
for malformed input (rules section 8, last bullet), after which the next line is still read.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from ..jsonlines import documents_in as json_documents
from .engine import IllegalTurn, Tile, analyse_table, check_turn, tile_name
from .engine.tiles import TILE_BY_NAME

_KEYS = ("table_before", "rack", "melded", "table_after")


class MalformedInput(ValueError):
    """The input itself is wrong: not JSON, not an object, a missing key, a bad value."""


def documents_in(text: str) -> Iterator[object]:
    """The JSON values of a document: one JSON value, or JSON Lines (one per non-blank line).

    A line that is not JSON yields a ``MalformedInput`` in its place (see ``documents_in``).
    """
    return json_documents(text, MalformedInput)


def tiles_from_json(value: object, where: str) -> tuple[Tile, ...]:
    """The tiles of a JSON list of tile codes, or ``MalformedInput`` naming ``where``."""
    if not isinstance(value, list):
        raise MalformedInput(f"{where} must be a list of tiles")
    tiles = []
    for name in value:
        tile = TILE_BY_NAME.get(name) if isinstance(name, str) else None
        if tile is None:
            raise MalformedInput(
                f"{where}: {json.dumps(name)} is not a tile (R, B, K or O then 1 to 13, or J)"
            )
        tiles.append(tile)
    return tuple(tiles)


def table_from_json(value: object, where: str) -> tuple[tuple[Tile, ...], ...]:
    """The sets of a JSON list of lists of tile codes, or ``MalformedInput``."""
    if not isinstance(value, list) or not all(isinstance(tiles, list) for tiles in value):
        raise MalformedInput(f"{where} must be a list of sets, each a list of tiles")
    return tuple(tiles_from_json(tiles, where) for tiles in value)


def request_object(request: object, keys: Iterable[str]) -> dict[str, Any]:
    """``request`` as a JSON object holding every one of ``keys``, with a boolean ``melded``,
    or ``MalformedInput`` saying what is wrong."""
    if not isinstance(request, dict):
        raise MalformedInput("the input must be a JSON object")
    missing = [key for key in keys if key not in request]
    if missing:
        raise MalformedInput(f"missing key {', '.join(map(repr, missing))}")
    if not isinstance(request["melded"], bool):
        raise MalformedInput("melded must be true or false")
    return request


def check_request(request: object) -> dict[str, Any]:
    """The verdict on one turn given as a decoded JSON value (see the module's docstring)."""
    try:
        request = request_object(request, _KEYS)
        before = table_from_json(request["table_before"], "table_before")
        rack = tiles_from_json(request["rack"], "rack")
        after = table_from_json(request["table_after"], "table_after")
        try:
            analyse_table(before)
        except ValueError as error:
            raise MalformedInput(f"table_before: {error}") from None
    except MalformedInput as error:
        return {"ok": False, "error": str(error)}
    try:
        result = check_turn(before, rack, request["melded"], after)
    except IllegalTurn as error:
        return {"ok": True, "legal": False, "error": str(error)}
    return {
        "ok": True,
        "legal": True,
        "played": [tile_name(tile) for tile in result.played],
        "points": result.points,
    }


def check_lines(text: str) -> Iterable[str]:
    """One output JSON line per turn in ``text``."""
    for request in documents_in(text):
        if isinstance(request, MalformedInput):
            result: dict[str, Any] = {"ok": False, "error": str(request)}
        else:
            result = check_request(request)
        yield json.dumps(result)
