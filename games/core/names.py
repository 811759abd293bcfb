"""How a viewer reads the names of the players at a table, for every game."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from accounts.names import display_name
from games.models import Seat


def relative_position(number: int, viewer: int, players: int) -> str:
    """Where seat ``number`` sits as ``viewer`` sees the table: "me", "left", "across" or
    "right" (play passes to the left)."""
    offset = (number - viewer) % players
    if offset == 0:
        return "me"
    if offset == 1:
        return "left"
    if offset == players - 1:
        return "right"
    return "across"


def seat_names(seats: Sequence[Seat], viewer: int | None) -> list[str]:
    """Each seat's name as ``viewer`` reads it: "You", people's display names, and computers
    by where they sit ("Left", "Across", "Right"); an open seat is "Open seat"."""
    players = len(seats)
    names = []
    for seat in seats:
        if viewer is not None and seat.number == viewer:
            names.append(_("You"))
        elif seat.user_id is not None:
            names.append(display_name(seat.user))
        elif seat.former_guest:
            names.append(_("a former guest"))
        elif seat.is_open:
            names.append(_("Open seat"))
        elif viewer is None:
            names.append(_("Computer %(number)s") % {"number": seat.number + 1})
        else:
            position = relative_position(seat.number, viewer, players)
            names.append({"left": _("Left"), "right": _("Right"), "across": _("Across")}[position])
    return names
