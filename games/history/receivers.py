"""The match history listens to the core: a finished match's results are written in the change
that ends it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.dispatch import receiver

from games.core.changes import match_finished
from games.history.results import record_results
from games.models import Match, Seat


@receiver(match_finished, dispatch_uid="history_records_results")
def results_of_a_finished_match(
    sender: type[Match], match: Match, seats: Sequence[Seat], **kwargs: Any
) -> None:
    record_results(match, seats)
