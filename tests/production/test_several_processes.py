"""Several uvicorn processes serve the same tables through PostgreSQL and Redis: a move made
through one reaches a viewer on another, each computer move is computed by one process only,
and a process killed between a person's move and the computers' answers loses nothing: once a
server is up again the computers answer with nobody opening the table."""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import Any

import aiohttp
import pytest
from django.contrib.auth.models import AbstractBaseUser

from games import services
from games.core.registry import get_spec
from games.models import Match, Round
from games.thousand.engine import Rules
from tests.web.conftest import play_computers, script_deal

from .conftest import ServerFactory, needs_services, session_cookie

pytestmark = needs_services

COMPUTER_MOVED = re.compile(r"match (\d+): the computer in seat \d moves at version (\d+)")
VERSION = re.compile(r'id="table"[^>]*data-version="(\d+)"')
CONTROLS = re.compile(r'id="table"[^>]*class="[^"]*controls-([a-z]+)')


@pytest.fixture
def alice(transactional_db: None) -> AbstractBaseUser:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username="alice")


def new_match(alice: AbstractBaseUser) -> Match:
    """Alice against two Normal computers on the scripted deal: Left speaks first."""
    return script_deal(
        services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal", seed=1)
    )


def computers_idle(match_id: int, timeout: float = 30.0) -> int:
    """Waits until no computer is to move at the match; its version then."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if services.computer_turn(match_id) is None:
            return Match.objects.get(pk=match_id).version
        time.sleep(0.1)
    raise AssertionError(f"the computers of match {match_id} did not finish")


def computer_versions(match_id: int, *logs: str) -> list[int]:
    """The versions at which the servers' logs say a computer of the match decided a move."""
    return sorted(
        int(version)
        for log in logs
        for match, version in COMPUTER_MOVED.findall(log)
        if int(match) == match_id
    )


def stored_actions(match_id: int) -> list[str]:
    return [a for r in Round.objects.filter(match_id=match_id) for a in r.actions]


class Viewer:
    """A table page's socket: the frames it received, newest last."""

    def __init__(self, url: str, match_id: int, cookie: str) -> None:
        self.url = url.replace("http", "ws", 1) + f"/ws/play/{match_id}/"
        self.headers = {"Cookie": cookie, "Origin": url}
        self.frames: list[str] = []

    async def __aenter__(self) -> Viewer:
        self.session = aiohttp.ClientSession()
        self.socket = await self.session.ws_connect(self.url, headers=self.headers)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.socket.close()
        await self.session.close()

    async def frame_where(self, wanted: Any, timeout: float = 20.0) -> str:
        """The first frame (received before or now) that ``wanted`` accepts."""
        for frame in self.frames:
            if wanted(frame):
                return frame
        async with asyncio.timeout(timeout):
            while True:
                message = await self.socket.receive()
                assert message.type == aiohttp.WSMsgType.TEXT, (message.type, message.data)
                self.frames.append(message.data)
                if wanted(message.data):
                    return str(message.data)

    async def send(self, data: dict[str, Any]) -> None:
        await self.socket.send_str(json.dumps(data))


def version_of(frame: str) -> int:
    found = VERSION.search(frame)
    assert found, frame[:300]
    return int(found.group(1))


def alices_turn(frame: str) -> bool:
    found = CONTROLS.search(frame)
    return found is not None and found.group(1) not in ("wait", "finished")


def test_a_move_on_one_process_reaches_a_viewer_on_another_and_computers_decide_once(
    alice: AbstractBaseUser, start_server: ServerFactory
) -> None:
    match = new_match(alice)
    # A short pause, so the computers are still playing when the second process is asked.
    first, second = start_server(BOT_MOVE_DELAY_MS="200"), start_server(BOT_MOVE_DELAY_MS="200")
    cookie = session_cookie(alice)

    async def scenario() -> tuple[int, int]:
        async with (
            Viewer(first.url, match.pk, cookie) as on_first,
            Viewer(second.url, match.pk, cookie) as on_second,
        ):
            turn = await on_first.frame_where(alices_turn)
            version = version_of(turn)
            await on_first.send({"action": "pass", "version": version})
            pushed = await on_second.frame_where(lambda frame: version_of(frame) > version)
            assert version_of(pushed) > version
            # Alice reloads the table on the second process while the first one's runner plays
            # the computers: the second is asked too, and the lease keeps it from playing.
            async with (
                aiohttp.ClientSession(headers={"Cookie": cookie}) as browser,
                browser.get(f"{second.url}/play/{match.pk}/") as page,
            ):
                assert page.status == 200
            return version, version_of(pushed)

    passed_at, _seen = asyncio.run(scenario())
    final = computers_idle(match.pk)
    assert final > passed_at + 1
    assert stored_actions(match.pk).count("pass") >= 1
    # Every change but Alice's pass was one computer move, logged by exactly one process.
    logged = computer_versions(match.pk, first.log_text(), second.log_text())
    assert logged == [v for v in range(final) if v != passed_at]


def test_a_server_killed_between_a_move_and_the_computers_answer_loses_nothing(
    alice: AbstractBaseUser, start_server: ServerFactory
) -> None:
    match = new_match(alice)
    play_computers(match)  # up to Alice's first bid
    before = Match.objects.get(pk=match.pk).version
    lease = {"BOT_LEASE_SECONDS": "3"}
    # A long pause before each computer move: the kill comes inside it.
    doomed = start_server(BOT_MOVE_DELAY_MS="5000", **lease)
    cookie = session_cookie(alice)

    async def move_then_kill() -> None:
        async with Viewer(doomed.url, match.pk, cookie) as viewer:
            assert version_of(await viewer.frame_where(alices_turn)) == before
            await viewer.send({"action": "pass", "version": before})
            await viewer.frame_where(lambda frame: version_of(frame) == before + 1)
            await asyncio.sleep(0.5)  # the computer's runner is in its pause now
            doomed.kill()

    asyncio.run(move_then_kill())
    crashed = Match.objects.get(pk=match.pk)
    assert crashed.version == before + 1
    assert crashed.computer_lease != ""  # the dead process still holds the claim
    actions_at_crash = stored_actions(match.pk)
    assert actions_at_crash[-1] == "pass"
    assert services.computer_turn(match.pk) is not None

    # The same port again; nobody opens the table: the server's startup resumes the match,
    # and once the dead process's claim runs out unrenewed, the computers answer.
    again = start_server(port=doomed.port, **lease)
    final = computers_idle(match.pk)
    assert final > before + 1
    actions = stored_actions(match.pk)
    assert actions[: len(actions_at_crash)] == actions_at_crash
    spec = get_spec("thousand")
    for played in Round.objects.filter(match_id=match.pk):
        spec.rules.replay(played.setup, played.actions)  # every stored move legal, none twice
    # The killed process had decided the answer at most (its pause was under way), never sent it.
    assert computer_versions(match.pk, doomed.log_text()) in ([], [before + 1])
    assert computer_versions(match.pk, again.log_text()) == list(range(before + 1, final))

    async def reconnect() -> int:
        async with Viewer(again.url, match.pk, cookie) as viewer:
            return version_of(await viewer.frame_where(lambda frame: True))

    # A page that reconnects gets the table as it stands.
    assert asyncio.run(reconnect()) == final
