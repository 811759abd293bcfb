"""The staff's pages: find a user, see their matches and statistics, suspend or lift, force a
display-name change, void a match, act on reports, read the moderation log. Anyone else gets
a 404 (a visitor who is not signed in is sent to sign in first)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_POST

from accounts import coins
from games.core import chat
from games.core.http import SignedInRequest
from games.core.names import display_name
from games.core.refusals import MoveRejected
from games.core.registry import all_specs
from games.history import matches as history
from games.history import moderation
from games.history.statistics import statistics_of
from games.models import Match, ModerationAction, Report

PAGE_SIZE = 30
View = Callable[..., HttpResponse]


def staff_only(view: View) -> View:
    @wraps(view)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not (request.user.is_active and request.user.is_staff):
            raise Http404
        return view(request, *args, **kwargs)

    return checked


class ReasonForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason (kept in the moderation log)"),
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class CoinsForm(ReasonForm):
    amount = forms.IntegerField(
        label=_("Coins (negative to take away)"),
        min_value=-coins.STAFF_CHANGE_LIMIT,
        max_value=coins.STAFF_CHANGE_LIMIT,
    )
    field_order = ("amount", "reason")

    def clean_amount(self) -> int:
        amount: int = self.cleaned_data["amount"]
        if amount == 0:
            raise forms.ValidationError(_("Give or take at least one coin."), code="zero")
        return amount


@staff_only
@require_GET
def users(request: SignedInRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:100]
    found = get_user_model().objects.select_related("profile").order_by("-date_joined")
    if query:
        found = found.filter(
            Q(profile__display_name__icontains=query)
            | Q(username__icontains=query)
            | Q(email__icontains=query)
        )
    page = Paginator(found, PAGE_SIZE).get_page(request.GET.get("page"))
    context = {
        "query": query,
        "page": page,
        "open_reports": Report.objects.filter(status=Report.Status.OPEN).count(),
    }
    return render(request, "games/history/staff/users.html", context)


def _user(user_id: int) -> Any:
    found = get_user_model().objects.select_related("profile").filter(pk=user_id).first()
    if found is None:
        raise Http404
    return found


@staff_only
@require_GET
def user_detail(request: SignedInRequest, user_id: int) -> HttpResponse:
    person = _user(user_id)
    filters = history.HistoryFilter(request.GET)
    page = Paginator(history.matches_for_history(person, filters), history.PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    context = {
        "person": person,
        "name": display_name(person),
        "rows": history.history_rows(list(page.object_list), person),
        "page": page,
        "statistics": [statistics_of(person, spec) for spec in all_specs()],
        "actions": ModerationAction.objects.filter(target_user=person).select_related(
            "target_match"
        )[:50],
        "reports": Report.objects.filter(reported=person).select_related("reporter__profile")[:50],
        "form": ReasonForm(),
        "coins_form": CoinsForm(auto_id="coins_%s"),
        "balance": coins.wallet_of(person).balance,
    }
    return render(request, "games/history/staff/user.html", context)


def _reasoned(action: Callable[[Any, Any, str], object], done: str) -> View:
    @staff_only
    @require_POST
    def view(request: HttpRequest, user_id: int) -> HttpResponse:
        person = _user(user_id)
        form = ReasonForm(request.POST)
        if not form.is_valid():
            messages.error(request, gettext("Say why: the reason goes into the moderation log."))
        else:
            try:
                action(request.user, person, form.cleaned_data["reason"])
            except moderation.ModerationError as error:
                messages.error(request, str(error))
            else:
                messages.success(request, gettext(done))
        return redirect("staff_user", user_id=person.pk)

    return view


suspend = _reasoned(moderation.suspend, gettext_noop("The account is suspended."))
lift = _reasoned(moderation.lift, gettext_noop("The suspension is lifted."))
rename = _reasoned(moderation.force_rename, gettext_noop("The display name was replaced."))


@staff_only
@require_POST
def change_coins(request: SignedInRequest, user_id: int) -> HttpResponse:
    person = _user(user_id)
    form = CoinsForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, str(error))
    else:
        try:
            balance = moderation.change_coins(
                request.user, person, form.cleaned_data["amount"], form.cleaned_data["reason"]
            )
        except moderation.ModerationError as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request,
                ngettext(
                    "Done: they have %(balance)d coin now.",
                    "Done: they have %(balance)d coins now.",
                    balance,
                )
                % {"balance": balance},
            )
    return redirect("staff_user", user_id=person.pk)


@staff_only
@require_POST
def void_match(request: SignedInRequest, match_id: int) -> HttpResponse:
    form = ReasonForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Say why: the reason goes into the moderation log."))
    else:
        try:
            moderation.void_match(request.user, match_id, form.cleaned_data["reason"])
        except moderation.ModerationError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, gettext("The match is void."))
    if not Match.objects.filter(pk=match_id).exists():
        raise Http404
    return redirect("match_history", match_id=match_id)


@staff_only
@require_GET
def reports(request: SignedInRequest) -> HttpResponse:
    listed = Report.objects.select_related(
        "reporter__profile", "reported__profile", "match", "chat_message"
    )
    context = {
        "open": listed.filter(status=Report.Status.OPEN).order_by("created")[:100],
        "closed": listed.exclude(status=Report.Status.OPEN).order_by("-closed")[:30],
        "form": ReasonForm(),
    }
    return render(request, "games/history/staff/reports.html", context)


@staff_only
@require_POST
def close_report(request: SignedInRequest, report_id: int) -> HttpResponse:
    form = ReasonForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Say why: the reason goes into the moderation log."))
    else:
        try:
            moderation.close_report(
                request.user, report_id, request.POST.get("status", ""), form.cleaned_data["reason"]
            )
        except moderation.ModerationError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, gettext("The report is closed."))
    return redirect("staff_reports")


@staff_only
@require_POST
def hide_chat(request: SignedInRequest, message_id: int) -> HttpResponse:
    """Hides a chat message for everyone (live at the table), recorded in the log."""
    try:
        chat.hide_message(request.user, message_id, str(request.POST.get("reason", ""))[:1000])
    except MoveRejected as rejected:
        messages.error(request, rejected.message)
    else:
        messages.success(request, gettext("The message is hidden."))
    return redirect("staff_reports")


@staff_only
@require_GET
def log(request: SignedInRequest) -> HttpResponse:
    page = Paginator(ModerationAction.objects.select_related("target_match"), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    return render(request, "games/history/staff/log.html", {"page": page})
