"""Watching a friends' table: the watch link's page, its live fragments, and the host's
switch. A watcher sees the table as nobody's seat sees it (the game's ``public_view``, drawn by
its ``present_watching`` into its ``watch_template``), with the players strip and nothing to
press; everything a watcher sends is refused (``watching``). A person seated at the table who
opens the watch link gets their own seat's table instead."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from games.core.names import seat_names
from games.core.refusals import MoveRejected
from games.rendering import core_view
from games.services import Table, watch_refusal, watched_match, watched_table

WATCH_TEMPLATE = "games/watch.html"
REFUSED_TEMPLATE = "games/watch_refused.html"
RETRY_SECONDS = 60
"""When a table with all the watchers it takes may be tried again (``Retry-After``)."""


def not_watchable() -> MoveRejected:
    return MoveRejected(
        "not_watchable",
        gettext_lazy(
            "This table cannot be watched: it does not exist, it is not open to watchers, "
            "or its host stopped letting others watch."
        ),
    )


def watching() -> MoveRejected:
    return MoveRejected(
        "watching", gettext_lazy("You are watching this table: watchers cannot play or chat.")
    )


def watch_context(table: Table, token: str, origin: str = "", message: str = "") -> dict[str, Any]:
    """The watcher's page's context: the core's part as a stranger sees it (nobody is "you",
    nobody's controls) and the game's public table (none while the table waits for players)."""
    names = seat_names(table.seats, None)
    core = core_view(table, 0, names, origin, watcher=True)
    core.is_owner = core.may_switch_watching = False
    core.code = core.join_url = core.invite_url = core.watch_url = ""
    for player in core.players:
        player.is_me = player.may_become_host = False
    waiting = table.match.is_waiting or table.state is None
    return {
        "core": core,
        "w": None if waiting else table.spec.table.present_watching(table, names),
        "watch_head": f"{table.spec.table.watch_template}#head",
        "watch_table": f"{table.spec.table.watch_template}#table",
        "game_name": table.spec.name,
        "ws_url": f"/ws/watch/{token}/",
        "message": message,
    }


def watch_fragments(table: Table, token: str, origin: str = "", message: str = "") -> str:
    """``#table`` and the out-of-band ``#announcer`` update, as a watcher sees the table."""
    context = watch_context(table, token, origin, message)
    return render_to_string(f"{WATCH_TEMPLATE}#table", context) + render_to_string(
        f"{WATCH_TEMPLATE}#announcer-oob", context
    )


def refused_fragments(rejected: MoveRejected) -> str:
    """The page's ``#table`` replaced by the refusal (the table no longer watchable, too many
    watchers, a page that sent too much)."""
    return render_to_string(f"{REFUSED_TEMPLATE}#table", {"rejected": rejected})


def refused(request: HttpRequest, rejected: MoveRejected) -> HttpResponse:
    response = render(request, REFUSED_TEMPLATE, {"rejected": rejected}, status=rejected.status)
    if rejected.reason == "too_many_watchers":
        response["Retry-After"] = str(RETRY_SECONDS)
    return response


@require_GET
def table_watch(request: HttpRequest, token: str) -> HttpResponse:
    """The watch link: the table live as a watcher sees it, for anyone (no sign-in needed);
    a person seated at it goes to their own seat's table instead."""
    match = watched_match(token)
    table = None if match is None else watched_table(match.pk)
    if match is None or table is None:
        return refused(request, not_watchable())
    if table.seat_of(request.user) is not None:
        return redirect("match_table", match_id=match.pk)
    rejected = watch_refusal(match.pk)
    if rejected is not None:
        return refused(request, rejected)
    origin = f"{request.scheme}://{request.get_host()}"
    return render(request, WATCH_TEMPLATE, watch_context(table, token, origin))
