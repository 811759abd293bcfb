"""The Thousand table as a watcher sees it: built from the rules' ``public_view`` (the
engine's ``spectator_view``) only
(no hand, no given or discarded card, the musik only once turned up), from behind the first
seat, every name as a stranger reads it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields

from django.utils.translation import gettext as _

from games.services import Table
from games.thousand.engine import Observation, PublicView
from games.thousand.web.table import present, redeal_note
from games.thousand.web.viewmodels import TableView

NOBODY = -1
"""The hand position of the watcher's view: nobody's (no hand, nothing playable)."""


def present_watching(table: Table, names: Sequence[str]) -> TableView:
    """The table as a watcher sees it (``names``: each seat's name as a stranger reads it)."""
    public: PublicView = table.spec.rules.public_view(table.state)
    values = {name.name: getattr(public, name.name) for name in fields(public)}
    view = Observation(**values, seat=NOBODY, hand=(), legal=())
    result = present(table, 0, names, view=view)
    for seat in result.seats:
        seat.is_me = False
        seat.initial = names[seat.number][:1].upper()
        if not seat.is_computer:
            seat.subtitle = ""
    match = table.match
    result.i_won = False
    result.my_turn = False
    if match.resigned_by is not None:
        result.resigned = _("%(name)s resigned this match.") % {"name": names[match.resigned_by]}
    result.redeal_note = redeal_note(table, NOBODY, list(names))
    result.prompt = ""
    result.announcement = " ".join(entry.text for entry in result.log[-1:])
    return result
