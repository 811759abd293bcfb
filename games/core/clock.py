"""A friends' table's turn clock: it starts again with every change (``games.core.changes``),
and when it runs out a computer stands in for the person to move until they are back
(``games.core.friends.clock_ran_out``)."""

from __future__ import annotations

from datetime import datetime, timedelta

from games.models import Match


def clock_deadline(match: Match) -> datetime | None:
    """When the turn clock of ``match`` runs out, if it runs."""
    if match.turn_seconds is None or match.turn_started is None:
        return None
    return match.turn_started + timedelta(seconds=match.turn_seconds)
