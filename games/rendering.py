"""The table's HTML for one viewer: the same for an HTTP response and a WebSocket frame.

The core draws what it knows (seats, who is there, whose turn, the turn clock, the version)
and asks the game's spec for the rest of the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse

from games.core.drawn import Drawn
from games.core.names import relative_position, seat_names
from games.core.presence import presence
from games.models import Match
from games.services import Table, clock_deadline, watch_count

WAITING_TEMPLATE = "games/waiting.html"
LEFT_TEMPLATE = "games/left.html"
"""What a person who left a friends' table sees of it: that they left, and the way out."""
REMOVED_TEMPLATE = "games/removed.html"
"""What a person the host removed from a friends' table sees of it: that, and the way out."""


@dataclass
class PlayerView(Drawn):
    number: int
    name: str
    position: str
    is_me: bool
    kind: str
    """"person", "computer" or "open"."""
    level: str
    connected: bool
    stand_in: bool
    left: bool
    to_move: bool
    is_host: bool
    may_become_host: bool
    """The viewer, the table's host, may hand this person the host role."""
    user_id: int | None = None
    """The person's account, whose player page the name leads to (None: a computer, an open
    seat, or a former player)."""


@dataclass
class CoreView(Drawn):
    """What every game's table shows the same way."""

    match_id: int
    version: int
    friends: bool
    waiting: bool
    is_owner: bool
    """The viewer is the table's host (at a practice match: its one person)."""
    code: str
    join_url: str
    invite_url: str
    """The join link in full, to read out or copy."""
    players: list[PlayerView]
    clock_seconds: int | None
    clock_deadline: str
    """ISO time the current turn's clock runs out, "" when no clock runs."""
    can_start: bool
    levels: list[tuple[str, str]]
    watchers: int = 0
    """How many watch the table (``games.core.watchers``)."""
    watch_url: str = ""
    """The watch link in full, while others may watch."""
    watchable: bool = False
    may_switch_watching: bool = False
    """The viewer, the host of a friends' table not yet over, may let others watch or stop it."""


@dataclass(frozen=True)
class MatchUrls:
    """Where a table's forms go (and where its page polls without a socket)."""

    act: str
    next: str
    resign: str
    table: str


def match_urls(match_id: int) -> MatchUrls:
    """The match's addresses, reversed once per match: a table shows them with every move."""
    return _match_urls(match_id, get_script_prefix())


@lru_cache(maxsize=4096)
def _match_urls(match_id: int, prefix: str) -> MatchUrls:
    return MatchUrls(
        act=reverse("match_act", args=[match_id]),
        next=reverse("match_next", args=[match_id]),
        resign=reverse("match_resign", args=[match_id]),
        table=reverse("match_table", args=[match_id]),
    )


def core_view(
    table: Table, viewer: int, names: list[str], origin: str = "", *, watcher: bool = False
) -> CoreView:
    """The core's part of the table as the seat ``viewer`` sees it (a ``watcher`` sees it from
    behind that seat, holding nothing); ``origin`` (``https://host``) makes the join link whole.
    Whose turn it is shows as far as everyone may know it, or the viewer's own turn."""
    match = table.match
    to_move = table.to_move
    if watcher or to_move != viewer:
        to_move = table.public_to_move
    # At a friends' table, the people with a table socket open; at a practice match, the one
    # person there, who is looking.
    present = presence().seats(match.pk) if match.is_friends else {viewer}
    is_owner = table.seats[viewer].user_id == match.owner_id
    hands_host = is_owner and match.is_friends and not match.is_finished
    players = [
        PlayerView(
            number=seat.number,
            name=names[seat.number],
            position=relative_position(seat.number, viewer, len(table.seats)),
            is_me=seat.number == viewer,
            kind="open" if seat.is_open else ("computer" if seat.is_computer else "person"),
            level=table.spec.computers.label(seat.computer_level) if seat.computer_level else "",
            connected=seat.number in present,
            stand_in=seat.stand_in,
            left=seat.left,
            to_move=seat.number == to_move,
            is_host=match.is_friends and seat.user_id == match.owner_id,
            may_become_host=hands_host
            and seat.number != viewer
            and seat.user_id is not None
            and not seat.left,
            user_id=seat.user_id,
        )
        # The viewer first, then the others in playing order, as around a real table.
        for seat in table.seats[viewer:] + table.seats[:viewer]
    ]
    # The turn clock is a person's: a computer (or one standing in) to move shows none.
    person_to_move = to_move is not None and not table.seats[to_move].played_by_computer
    deadline = clock_deadline(match) if person_to_move else None
    join_url = reverse("table_join", args=[match.code]) if match.code else ""
    watchable = match.is_watchable and not match.is_finished
    watch_url = origin + reverse("table_watch", args=[match.watch_token]) if watchable else ""
    return CoreView(
        match_id=match.pk,
        version=match.version,
        friends=match.is_friends,
        waiting=match.is_waiting,
        is_owner=is_owner,
        code=match.code or "",
        join_url=join_url,
        invite_url=origin + join_url if join_url else "",
        players=players,
        clock_seconds=match.turn_seconds,
        clock_deadline=deadline.isoformat() if deadline else "",
        can_start=not any(seat.is_open for seat in table.seats),
        levels=[(value, str(label)) for value, label in table.spec.computers.levels],
        watchers=watch_count(match.pk) if watchable else 0,
        watch_url=watch_url,
        watchable=watchable,
        may_switch_watching=hands_host,
    )


def page_context(
    table: Table,
    seat: int,
    message: str = "",
    request: HttpRequest | None = None,
    origin: str = "",
) -> dict[str, Any]:
    """The template context of the table (or of the waiting room) as ``seat`` sees it; a
    WebSocket frame has no request, and gives the page's ``origin`` instead."""
    names = seat_names(table.seats, seat)
    if request is not None:
        origin = f"{request.scheme}://{request.get_host()}"
    context: dict[str, Any] = {"core": core_view(table, seat, names, origin), "message": message}
    if template_of(table, seat) == table.spec.table.template:
        context["t"] = table.spec.table.present(table, seat, names, message, request)
    return context


def template_of(table: Table, seat: int) -> str:
    """The page ``seat`` sees: the waiting room, the note that they left, or the game's table."""
    if table.match.is_waiting:
        return WAITING_TEMPLATE
    if table.seats[seat].left:
        return LEFT_TEMPLATE
    return table.spec.table.template


def table_fragments(
    table: Table,
    seat: int,
    *,
    message: str = "",
    request: HttpRequest | None = None,
    csrf_token: str = "",
    origin: str = "",
) -> str:
    """``#table`` and an out-of-band ``#announcer`` update, as ``seat`` sees the table.

    A WebSocket frame has no request: its forms carry the CSRF token of the socket's cookie.
    """
    context = page_context(table, seat, message, request, origin)
    if request is None:
        context["csrf_token"] = csrf_token
    template = template_of(table, seat)
    return render_to_string(f"{template}#table", context, request) + render_to_string(
        f"{template}#announcer-oob", context, request
    )


def removed_context(match: Match) -> dict[str, Any]:
    """The context of ``REMOVED_TEMPLATE``: the match's number and version, nothing of its
    seats (the person is no longer at the table)."""
    return {"core": {"match_id": match.pk, "version": match.version}}


def removed_fragments(match: Match) -> str:
    """``#table`` and the ``#announcer`` update telling a person on the table's page that the
    host removed them (a WebSocket frame, in the language active)."""
    context = removed_context(match)
    return render_to_string(f"{REMOVED_TEMPLATE}#table", context) + render_to_string(
        f"{REMOVED_TEMPLATE}#announcer-oob", context
    )
