"""The table's views, thin: find the match for this user, call the service, render the table
(the lobby's views are in `lobby_views`)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games.chat import chat_panel
from games.core.computers import runner
from games.core.http import HtmxRequest, SignedInRequest
from games.models import Match
from games.rendering import (
    REMOVED_TEMPLATE,
    page_context,
    removed_context,
    table_fragments,
    template_of,
)
from games.services import (
    MoveRejected,
    Table,
    fill_with_computers,
    free_seat,
    hand_host,
    leave_waiting_table,
    load_table,
    match_for_user,
    next_round,
    play,
    read_table,
    removed_from,
    resign,
    set_watchable,
    start_table,
    turn_of,
    version_from,
)


def _get_match_for_user(request: HttpRequest, match_id: int) -> Match:
    match = match_for_user(request.user, match_id)
    if match is None:
        raise Http404
    return match


def _render_table(
    request: SignedInRequest, table: Table, message: str = "", status: int = 200
) -> HttpResponse:
    seat = table.seat_of(request.user)
    assert seat is not None
    if request.htmx:
        return HttpResponse(
            table_fragments(table, seat, message=message, request=request), status=status
        )
    context = page_context(table, seat, message, request)
    context["chat"] = chat_panel(table.match.pk, request.user) if table.match.is_friends else None
    return render(request, template_of(table, seat), context, status=status)


@login_required
@require_GET
def match_table(request: SignedInRequest, match_id: int) -> HttpResponse:
    table = read_table(request.user, match_id)
    if table is None:
        removed = removed_from(match_id, request.user)
        if removed is None:
            raise Http404
        return render(request, REMOVED_TEMPLATE, removed_context(removed), status=403)
    if turn_of(table) is not None:
        # A computer to move, or a turn clock to watch: a runner lost (a restart) resumes.
        runner.request_bot_moves(match_id)
    return _render_table(request, table)


def _move_view(
    change: Callable[[SignedInRequest, int], Table],
) -> Callable[[SignedInRequest, int], HttpResponse]:
    """A POST that changes the match through ``change``: the whole table comes back, with the
    refusal's message (and its status) when the service refused."""

    @require_POST
    def view(request: SignedInRequest, match_id: int) -> HttpResponse:
        if not request.user.is_authenticated:
            return HttpResponseForbidden()
        try:
            table = change(request, match_id)
        except MoveRejected as rejected:
            current = read_table(request.user, match_id)
            if rejected.status == 404 or current is None:
                raise Http404 from None
            return _render_table(request, current, rejected.message, rejected.status)
        seat = table.seat_of(request.user)
        if not request.htmx or (seat is not None and table.seats[seat].left):
            # A person who has just left loads the page that says so, whole: the table's
            # panels (the resign box among them) go with the table.
            return _redirect_page(request, reverse("match_table", args=[match_id]))
        return _render_table(request, table)

    return view


def _redirect_page(request: SignedInRequest, url: str) -> HttpResponse:
    """To ``url`` as a whole page: htmx follows ``HX-Redirect``, a form post a redirect."""
    if request.htmx:
        return HttpResponse(status=204, headers={"HX-Redirect": url})
    return redirect(url)


SOCKET_HEADER = "X-Table-Socket"
"""The header of a page's move naming its open socket (the token in every frame's
``#table-socket``), whose consumer then leaves the new table to the HTTP answer."""


def _socket(request: HtmxRequest) -> str:
    """The page's open socket, named by an htmx move whose answer carries the table."""
    return request.headers.get(SOCKET_HEADER, "")[:64] if request.htmx else ""


match_act = _move_view(
    lambda request, match_id: play(
        match_id, request.POST, user=request.user, socket=_socket(request)
    )
)
match_next = _move_view(
    lambda request, match_id: next_round(
        match_id, version_from(request.POST), user=request.user, socket=_socket(request)
    )
)
match_resign = _move_view(lambda request, match_id: resign(match_id, user=request.user))
table_start = _move_view(lambda request, match_id: start_table(match_id, user=request.user))
table_fill = _move_view(
    lambda request, match_id: fill_with_computers(
        match_id, str(request.POST.get("level", "")), user=request.user
    )
)


def _free(request: HttpRequest, match_id: int) -> Table:
    number = request.POST.get("seat", "")
    return free_seat(match_id, int(number) if number.isdigit() else -1, user=request.user)


table_free = _move_view(_free)


def _hand_host(request: HttpRequest, match_id: int) -> Table:
    number = request.POST.get("seat", "")
    return hand_host(match_id, int(number) if number.isdigit() else -1, user=request.user)


table_host = _move_view(_hand_host)
table_watchable = _move_view(
    lambda request, match_id: set_watchable(
        match_id, request.POST.get("watchable") == "on", user=request.user
    )
)


@require_POST
@login_required
def table_leave(request: SignedInRequest, match_id: int) -> HttpResponse:
    try:
        leave_waiting_table(match_id, user=request.user)
    except MoveRejected as rejected:
        if rejected.status == 404:
            raise Http404 from None
        table = load_table(_get_match_for_user(request, match_id))
        return _render_table(request, table, rejected.message, rejected.status)
    return redirect("lobby")
