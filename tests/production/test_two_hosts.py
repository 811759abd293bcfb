"""Two server groups as if on two machines (each its own worker processes, names in the leases
and decision processes; one PostgreSQL and one Redis): one of them dies with ``kill -9`` in the
middle of matches with people and computers, and every match goes on on the other, nothing
lost or doubled, presence and turn clocks included."""

from __future__ import annotations

import asyncio
import re
import time
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from games import services
from games.core.registry import get_spec
from games.models import Match, Round, Seat
from games.thousand.engine import legal_actions
from tests.web.conftest import play_computers

from .conftest import ServerFactory, needs_services, session_cookie
from .test_several_processes import (
    Viewer,
    alices_turn,
    computers_idle,
    new_match,
    stored_actions,
    version_of,
)

pytestmark = needs_services

HOST = {"BOT_LEASE_SECONDS": "3", "PRESENCE_SECONDS": "3", "BOT_MOVE_DELAY_MS": "400"}
PLAYER = re.compile(r'<li class="player[^"]*" data-seat="(\d)">(.*?)</li>', re.S)


def person(name: str) -> AbstractBaseUser:
    return get_user_model().objects.create_user(username=name)


def strip_of(frame: str) -> dict[int, str]:
    """Each seat's item of the players strip in a table frame."""
    strip = frame[frame.index('class="players-strip"') :]
    return {int(seat): item for seat, item in PLAYER.findall(strip)}


def every_round_replays(match_id: int) -> None:
    """Every stored move is legal where it stands: a move lost or made twice would not be."""
    spec = get_spec("thousand")
    for played in Round.objects.filter(match_id=match_id):
        spec.rules.replay(played.setup, played.actions)


def friends_at_carols_turn() -> tuple[Match, AbstractBaseUser, AbstractBaseUser]:
    """Carol's friends' table with Dave and a computer, a 30 s turn clock, Carol to move."""
    carol, dave = person("carol"), person("dave")
    match = services.create_friends_table(carol, "thousand", {}, 3, computers={2: "normal"})
    services.join_table(match.pk, dave)
    services.start_table(match.pk, user=carol)
    for _ in range(60):
        play_computers(match)
        table = services.load_table(Match.objects.get(pk=match.pk))
        if table.to_move == 0:
            return Match.objects.get(pk=match.pk), carol, dave
        mover = table.seats[table.to_move].user
        services.submit_move(
            match.pk, legal_actions(table.state)[0], table.match.version, user=mover
        )
    pytest.fail("Carol never came to move")


@pytest.mark.django_db(transaction=True)
def test_a_host_killed_mid_match_leaves_every_match_going_on_on_the_other(
    start_server: ServerFactory,
) -> None:
    alice, bob = person("alice"), person("bob")
    alices, bobs = new_match(alice), new_match(bob)
    friends, carol, dave = friends_at_carols_turn()
    host_a = start_server(workers=2, **HOST)
    host_b = start_server(workers=2, **HOST)
    cookies = {user.pk: session_cookie(user) for user in (alice, bob, carol, dave)}

    async def until_a_dies() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        async with (
            Viewer(host_a.url, alices.pk, cookies[alice.pk]) as alice_on_a,
            Viewer(host_a.url, friends.pk, cookies[carol.pk]) as carol_on_a,
            Viewer(host_b.url, friends.pk, cookies[dave.pk]) as dave_on_b,
        ):
            # Dave sees Carol at the table, her clock running.
            frame = await dave_on_b.frame_where(lambda f: "presence online" in strip_of(f)[0])
            seen["carol_there"] = "turn-clock" in strip_of(frame)[0]
            await carol_on_a.frame_where(lambda f: True)
            # Alice passes on host A; its runner starts on the computers' answers.
            turn = await alice_on_a.frame_where(alices_turn)
            seen["alice_passed_at"] = version_of(turn)
            await alice_on_a.send({"action": "pass", "version": version_of(turn)})
            await alice_on_a.frame_where(lambda f: version_of(f) == seen["alice_passed_at"] + 1)
            await asyncio.sleep(0.2)  # a computer's pause is under way on host A
            host_a.kill_host()
        return seen

    seen = asyncio.run(until_a_dies())
    passed_at = seen["alice_passed_at"]
    assert seen["carol_there"]
    assert stored_actions(alices.pk).count("pass") >= 1

    async def on_host_b() -> dict[str, Any]:
        found: dict[str, Any] = {}
        # Alice's page reconnects to host B: her computers answer once host A's claim runs out.
        async with Viewer(host_b.url, alices.pk, cookies[alice.pk]) as alice_on_b:
            frame = await alice_on_b.frame_where(alices_turn, timeout=30)
            found["alice_back_at"] = version_of(frame)
        # Bob plays on host B as if nothing happened.
        async with Viewer(host_b.url, bobs.pk, cookies[bob.pk]) as bob_on_b:
            turn = await bob_on_b.frame_where(alices_turn, timeout=30)
            await bob_on_b.send({"action": "pass", "version": version_of(turn)})
            await bob_on_b.frame_where(lambda f: version_of(f) > version_of(turn))
        # Carol's socket died with host A: after her presence ran out, her clock runs out too
        # (moved back here rather than waited for), and a computer stands in for her.
        await asyncio.sleep(4)
        await asyncio.to_thread(_run_carols_clock_out, friends.pk)
        async with Viewer(host_b.url, friends.pk, cookies[dave.pk]) as dave_on_b:
            frame = await dave_on_b.frame_where(
                lambda f: "a computer plays for now" in strip_of(f)[0], timeout=30
            )
            found["carol_item"] = strip_of(frame)[0]
        return found

    found = asyncio.run(on_host_b())
    assert found["alice_back_at"] > passed_at + 1
    assert "presence offline" in found["carol_item"]
    assert Seat.objects.get(match=friends, number=0).stand_in

    for match in (alices, bobs):
        computers_idle(match.pk)
    assert _stand_in_moved(friends.pk)
    for match in (alices, bobs, friends):
        every_round_replays(match.pk)
    # Alice's pass is stored once, where she made it.
    alice_round = Round.objects.filter(match_id=alices.pk).order_by("number").first()
    assert alice_round is not None
    assert alice_round.actions[passed_at] == "pass"
    assert host_b.process.poll() is None


def _run_carols_clock_out(match_id: int) -> None:
    Match.objects.filter(pk=match_id).update(turn_started=timezone.now() - timedelta(seconds=60))


def _stand_in_moved(match_id: int, timeout: float = 20) -> bool:
    """Whether the computer standing in for Carol has made a move for her."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(played.stand_in_moves for played in Round.objects.filter(match_id=match_id)):
            return True
        time.sleep(0.2)
    return False
