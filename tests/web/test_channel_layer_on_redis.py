"""The channel layer on Redis publishes a notice at once, even while a socket's group is being
subscribed (channels_redis publishes under the lock its subscriptions take: while people
arrived, the notices queued behind one another and the subscriptions for seconds). Runs only
with REDIS_URL."""

from __future__ import annotations

import asyncio
import os

import pytest
from channels.layers import get_channel_layer

pytestmark = [
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL"),
    pytest.mark.asyncio,
]


async def test_a_notice_is_published_while_a_subscription_holds_the_connections_lock() -> None:
    layer = get_channel_layer()
    assert layer is not None
    channel = await layer.new_channel()
    await layer.group_add("match-notice-test", channel)
    loop_layer = layer._get_layer()
    shard = loop_layer._get_shard(loop_layer._get_group_channel_name("match-notice-test"))
    try:
        async with shard._lock:  # as a socket's subscription in progress holds it
            await asyncio.wait_for(
                layer.group_send("match-notice-test", {"type": "match.updated", "version": 3}),
                timeout=2,
            )
        message = await asyncio.wait_for(layer.receive(channel), timeout=5)
        assert message == {"type": "match.updated", "version": 3}
    finally:
        await layer.group_discard("match-notice-test", channel)
        await layer.flush()
