"""Invitations on the table's pages: the people invited to a waiting table (``invited_to``),
the rematch offered at a finished friends' table as one of its players sees it
(``rematch_offer``). A person's own invitations come with their socket (``games.person_socket``)
on every page, which costs the pages no query."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone

from games.core.names import display_name
from games.models import Invitation, Match

register = template.Library()


@register.simple_tag
def invited_to(match_id: int) -> list[dict[str, Any]]:
    """The people invited to the waiting table ``match_id`` who have not answered (a
    rematch's until its two minutes are up), by name: each ``name`` and the ``seat`` kept for
    them (a rematch's; None for an invitation by name)."""
    invitations = Invitation.objects.filter(match_id=match_id).select_related("user__profile")
    now = timezone.now()
    invited = [
        {"name": display_name(invitation.user), "seat": invitation.seat}
        for invitation in invitations
        if invitation.expires is None or invitation.expires > now
    ]
    return sorted(invited, key=lambda who: str(who["name"]))


@register.simple_tag
def rematch_offer(core: Any) -> dict[str, Any] | None:
    """The rematch of the finished friends' match ``core`` shows, for its viewer: its table,
    whether the viewer sits there, and the viewer's invitation to it (None: no rematch)."""
    viewer = next((p.user_id for p in core.players if p.is_me), None)
    rematch = Match.objects.filter(rematch_of_id=core.match_id).select_related("owner").first()
    if rematch is None or viewer is None:
        return None
    invitation = Invitation.objects.filter(match=rematch, user_id=viewer).first()
    return {
        "match_id": rematch.pk,
        "seated": rematch.seats.filter(user_id=viewer).exists(),
        "invitation": invitation.pk if invitation is not None and rematch.is_waiting else None,
        "by": display_name(rematch.owner),
    }
