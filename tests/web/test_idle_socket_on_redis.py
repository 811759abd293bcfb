"""A table's WebSocket left idle for 30 s on the Redis channel layer stays open and still
gets the next pushed table (redis-py 8's default 5 s socket timeout ended channels-redis's
blocking reads and closed idle sockets: channels_redis #422, redis-py #4091). Runs only with
REDIS_URL."""

from __future__ import annotations

import os

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from config.asgi import application
from games.models import Match

from .conftest import computer_plays

pytestmark = [
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
]

IDLE_SECONDS = 30


@pytest.fixture
def alice_cookie(alice: AbstractBaseUser) -> bytes:
    client = Client()
    client.force_login(alice)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def test_an_idle_socket_on_redis_stays_open_for_30_seconds(
    scripted_match: Match, alice_cookie: bytes
) -> None:
    communicator = WebsocketCommunicator(
        application,
        f"/ws/play/{scripted_match.pk}/",
        headers=[(b"origin", b"http://testserver"), (b"cookie", alice_cookie)],
    )
    connected, _ = await communicator.connect()
    assert connected
    assert 'data-version="0"' in await communicator.receive_from()

    # Nothing comes and nothing fails while the person thinks: no close, no exception.
    assert await communicator.receive_nothing(timeout=IDLE_SECONDS, interval=1)
    assert not communicator.future.done()

    # The consumer still listens on the layer: the computer's move is pushed to it.
    await database_sync_to_async(computer_plays)(scripted_match, "pass")
    frame = await communicator.receive_from(timeout=10)
    assert 'data-version="1"' in frame
    await communicator.disconnect()
    # The layer's connections and its receiving task belong to this test's event loop.
    await get_channel_layer().flush()
