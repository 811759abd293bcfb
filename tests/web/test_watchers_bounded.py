"""Watchers are bounded: a table takes so many watch sockets and refuses one more, the players
hear of a crowd of watchers in one notice a second rather than one per watcher, and a watch
page that floods its socket is closed. Each refusal by its reason, with nothing changed."""

from __future__ import annotations

import json
import re
import time

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from games.consumers import CLOSE_FORBIDDEN
from games.core.watchers import LocalWatchers, RedisWatchers, Watchers, watchers
from games.models import Match
from games.watch_consumer import CLOSE_TRY_AGAIN_LATER

from .test_consumers import session_cookie, socket
from .test_watching import stored, watch_socket, watch_url, watched_thousand

pytestmark = pytest.mark.django_db(transaction=True)


def count_in(frame: str) -> int:
    counts = re.findall(r'data-count="(\d+)"', frame)
    assert len(counts) == 1, frame
    return int(counts[0])


async def player_socket(match: Match, person: AbstractBaseUser) -> WebsocketCommunicator:
    communicator = socket(match, await database_sync_to_async(session_cookie)(person))
    assert (await communicator.connect())[0]
    return communicator


@pytest.mark.asyncio
async def test_a_table_takes_as_many_watchers_as_its_limit_and_refuses_one_more(
    alice: AbstractBaseUser, bob: AbstractBaseUser, settings: pytest.MonkeyPatch
) -> None:
    settings.WATCHERS_PER_TABLE = 2  # type: ignore[attr-defined]
    match = await database_sync_to_async(watched_thousand)(alice, bob)
    before = await database_sync_to_async(stored)(match)
    url = await database_sync_to_async(watch_url)(match)
    first, second = watch_socket(match), watch_socket(match)
    for watcher in (first, second):
        assert (await watcher.connect())[0]
        assert "data-watching" in await watcher.receive_from(timeout=5)

    third = watch_socket(match)
    assert (await third.connect())[0]
    refusal = await third.receive_from(timeout=5)
    assert 'data-reason="too_many_watchers"' in refusal
    assert "This table has all the watchers it can take" in refusal
    assert "as many watchers as it can take" in refusal
    # Closed as "try again later": the page's socket extension connects again by itself.
    closed = await third.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": CLOSE_TRY_AGAIN_LATER}
    await third.disconnect()
    page = await database_sync_to_async(Client().get)(url)
    assert page.status_code == 503
    assert page["Retry-After"] == "60"
    assert 'data-reason="too_many_watchers"' in page.content.decode()
    assert "This table has all the watchers it can take" in page.content.decode()
    assert await database_sync_to_async(watchers().count)(match.pk) == 2
    assert await database_sync_to_async(stored)(match) == before

    # A place is free again once a watcher leaves.
    await first.disconnect()
    again = watch_socket(match)
    assert (await again.connect())[0]
    frame = await again.receive_from(timeout=5)
    assert "data-watching" in frame
    assert "too_many_watchers" not in frame
    page = await database_sync_to_async(Client().get)(url)
    assert page.status_code == 503
    for watcher in (second, again):
        await watcher.disconnect()


@pytest.mark.asyncio
async def test_the_players_hear_of_a_crowd_of_watchers_in_two_notices_not_one_each(
    alice: AbstractBaseUser, settings: pytest.MonkeyPatch
) -> None:
    settings.WATCHERS_NOTICE_SECONDS = 5  # type: ignore[attr-defined]
    match = await database_sync_to_async(watched_thousand)(alice)
    player = await player_socket(match, alice)
    assert count_in(await player.receive_from(timeout=5)) == 0

    crowd = [watch_socket(match) for _ in range(4)]
    for watcher in crowd:
        assert (await watcher.connect())[0]
    # The first arrival is told at once (the table drawn then counts those arrived by then);
    # the ones after it in one notice when the time is up.
    assert 1 <= count_in(await player.receive_from(timeout=5)) <= 4
    assert count_in(await player.receive_from(timeout=8)) == 4
    assert await player.receive_nothing(timeout=1)

    for watcher in crowd:
        await watcher.disconnect()
    heard = [count_in(await player.receive_from(timeout=8))]
    while heard[-1] != 0:
        heard.append(count_in(await player.receive_from(timeout=8)))
    assert len(heard) <= 2, heard
    assert await player.receive_nothing(timeout=1)
    await player.disconnect()


@pytest.mark.asyncio
async def test_a_watch_page_that_floods_its_socket_is_refused_and_closed(
    alice: AbstractBaseUser, bob: AbstractBaseUser, settings: pytest.MonkeyPatch
) -> None:
    settings.WATCHER_FRAMES = (3, 60)  # type: ignore[attr-defined]
    match = await database_sync_to_async(watched_thousand)(alice, bob)
    before = await database_sync_to_async(stored)(match)
    watcher = watch_socket(match)
    assert (await watcher.connect())[0]
    await watcher.receive_from(timeout=5)
    for _ in range(5):  # pings cost nothing and are not counted
        await watcher.send_to(text_data=json.dumps({"ping": True}))
    for _ in range(3):
        await watcher.send_to(text_data=json.dumps({"action": "pass", "version": before[0]}))
        assert 'data-reason="watching"' in await watcher.receive_from(timeout=5)
    await watcher.send_to(text_data=json.dumps({"action": "pass", "version": before[0]}))
    refusal = await watcher.receive_from(timeout=5)
    assert 'data-reason="rate_limited"' in refusal
    assert "Reload the page to watch on" in refusal
    assert "This page's connection was closed" in refusal
    closed = await watcher.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": CLOSE_FORBIDDEN}
    await watcher.disconnect()
    assert await database_sync_to_async(watchers().count)(match.pk) == 0
    assert await database_sync_to_async(stored)(match) == before


# -- the stores, in this process's memory and in Redis (when the site has it) ---------------------


@pytest.fixture(params=["memory", "redis"])
def store(request: pytest.FixtureRequest) -> Watchers:
    if request.param == "memory":
        return LocalWatchers()
    found = watchers()
    if not isinstance(found, RedisWatchers):
        pytest.skip("needs REDIS_URL")
    return found


def test_admission_keeps_the_limit_renews_and_never_brings_back_a_socket_that_left(
    store: Watchers,
) -> None:
    assert store.admit(5, "a", 2)
    assert store.admit(5, "b", 2)
    assert not store.admit(5, "c", 2)  # refused: nothing entered
    assert store.admit(5, "a", 2)  # one already in renews
    assert store.count(5) == 2
    store.leave(5, "b")
    store.stay(5, "b")  # a renewal that comes after its socket left enters nothing
    assert store.count(5) == 1
    assert store.admit(5, "c", 2)
    assert (store.count(5), store.count(6)) == (2, 0)


def test_notices_of_the_count_at_most_one_per_gap_and_at_once_after_a_quiet_gap(
    store: Watchers, settings: pytest.MonkeyPatch
) -> None:
    settings.WATCHERS_NOTICE_SECONDS = 1  # type: ignore[attr-defined]
    assert store.notice_delay(5) == 0.0  # told at once
    held = store.notice_delay(5)
    assert held is not None
    assert 0 < held <= 1
    assert store.notice_delay(5) is None  # the held notice tells this change too
    assert store.notice_delay(6) == 0.0  # another table is told apart
    time.sleep(held + 1.2)  # the held notice's time and a whole quiet gap after it
    assert store.notice_delay(5) == 0.0
