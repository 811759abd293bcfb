"""Seeds a user with many finished matches (10,000 by default) and prints how long their
statistics take: the query and the page's statistics section, as the profile renders them."""

from __future__ import annotations

import random
import time
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone

from games.core.registry import get_spec
from games.history.results import rebuild_totals
from games.history.statistics import statistics_of
from games.models import Match, MatchResult, Seat

BATCH = 1000


class Command(BaseCommand):
    help = "Seed a user with N finished matches and time their statistics."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--matches", type=int, default=10_000)
        parser.add_argument("--repeat", type=int, default=5)
        parser.add_argument("--username", default="bench-statistics")

    def handle(self, *args: Any, **options: Any) -> None:
        spec = get_spec("thousand")
        user = self._seed(options["username"], options["matches"])
        timings = []
        for _run in range(options["repeat"]):
            start = time.perf_counter()
            statistics = [statistics_of(user, spec)]
            render_to_string("games/history/_statistics.html", {"statistics": statistics})
            timings.append(time.perf_counter() - start)
        count = MatchResult.objects.filter(user=user).count()
        self.stdout.write(
            f"statistics of {count} matches: best {min(timings) * 1000:.1f} ms, "
            f"median {sorted(timings)[len(timings) // 2] * 1000:.1f} ms over {len(timings)} runs"
        )

    @transaction.atomic
    def _seed(self, username: str, matches: int) -> Any:
        users = get_user_model()
        user = users.objects.filter(username=username).first()
        if user is not None and MatchResult.objects.filter(user=user).count() >= matches:
            return user
        if user is not None:
            user.delete()
        user = users.objects.create_user(username=username)
        rng = random.Random(1000)
        now = timezone.now()
        levels = ("beginner", "normal", "expert")
        for start in range(0, matches, BATCH):
            size = min(BATCH, matches - start)
            created = Match.objects.bulk_create(
                Match(
                    game="thousand",
                    owner=user,
                    options={"target": rng.choice((1000, 500))},
                    status=Match.Status.FINISHED,
                    scores=[rng.randrange(0, 1001, 10) for _seat in range(3)],
                    winner=0,
                )
                for _number in range(size)
            )
            seats = []
            results = []
            for index, match in enumerate(created):
                level = levels[index % 3]
                seats.append(Seat(match=match, number=0, user=user))
                seats += [Seat(match=match, number=n, computer_level=level) for n in (1, 2)]
                won = rng.random() < 0.4
                declared = rng.randrange(0, 8)
                made = rng.randrange(0, declared + 1)
                results.append(
                    MatchResult(
                        match=match,
                        user=user,
                        seat=0,
                        game="thousand",
                        mode=Match.Mode.PRACTICE,
                        length=str(match.options["target"]),
                        level=level,
                        players=3,
                        place=1 if won else rng.choice((2, 3)),
                        won=won,
                        score=match.scores[0],
                        rounds=rng.randrange(8, 30),
                        details={
                            "hands": 20,
                            "declared": declared,
                            "made": made,
                            "contracts": declared * 110,
                            "max_contract_made": 120 if made else 0,
                            "points": rng.randrange(0, 1000),
                            "marriages_H": rng.randrange(0, 3),
                            "marriages_D": rng.randrange(0, 3),
                            "marriages_C": rng.randrange(0, 3),
                            "marriages_S": rng.randrange(0, 3),
                        },
                        finished=now - timedelta(minutes=matches - start - index),
                    )
                )
            Seat.objects.bulk_create(seats)
            MatchResult.objects.bulk_create(results)
        rebuild_totals([user.pk], "thousand")
        return user
