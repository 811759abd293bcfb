"""One owner per computer turn: a server process claims a match's computer turns with a row
update that only one process wins (the lease), renews it with each move it makes, and gives it
back with its last; a lease its process stopped renewing runs out after ``BOT_LEASE_SECONDS``,
and the computers of a process that died resume then."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection
from django.utils import timezone

from games.core.server import process_name
from games.models import Match

# The lease's statements, written out: a runner takes and gives back the lease with every
# person's move, and the ORM would build each statement anew every time.
_TAKE = (
    'UPDATE "games_match" SET "computer_lease" = %s, "computer_lease_until" = %s'
    ' WHERE "id" = %s AND ("computer_lease_until" IS NULL OR "computer_lease_until" < %s'
    ' OR "computer_lease" = %s)'
)
_RELEASE = (
    'UPDATE "games_match" SET "computer_lease" = \'\', "computer_lease_until" = NULL'
    ' WHERE "id" = %s AND "computer_lease" = %s'
)


def _take_arguments(match_id: int) -> list[Any]:
    now = timezone.now()
    until = now + timedelta(seconds=settings.BOT_LEASE_SECONDS)
    adapt = connection.ops.adapt_datetimefield_value
    name = process_name()
    return [name, adapt(until), match_id, adapt(now), name]


def take_lease(match_id: int) -> bool:
    """Claims the computer turns of ``match_id`` for this process, or renews the claim;
    False when another process holds an unexpired claim."""
    with connection.cursor() as cursor:
        cursor.execute(_TAKE, _take_arguments(match_id))
        taken: bool = cursor.rowcount == 1
        return taken


def release_lease(match_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(_RELEASE, [match_id, process_name()])


def claimed_until(match_id: int) -> datetime | None:
    """When another process's claim on ``match_id`` runs out unless renewed (None: no claim
    of another process)."""
    until: datetime | None = (
        Match.objects.filter(pk=match_id)
        .exclude(computer_lease=process_name())
        .values_list("computer_lease_until", flat=True)
        .first()
    )
    return until
