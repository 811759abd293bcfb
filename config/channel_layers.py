"""The channel layer on Redis: channels_redis's publish/subscribe layer, with its notices
published at once.

channels_redis (4.3) publishes under the lock each connection to Redis also takes to
subscribe and unsubscribe a socket's group, one command at a time: while people arrive (ten
sockets a second opening, each subscribing) the notices of every table of the process queued
behind one another and the subscriptions (docs/load.md). A notice is one
``PUBLISH`` on the client's pool of connections, which needs no lock; the subscriptions keep
theirs."""

from __future__ import annotations

from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer

from config.speedups import channels_redis_internals


class RedisPubSubLayer(RedisPubSubChannelLayer):
    """channels_redis's layer, whose methods are those of a layer of the running event loop
    (its ``__getattr__``), with ``group_send`` publishing at once where its internals may be
    used (``config.speedups``)."""

    def __getattr__(self, name: str) -> Any:
        if name == "group_send" and channels_redis_internals():
            return self._publish_at_once
        return super().__getattr__(name)

    async def _publish_at_once(self, group: str, message: dict[str, Any]) -> None:
        layer = self._get_layer()
        channel = layer._get_group_channel_name(group)
        shard = layer._get_shard(channel)
        shard._ensure_redis()
        await shard._redis.publish(channel, self.serialize(message))
