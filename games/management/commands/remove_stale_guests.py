"""Removes the guest accounts nobody saved and nobody used for ``GUEST_RETENTION_DAYS`` days
(180 by default). Safe to run daily: each guest goes in a transaction of its own, and a
second run finds nothing more to do."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.history.moderation import remove_stale_guests, retention_days


class Command(BaseCommand):
    help = "Remove guest accounts that were never saved and have not been used for a while."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days",
            type=int,
            default=None,
            help="days without a visit (default: the GUEST_RETENTION_DAYS setting, 180)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        days = options["days"] if options["days"] is not None else retention_days()
        if days < 1:
            self.stderr.write("--days must be at least 1")
            raise SystemExit(2)
        removed = remove_stale_guests(days)
        self.stdout.write(f"removed {removed} guest account(s) unused for {days} days")
