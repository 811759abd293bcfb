"""The table chat's pages: the panel beside a friends' table, its posts (a message, a quick
phrase, a mute, a report) and the frame each seated person's socket gets when the chat changes.
The rules are the core's (``games.core.chat``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games.core import chat
from games.core.http import SignedInRequest
from games.core.refusals import MoveRejected

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise

CHAT_TEMPLATE = "games/_chat.html"
REPORTED = gettext_lazy("Thank you: the staff will read this message.")


def chat_context(
    match_id: int, viewer_id: int, *, message: str = "", reason: str = "", notice: str = ""
) -> dict[str, Any]:
    """What the chat panel shows ``viewer_id``, in the active language."""
    return {
        "match_id": match_id,
        "lines": chat.lines_of(match_id, viewer_id),
        "muted": chat.muted_at(match_id, viewer_id),
        "phrases": chat.quick_phrases(),
        "max_length": chat.MAX_LENGTH,
        "message": message,
        "reason": reason,
        "notice": notice,
    }


def chat_panel(match_id: int, user: Any) -> dict[str, Any] | None:
    """The chat panel's context for the table's page, None where ``user`` has no chat there (a
    practice match, a watcher, a person who left)."""
    if chat.chat_seat(match_id, user) is None:
        return None
    return chat_context(match_id, user.pk)


def chat_frame(match_id: int, user: Any, csrf_token: str) -> str:
    """The chat's messages as a socket frame (an out-of-band ``#chat-log``) for a person seated
    at the table; "" for anyone else, who is never sent the chat."""
    context = chat_panel(match_id, user)
    if context is None:
        return ""
    return render_to_string(
        f"{CHAT_TEMPLATE}#chat-log", {"chat": context, "oob": True, "csrf_token": csrf_token}
    )


def _answer(
    request: SignedInRequest, match_id: int, rejected: MoveRejected | None = None, notice: str = ""
) -> HttpResponse:
    """The chat's messages (with the refusal's message and reason, if any) for an htmx post;
    the table's page again for a plain form."""
    if not request.htmx:
        return redirect(reverse("match_table", args=[match_id]))
    status = 200 if rejected is None else rejected.status
    context = chat_context(
        match_id,
        request.user.pk,
        message=rejected.message if rejected else "",
        reason=rejected.reason if rejected else "",
        notice=notice,
    )
    if chat.chat_seat(match_id, request.user) is None:
        # Whatever was refused, someone not seated at the table learns nothing of its chat.
        context["lines"] = context["muted"] = []
    return HttpResponse(
        render_to_string(f"{CHAT_TEMPLATE}#chat-log", {"chat": context}, request), status=status
    )


def _chat_view(
    change: Callable[[SignedInRequest, int], object], notice: _StrOrPromise = ""
) -> Callable[[SignedInRequest, int], HttpResponse]:
    """A post to the chat through ``change``; ``notice`` is said when it is done."""

    @require_POST
    def view(request: SignedInRequest, match_id: int) -> HttpResponse:
        if not request.user.is_authenticated:
            raise Http404
        try:
            change(request, match_id)
        except MoveRejected as rejected:
            return _answer(request, match_id, rejected)
        return _answer(request, match_id, notice=str(notice))

    return view


def _number(request: HttpRequest, name: str) -> int:
    value = str(request.POST.get(name, ""))
    if not (value.isascii() and value.isdigit()) or len(value) > 12:
        raise MoveRejected("malformed", gettext_lazy("That is not a valid choice."))
    return int(value)


chat_post = _chat_view(
    lambda request, match_id: chat.post_message(
        match_id,
        request.user,
        text=str(request.POST.get("text", ""))[:2000],
        phrase=str(request.POST.get("phrase", ""))[:20],
    )
)
chat_mute = _chat_view(
    lambda request, match_id: chat.mute(match_id, request.user, _number(request, "person"))
)
chat_unmute = _chat_view(
    lambda request, match_id: chat.unmute(match_id, request.user, _number(request, "person"))
)
chat_report = _chat_view(
    lambda request, match_id: chat.report_message(
        match_id, request.user, _number(request, "message")
    ),
    notice=REPORTED,
)
