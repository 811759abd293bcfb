"""A change of a match, made on its locked table: what it changed, who made it, and whom to tell
once it is committed.

Every change runs the same way: the match row locked and its table read (``locked_table``),
the change's own work done on a ``Change`` (which gathers the match's changed fields and the
computers' lease), then ``commit``: the new version, the changed fields and the restarted
clock saved in one update, and after the commit the open tables told and the computers'
runner told what the change leaves them (``Runner``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from enum import Enum
from typing import Protocol

from django.conf import settings
from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone

from games.core.push import push_match_updated
from games.core.tables import Table, remember, stamp_of
from games.core.turns import ComputerTurn, Waiting, plays_at_once, turn_of
from games.models import Match, Seat
from games.precompiled import save_fields


class Computers(Protocol):
    """The computers' runner, as a change's commit asks it to play."""

    def request_bot_moves(
        self, match_id: int, turn: ComputerTurn | Waiting | None = None
    ) -> None: ...

    def wake(self, match_id: int) -> None: ...


computers: Computers | None = None
"""The computers' runner (``games.core.computers.runner``), named at start-up by
``GamesConfig.ready``: the runner makes its moves through this module, which therefore does not
import it."""


match_finished = Signal()
"""Sent in the change that ends a match, inside its transaction with the match row locked,
with ``match`` and ``seats``: the match history writes its results (``games.history``)."""


class Author(Enum):
    """Who made a change."""

    PERSON = "person"
    """A seated person: a move, the next round, resigning."""
    COMPUTER = "computer"
    """A computer's move, submitted by this process's runner."""
    TABLE = "table"
    """The site: a table's seats, the turn clock, a person coming back or removed."""


class Runner(Enum):
    """What a committed change asks of the computers' runner."""

    LOOK = "look"
    """Start a runner, or make the running one look at the match again."""
    TAKE = "take"
    """Hand this process's runner the turn the change read, with the lease it took."""
    WAKE = "wake"
    """Nothing is due: only a runner of this process waiting for a clock looks again."""
    NONE = "none"
    """The runner made this change, and reads the next turn off its table itself."""


@dataclass
class Change:
    """One change of a match, on its locked table."""

    table: Table
    author: Author
    socket: str = ""
    """The page socket whose page gets this change's table in its HTTP answer: that socket is
    not sent the same table again (``push_match_updated``)."""
    fields: set[str] = field(default_factory=set)
    """The match's fields changed, saved with the version at the commit."""
    leased: bool = False
    """Whether the change took or renewed this process's claim on the computers' turns."""
    after: ComputerTurn | Waiting | None = None
    """The turn the change leaves, read at the commit when a runner will want it."""

    @property
    def match(self) -> Match:
        return self.table.match

    def touch(self, *fields: str) -> None:
        """Marks match fields as changed."""
        self.fields.update(fields)

    def renew_lease(self, lease: str) -> None:
        """The claim of the process ``lease`` on the match's computer turns, renewed in the
        same update as the change where it holds or is free (the rule of
        ``games.core.computers.lease.take_lease``)."""
        match = self.match
        now = timezone.now()
        free = match.computer_lease_until is None or match.computer_lease_until < now
        if free or match.computer_lease == lease:
            match.computer_lease = lease
            match.computer_lease_until = now + timedelta(seconds=settings.BOT_LEASE_SECONDS)
            self.touch("computer_lease", "computer_lease_until")
            self.leased = True


def take_back(seat: Seat) -> None:
    """The person is back: their own moves again, no stand-in computer."""
    seat.stand_in = False
    seat.save(update_fields=["stand_in"])


def commit(change: Change) -> None:
    """Saves the new version, the changed fields and the restarted clock in one update; after
    the commit, tells the open tables and the computers' runner what the change leaves them:
    a person's change that took the lease hands this process's runner the computer's turn it
    leaves, and one that leaves nothing due only wakes a runner waiting for a clock; a
    computer's move tells its runner nothing, as the runner reads the next turn off the change
    (``Change.after``)."""
    table, match = change.table, change.match
    match.version += 1
    _restart_clock(match)
    by_runner = change.author is Author.COMPUTER and change.leased
    turn = turn_of(table) if change.author is Author.PERSON or by_runner else None
    if by_runner:
        change.after = turn
        if not isinstance(turn, ComputerTurn):
            # Nothing left for the computers to play (at most a clock to wait for, which needs
            # no claim): their runner's claim is given back in this same update.
            match.computer_lease, match.computer_lease_until = "", None
    save_fields(match, [*change.fields, "version", "turn_started", "updated"])
    if "status" in change.fields and match.is_finished:
        match_finished.send(Match, match=match, seats=table.seats)
    runner = _runner_after(change, turn)
    # A computer's move that its runner follows at once with the next computer's is not
    # announced: nobody could see its table before the next one replaces it.
    quiet = by_runner and plays_at_once(turn)
    # Read in the transaction, so that the table kept for the viewers is all of this version.
    table.finished_rounds()
    match_id, version, stamp, socket = match.pk, match.version, stamp_of(match), change.socket

    def committed() -> None:
        remember(table)
        if not quiet:
            announce(match_id, version, socket, turn, runner, stamp)

    transaction.on_commit(committed)


def _runner_after(change: Change, turn: ComputerTurn | Waiting | None) -> Runner:
    if change.author is Author.TABLE or (change.author is Author.COMPUTER and not change.leased):
        return Runner.LOOK
    if change.author is Author.COMPUTER:
        return Runner.NONE
    if turn is None:
        return Runner.WAKE
    return Runner.TAKE if change.leased else Runner.LOOK


def _restart_clock(match: Match) -> None:
    """A friends' table's turn clock starts again with every change."""
    if match.turn_seconds is None or match.status != Match.Status.PLAYING:
        match.turn_started = None
        return
    match.turn_started = timezone.now()


def announce(
    match_id: int,
    version: int,
    socket: str = "",
    turn: ComputerTurn | Waiting | None = None,
    runner: Runner = Runner.LOOK,
    stamp: str = "",
) -> None:
    """Runs after the commit: tells every open table, and the computers' runner what
    ``runner`` says."""
    push_match_updated(match_id, version, socket, stamp)
    if computers is None:
        return
    if runner is Runner.TAKE:
        computers.request_bot_moves(match_id, turn)
    elif runner is Runner.LOOK:
        computers.request_bot_moves(match_id)
    elif runner is Runner.WAKE:
        computers.wake(match_id)
