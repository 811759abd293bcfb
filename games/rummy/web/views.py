"""Tile rummy's own page: the hint, the solver's best play for the viewer's rack."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.core.http import SignedInRequest
from games.models import Match
from games.rummy.engine import table_text
from games.rummy.engine.tiles import Tile
from games.rummy.solver import hint as solver_hint
from games.rummy.web.tiles import TileView, tile_view
from games.services import read_table

HINT_SECONDS = 3.0
"""How long the solver may look for the hint before answering with the best play found."""


@login_required
@require_GET
def hint(request: SignedInRequest, match_id: int) -> HttpResponse:
    """The best play for the viewer's rack on the table as it stands, from the viewer's own
    observation: in a practice match, on the viewer's turn."""
    table = read_table(request.user, match_id)
    if table is None or table.match.game != "rummy":
        raise Http404
    seat = table.seat_of(request.user)
    assert seat is not None
    if table.match.mode != Match.Mode.PRACTICE:
        return HttpResponse(status=403)
    context: dict[str, object] = {"version": table.match.version}
    if table.to_move != seat:
        context["not_your_turn"] = True
        return render(request, "games/rummy/_hint.html", context, status=409)
    view = table.view_for(seat)
    found = solver_hint(view, time_limit=HINT_SECONDS)
    if found is not None:
        context["count"] = len(found.played)
        context["sets"] = sets = hinted_sets(found.played, view.table, found.table)
        context["joins_the_table"] = any(not tile.from_rack for tiles in sets for tile in tiles)
        context["points"] = found.points
        context["table"] = table_text(found.table)
    return render(request, "games/rummy/_hint.html", context)


def hinted_sets(
    played: Sequence[Tile], before: Sequence[Sequence[Tile]], after: Sequence[Sequence[Tile]]
) -> list[list[TileView]]:
    """The sets the hinted play makes or changes, in the table's order (a set of the table
    ``before`` that stays as it was is left out), each rack tile marked (``from_rack``) among
    the table's tiles it joins. Copies of a tile cannot be told apart: which one is marked is
    all the same to the player."""
    untouched = Counter(tuple(sorted(tiles)) for tiles in before)
    from_rack = Counter(played)
    sets = []
    for tiles in after:
        key = tuple(sorted(tiles))
        if untouched[key] > 0:
            untouched[key] -= 1
            continue
        views = []
        for tile in tiles:
            view = tile_view(tile)
            view.from_rack = from_rack[tile] > 0
            if view.from_rack:
                from_rack[tile] -= 1
            views.append(view)
        sets.append(views)
    return sets
