"""The computers' turns: which computer is to move at a match, with its own seat's observation
and nothing more (``ComputerTurn``), or the deadline of a person's turn clock a runner waits
for (``Waiting``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings

from games.core.clock import clock_deadline
from games.core.tables import Table, committed_table, consistent_table, seed_text, stamp_of
from games.models import Match


@dataclass(frozen=True)
class ComputerTurn:
    """What a computer player needs to choose its move, and nothing more."""

    match_id: int
    version: int
    seat: int
    level: str
    chooser: str
    view: Any
    seed: str
    pause: float
    """How many usual pauses to wait before playing (longer after a trick closes)."""
    quick: bool = False
    """The level decides in well under a millisecond (``GameSpec.quick_levels``)."""


@dataclass(frozen=True)
class Waiting:
    """Nobody computes now; the turn clock of a person runs out at ``deadline``."""

    match_id: int
    version: int
    deadline: datetime


def plays_at_once(turn: ComputerTurn | Waiting | None) -> bool:
    """Whether a runner plays ``turn`` the moment it has it: a quick level's with no pause
    (``BOT_MOVE_DELAY`` 0), decided in the same hop that submits it."""
    return (
        isinstance(turn, ComputerTurn) and turn.quick and settings.BOT_MOVE_DELAY * turn.pause <= 0
    )


def computer_turn(match_id: int) -> ComputerTurn | Waiting | None:
    """The computer to move at ``match_id`` with its own observation; or the deadline of a
    person's turn clock; or ``None`` when there is nothing to wait for."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.PLAYING:
        return None
    kept = committed_table(match_id, stamp_of(match))
    if kept is None:
        # One moment's table: a move committing between the match's row and its round would
        # give a computer's turn at a version that never had it.
        table = consistent_table(match_id)
        return None if table is None else turn_of(table)
    # The round as this process's last change left it, with the match's row as it is now.
    return turn_of(Table(match, kept.seats, kept.round, kept.state, kept.spec))


def turn_of(table: Table) -> ComputerTurn | Waiting | None:
    """``computer_turn`` of a table as loaded, or as a change has just left it."""
    match = table.match
    if match.status != Match.Status.PLAYING:
        return None
    seat = table.computer_to_move
    if seat is None:
        deadline = clock_deadline(match)
        if deadline is not None and table.to_move is not None:
            return Waiting(match.pk, match.version, deadline)
        return None
    view = table.view_for(seat)
    return ComputerTurn(
        match_id=match.pk,
        version=match.version,
        seat=seat,
        level=playing_level(table, seat),
        chooser=table.spec.computers.chooser,
        view=view,
        seed=seed_text(match, "computer", match.version),
        pause=table.spec.computers.pause_after(view),
        quick=playing_level(table, seat) in table.spec.computers.quick_levels,
    )


def playing_level(table: Table, seat: int) -> str:
    """The level of the computer making ``seat``'s moves: its own, or the game's stand-in's
    for a person away or gone."""
    return table.seats[seat].computer_level or table.spec.computers.stand_in
