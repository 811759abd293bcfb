"""A rematch at a friends' table: when its match is over, any player still there offers it.
A new friends' table is made at once with the same game, options and turn clock, every seat
turned by one (seat 0's player sits in seat 1, and so on around the table; computers keep
their level), the one who offered it seated and the host; each other person still at the old
table is invited to their seat (``games.invitations``) for two minutes. The host fills the
seats of those who declined or did not answer with computers, or leaves them open, from the
new table's waiting room. A second "Rematch" on the same match joins the offer made."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from games.core.lobby import create_rematch_table
from games.invitations import tell_invited
from games.models import Invitation, Match
from games.services import MoveRejected, join_table, load_table, match_for_user, push_presence

if TYPE_CHECKING:
    from django.contrib.auth.models import User

REMATCH_SECONDS = 120
"""How long the people invited to a rematch have to answer."""


def turned(number: int, players: int) -> int:
    """The seat in the rematch of the player in seat ``number``: turned by one."""
    return (number + 1) % players


def offer_rematch(match_id: int, *, user: User) -> Match:
    """``user``, a player still at the finished friends' match ``match_id``, offers a rematch
    (or joins the one already offered): the new table, where ``user`` is seated."""
    with transaction.atomic():
        old = Match.objects.select_for_update().filter(pk=match_id).first()
        if old is None or not old.is_friends or match_for_user(user, match_id) is None:
            raise MoveRejected("not_found", gettext("There is no such match at your table."))
        if not old.is_finished:
            raise MoveRejected("not_over", gettext("The match is not over yet."))
        table = load_table(old)
        mine = table.seat_of(user)
        assert mine is not None
        if table.seats[mine].left:
            raise MoveRejected("forbidden", gettext("You left this match."))
        players = len(table.seats)
        existing = Match.objects.filter(rematch_of=old).first()
        if existing is not None:
            return _join(existing, user, turned(mine, players))
        seats: list[dict[str, Any]] = [{} for _ in range(players)]
        invited: list[tuple[int, int]] = []
        for seat in table.seats:
            number = turned(seat.number, players)
            if seat.number == mine:
                seats[number] = {"user": user}
            elif seat.is_computer:
                seats[number] = {"computer_level": seat.computer_level}
            elif seat.user_id is not None and not seat.left:
                invited.append((seat.user_id, number))
        new = create_rematch_table(user, old, seats)
        expires = timezone.now() + timedelta(seconds=REMATCH_SECONDS)
        for person, number in invited:
            Invitation.objects.create(
                match=new, user_id=person, by=user, seat=number, expires=expires
            )
            tell_invited(person)
        transaction.on_commit(lambda: push_presence(match_id))
    return new


def _join(new: Match, user: User, seat: int) -> Match:
    """``user`` presses "Rematch" when it is already offered: their invitation accepted."""
    if load_table(new).seat_of(user) is not None:
        return new
    if not new.is_waiting:
        raise MoveRejected("expired", gettext("This invitation has expired."))
    invitation = Invitation.objects.filter(match=new, user=user).first()
    if invitation is not None:
        seat = invitation.seat if invitation.seat is not None else seat
        invitation.delete()
    join_table(new.pk, user, seat=seat)
    return new
