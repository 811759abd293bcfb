"""Players' pages: their matches, a match's hands and replays, shared links, the rankings,
and reports."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.core import chat
from games.core.http import HtmxRequest, SignedInRequest
from games.core.names import display_name
from games.core.registry import get_spec
from games.history import matches as history
from games.history import ranking, ratings
from games.history.moderation import ModerationError, make_report
from games.history.players import player_page
from games.models import Match, Report, Seat


@login_required
@require_GET
def my_matches(request: SignedInRequest) -> HttpResponse:
    assert request.user.is_authenticated
    filters = history.HistoryFilter(request.GET)
    page = Paginator(
        history.matches_for_history(request.user, filters), history.PAGE_SIZE
    ).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "filters": filters,
        "page": page,
        "rows": history.history_rows(list(page.object_list), request.user),
        "query": query.urlencode(),
    }
    return render(request, "games/history/my_matches.html", context)


def _seat_of(match: Match, request: HttpRequest) -> int | None:
    if not request.user.is_authenticated:
        return None
    return (
        Seat.objects.filter(match=match, user=request.user).values_list("number", flat=True).first()
    )


@require_GET
def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = history.viewable_match(request.user, match_id)
    if match is None:
        raise Http404
    seat = _seat_of(match, request)
    record = history.match_record(match, seat)
    context = {
        "record": record,
        "chat_lines": _chat_lines(match, seat, request),
        "owner": request.user.pk == match.owner_id,
        "share_url": request.build_absolute_uri(reverse("shared_match", args=[match.share_token]))
        if match.share_token and match.public
        else "",
    }
    return render(request, "games/history/match.html", context)


@require_GET
def shared_match(request: HttpRequest, token: str) -> HttpResponse:
    match = history.shared_match(token)
    if match is None:
        raise Http404
    record = history.match_record(match, None)
    context = {"record": record, "shared": True, "token": token}
    return render(request, "games/history/match.html", context)


@login_required
@require_POST
def match_share(request: SignedInRequest, match_id: int) -> HttpResponse:
    match = history.viewable_match(request.user, match_id)
    if match is None or match.owner_id != request.user.pk:
        raise Http404
    if not match.is_finished:
        messages.error(request, gettext("A match can be shared once it is over."))
    else:
        history.set_public(match, request.POST.get("public") == "1")
    return redirect("match_history", match_id=match.pk)


def _chat_lines(match: Match, seat: int | None, request: HttpRequest) -> list[chat.ChatLine]:
    """The table chat of a friends' match for its page and replays: its players only see it
    (not a shared link's visitors), without the messages staff hid or of people they muted;
    while the match goes on, only those still at the table (as the table's own chat)."""
    if seat is None or not match.is_friends:
        return []
    if not match.is_finished and chat.chat_seat(match.pk, request.user) is None:
        return []
    return chat.lines_of(match.pk, request.user.pk)


def _step(request: HttpRequest) -> int:
    value = request.GET.get("step", "0")
    return int(value) if value.isascii() and value.isdigit() and len(value) < 6 else 0


def _render_replay(
    request: HtmxRequest,
    match: Match,
    number: int,
    base: str,
    back: str,
    chat_lines: list[chat.ChatLine] | None = None,
) -> HttpResponse:
    step = history.replay_step(match, number, _step(request))
    if step is None:
        if match.is_finished:
            raise Http404
        return render(
            request,
            "games/history/replay_unavailable.html",
            {"match": match, "words": get_spec(match.game).history.round_words},
            status=403,
        )
    context = {"replay": step, "base": base, "back": back, "chat_lines": chat_lines or []}
    template = "games/history/_replay.html" if request.htmx else "games/history/replay.html"
    return render(request, template, context)


@require_GET
def match_replay(request: HtmxRequest, match_id: int, number: int) -> HttpResponse:
    match = history.viewable_match(request.user, match_id)
    if match is None:
        raise Http404
    base = reverse("match_replay", args=[match.pk, number])
    back = reverse("match_history", args=[match.pk])
    lines = [] if request.htmx else _chat_lines(match, _seat_of(match, request), request)
    return _render_replay(request, match, number, base, back, lines)


@require_GET
def shared_replay(request: HtmxRequest, token: str, number: int) -> HttpResponse:
    match = history.shared_match(token)
    if match is None:
        raise Http404
    base = reverse("shared_replay", args=[token, number])
    return _render_replay(request, match, number, base, reverse("shared_match", args=[token]))


@require_GET
def rankings(request: HttpRequest) -> HttpResponse:
    filters = ranking.RankingFilter(request.GET)
    game, board, period, length = filters.chosen()
    spec = get_spec(game)
    page = Paginator(ranking.best_scores(game, board, period, length), ranking.PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    entries = list(page.object_list)
    profiles = {
        user.pk: display_name(user)
        for user in get_user_model()
        .objects.filter(pk__in=[entry["user_id"] for entry in entries])
        .select_related("profile")
    }
    rows = []
    rank = 1
    # Equal scores share a place ("1, 2, 2, 4"), across pages too.
    for index, entry in enumerate(entries):
        if index == 0 and page.number > 1:
            rank = ranking.users_ahead(game, board, period, length, entry["best"]) + 1
        elif index > 0 and entry["best"] != entries[index - 1]["best"]:
            rank = page.start_index() + index
        rows.append(
            {
                "rank": rank,
                "name": profiles.get(entry["user_id"], ""),
                "best": entry["best"],
                "matches": entry["matches"],
                "me": entry["user_id"] == request.user.pk,
                "user_id": entry["user_id"],
            }
        )
    rated = Paginator(ranking.rated_players(game, board), ranking.PAGE_SIZE).get_page(
        request.GET.get("rated_page")
    )
    own_rating = ranking.own_rating(request.user, game, board)
    query = request.GET.copy()
    query.pop("page", None)
    query.pop("rated_page", None)
    boards = []
    if len(spec.history.boards) > 1:
        for other in spec.history.boards:
            choice = query.copy()
            choice["game"] = ranking.board_choice(game, other)
            label = spec.history.board_label(other, str(spec.name))
            boards.append((label, choice.urlencode(), other == board))
    context = {
        "filters": filters,
        "spec": spec,
        "board_name": spec.history.board_label(board, str(spec.name)),
        "boards": boards,
        "page": page,
        "rows": rows,
        "own": ranking.own_rank(request.user, game, board, period, length),
        "rated": rated,
        "rated_first": rated.start_index(),
        "own_rating": own_rating,
        "own_rating_rank": ranking.rating_rank(own_rating) if own_rating else None,
        "min_matches": ratings.min_matches(),
        "query": query.urlencode(),
    }
    return render(request, "games/history/rankings.html", context)


class ReportForm(forms.Form):
    kind = forms.ChoiceField(label=_("What do you report?"), choices=Report.Kind.choices)
    match = forms.IntegerField(required=False, widget=forms.HiddenInput)
    text = forms.CharField(
        label=_("What happened (optional)"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 4}),
    )


@require_GET
def player(request: HttpRequest, user_id: int) -> HttpResponse:
    """A player's page, for anyone: their ratings, matches and places, unless they keep it
    private."""
    person = (
        get_user_model()
        .objects.filter(pk=user_id, is_active=True)
        .select_related("profile")
        .first()
    )
    if person is None:
        raise Http404
    page = player_page(person, request.user)
    return render(request, "games/history/player.html", {"page": page})


@login_required
@require_POST
def set_page_privacy(request: SignedInRequest) -> HttpResponse:
    """The person's player page shown to others, or kept private."""
    profile = request.user.profile
    profile.page_private = request.POST.get("private") == "on"
    profile.save(update_fields=["page_private"])
    if profile.page_private:
        messages.success(request, gettext("Your player page is private now."))
    else:
        messages.success(request, gettext("Your player page is open to everyone now."))
    return redirect("player", user_id=request.user.pk)


@login_required
@require_http_methods(["GET", "POST"])
def report_player(request: SignedInRequest, user_id: int) -> HttpResponse:
    assert request.user.is_authenticated
    reported = get_user_model().objects.filter(pk=user_id).select_related("profile").first()
    if reported is None:
        raise Http404
    form = ReportForm(request.POST or None, initial={"match": request.GET.get("match")})
    status = 200
    if request.method == "POST":
        if form.is_valid():
            match_id = form.cleaned_data["match"]
            match = history.viewable_match(request.user, match_id) if match_id else None
            try:
                make_report(
                    request.user,
                    reported,
                    form.cleaned_data["kind"],
                    form.cleaned_data["text"],
                    match,
                )
            except ModerationError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, gettext("Thank you: staff will look at your report."))
                return redirect("my_matches")
        status = 400
    context = {"form": form, "reported": reported, "name": display_name(reported)}
    return render(request, "games/history/report.html", context, status=status)
