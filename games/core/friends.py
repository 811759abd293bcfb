"""A friends' table: joined by its link or code while it waits, its seats arranged by its host
(the person who made it, until they hand the role to another person at the table), then
started; who is at the table while it plays (presence), the turn clock's stand-in computer,
and a person who leaves it for good (their account removed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy

from games.core.changes import Author, Change, announce, commit, take_back
from games.core.clock import clock_deadline
from games.core.limits import blocked, code_limits, count_miss
from games.core.moves import deal
from games.core.presence import presence
from games.core.push import push_presence
from games.core.refusals import MoveRejected, not_found
from games.core.tables import Table, load_table, locked_table, match_for_user
from games.core.watchers import new_watch_token
from games.models import Invitation, Match, Removal, Seat

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

    Person = User | AnonymousUser


REMOVED = gettext_lazy("The host removed you from this table: you cannot sit at it again.")
"""What a person the host removed is answered when they try to sit at the table again."""


def table_by_code(code: str) -> Match | None:
    """The friends' table with ``code`` (read aloud: case and spaces do not matter)."""
    cleaned = "".join(code.split()).upper()
    if not cleaned or len(cleaned) > 16:
        return None
    return Match.objects.filter(code=cleaned, mode=Match.Mode.FRIENDS).first()


class TooManyWrongCodes(Exception):
    """The address or the account has tried too many codes that found no table."""


def table_for_code(request: HttpRequest, code: str) -> Match | None:
    """The friends' table with ``code``, as a person typed or followed it: a code that finds
    none counts against the address and the account (``games.core.limits``), and past the
    limit no code is looked up (``TooManyWrongCodes``). Every way in that takes a code from a
    request goes through here."""
    limits = code_limits()
    if blocked(request, "table_code", limits):
        raise TooManyWrongCodes
    match = table_by_code(code)
    if match is None:
        count_miss(request, "table_code", limits)
    return match


def join_table(match_id: int, user: User, seat: int | None = None) -> Table:
    """Seats ``user`` in the first open seat of a waiting friends' table that is not kept for
    someone else (a rematch's seat, while its invitation runs), or in ``seat`` if it is open
    (their own rematch seat); a person already seated there simply comes back to their seat."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or not match.is_friends:
            raise not_found()
        table = load_table(match)
        if table.seat_of(user) is not None:
            return table
        if removed_from(match_id, user) is not None:
            raise MoveRejected("removed", REMOVED)
        if not match.is_waiting:
            raise MoveRejected(
                "not_waiting", gettext_lazy("This table has started: its seats are taken.")
            )
        kept = set() if seat is not None else _kept_for_others(match_id, user)
        free = next(
            (
                open_seat
                for open_seat in table.seats
                if open_seat.is_open
                and seat in (None, open_seat.number)
                and open_seat.number not in kept
            ),
            None,
        )
        if free is None:
            if kept:
                raise MoveRejected(
                    "table_full",
                    gettext_lazy("The free seats are kept for the players of the last match."),
                )
            raise MoveRejected("table_full", gettext_lazy("This table is full."))
        free.user = user
        try:
            with transaction.atomic():
                free.save(update_fields=["user"])
        except IntegrityError:
            raise MoveRejected("table_full", gettext_lazy("This table is full.")) from None
        table = load_table(match)
        commit(Change(table, Author.TABLE))
    return table


def _kept_for_others(match_id: int, user: User) -> set[int]:
    """The seats of ``match_id`` kept for others by a rematch's invitation still running."""
    running = Q(expires__isnull=True) | Q(expires__gt=timezone.now())
    seats = (
        Invitation.objects.filter(running, match_id=match_id, seat__isnull=False)
        .exclude(user_id=user.pk)
        .values_list("seat", flat=True)
    )
    return {number for number in seats if number is not None}


def removed_from(match_id: int, user: Person) -> Match | None:
    """The friends' table ``match_id`` if its host removed ``user`` from it, else None."""
    if not user.is_authenticated:
        return None
    return Match.objects.filter(pk=match_id, removals__user=user).first()


def _host_change(match_id: int, user: Person, work: Callable[[Change], None]) -> Table:
    """A change only the table's host may make, ``work`` done on the locked table."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or not match.is_friends or match_for_user(user, match_id) is None:
            raise not_found()
        table = load_table(match)
        if match.owner_id != user.pk:
            raise MoveRejected("forbidden", gettext_lazy("Only the table's host can do this."))
        change = Change(table, Author.TABLE)
        work(change)
        commit(change)
    return table


def _before_the_start(work: Callable[[Change], None]) -> Callable[[Change], None]:
    """``work`` of the waiting room, refused once the match has started."""

    def checked(change: Change) -> None:
        if not change.match.is_waiting:
            raise MoveRejected("not_waiting", gettext_lazy("The match has already started."))
        work(change)

    return checked


def fill_with_computers(match_id: int, level: str, *, user: Person) -> Table:
    """The table's host puts computers of ``level`` in every open seat."""

    def fill(change: Change) -> None:
        table = change.table
        if level not in dict(table.spec.computers.levels):
            raise MoveRejected("malformed", gettext_lazy("Choose a computer level."))
        for seat in table.seats:
            if seat.is_open:
                seat.computer_level = level
                seat.save(update_fields=["computer_level"])

    return _host_change(match_id, user, _before_the_start(fill))


def free_seat(match_id: int, number: int, *, user: Person) -> Table:
    """Before the start the host opens a seat again: removes the person or the computer
    sitting there (never the host's own seat). A person removed may not sit at the table
    again; their open page is told so by the change's notice (the consumer finds them no
    longer seated, and removed)."""

    def free(change: Change) -> None:
        table = change.table
        if not 0 <= number < len(table.seats) or number == table.seat_of(user):
            raise MoveRejected("malformed", gettext_lazy("There is no such seat."))
        seat = table.seats[number]
        if seat.user_id is not None:
            Removal.objects.get_or_create(match=change.match, user_id=seat.user_id)
        seat.user = None
        seat.computer_level = ""
        seat.save(update_fields=["user", "computer_level"])

    return _host_change(match_id, user, _before_the_start(free))


def hand_host(match_id: int, number: int, *, user: Person) -> Table:
    """The host hands the host role to the person in seat ``number``, in the waiting room or
    while the match goes on: the new host gets the host's controls with the change's table."""

    def hand(change: Change) -> None:
        table, match = change.table, change.match
        if match.is_finished:
            raise MoveRejected("match_over", gettext_lazy("This match is over."))
        if not 0 <= number < len(table.seats):
            raise MoveRejected("malformed", gettext_lazy("There is no such seat."))
        seat = table.seats[number]
        if seat.user_id is None or seat.left or seat.user_id == user.pk:
            raise MoveRejected(
                "not_a_person",
                gettext_lazy("Only another person playing at the table can become its host."),
            )
        match.owner_id = seat.user_id
        change.touch("owner")

    return _host_change(match_id, user, hand)


def set_watchable(match_id: int, watchable: bool, *, user: Person) -> Table:
    """The host lets others watch the table with a new watch link, or stops it (the old link
    no longer shows the table, and open watch sockets close with the change's notice)."""

    def switch(change: Change) -> None:
        match = change.match
        if match.is_finished:
            raise MoveRejected("match_over", gettext_lazy("This match is over."))
        if watchable != match.is_watchable:
            match.watch_token = new_watch_token() if watchable else None
            change.touch("watch_token")

    return _host_change(match_id, user, switch)


def start_table(match_id: int, *, user: Person) -> Table:
    """The host starts a friends' table once every seat is taken."""

    def start(change: Change) -> None:
        table = change.table
        if any(seat.is_open for seat in table.seats):
            raise MoveRejected(
                "seats_open",
                gettext_lazy("Every seat needs a player: wait, or fill them with computers."),
            )
        table.match.status = Match.Status.PLAYING
        change.touch("status")
        deal(change)

    return _host_change(match_id, user, _before_the_start(start))


def leave_waiting_table(match_id: int, *, user: Person) -> None:
    """A person who joined a waiting table gets up again; the host leaving closes it."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or not match.is_friends:
            raise not_found()
        table = load_table(match)
        seat = table.seat_of(user)
        if seat is None:
            raise not_found()
        if not match.is_waiting:
            raise MoveRejected("not_waiting", gettext_lazy("The match has already started."))
        if match.owner_id == user.pk:
            match.delete()
            transaction.on_commit(lambda: push_presence(match_id))
            return
        person = table.seats[seat]
        person.user = None
        person.save(update_fields=["user"])
        commit(Change(table, Author.TABLE))


def remove_person(match_id: int, user: User) -> None:
    """``user`` leaves the match for good, their account going: their seat stays, marked as a
    former guest's, a computer playing it on while the match goes on; a table they made passes
    to the next person at it. A change like any other (the version moves on, the table is told,
    the computers play), so a computer's move computed for the old seats is dropped."""
    with transaction.atomic():
        table = locked_table(match_id)
        number = None if table is None else table.seat_of(user)
        if table is None or number is None:
            return
        match = table.match
        change = Change(table, Author.TABLE)
        seat = table.seats[number]
        seat.user = None
        seat.former_guest = True
        if not match.is_finished:
            seat.computer_level = table.spec.computers.stand_in
        seat.save(update_fields=["user", "former_guest", "computer_level"])
        if match.owner_id == user.pk:
            match.owner_id = next(
                other.user_id for other in table.seats if other.user_id is not None
            )
            change.touch("owner")
        commit(change)


def arrived(match_id: int, user: User, socket: str) -> Seat | None:
    """A table socket of ``user`` opened: at a friends' table everyone sees them there (the
    seat's presence, ``games.core.presence``), and a person who comes back takes their seat
    back from the stand-in computer (a change of the match: its version moves on, so a
    computer's move computed meanwhile is dropped); presence alone does not move the version.
    Their seat, with the match as it is now (None: no such match or seat)."""
    seat = Seat.objects.select_related("match").filter(match_id=match_id, user=user).first()
    if seat is None or not seat.match.is_friends:
        return seat
    came = presence().arrive(match_id, seat.number, socket)
    if seat.stand_in and not seat.left and seat.match.status == Match.Status.PLAYING:
        with transaction.atomic():
            match = Match.objects.select_for_update().get(pk=match_id)
            seat = Seat.objects.get(pk=seat.pk)
            seat.match = match
            if seat.stand_in and not seat.left and match.status == Match.Status.PLAYING:
                take_back(seat)
                match.version += 1
                match.save(update_fields=["version", "updated"])
                version = match.version
                transaction.on_commit(lambda: announce(match_id, version))
                return seat
    if came:
        push_presence(match_id, socket)
    return seat


def departed(match_id: int, seat: int, socket: str) -> None:
    """A friends' table's socket of ``seat`` closed: the table is told when the seat has none
    left."""
    if presence().leave(match_id, seat, socket):
        push_presence(match_id, socket)


def renew_presence(match_id: int, seat: int, socket: str) -> None:
    """Keeps an open socket's presence from running out."""
    presence().renew(match_id, seat, socket)


def clock_ran_out(match_id: int, version: int) -> bool:
    """The turn clock ran out at ``version``: a computer stands in for the person to move,
    until they are back. False (nothing changed) if the match moved on or time is left."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.version != version or match.status != Match.Status.PLAYING:
            return False
        deadline = clock_deadline(match)
        if deadline is None or timezone.now() < deadline:
            return False
        table = load_table(match)
        seat = table.to_move
        if seat is None or table.seats[seat].played_by_computer:
            return False
        person = table.seats[seat]
        person.stand_in = True
        person.save(update_fields=["stand_in"])
        commit(Change(table, Author.TABLE))
    return True
