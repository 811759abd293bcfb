"""``manage.py loadtest`` plays whole practice matches against a real server as the table page
does, and its database check finds every accepted move exactly once (a short run, so that a
change to the pages that the driver no longer understands shows here)."""

from __future__ import annotations

import io
import re

from django.core.management import call_command

from .conftest import ServerFactory, needs_services

pytestmark = needs_services


def test_simulated_people_play_and_every_accepted_move_is_stored_once(
    start_server: ServerFactory,
) -> None:
    server = start_server()
    output = io.StringIO()
    call_command(
        "loadtest",
        url=server.url,
        people=2,
        seconds=8,
        ramp=0,
        server_pid=[server.process.pid],
        stdout=output,
    )
    report = output.getvalue()
    assert "errors: 0 {}; failed handshakes: 0;" in report
    assert (
        counted(r"after everyone sat down \(\d+ s in, the last \d+ s\): person moves (\d+)", report)
        >= 1
    ), report
    assert counted(r"person moves: (\d+)", report) >= 4, report
    assert counted(r"computers' pushed answers: (\d+)", report) >= 4, report
    assert counted(r"(\d+) moves found, 0 lost, 0 doubled", report) >= 4, report
    # Each table page opened the person's own socket too, which sent its invitations (none).
    assert counted(r"own sockets \(/ws/me/\): (\d+) opened", report) >= 2, report
    assert counted(r"opened, (\d+) frames", report) >= 1, report


def counted(pattern: str, report: str) -> int:
    found = re.search(pattern, report)
    return int(found.group(1)) if found else -1
