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
        context["sets"] = sets = hinted_sets(found.played, found.table)
        context["joins_the_table"] = any(not tile.fresh for tiles in sets for tile in tiles)
        context["points"] = found.points
        context["table"] = table_text(found.table)
    return render(request, "games/rummy/_hint.html", context)


def hinted_sets(played: Sequence[Tile], table: Sequence[Sequence[Tile]]) -> list[list[TileView]]:
    """The sets of the hinted table that take tiles from the rack, in the table's order, each
    rack tile marked (``fresh``) among the tiles already on the table it joins."""
    from_rack = Counter(played)
    sets = []
    for tiles in table:
        views = []
        for tile in tiles:
            fresh = from_rack[tile] > 0
            if fresh:
                from_rack[tile] -= 1
            views.append(tile_view(tile, fresh=fresh))
        if any(view.fresh for view in views):
            sets.append(views)
    return sets
