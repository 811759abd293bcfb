"""Scripted deals of tile rummy for the site's tests, and a search of rendered HTML for every
tile a seat may not see."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from games.models import Match
from games.rummy.engine import FULL_SET, GameSetup, Observation, parse_tiles, tile_name
from games.rummy.engine.tiles import COLOURS, TILE_NAMES

from .hidden import without_keys

HTMX = {"HTTP_HX_REQUEST": "true"}
SCATTERED = "R1 B1 B2 K3 O4 R5 B6 K7 O8 R9 B11 K12 O13 R13"
"""A rack without any set worth 30 (nor any run or group at all): its player can only draw."""
SPOKEN_COLOURS = dict(zip(COLOURS, ("red", "blue", "black", "orange"), strict=True))


def script_game(
    match: Match, racks: Sequence[str], first: int = 0, pool_start: str = ""
) -> GameSetup:
    """Replaces the match's current (unplayed) game with racks written in notation; the pool
    starts with ``pool_start`` and goes on with the other tiles, sorted."""
    current_round = match.rounds.order_by("-number").first()
    assert current_round is not None
    assert not current_round.actions
    dealt = [parse_tiles(rack) for rack in racks]
    start = parse_tiles(pool_start)
    rest = Counter(FULL_SET) - Counter(start)
    for rack in dealt:
        rest -= Counter(rack)
    setup = GameSetup(
        tuple(tuple(sorted(rack)) for rack in dealt), (*start, *sorted(rest.elements())), first
    )
    current_round.setup = {"deal": setup.to_record(), "scores": list(match.scores)}
    current_round.save()
    match.progress = {**match.progress, "first": first}
    match.save()
    return setup


def visible_tiles(view: Observation, also: Iterable[str] = ()) -> Counter[str]:
    """The tiles ``view``'s seat may see now: its rack and the table (and ``also``: the racks
    shown once the game is over)."""
    seen = Counter(tile_name(tile) for tile in view.rack)
    seen.update(tile_name(tile) for tiles in view.table for tile in tiles)
    seen.update(also)
    return seen


def _traces(code: str) -> list[re.Pattern[str]]:
    return [
        re.compile(rf"(?<![A-Za-z0-9]){code}(?![A-Za-z0-9])"),
        re.compile(rf"\b{SPOKEN_COLOURS[code[0]]} {code[1:]}(?![0-9])", re.IGNORECASE),
    ]


def hidden_tiles_shown(html: str, visible: Counter[str]) -> set[str]:
    """The tiles ``html`` shows more often than the seat may see them: drawn tiles
    (``data-tile``) beyond the visible copies, and any trace (notation, spoken name) of a tile
    none of whose copies is visible. A joker is searched by its drawn tiles only ("J" and
    "joker" are words of the page)."""
    html = without_keys(html)
    drawn = Counter(re.findall(r'data-tile="([A-Z0-9]{1,3})"', html))
    shown = {code for code, count in drawn.items() if count > visible[code]}
    text = re.sub(r"<[^>]+>", " ", html)
    for code in TILE_NAMES[:-1]:
        if not visible[code] and any(
            trace.search(html) or trace.search(text) for trace in _traces(code)
        ):
            shown.add(code)
    return shown
