"""Invitations to a friends' table: a seated person invites another by display name, or a
rematch invites everyone still at a finished table (``games.rematch``). The invited person
sees them on every page (the person's socket, ``games.person_socket``) and accepts (takes the
seat through ``games.services.join_table``, and goes to the table) or declines. An invitation
expires with its table: started, full, finished or closed; a rematch's after two minutes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import QuerySet
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from accounts.guests import is_guest
from accounts.models import Profile
from games.core.names import display_name
from games.core.registry import get_spec
from games.models import Invitation, Match, Seat
from games.services import (
    MoveRejected,
    Table,
    join_table,
    load_table,
    match_for_user,
    push_presence,
    removed_from,
    send_to_group,
)

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

    Person = User | AnonymousUser

EXPIRED = gettext_lazy("This invitation has expired.")


def person_group(user_id: int) -> str:
    """The channel group of a person's sockets of every page (``PersonConsumer``)."""
    return f"person-{user_id}"


def tell_invited(user_id: int) -> None:
    """After the commit, the person's pages show their invitations again."""
    transaction.on_commit(
        lambda: send_to_group(person_group(user_id), {"type": "invitations.changed"})
    )


@receiver(post_save, sender=Seat, dispatch_uid="invitations_follow_the_seats")
def seats_changed(sender: type[Seat], instance: Seat, **kwargs: Any) -> None:
    """A seat of a waiting table taken, filled or freed: the pages of those invited to it show
    their invitations again (one that can no longer be accepted goes). A seat's play (a
    stand-in) changes no invitation."""
    fields = kwargs.get("update_fields")
    if kwargs.get("created") or (fields is not None and not {"user", "computer_level"} & fields):
        return
    for user_id in Invitation.objects.filter(match_id=instance.match_id).values_list(
        "user_id", flat=True
    ):
        tell_invited(user_id)


@receiver(post_delete, sender=Invitation, dispatch_uid="invitations_answered_or_closed")
def invitation_gone(sender: type[Invitation], instance: Invitation, **kwargs: Any) -> None:
    """An invitation answered, or gone with its table (closed by its host): its person's pages
    no longer show it."""
    tell_invited(instance.user_id)


def is_live(invitation: Invitation, table: Table) -> bool:
    """Whether ``invitation`` may still be accepted at ``table`` as it is now."""
    match = table.match
    if not match.is_waiting:
        return False
    if invitation.expires is not None and timezone.now() >= invitation.expires:
        return False
    if invitation.seat is not None:
        return invitation.seat < len(table.seats) and table.seats[invitation.seat].is_open
    return any(seat.is_open for seat in table.seats)


@dataclass(frozen=True)
class Shown:
    """An invitation as its person sees it."""

    pk: int
    by: str
    game: str
    rematch: bool
    expires: datetime | None = None
    """When a rematch's invitation runs out (None: with its table only)."""


def pending(user: Person) -> list[Shown]:
    """The invitations ``user`` may still accept, newest first."""
    if not user.is_authenticated:
        return []
    invitations: QuerySet[Invitation] = (
        Invitation.objects.filter(user=user, match__status=Match.Status.WAITING)
        .select_related("match", "by__profile")
        .prefetch_related("match__seats")
    )
    shown = []
    for invitation in invitations:
        match = invitation.match
        table = Table(match, tuple(match.seats.all()), None, None, get_spec(match.game))
        if is_live(invitation, table):
            shown.append(
                Shown(
                    pk=invitation.pk,
                    by=display_name(invitation.by),
                    game=str(table.spec.name),
                    rematch=invitation.seat is not None,
                    expires=invitation.expires,
                )
            )
    return shown


def _invited_person(name: str, user: User) -> User:
    """The person called ``name``, whom ``user`` may invite; refused otherwise."""
    # A name with a NUL is nobody's (and PostgreSQL refuses to look it up).
    wanted = name.strip()
    profile = (
        None
        if not wanted or "\x00" in wanted
        else Profile.objects.with_display_name(wanted).select_related("user").first()
    )
    if profile is None or not profile.user.is_active:
        raise MoveRejected(
            "unknown_person",
            gettext("Nobody is called “%(name)s” here: check the name.") % {"name": name[:60]},
        )
    invited = profile.user
    if invited.pk == user.pk:
        raise MoveRejected("yourself", gettext("You are already at this table."))
    if is_guest(invited):
        raise MoveRejected(
            "guest",
            gettext("Guests have no page to be found by: send them the table's link instead."),
        )
    return invited


def invite_by_name(match_id: int, name: str, *, user: User) -> Invitation:
    """A person seated at a waiting friends' table invites the person called ``name``."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or not match.is_friends or match_for_user(user, match_id) is None:
            raise MoveRejected("not_found", gettext("There is no such match at your table."))
        if not match.is_waiting:
            raise MoveRejected(
                "not_waiting", gettext("This table has started: its seats are taken.")
            )
        table = load_table(match)
        if not any(seat.is_open for seat in table.seats):
            raise MoveRejected("table_full", gettext("This table is full."))
        invited = _invited_person(name, user)
        if table.seat_of(invited) is not None:
            raise MoveRejected("already_seated", gettext("This person is already at the table."))
        if removed_from(match_id, invited) is not None:
            raise MoveRejected("removed", gettext("The host removed this person from this table."))
        if Invitation.objects.filter(match=match, user=invited).exists():
            raise MoveRejected("already_invited", gettext("This person is already invited."))
        invitation = Invitation.objects.create(match=match, user=invited, by=user)
        tell_invited(invited.pk)
        # The waiting room names those invited.
        transaction.on_commit(lambda: push_presence(match_id))
    return invitation


def _own_invitation(invitation_id: int, user: User) -> Invitation:
    invitation = Invitation.objects.filter(pk=invitation_id).first()
    if invitation is None:
        raise MoveRejected("expired", EXPIRED)
    if invitation.user_id != user.pk:
        raise MoveRejected("not_yours", gettext("This invitation is someone else's."))
    return invitation


def accept(invitation_id: int, *, user: User) -> Match:
    """``user`` accepts their invitation: takes the free seat (a rematch's: their own), and
    the invitation is gone. Refused, with nothing changed, once it has expired."""
    with transaction.atomic():
        invitation = _own_invitation(invitation_id, user)
        match = Match.objects.select_for_update().filter(pk=invitation.match_id).first()
        if match is None or not is_live(invitation, load_table(match)):
            raise MoveRejected("expired", EXPIRED)
        try:
            join_table(match.pk, user, seat=invitation.seat)
        except MoveRejected:
            raise MoveRejected("expired", EXPIRED) from None
        invitation.delete()
    return match


def decline(invitation_id: int, *, user: User) -> None:
    """``user`` declines their invitation: it is gone."""
    with transaction.atomic():
        invitation = _own_invitation(invitation_id, user)
        match_id = invitation.match_id
        invitation.delete()
        transaction.on_commit(lambda: push_presence(match_id))
