"""Watchers of a friends' table: who may watch it, and how many do.

A friends' table made with "others may watch" has a watch link (``Match.watch_token``):
anyone with it, signed in or not, sees the table as nobody's seat sees it (the game's
``GameRules.public_view``), live, and can do nothing at it. A practice match is never
watchable. The watchers are counted like the players' presence (``games.core.presence``):
each open watch socket's entry is kept where every server process sees it (Redis when the
site has it, else this process's memory) with an expiry the socket renews; nothing of it is in
the database. The players see the count, told by ``match.presence`` notices.
"""

from __future__ import annotations

import secrets
import threading
import time
from functools import cache
from typing import Protocol

from django.conf import settings

from games.core.presence import expiry_seconds
from games.core.push import push_presence
from games.core.tables import Table, consistent_table
from games.models import Match

WATCH_TOKEN_BYTES = 12
"""A watch link's key: 16 characters, not to be guessed."""


def new_watch_token() -> str:
    return secrets.token_urlsafe(WATCH_TOKEN_BYTES)


def watched_match(token: str) -> Match | None:
    """The watchable table whose watch link has ``token`` (None: no such table)."""
    if not token or len(token) > 64:
        return None
    match = Match.objects.filter(watch_token=token).first()
    return match if match is not None and match.is_watchable else None


def watched_table(match_id: int) -> Table | None:
    """The table of ``match_id`` as it was at one moment, while it may be watched (None: no
    such match, or no longer watchable)."""
    table = consistent_table(match_id)
    return table if table is not None and table.match.is_watchable else None


class Watchers(Protocol):
    def arrive(self, match_id: int, socket: str) -> None:
        """Enters (or renews for another ``PRESENCE_SECONDS``) an open watch socket."""

    def leave(self, match_id: int, socket: str) -> None:
        """Removes a closed watch socket."""

    def count(self, match_id: int) -> int:
        """How many watch sockets are open at the table."""


class LocalWatchers:
    """Watchers in this process's memory (a site without Redis runs in one process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sockets: dict[int, dict[str, float]] = {}

    def arrive(self, match_id: int, socket: str) -> None:
        with self._lock:
            self._sockets.setdefault(match_id, {})[socket] = time.time() + expiry_seconds()

    def leave(self, match_id: int, socket: str) -> None:
        with self._lock:
            self._sockets.get(match_id, {}).pop(socket, None)

    def count(self, match_id: int) -> int:
        with self._lock:
            sockets = self._sockets.get(match_id, {})
            now = time.time()
            for socket in [socket for socket, until in sockets.items() if until <= now]:
                del sockets[socket]
            if not sockets:
                self._sockets.pop(match_id, None)
            return len(sockets)


class RedisWatchers:
    """Watchers in Redis, seen by every server process: a sorted set per match whose members
    are the sockets and whose scores are the entries' expiry times."""

    def __init__(self, url: str, prefix: str) -> None:
        import redis

        self.client = redis.Redis.from_url(url)
        self.prefix = prefix

    def key(self, match_id: int) -> str:
        return f"{self.prefix}{match_id}"

    def arrive(self, match_id: int, socket: str) -> None:
        key = self.key(match_id)
        with self.client.pipeline() as pipe:
            pipe.zremrangebyscore(key, "-inf", time.time())
            pipe.zadd(key, {socket: time.time() + expiry_seconds()})
            pipe.expire(key, expiry_seconds())
            pipe.execute()

    def leave(self, match_id: int, socket: str) -> None:
        self.client.zrem(self.key(match_id), socket)

    def count(self, match_id: int) -> int:
        return int(self.client.zcount(self.key(match_id), time.time(), "+inf"))


@cache
def watchers() -> Watchers:
    """This process's view of the watchers: Redis when the site has it (``REDIS_URL``), its
    keys named after the database, as presence's are."""
    if settings.REDIS_URL:
        database = settings.DATABASES["default"]["NAME"]
        return RedisWatchers(settings.REDIS_URL, f"watchers:{database}:")
    return LocalWatchers()


def watcher_arrived(match_id: int, socket: str) -> None:
    """A watch socket opened: the players see one more watching."""
    watchers().arrive(match_id, socket)
    push_presence(match_id, socket)


def watcher_stays(match_id: int, socket: str) -> None:
    """An open watch socket renews its entry."""
    watchers().arrive(match_id, socket)


def watcher_departed(match_id: int, socket: str) -> None:
    """A watch socket closed: the players see one fewer watching."""
    watchers().leave(match_id, socket)
    push_presence(match_id, socket)


def watch_count(match_id: int) -> int:
    return watchers().count(match_id)
