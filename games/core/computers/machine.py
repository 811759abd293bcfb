"""A match's computer turns as a state machine: what a runner does next, decided from what it
found, with no input or output of its own (the runner, ``games.core.computers.runner``, does
the work each state names and feeds back what came of it).

    Look ──nothing due──▶ Release (a lease still held) ──▶ Stop ──asked meanwhile──▶ Look
      │                                                    └──────────────────────▶ Done
      ├──a clock runs──▶ Wait ──run out, or woken──▶ Look
      ├──a computer's turn, the lease taken──▶ Decide ──▶ Submit ──next computer──▶ Decide
      │                                                    ├──a clock runs──▶ Wait
      │                                                    ├──nothing due──▶ Stop
      │                                                    ├──lease lost──▶ Refused
      │                                                    └──stale──▶ Look
      └──the lease held elsewhere──▶ Refused ──▶ Look (once), or Done

A quick level with no pause before its move (``plays_at_once``) skips Decide: its move is
decided in the same hop that submits it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games.core.turns import ComputerTurn, Waiting


@dataclass(frozen=True)
class Look:
    """Read what is due at the match (a computer's turn, a clock, or nothing), and for a
    computer's turn take (or renew) the lease to play it."""


@dataclass(frozen=True)
class Wait:
    """Sleep until a person's turn clock runs out, or until the match is asked about again.
    No lease is held meanwhile."""

    waiting: Waiting


@dataclass(frozen=True)
class Decide:
    """Compute the computer's move, holding the lease, and pause so people can follow it."""

    turn: ComputerTurn


@dataclass(frozen=True)
class Submit:
    """Submit the move (``decided``; None: a quick level decides in the same hop), renewing the
    lease, and the moves of the computers that follow at once."""

    turn: ComputerTurn
    decided: tuple[Any] | None


@dataclass(frozen=True)
class Refused:
    """Another process holds the lease: find when its claim runs out."""


@dataclass(frozen=True)
class Release:
    """Give back a lease this runner still holds (a clock's wait or a stale move left it),
    then look once more: another process refused meanwhile would have left its turn."""


@dataclass(frozen=True)
class Stop:
    """Stop, unless the match was asked about since the last look."""


@dataclass(frozen=True)
class Done:
    """The runner has ended."""


State = Look | Wait | Decide | Submit | Refused | Release | Stop | Done


def handed_over(turn: ComputerTurn | Waiting, plays_at_once: bool) -> State:
    """Where a new runner starts from the turn a change handed it, with the lease that change
    took for this process."""
    if isinstance(turn, Waiting):
        return Wait(turn)
    return Submit(turn, None) if plays_at_once else Decide(turn)


def after_look(
    due: ComputerTurn | Waiting | None, taken: bool, holding: bool, plays_at_once: bool
) -> State:
    """What follows a look that found ``due``: for a computer's turn, whether the lease was
    ``taken``; ``holding``: this runner already held it."""
    if isinstance(due, ComputerTurn):
        if not taken:
            return Refused()
        return Submit(due, None) if plays_at_once else Decide(due)
    if isinstance(due, Waiting):
        return Wait(due)
    return Release() if holding else Stop()


def after_move(leased: bool, after: ComputerTurn | Waiting | None, plays_at_once: bool) -> State:
    """What follows a computer's move: ``leased``, whether it renewed this process's lease;
    ``after``, the turn it left."""
    if not leased:
        return Refused()
    if isinstance(after, ComputerTurn):
        return Submit(after, None) if plays_at_once else Decide(after)
    if isinstance(after, Waiting):
        return Wait(after)
    return Stop()


def after_refusal(until: datetime | None, refused_before: bool) -> State:
    """What follows learning when another process's claim runs out (``until``; None: no claim
    any more): look once more at once (once: ``refused_before``), or end (the runner asks
    again when the claim runs out)."""
    if until is None and not refused_before:
        return Look()
    return Done()
