"""The lobby's views: the home page, new matches (practice or a friends' table), the open
tables, and joining a friends' table by its code or link."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET, require_http_methods

from games.core.http import SignedInRequest
from games.core.names import place_name, seat_names
from games.core.registry import all_specs, get_spec
from games.core.spec import AnySpec, OptionsForm
from games.forms import FriendsTableForm, JoinForm, PracticeForm
from games.history.results import places
from games.models import Match
from games.services import (
    REMOVED,
    MoveRejected,
    TooManyWrongCodes,
    create_friends_table,
    create_practice_match,
    join_table,
    load_table,
    match_for_user,
    matches_of,
    open_tables,
    removed_from,
    table_for_code,
)

RECENT_MATCHES = 10


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "games/home.html")


def _posted_game(request: HttpRequest) -> str | None:
    """The game whose new-match forms were sent (None for a GET, or for the join form)."""
    if request.method != "POST" or request.POST.get("mode") == "join":
        return None
    return request.POST.get("game") or all_specs()[0].key


@dataclass
class LobbyGame:
    """One game's forms in the lobby."""

    drawn_key: str
    spec: AnySpec
    options: OptionsForm
    practice: PracticeForm
    friends: FriendsTableForm


def _game_forms(request: SignedInRequest) -> list[LobbyGame]:
    """Each game's lobby forms, the posted one bound to the request's data; the others start
    from the person's last match of that game. An unbound game's forms show nothing but the
    language and those choices: ``drawn_key`` names them, and the page draws them once per
    process for each key."""
    posted = _posted_game(request)
    mode = request.POST.get("mode", "practice")
    listed = []
    for spec in all_specs():
        data = request.POST if posted == spec.key else None
        options = spec.table.options_form(data)
        practice = PracticeForm(spec, data if mode == "practice" else None)
        friends = FriendsTableForm(spec, data if mode == "friends" else None)
        # Every game's forms are on one page: their elements' ids are the game's and the form's.
        options.auto_id = f"id_{spec.key}_%s"
        practice.auto_id = f"id_{spec.key}_practice_%s"
        friends.auto_id = f"id_{spec.key}_friends_%s"
        drawn_key = ""
        if data is None:
            _remember_last_choices(request, spec, options, practice)
            drawn_key = repr(
                (
                    get_language(),
                    spec.key,
                    sorted(options.initial.items()),
                    sorted(practice.initial.items()),
                )
            )
        listed.append(LobbyGame(drawn_key, spec, options, practice, friends))
    return listed


def _remember_last_choices(
    request: SignedInRequest, spec: AnySpec, options: OptionsForm, practice: PracticeForm
) -> None:
    """Start the forms from the person's last practice match of ``spec``'s game, if any."""
    last = (
        matches_of(request.user)
        .filter(game=spec.key, mode=Match.Mode.PRACTICE)
        .order_by("-created")
        .first()
    )
    if last is None:
        return
    options.initial = {**options.initial, **last.options}
    seats = list(last.seats.all())
    levels = [seat.computer_level for seat in seats if seat.computer_level]
    practice.initial = {**practice.initial, "players": len(seats)}
    if levels:
        practice.initial["level"] = levels[0]


@login_required
@require_http_methods(["GET", "POST"])
def lobby(request: SignedInRequest) -> HttpResponse:
    games = _game_forms(request)
    join = JoinForm(request.POST if request.POST.get("mode") == "join" else None)
    failed, status = False, 400
    if request.method == "POST":
        if request.POST.get("mode") == "join":
            if join.is_valid():
                try:
                    match = table_for_code(request, join.cleaned_data["code"])
                except TooManyWrongCodes:
                    join.add_error("code", _too_many_codes())
                    status = 429
                else:
                    if match is not None and match.code:
                        return redirect("table_join", code=match.code)
                    join.add_error("code", _no_such_code())
            failed = True
        else:
            key = _posted_game(request)
            chosen = next((game for game in games if game.spec.key == key), None)
            created = _create_from(request, chosen) if chosen else None
            if created is not None:
                return redirect("match_table", match_id=created.pk)
            failed = True
    mine = matches_of(request.user).prefetch_related("seats__user__profile")
    context = {
        "games": games,
        "join": join,
        "open_tables": open_tables(request.user),
        "unfinished": _listed(mine.exclude(status__in=_ENDED)[:RECENT_MATCHES], request),
        "finished": _listed(mine.filter(status__in=_ENDED)[:RECENT_MATCHES], request),
    }
    return render(request, "games/lobby.html", context, status=status if failed else 200)


_ENDED = (Match.Status.FINISHED, Match.Status.RESIGNED)


@login_required
@require_GET
def lobby_open_tables(request: SignedInRequest) -> HttpResponse:
    """The lobby's list of open tables, which the lobby asks for again every few seconds."""
    return render(request, "games/_open_tables.html", {"open_tables": open_tables(request.user)})


def _no_such_code() -> str:
    return gettext("There is no table with this code. Check it with your friend.")


def _too_many_codes() -> str:
    return gettext("Too many codes that found no table: wait a few minutes, then try again.")


def _create_from(request: SignedInRequest, chosen: LobbyGame) -> Match | None:
    spec, options = chosen.spec, chosen.options
    mode = request.POST.get("mode", "practice")
    if mode == "practice":
        practice = chosen.practice
        if options.is_valid() and practice.is_valid():
            return create_practice_match(
                request.user,
                spec.key,
                options.cleaned_options(),
                practice.cleaned_data["level"],
                players=practice.players,
            )
    elif mode == "friends":
        form = chosen.friends
        if options.is_valid() and form.is_valid():
            return create_friends_table(
                request.user,
                spec.key,
                options.cleaned_options(),
                form.players,
                computers=form.computers(),
                turn_seconds=form.cleaned_data["clock"],
                listed=form.cleaned_data["listed"],
                watchable=form.cleaned_data["watchable"],
            )
    return None


def _listed(matches: Iterable[Match], request: HttpRequest) -> list[dict[str, object]]:
    listed: list[dict[str, object]] = []
    now = timezone.now()
    for match in matches:
        seats = sorted(match.seats.all(), key=lambda seat: seat.number)
        me = next(seat.number for seat in seats if seat.user_id == request.user.pk)
        names = seat_names(seats, me)
        count = len(seats)
        computers = [seat for seat in seats if seat.is_computer]
        spec = get_spec(match.game)
        listed.append(
            {
                "match": match,
                "game": spec.name,
                "won": match.winner == me,
                "place": place_name(places(match.scores, match.winner, match.resigned_by)[me])
                if match.is_finished and match.scores
                else "",
                "level": spec.computers.label(computers[0].computer_level) if computers else "",
                "about": spec.table.listing(match),
                # The viewer first, then the others in playing order.
                "scores": [
                    (names[n % count], match.scores[n % count])
                    for n in range(me, me + count)
                    if match.scores
                ],
                "just_now": now - match.updated < timedelta(minutes=1),
            }
        )
    return listed


@require_http_methods(["GET", "POST"])
def table_join(request: HttpRequest, code: str) -> HttpResponse:
    """A friends' table's link: a person signed in joins with one press (a GET never seats
    anybody); a visitor first plays as a guest or signs in, then comes back here."""
    try:
        match = table_for_code(request, code)
    except TooManyWrongCodes:
        context = {"missing": True, "message": _too_many_codes()}
        return render(request, "games/join.html", context, status=429)
    if match is None:
        return render(request, "games/join.html", {"missing": True}, status=404)
    if request.user.is_authenticated and match_for_user(request.user, match.pk) is not None:
        return redirect("match_table", match_id=match.pk)
    message, status = "", 200
    removed = removed_from(match.pk, request.user) is not None
    if request.method == "POST" and request.user.is_authenticated:
        try:
            join_table(match.pk, request.user)
        except MoveRejected as rejected:
            message, status = rejected.message, rejected.status
        else:
            return redirect("match_table", match_id=match.pk)
    elif removed:
        # Said before they press anything: the link is of no use to them any more.
        message, status = str(REMOVED), 403
    table = load_table(match)
    context = {
        "match": match,
        "spec": table.spec,
        "names": seat_names(table.seats, None),
        "seats": table.seats,
        "full": not any(seat.is_open for seat in table.seats),
        "started": not match.is_waiting,
        "removed": removed,
        "message": message,
        "here": reverse("table_join", args=[match.code]),
    }
    return render(request, "games/join.html", context, status=status)
