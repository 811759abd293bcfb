"""Thin views: find the match for this user, call the service, render the table."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import bot_runner
from games.forms import NewMatchForm, move_from_fields
from games.models import Match
from games.presenters import present, seat_names
from games.rendering import table_fragments
from games.services import (
    MoveRejected,
    create_practice_match,
    load_table,
    match_for_user,
    matches_of,
    submit_move,
)

RECENT_MATCHES = 10


def _get_match_for_user(request: HttpRequest, match_id: int) -> Match:
    match = match_for_user(request.user, match_id)
    if match is None:
        raise Http404
    return match


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "games/home.html")


@login_required
@require_http_methods(["GET", "POST"])
def lobby(request: HttpRequest) -> HttpResponse:
    form = NewMatchForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        assert request.user.is_authenticated
        match = create_practice_match(request.user, form.rules(), form.cleaned_data["level"])
        return redirect("match_table", match_id=match.pk)
    assert request.user.is_authenticated
    mine = matches_of(request.user).prefetch_related("seats")
    context = {
        "form": form,
        "unfinished": _listed(mine.filter(status=Match.Status.PLAYING)[:RECENT_MATCHES], request),
        "finished": _listed(mine.exclude(status=Match.Status.PLAYING)[:RECENT_MATCHES], request),
    }
    return render(request, "games/lobby.html", context, status=400 if form.errors else 200)


def _listed(matches: Iterable[Match], request: HttpRequest) -> list[dict[str, object]]:
    listed = []
    now = timezone.now()
    for match in matches:
        seats = sorted(match.seats.all(), key=lambda seat: seat.number)
        computers = [seat for seat in seats if seat.is_computer]
        me = next(seat.number for seat in seats if seat.user_id == request.user.pk)
        names = seat_names(seats, me)
        listed.append(
            {
                "match": match,
                "won": match.winner == me,
                "level": computers[0].get_computer_level_display() if computers else "",
                # The viewer first, then the players on the left and on the right.
                "scores": [(names[n % 3], match.scores[n % 3]) for n in range(me, me + 3)],
                "just_now": now - match.updated < timedelta(minutes=1),
            }
        )
    return listed


@login_required
@require_GET
def match_table(request: HttpRequest, match_id: int) -> HttpResponse:
    table = load_table(_get_match_for_user(request, match_id))
    seat = table.seat_of(request.user)
    assert seat is not None
    bot_runner.request_bot_moves(match_id)
    if request.htmx:
        return HttpResponse(table_fragments(table, seat, request=request))
    return render(request, "games/table.html", {"t": present(table, seat)})


@require_POST
def match_act(request: HttpRequest, match_id: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return HttpResponseForbidden()
    _get_match_for_user(request, match_id)
    message, status = "", 200
    try:
        action, version = move_from_fields(request.POST)
        submit_move(match_id, action, version, user=request.user)
    except MoveRejected as rejected:
        if rejected.status == 404:
            raise Http404 from None
        message, status = rejected.message, rejected.status
    if not request.htmx and status == 200:
        return redirect("match_table", match_id=match_id)
    table = load_table(_get_match_for_user(request, match_id))
    seat = table.seat_of(request.user)
    assert seat is not None
    if request.htmx:
        return HttpResponse(
            table_fragments(table, seat, message=message, request=request), status=status
        )
    context = {"t": present(table, seat, message)}
    return render(request, "games/table.html", context, status=status)
