"""A table: a match with its seats (people and profiles loaded), its current round and that
round's position rebuilt by replaying its actions; all a change or a presenter needs, read
once. Read three ways: as stored (``load_table``), under the match's lock for a change
(``locked_table``), and as it was at one moment for a viewer (``read_table``)."""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypedDict

from django.db import transaction
from django.db.models import F

from games.core.registry import get_spec
from games.core.spec import AnySpec
from games.models import Match, Round, Seat
from games.precompiled import Precompiled

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User
    from django_stubs_ext import WithAnnotations

    Person = User | AnonymousUser

    class _ReadAt(TypedDict):
        read_at: int


@dataclass
class Table:
    """A match with its seats (users and profiles loaded), its current round and that round's
    rebuilt state: all a service or a presenter needs, loaded once."""

    match: Match
    seats: tuple[Seat, ...]
    round: Round | None
    state: Any
    spec: AnySpec
    results: list[Round] | None = field(default=None)

    def seat_of(self, user: Person | None) -> int | None:
        """The seat number of ``user`` at this table, or ``None`` for a stranger."""
        if user is None or not user.is_authenticated:
            return None
        for seat in self.seats:
            if seat.user_id == user.pk:
                return seat.number
        return None

    def view_for(self, seat: int) -> Any:
        """All that ``seat`` may see of the current round."""
        return self.spec.rules.observation(self.state, seat)

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is while the match goes on."""
        if self.match.status != Match.Status.PLAYING or self.state is None:
            return None
        return self.spec.rules.to_move(self.state)

    @property
    def public_to_move(self) -> int | None:
        """The seat everyone may be shown to be moving (``GameRules.to_move_in_public``)."""
        if self.match.status != Match.Status.PLAYING or self.state is None:
            return None
        return self.spec.rules.to_move_in_public(self.state)

    @property
    def computer_to_move(self) -> int | None:
        """The seat a computer is to play now (a computer's, or a person's stand-in), if any."""
        seat = self.to_move
        if seat is None:
            return None
        return seat if self.seats[seat].played_by_computer else None

    def finished_rounds(self) -> list[Round]:
        """The match's finished rounds, oldest first (loaded once, only what presenters use)."""
        if self.results is None:
            self.results = list(
                Round.objects.filter(match=self.match)
                .exclude(status=Round.Status.PLAYING)
                .only("number", "status", "result", "setup")
                .order_by("number")
            )
        return self.results


def load_table(match: Match) -> Table:
    """The table of ``match`` as stored: its seats with their people, its current round."""
    seats = tuple(
        Seat.objects.filter(match=match).select_related("user__profile").order_by("number")
    )
    return table_of(match, seats, current_round(match))


_SEATS = Precompiled(
    lambda match_id: (
        Seat.objects.filter(match_id=match_id)
        .select_related("match", "user__profile")
        .order_by("number")
    ),
    1,
)


_LOCKED_SEATS = Precompiled(
    lambda match_id: (
        Seat.objects.filter(match_id=match_id)
        .select_related("match", "user__profile")
        .select_for_update(of=("match",))
        .order_by("number")
    ),
    1,
)


_ROUNDS: Precompiled[WithAnnotations[Round, _ReadAt]] = Precompiled(
    lambda match_id: (
        Round.objects.filter(match_id=match_id)
        .annotate(read_at=F("match__version"))
        .order_by("number")
    ),
    1,
)


_CURRENT_ROUND = Precompiled(
    lambda match_id: Round.objects.filter(match_id=match_id).order_by("-number")[:1], 1
)


def current_round(match: Match) -> Round | None:
    found = _CURRENT_ROUND(match.pk)
    return found[0] if found else None


def _match_of(seats: tuple[Seat, ...]) -> Match:
    """The match the seats were read with (``select_related``), one object for them all."""
    match = seats[0].match
    for seat in seats:
        seat.match = match
    return match


def locked_table(match_id: int) -> Table | None:
    """``load_table`` of ``match_id`` with the match row locked until the transaction ends,
    the match read with its seats (None: no such match). When this process committed the
    match's last change, its round and finished rounds come from that table instead of the
    database: every change to a round raises the version, so the same version means the same
    rounds. The seats and their people are always read afresh."""
    seats = tuple(_LOCKED_SEATS(match_id))
    if not seats:
        return None
    match = _match_of(seats)
    last = committed_table(match_id, stamp_of(match))
    if last is None:
        return table_of(match, seats, current_round(match))
    # The committed table is shared with the threads rendering it: the change gets its own
    # round (a change assigns its fields, never mutates them) and list of finished rounds.
    current = None if last.round is None else copy.copy(last.round)
    results = None if last.results is None else list(last.results)
    return Table(match, seats, current, last.state, last.spec, results=results)


def table_of(
    match: Match,
    seats: tuple[Seat, ...],
    current: Round | None,
    results: list[Round] | None = None,
) -> Table:
    """The table of ``match`` as read, its current round's position rebuilt."""
    spec = get_spec(match.game)
    state = None if current is None else spec.rules.replay(current.setup, current.actions)
    return Table(match, seats, current, state, spec, results=results)


def read_table(user: Person, match_id: int) -> Table | None:
    """The table of ``match_id`` for a person seated at it, as it was at one moment: the
    version and the position it labels always belong together, even while a move commits
    meanwhile (a table showing version v with the position of v + 1 would get the person's
    next move refused as stale). ``None`` for a stranger."""
    if not user.is_authenticated:
        return None
    return consistent_table(match_id, user)


CONSISTENT_READ_TRIES = 5
"""How often a table is read without a lock before it is read under the match's lock."""


def consistent_table(match_id: int, user: Person | None = None) -> Table | None:
    """The table of ``match_id`` as it was at one moment (None: no such match, or ``user``
    has no seat at it).

    Two statements and no transaction (a table is read for every viewer after every move): the
    match with its seats, then the rounds, each with the match's version as that statement
    saw it. Every change to a round raises the version in the same transaction, so the rounds
    read at the version of the first statement are the rounds of that moment; a change that
    committed in between is seen by the version, and the table is read again. After
    ``CONSISTENT_READ_TRIES`` such reads it is read under the match's lock, which holds the
    changes off."""
    for _ in range(CONSISTENT_READ_TRIES):
        seats = tuple(_SEATS(match_id))
        if not seats or (user is not None and all(seat.user_id != user.pk for seat in seats)):
            return None
        match = _match_of(seats)
        rounds = _ROUNDS(match_id)
        if all(played.read_at == match.version for played in rounds):
            finished: list[Round] = [
                played for played in rounds if played.status != Round.Status.PLAYING
            ]
            return table_of(match, seats, rounds[-1] if rounds else None, finished)
    with transaction.atomic():
        table = locked_table(match_id)
        if table is None or (user is not None and table.seat_of(user) is None):
            return None
        table.finished_rounds()
    return table


def matches_of(user: User) -> Any:
    """The matches where ``user`` has a seat, newest activity first."""
    return Match.objects.filter(seats__user=user).distinct().order_by("-updated")


def match_for_user(user: Person, match_id: int) -> Match | None:
    """The match if ``user`` sits at it, else ``None`` (strangers learn nothing about it)."""
    if not user.is_authenticated:
        return None
    return Match.objects.filter(pk=match_id, seats__user=user).first()


def seed_text(match: Match, *parts: object) -> str:
    return ":".join(str(part) for part in (match.seed, *parts))


# -- the tables kept after each change --------------------------------------------------------
# Each server process keeps the table its last change of a match left: the viewers on that
# process are rendered from it without reading it back, and the match's next change there reads
# only its seats and locked row. The notice's stamp (``stamp_of``: version and save time) names
# the table; a change made by another process is seen by the stamp, and read in full.


COMMITTED_TABLES = 4096
"""How many matches' last committed tables a process keeps for the viewers' pushed tables."""
_committed_lock = threading.Lock()
_committed: OrderedDict[int, Table] = OrderedDict()


def remember(table: Table) -> None:
    """Keeps the table a committed change left, for its viewers on this process and for the
    match's next change (``committed_table``). Nothing may change it from now on."""
    with _committed_lock:
        _committed[table.match.pk] = table
        _committed.move_to_end(table.match.pk)
        while len(_committed) > COMMITTED_TABLES:
            _committed.popitem(last=False)


def committed_table(match_id: int, stamp: str) -> Table | None:
    """The table of ``match_id`` as a change in this process committed it, if ``stamp`` (see
    ``stamp_of``) says it is the one at hand (the viewers' tables of that version are rendered
    from it instead of being read back). Shared between threads: read only."""
    with _committed_lock:
        table = _committed.get(match_id)
    return table if table is not None and stamp_of(table.match) == stamp else None


def stamp_of(match: Match) -> str:
    """The version with the moment it was saved: a match's version names its state, the
    moment tells apart the matches that had the same number in a database restored or
    emptied meanwhile (a test's)."""
    return f"{match.version}@{match.updated.isoformat()}"
