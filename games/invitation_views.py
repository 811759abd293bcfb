"""The views of invitations and rematches: invite a person by name from a waiting friends'
table, accept or decline an invitation from any page, offer a rematch when a friends' match
is over. A refusal answers with its message and reason code (``data-reason``), nothing saved."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games.core.http import SignedInRequest
from games.core.limits import Limit, blocked, count_miss
from games.invitations import accept, decline, invite_by_name
from games.rematch import offer_rematch
from games.services import MoveRejected

ANSWER_TEMPLATE = "games/_invite_answer.html"
REFUSED_TEMPLATE = "games/invitation_refused.html"
INVITE_LIMITS = (Limit(20, 60), Limit(100, 3600))
"""Invitations by name one address, and one account, may send in each window (names that
find nobody included): nobody is flooded with invitations, and names are not fished for."""


@require_POST
@login_required
def table_invite(request: SignedInRequest, match_id: int) -> HttpResponse:
    """Invites the person named in the form to the table; answers with a line saying so."""
    name = str(request.POST.get("name", ""))[:150]
    if blocked(request, "invite", INVITE_LIMITS):
        message = gettext("Too many invitations: wait a few minutes, then try again.")
        return render(
            request, ANSWER_TEMPLATE, {"message": message, "reason": "too_many"}, status=429
        )
    count_miss(request, "invite", INVITE_LIMITS)
    try:
        invitation = invite_by_name(match_id, name, user=request.user)
    except MoveRejected as rejected:
        if rejected.reason == "not_found":
            raise Http404 from None
        context = {"message": rejected.message, "reason": rejected.reason}
        return render(request, ANSWER_TEMPLATE, context, status=rejected.status)
    return render(request, ANSWER_TEMPLATE, {"invited": invitation, "name": name.strip()})


def _refused(request: HttpRequest, rejected: MoveRejected) -> HttpResponse:
    context = {"message": rejected.message, "reason": rejected.reason}
    return render(request, REFUSED_TEMPLATE, context, status=rejected.status)


@require_POST
@login_required
def invitation_accept(request: SignedInRequest, invitation_id: int) -> HttpResponse:
    try:
        match = accept(invitation_id, user=request.user)
    except MoveRejected as rejected:
        return _refused(request, rejected)
    return redirect("match_table", match_id=match.pk)


@require_POST
@login_required
def invitation_decline(request: SignedInRequest, invitation_id: int) -> HttpResponse:
    try:
        decline(invitation_id, user=request.user)
    except MoveRejected as rejected:
        return _refused(request, rejected)
    # Back to the page the person answered on.
    back = str(request.POST.get("next", "") or request.headers.get("referer", ""))
    safe = url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure())
    return redirect(back if safe and back else "lobby")


@require_POST
@login_required
def match_rematch(request: SignedInRequest, match_id: int) -> HttpResponse:
    try:
        match = offer_rematch(match_id, user=request.user)
    except MoveRejected as rejected:
        if rejected.reason == "not_found":
            raise Http404 from None
        return _refused(request, rejected)
    return redirect("match_table", match_id=match.pk)
