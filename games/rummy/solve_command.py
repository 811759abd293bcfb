"""The solve command: a position in (table, rack, melded), the best play out.

Input is one JSON object, or JSON Lines (one object per non-blank line)::

    {"table": [["R4","R5","R6","R7"]], "rack": ["B7","K7","R10"], "melded": true}

Each gives one output line: ``{"ok": true, "found": true, "played": [...], "points": N,
"changed": N, "table": [[...], ...]}`` with the rack tiles played (sorted), what they are
worth, how many table sets changed and the whole new table; ``{"ok": true, "found":
false}`` when there is no legal play (draw, or pass with the pool empty); or ``{"ok":
false, "error": "..."}`` for malformed input, after which the next line is still read.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from .check import (
    MalformedInput,
    documents_in,
    request_object,
    table_from_json,
    tiles_from_json,
)
from .engine.tiles import tile_name
from .solver import solve

_KEYS = ("table", "rack", "melded")


def solve_request(request: object) -> dict[str, Any]:
    """The best play for one position given as a decoded JSON value (see the module)."""
    try:
        request = request_object(request, _KEYS)
        table = table_from_json(request["table"], "table")
        rack = tiles_from_json(request["rack"], "rack")
        try:
            solution = solve(table, rack, request["melded"])
        except ValueError as error:
            raise MalformedInput(str(error)) from None
    except MalformedInput as error:
        return {"ok": False, "error": str(error)}
    if solution is None:
        return {"ok": True, "found": False}
    return {
        "ok": True,
        "found": True,
        "played": [tile_name(tile) for tile in solution.played],
        "points": solution.points,
        "changed": solution.changed,
        "table": [[tile_name(tile) for tile in tiles] for tiles in solution.table],
    }


def solve_lines(text: str) -> Iterable[str]:
    """One output JSON line per position in ``text``."""
    for request in documents_in(text):
        if isinstance(request, MalformedInput):
            result: dict[str, Any] = {"ok": False, "error": str(request)}
        else:
            result = solve_request(request)
        yield json.dumps(result)
