"""The table's WebSocket: re-sync on connect, pushed updates per viewer, moves and bad frames."""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Callable
from typing import Any

import pytest
from channels import consumer as channels_consumer
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AbstractBaseUser
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import Client
from django.urls import reverse

from config.asgi import application
from games import consumers, services
from games.core import changes
from games.core.computers import runner as bot_runner
from games.models import Match, Round
from games.rendering import table_fragments
from games.thousand.engine import legal_actions

from .conftest import computer_plays, current, play_computers
from .hidden import hidden_cards_shown, shown_cards

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def session_cookie(user: AbstractBaseUser) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


@pytest.fixture
def alice_cookie(alice: AbstractBaseUser) -> bytes:
    return session_cookie(alice)


@pytest.fixture
def bob_cookie(bob: AbstractBaseUser) -> bytes:
    return session_cookie(bob)


def socket(match: Match, cookie: bytes | None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver")]
    if cookie is not None:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, f"/ws/play/{match.pk}/", headers=headers)


def version_of(frame: str) -> int:
    found = re.search(r'id="table"[^>]*data-version="(\d+)"', frame)
    assert found, frame[:200]
    return int(found.group(1))


async def test_alice_gets_the_whole_table_when_she_connects(
    scripted_match: Match, alice_cookie: bytes, runner_requests: list[int]
) -> None:
    communicator = socket(scripted_match, alice_cookie)
    connected, _ = await communicator.connect()
    assert connected
    frame = await communicator.receive_from()
    assert frame.startswith('\n<section id="table"') or frame.startswith('<section id="table"')
    assert version_of(frame) == 0
    assert {"AS", "TS", "KS", "QS", "9H", "JH", "AD"} <= shown_cards(frame)
    assert '<div id="announcer" hx-swap-oob="innerHTML">' in frame
    assert runner_requests[-1] == scripted_match.pk  # computers resume when a table connects
    await communicator.disconnect()


async def test_strangers_and_visitors_cannot_open_alices_table(
    scripted_match: Match, bob_cookie: bytes
) -> None:
    for cookie in (bob_cookie, None):
        communicator = socket(scripted_match, cookie)
        connected, _ = await communicator.connect()
        assert not connected
        # End the refused consumer within this test's event loop (a Redis layer's receive
        # lock would otherwise stay held by a closed loop and fail a later socket test).
        await communicator.disconnect()
    missing = WebsocketCommunicator(
        application, "/ws/play/999999/", headers=[(b"origin", b"http://testserver")]
    )
    assert not (await missing.connect())[0]
    await missing.disconnect()


async def test_a_move_sent_over_the_socket_goes_through_the_service_and_comes_back(
    scripted_match: Match, alice_cookie: bytes
) -> None:
    await database_sync_to_async(computer_plays)(scripted_match, "pass", "bid:110")
    communicator = socket(scripted_match, alice_cookie)
    await communicator.connect()
    assert version_of(await communicator.receive_from()) == 2

    await communicator.send_to(
        text_data=json.dumps({"action": "bid", "amount": "120", "version": "2"})
    )
    frame = await communicator.receive_from()
    assert version_of(frame) == 3
    assert "You bid 120." in frame
    hand = await database_sync_to_async(Round.objects.get)(match=scripted_match)
    assert hand.actions == ["pass", "bid:110", "bid:120"]
    await communicator.disconnect()


async def test_a_move_sent_over_the_socket_is_answered_by_its_consumer_once(
    scripted_match: Match, alice_cookie: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    await database_sync_to_async(computer_plays)(scripted_match, "pass", "bid:110")
    communicator = socket(scripted_match, alice_cookie)
    await communicator.connect()
    await communicator.receive_from()
    notices: list[int] = []
    monkeypatch.setattr(
        changes, "push_match_updated", lambda match_id, version, *rest: notices.append(version)
    )
    await communicator.send_to(text_data=json.dumps({"action": "pass", "version": "2"}))
    # The answer is the table the move left, rendered by the consumer that made it, not a
    # notice's: the notice went out (to other sockets) but never reached this one.
    assert version_of(await communicator.receive_from()) == 3
    assert notices == [3]
    assert await communicator.receive_nothing(timeout=0.3)
    await communicator.disconnect()


async def test_a_change_made_in_this_process_is_pushed_from_the_table_it_left(
    alice: AbstractBaseUser,
    scripted_match: Match,
    alice_cookie: bytes,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    communicator = socket(scripted_match, alice_cookie)
    await communicator.connect()
    await communicator.receive_from()
    reads: list[int] = []

    def counted_read(user: AbstractBaseUser, match_id: int) -> services.Table | None:
        reads.append(match_id)
        return services.read_table(user, match_id)

    monkeypatch.setattr(consumers, "read_table", counted_read)
    await database_sync_to_async(computer_plays)(scripted_match, "pass")
    frame = await communicator.receive_from()
    assert reads == []
    fresh = await database_sync_to_async(services.read_table)(alice, scripted_match.pk)
    assert fresh is not None
    expected = table_fragments(fresh, 0, origin="http://testserver")
    assert frame.startswith(expected)  # byte for byte the table read back would give

    # A notice of a change this process did not make (its stamp names no table kept here).
    layer = get_channel_layer()
    await layer.group_send(
        services.group_name(scripted_match.pk),
        {"type": "match.updated", "version": 7, "stamp": "7@2020-01-01T00:00:00+00:00"},
    )
    assert version_of(await communicator.receive_from()) == 1
    assert reads == [scripted_match.pk]
    await communicator.disconnect()


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        ("this is not json", "That is not a move."),
        ("[1, 2]", "That is not a move."),
        (json.dumps({"action": "pass"}), "does not say which table"),
        (json.dumps({"action": "play:AS", "version": 2}), "The auction is on: bid or pass."),
        (json.dumps({"action": "pass", "version": 1}), "The table changed before your move"),
        (json.dumps({"action": "bid", "amount": "300", "version": 2}), "at most 160"),
        (json.dumps({"action": "bid", "amount": "995", "version": 2}), "995 is out of range."),
        ("x" * 5000, "That is not a move."),
        ("[" * 1000 + "]" * 1000, "That is not a move."),  # nesting past the parser's depth
        ('{"action": "\\ud800", "version": 2}', "That is not a move."),  # a lone surrogate
    ],
)
async def test_a_bad_frame_gets_an_error_frame_and_changes_nothing(
    scripted_match: Match, alice_cookie: bytes, frame: str, message: str
) -> None:
    await database_sync_to_async(computer_plays)(scripted_match, "pass", "bid:110")
    communicator = socket(scripted_match, alice_cookie)
    await communicator.connect()
    await communicator.receive_from()

    await communicator.send_to(text_data=frame)
    answer = await communicator.receive_from()
    assert message in answer
    assert 'id="table-message"' in answer
    assert version_of(answer) == 2
    table = await database_sync_to_async(current)(scripted_match)
    assert table.match.version == 2
    assert table.round.actions == ["pass", "bid:110"]
    await communicator.disconnect()


async def test_a_frame_over_the_size_limit_is_refused_unread_even_when_it_holds_a_move(
    scripted_match: Match, alice_cookie: bytes
) -> None:
    await database_sync_to_async(computer_plays)(scripted_match, "pass", "bid:110")
    communicator = socket(scripted_match, alice_cookie)
    await communicator.connect()
    await communicator.receive_from()
    move = {"action": "bid", "amount": "120", "version": "2"}
    padded = json.dumps({**move, "padding": "x" * consumers.MAX_FRAME})

    await communicator.send_to(text_data=padded)
    answer = await communicator.receive_from()

    assert 'data-reason="malformed"' in answer
    assert "That is not a move." in answer
    table = await database_sync_to_async(current)(scripted_match)
    assert (table.match.version, table.round.actions) == (2, ["pass", "bid:110"])
    await communicator.disconnect()


async def test_no_frame_ever_carries_a_card_alice_may_not_see(
    alice: AbstractBaseUser, scripted_match: Match, alice_cookie: bytes
) -> None:
    communicator = socket(scripted_match, alice_cookie)
    await communicator.connect()
    frames = [await communicator.receive_from()]

    async def check_next_frame() -> None:
        frame = await communicator.receive_from()
        table = await database_sync_to_async(current)(scripted_match)
        assert version_of(frame) == table.match.version
        assert hidden_cards_shown(frame, table.view_for(0)) == set()
        frames.append(frame)

    for action in ("pass", "bid:110"):
        await database_sync_to_async(computer_plays)(scripted_match, action)
        await check_next_frame()
    await communicator.send_to(text_data=json.dumps({"action": "pass", "version": 2}))
    await check_next_frame()
    for action in ("give:9C", "give:9D", "contract:120"):
        await database_sync_to_async(computer_plays)(scripted_match, action)
        await check_next_frame()
    table = await database_sync_to_async(current)(scripted_match)
    while not table.state.is_over:
        action = legal_actions(table.state)[0]
        if table.state.to_move == 0:
            move = {"action": action, "version": table.match.version}
            await communicator.send_to(text_data=json.dumps(move))
        else:
            await database_sync_to_async(computer_plays)(scripted_match, action)
        await check_next_frame()
        table = await database_sync_to_async(current)(scripted_match)
    assert "Deal the next hand" in frames[-1]
    assert "9D" not in shown_cards("".join(frames[:7]))  # Right gave it to Left: unseen
    await communicator.disconnect()


@pytest.mark.parametrize("pause", [0, 0.05])
async def test_the_computers_moves_arrive_over_the_socket_each_one_shown_with_a_pause(
    scripted_match: Match, alice_cookie: bytes, real_runner: None, settings: object, pause: float
) -> None:
    """With a pause, each computer's move is pushed; with none, only the table the last one
    left (Right bids at once after Left: Left's table would be replaced as soon as shown)."""
    settings.BOT_MOVE_DELAY = pause  # type: ignore[attr-defined]
    communicator = socket(scripted_match, alice_cookie)
    await communicator.connect()
    # The first frame is the table as it is: mostly before the computers move, but the
    # computers of the matches in progress also resume when the server's loop first serves a
    # connection, and may have moved already.
    frame = await communicator.receive_from()
    versions = [version_of(frame)]
    while "controls-wait" in frame:
        frame = await communicator.receive_from(timeout=15)
        versions.append(version_of(frame))
        table = await database_sync_to_async(current)(scripted_match)
        assert hidden_cards_shown(frame, table.view_for(0)) == set()
    assert versions == sorted(set(versions))  # never an older table after a newer one
    assert versions[-1] == 2  # Left and Right both spoke
    if pause:
        assert 1 in versions
    else:
        assert 1 not in versions[1:]
    table = await database_sync_to_async(current)(scripted_match)
    assert table.state.to_move == 0 or table.state.is_over
    await communicator.disconnect()
    for _ in range(100):
        if bot_runner.active_runners() == 0:
            break
        await asyncio.sleep(0.02)
    assert bot_runner.active_runners() == 0


async def two_tabs(
    match: Match, cookie: bytes
) -> tuple[WebsocketCommunicator, WebsocketCommunicator, str]:
    """Two tabs of the same person on ``match``, connected, each with its first frame read (the
    first tab's is returned)."""
    first, second = socket(match, cookie), socket(match, cookie)
    await first.connect()
    await second.connect()
    frame = await first.receive_from()
    await second.receive_from()
    return first, second, frame


async def test_another_tab_sees_alices_move(
    alice: AbstractBaseUser, scripted_match: Match, alice_cookie: bytes
) -> None:
    first, second, _frame = await two_tabs(scripted_match, alice_cookie)
    await database_sync_to_async(computer_plays)(scripted_match, "pass", "bid:110")
    await first.send_to(text_data=json.dumps({"action": "pass", "version": 2}))
    frames = [await second.receive_from()]
    while version_of(frames[-1]) < 3:
        frames.append(await second.receive_from())
    seen = [version_of(frame) for frame in frames]
    assert seen == sorted(set(seen))
    assert "You pass." in frames[-1]
    await first.disconnect()
    await second.disconnect()


async def test_a_move_answered_over_http_is_not_sent_again_down_that_pages_socket(
    alice: AbstractBaseUser, scripted_match: Match, alice_cookie: bytes
) -> None:
    page, other_tab, frame = await two_tabs(scripted_match, alice_cookie)
    token = re.search(r'id="table-socket"[^>]*data-socket="([\w-]+)"', frame)
    assert token
    await database_sync_to_async(computer_plays)(scripted_match, "pass", "bid:110")
    for tab in (page, other_tab):
        while version_of(await tab.receive_from()) < 2:
            pass

    client = Client()
    await database_sync_to_async(client.force_login)(alice)
    answer = await database_sync_to_async(client.post)(
        reverse("match_act", args=[scripted_match.pk]),
        {"action": "pass", "version": "2"},
        headers={"HX-Request": "true", "X-Table-Socket": token.group(1)},
    )
    assert answer.status_code == 200
    assert version_of(answer.content.decode()) == 3
    # The other tab is told; the page that got the table in its answer is not sent it again.
    assert version_of(await other_tab.receive_from()) == 3
    assert await page.receive_nothing(timeout=0.5)
    assert await database_sync_to_async(play_computers)(scripted_match)
    assert version_of(await page.receive_from()) > 3  # and later tables still come
    await page.disconnect()
    await other_tab.disconnect()


async def test_every_sockets_database_work_runs_in_the_shared_threads_which_close_it(
    scripted_match: Match, alice_cookie: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not in a thread of each socket's own: a server with hundreds of sockets would run
    hundreds of threads taking turns on the interpreter lock and the database connections.
    Each call closes its thread's connection (with PostgreSQL's pool: hands it back), also
    while Channels' test communicator turns Channels' own closing off: a shared thread that
    kept its connection would keep it for good, and the pool would run dry."""
    used: list[tuple[str, BaseDatabaseWrapper]] = []

    def recorded(method: Callable[..., Any]) -> Callable[..., Any]:
        def run(self: consumers.MatchConsumer, *args: Any) -> Any:
            used.append((threading.current_thread().name, connections["default"]))
            return method(self, *args)

        return run

    for name in ("_render", "_move"):
        monkeypatch.setattr(
            consumers.MatchConsumer, name, recorded(getattr(consumers.MatchConsumer, name))
        )
    communicator = socket(scripted_match, alice_cookie)
    await communicator.connect()
    await communicator.receive_from()
    await database_sync_to_async(computer_plays)(scripted_match, "pass", "bid:110")
    while version_of(await communicator.receive_from()) < 2:
        pass  # the computers' two moves pushed
    await communicator.send_to(text_data=json.dumps({"action": "pass", "version": 2}))
    assert version_of(await communicator.receive_from()) == 3
    assert len(used) >= 3  # the connection, a pushed table, a move
    assert all(thread.startswith("tables_") for thread, _ in used), used
    assert all(wrapper.connection is None for _, wrapper in used)
    await communicator.disconnect()


async def test_a_frame_or_a_notice_is_handled_without_a_hop_to_the_sockets_own_thread(
    scripted_match: Match, alice_cookie: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Channels' dispatch closes old database connections in the socket's thread before every
    message; the consumer's database work closes them in the threads that do it instead."""
    hops: list[str] = []

    async def counted() -> None:
        hops.append("close_old_connections")

    monkeypatch.setattr(channels_consumer, "aclose_old_connections", counted)
    communicator = socket(scripted_match, alice_cookie)
    await communicator.connect()
    await communicator.receive_from()
    await database_sync_to_async(computer_plays)(scripted_match, "pass", "bid:110")
    while version_of(await communicator.receive_from()) < 2:
        pass  # the computers' two moves pushed (in one table if the second came first)
    await communicator.send_to(text_data=json.dumps({"action": "pass", "version": "2"}))
    assert version_of(await communicator.receive_from()) == 3
    await communicator.disconnect()
    assert hops == []


def socket_of_page(match: Match, cookie: bytes, shown: int) -> WebsocketCommunicator:
    """The socket a table page opens: its address names the version the page shows."""
    headers = [(b"origin", b"http://testserver"), (b"cookie", cookie)]
    return WebsocketCommunicator(application, f"/ws/play/{match.pk}/?v={shown}", headers=headers)


@pytest.fixture
def socket_requests(runner_requests: list[int], monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The requests for computer moves, without those of the resumption each event loop's
    first connection starts (each test has a loop of its own)."""
    monkeypatch.setattr(bot_runner, "resume_all", lambda: None)
    return runner_requests


async def test_a_practice_page_showing_the_current_table_gets_only_its_sockets_name(
    scripted_match: Match, alice_cookie: bytes, socket_requests: list[int]
) -> None:
    socket_requests.clear()
    communicator = socket_of_page(scripted_match, alice_cookie, shown=0)
    connected, _ = await communicator.connect()
    assert connected
    first = await communicator.receive_from()
    assert re.fullmatch(
        r'<div id="table-socket" hidden hx-swap-oob="true" data-socket="[\w-]+"></div>', first
    )
    assert socket_requests == []  # the page's own request asked for the computers' moves
    await database_sync_to_async(computer_plays)(scripted_match, "pass")
    assert version_of(await communicator.receive_from()) == 1  # later changes are pushed
    await communicator.disconnect()


async def test_a_page_showing_an_older_table_gets_the_whole_table_on_connect(
    scripted_match: Match, alice_cookie: bytes, socket_requests: list[int]
) -> None:
    await database_sync_to_async(computer_plays)(scripted_match, "pass")
    socket_requests.clear()
    communicator = socket_of_page(scripted_match, alice_cookie, shown=0)
    await communicator.connect()
    frame = await communicator.receive_from()
    assert version_of(frame) == 1
    assert socket_requests == [scripted_match.pk]  # a reconnect heals a lost runner
    assert 'data-socket="' in frame
    await communicator.disconnect()


async def test_a_friends_table_page_gets_the_whole_table_on_connect_to_show_who_is_there(
    scripted_match: Match, alice_cookie: bytes
) -> None:
    await database_sync_to_async(Match.objects.filter(pk=scripted_match.pk).update)(
        mode=Match.Mode.FRIENDS
    )
    communicator = socket_of_page(scripted_match, alice_cookie, shown=0)
    await communicator.connect()
    assert version_of(await communicator.receive_from()) == 0
    await communicator.disconnect()
