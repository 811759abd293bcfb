"""How a viewer reads the names of the players at a table, for every game."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AnonymousUser, User
from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from games.models import Seat

COMPUTER_NAMES: dict[str, tuple[Promise, ...]] = {
    "beginner": (
        pgettext_lazy("a Beginner computer player's name", "Bolek"),
        pgettext_lazy("a Beginner computer player's name", "Lolek"),
        pgettext_lazy("a Beginner computer player's name", "Tola"),
        pgettext_lazy("a Beginner computer player's name", "Reksio"),
    ),
    "normal": (
        pgettext_lazy("a Normal computer player's name", "Kasia"),
        pgettext_lazy("a Normal computer player's name", "Janek"),
        pgettext_lazy("a Normal computer player's name", "Zosia"),
        pgettext_lazy("a Normal computer player's name", "Marek"),
    ),
    "expert": (
        pgettext_lazy("an Expert computer player's name", "Wanda"),
        pgettext_lazy("an Expert computer player's name", "Zbigniew"),
        pgettext_lazy("an Expert computer player's name", "Halina"),
        pgettext_lazy("an Expert computer player's name", "Bogdan"),
    ),
}
"""Four names for each of the levels the games share, disjoint, one per seat number (0-3): the
computers at a table never share a name, and a computer keeps its name all match long (the
same persona in every match, as regulars at a club's table). A level without names here is
"Computer 2"."""


def display_name(user: User | AnonymousUser | None) -> str:
    """The name other players see for ``user``. Select ``profile`` with the user
    (``select_related("user__profile")``) when showing many names, to spare a query each."""
    if user is None or not user.is_authenticated:
        return gettext("Anonymous")
    profile = getattr(user, "profile", None)
    if profile is not None:
        return str(profile.display_name)
    return user.get_username()


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


def computer_name(seat: Seat, taken: set[str]) -> str:
    """A computer's name: by its level and seat, and none of the names in ``taken`` (the
    people's and the other computers' at the table)."""
    names = [str(name) for name in COMPUTER_NAMES.get(seat.computer_level, ())]
    for offset in range(len(names)):
        name = names[(seat.number + offset) % len(names)]
        if name not in taken:
            return name
    return _("Computer %(number)s") % {"number": seat.number + 1}


def seat_names(seats: Sequence[Seat], viewer: int | None) -> list[str]:
    """Each seat's name as ``viewer`` reads it: "You", people's display names, and computers
    by the names of their level; an open seat is "Open seat"."""
    taken = {display_name(seat.user) for seat in seats if seat.user_id is not None}
    names = []
    for seat in seats:
        if viewer is not None and seat.number == viewer:
            names.append(_("You"))
        elif seat.user_id is not None:
            names.append(display_name(seat.user))
        elif seat.former_guest:
            names.append(_("a former player"))
        elif seat.is_open:
            names.append(_("Open seat"))
        else:
            name = computer_name(seat, taken)
            taken.add(name)
            names.append(name)
    return names


def place_name(place: int) -> str:
    """A place at the end of a match as people say it: "1st", "2nd", "3rd", "4th"."""
    names = {
        1: pgettext("place in a match", "1st"),
        2: pgettext("place in a match", "2nd"),
        3: pgettext("place in a match", "3rd"),
        4: pgettext("place in a match", "4th"),
    }
    return names[place]
