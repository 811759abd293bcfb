"""``manage.py loadtest``: N simulated people play practice matches of Thousand against
computers on a running server, as the table page does in a browser, and the figures come out.

Each person starts as a guest ("Play now"), sends the lobby's practice form (Beginner
computers), opens the table page with its WebSocket and the person's own (``/ws/me/``), and
plays: a move goes down the socket as the page sends it while its socket is open (the form's
hidden fields with the pressed button's name and value, as a JSON frame), its answer the next
frame; a form the page posts is the POST htmx sends (with htmx's headers), its answer the table.
The computers' moves arrive as pushed frames. A finished match is followed by "Play again".
After the bounded run every accepted move is checked against the database (each
person's moves, in order, against the moves of that person's seat in the stored rounds).

Run it against a server on 127.0.0.1 with the computers' pause at 0 (``BOT_MOVE_DELAY_MS=0``)
and, so that every simulated person has an address of its own for the sign-in limits, the
driver trusted as a proxy (uvicorn's ``--forwarded-allow-ips 127.0.0.1``: the driver sends
``X-Forwarded-For`` as a proxy would). The command
needs the server's ``DATABASE_URL`` for the check afterwards.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any
from urllib.parse import urlsplit

from django.core.management.base import BaseCommand, CommandParser

from games.load.pages import PUSH_WAIT
from games.load.run import Usage, check_moves, drive, ms, seated_lines


class Command(BaseCommand):
    help = "Simulated people play practice matches on a running server; prints the figures."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--url", default="http://127.0.0.1:8000")
        parser.add_argument("--people", type=int, default=10)
        parser.add_argument("--seconds", type=float, default=60.0)
        parser.add_argument(
            "--ramp", type=float, default=10.0, help="seconds over which people arrive"
        )
        parser.add_argument(
            "--think",
            type=float,
            default=0.0,
            help="mean seconds a person thinks before each move (each pause uniform between "
            "half and one and a half times it); 0: people answer at once",
        )
        parser.add_argument(
            "--server-pid",
            type=int,
            action="append",
            default=[],
            help="the server's process (children included); default: whoever listens on the port",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        base = options["url"].rstrip("/")
        port = urlsplit(base).port or 80
        usage = Usage(port, options["server_pid"])
        usage.sample()
        started = time.monotonic()
        figures = asyncio.run(
            drive(
                base,
                options["people"],
                options["seconds"],
                options["ramp"],
                options["think"],
                usage,
            )
        )
        elapsed = time.monotonic() - started
        found, lost, doubled = check_moves(figures.accepted)
        cores = usage.cores()
        moves = figures.move_seconds
        pushed = figures.computer_seconds

        lines = [
            f"people {options['people']} (thinking {options['think']:g} s a move), "
            f"{elapsed:.0f} s, {len(figures.accepted)} matches "
            f"({figures.matches_finished} finished)",
            f"person moves: {len(moves)} ({len(moves) / elapsed:.1f}/s), "
            f"p50/p95/p99 {ms(moves)} ms",
            f"computers' pushed answers: {len(pushed)} ({len(pushed) / elapsed:.1f}/s), "
            f"p50/p95/p99 {ms(pushed)} ms",
            *seated_lines(figures, started, elapsed),
            f"errors: {sum(figures.errors.values())} {dict(figures.errors)}; failed handshakes: "
            f"{figures.failed_handshakes}; stalls (no push in {PUSH_WAIT:.0f} s): "
            f"{figures.stalls}",
            f"the people's own sockets (/ws/me/): {figures.person_sockets} opened, "
            f"{figures.person_frames} frames",
            f"checked against the database: {found} moves found, {lost} lost, {doubled} doubled",
            "CPU (cores): "
            + ", ".join(f"{name} {value:.2f}" for name, value in cores.items())
            + "; peak memory (MB): "
            + ", ".join(f"{name} {rss / 2**20:.0f}" for name, rss in usage.peak_rss.items()),
        ]
        self.stdout.write("\n".join(lines))
