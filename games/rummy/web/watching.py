"""The tile rummy table as a watcher sees it: built from the engine's ``public_view`` only
(the table, how many tiles each player holds, the pool's size; no rack until the game is over
and every rack is shown to everyone), from behind the first seat, every name as a stranger
reads it."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from games.rummy.engine import Observation
from games.rummy.web.table import present
from games.rummy.web.viewmodels import TableView
from games.services import Table


def present_watching(table: Table, names: Sequence[str]) -> TableView:
    """The table as a watcher sees it (``names``: each seat's name as a stranger reads it)."""
    view: Observation = table.spec.rules.public_view(table.state)
    result = present(table, 0, names, view=view)
    for player in result.players:
        player.is_me = False
    for row in result.summary:
        row.is_me = False
    match = table.match
    result.i_won = False
    if match.resigned_by is not None:
        result.resigned = _("%(name)s resigned this match.") % {"name": names[match.resigned_by]}
    result.prompt = ""
    result.announcement = result.log[-1].spoken if result.log else ""
    return result
