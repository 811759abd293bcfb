"""Who is at a friends' table: the open table sockets of each seat.

Kept where every server process sees them (Redis when the site has it, else this process's
memory), each socket's entry with an expiry (``PRESENCE_SECONDS``) that the socket renews three
times as often while it stays open (``renew_seconds``): a server that dies, even by ``kill -9``,
leaves nobody shown at a table for longer than that. Nothing here is in the database: presence
is not part of a match, and a crash must not leave it behind.
"""

from __future__ import annotations

import threading
import time
from functools import cache
from typing import Protocol, cast

from django.conf import settings


def expiry_seconds() -> int:
    """How long a socket's entry lasts unless renewed."""
    return int(settings.PRESENCE_SECONDS)


def renew_seconds() -> float:
    """How often an open socket renews its entry."""
    return expiry_seconds() / 3


class Presence(Protocol):
    def arrive(self, match_id: int, seat: int, socket: str) -> bool:
        """Enters the open ``socket`` of ``seat``; whether the seat had none before."""

    def renew(self, match_id: int, seat: int, socket: str) -> None:
        """Keeps the entry of an open socket for another ``PRESENCE_SECONDS``."""

    def leave(self, match_id: int, seat: int, socket: str) -> bool:
        """Removes a closed socket; whether its seat has none left."""

    def seats(self, match_id: int) -> frozenset[int]:
        """The seats with an open socket."""


class LocalPresence:
    """Presence in this process's memory (a site without Redis runs in one process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sockets: dict[int, dict[str, tuple[int, float]]] = {}

    def arrive(self, match_id: int, seat: int, socket: str) -> bool:
        with self._lock:
            present = seat in self._seats(match_id)
            self._sockets.setdefault(match_id, {})[socket] = (seat, _expiry())
        return not present

    def renew(self, match_id: int, seat: int, socket: str) -> None:
        self.arrive(match_id, seat, socket)

    def leave(self, match_id: int, seat: int, socket: str) -> bool:
        with self._lock:
            self._sockets.get(match_id, {}).pop(socket, None)
            return seat not in self._seats(match_id)

    def seats(self, match_id: int) -> frozenset[int]:
        with self._lock:
            return self._seats(match_id)

    def _seats(self, match_id: int) -> frozenset[int]:
        sockets = self._sockets.get(match_id, {})
        now = time.time()
        for socket in [socket for socket, (_, until) in sockets.items() if until <= now]:
            del sockets[socket]
        if not sockets:
            self._sockets.pop(match_id, None)
        return frozenset(seat for seat, _ in sockets.values())


class RedisPresence:
    """Presence in Redis, seen by every server process: a sorted set per match whose members
    are ``seat:socket`` and whose scores are the entries' expiry times."""

    def __init__(self, url: str, prefix: str) -> None:
        import redis

        self.client = redis.Redis.from_url(url)
        self.prefix = prefix

    def key(self, match_id: int) -> str:
        return f"{self.prefix}{match_id}"

    def arrive(self, match_id: int, seat: int, socket: str) -> bool:
        before = self._enter(match_id, seat, socket)
        return seat not in before

    def renew(self, match_id: int, seat: int, socket: str) -> None:
        self._enter(match_id, seat, socket)

    def leave(self, match_id: int, seat: int, socket: str) -> bool:
        key = self.key(match_id)
        with self.client.pipeline() as pipe:
            pipe.zrem(key, f"{seat}:{socket}")
            pipe.zremrangebyscore(key, "-inf", time.time())
            pipe.zrange(key, 0, -1)
            left = pipe.execute()[-1]
        return seat not in _seats_of(left)

    def seats(self, match_id: int) -> frozenset[int]:
        members = self.client.zrangebyscore(self.key(match_id), time.time(), "+inf")
        # redis-py types every sorted-set answer as one union; without scores it is members.
        return _seats_of(cast("list[bytes]", members))

    def _enter(self, match_id: int, seat: int, socket: str) -> frozenset[int]:
        """The seats present before, after entering the socket (one round trip)."""
        key = self.key(match_id)
        with self.client.pipeline() as pipe:
            pipe.zremrangebyscore(key, "-inf", time.time())
            pipe.zrange(key, 0, -1)
            pipe.zadd(key, {f"{seat}:{socket}": _expiry()})
            pipe.expire(key, expiry_seconds())
            before = pipe.execute()[1]
        return _seats_of(before)


def _expiry() -> float:
    return time.time() + expiry_seconds()


def _seats_of(members: list[bytes]) -> frozenset[int]:
    return frozenset(int(member.split(b":", 1)[0]) for member in members)


@cache
def presence() -> Presence:
    """This process's view of presence: Redis when the site has it (``REDIS_URL``), its keys
    named after the database, so two sites or test runs on one Redis never mix."""
    if settings.REDIS_URL:
        database = settings.DATABASES["default"]["NAME"]
        return RedisPresence(settings.REDIS_URL, f"presence:{database}:")
    return LocalPresence()
