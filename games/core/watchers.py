"""Watchers of a friends' table: who may watch it, and how many do.

A friends' table made with "others may watch" has a watch link (``Match.watch_token``):
anyone with it, signed in or not, sees the table as nobody's seat sees it (the game's
``GameRules.public_view``), live, and can do nothing at it. A practice match is never
watchable. The watchers are counted like the players' presence (``games.core.presence``):
each open watch socket's entry is kept where every server process sees it (Redis when the
site has it, else this process's memory) with an expiry the socket renews; nothing of it is in
the database. The players see the count, told by ``match.presence`` notices.

Watchers cost the table renders, so they are bounded: at most ``WATCHERS_PER_TABLE`` watch
sockets at one table (one more is refused, ``too_many_watchers``), and the notices of watchers
coming and going at most one per ``WATCHERS_NOTICE_SECONDS`` per table: a change within that
time after a notice is held back to the end of it, and that one notice tells every change held
back with it (each notice re-renders every socket of the table, so without this a crowd of
watchers arriving would cost each player and watcher one render per arrival).
"""

from __future__ import annotations

import secrets
import threading
import time
from functools import cache
from typing import Protocol

from django.conf import settings
from django.utils.translation import gettext_lazy

from games.core.presence import expiry_seconds
from games.core.push import push_presence
from games.core.refusals import MoveRejected
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


def watchers_per_table() -> int:
    return int(settings.WATCHERS_PER_TABLE)


def notice_seconds() -> float:
    return float(settings.WATCHERS_NOTICE_SECONDS)


def too_many_watchers() -> MoveRejected:
    return MoveRejected(
        "too_many_watchers",
        gettext_lazy("This table has as many watchers as it can take. Try again in a while."),
    )


def watch_refusal(match_id: int) -> MoveRejected | None:
    """Why one more watcher may not watch the table now (None: they may): the watch page's
    early answer; the socket's admission (``watcher_arrived``) decides."""
    return too_many_watchers() if watchers().count(match_id) >= watchers_per_table() else None


class Watchers(Protocol):
    def admit(self, match_id: int, socket: str, limit: int) -> bool:
        """Enters an open watch socket (or renews it) unless ``limit`` others are open at the
        table: one step, so that a crowd arriving at once cannot pass the limit."""

    def stay(self, match_id: int, socket: str) -> None:
        """Renews an open watch socket's entry for another ``PRESENCE_SECONDS``; one already
        removed (its socket closed meanwhile) stays removed."""

    def leave(self, match_id: int, socket: str) -> None:
        """Removes a closed watch socket."""

    def count(self, match_id: int) -> int:
        """How many watch sockets are open at the table."""

    def notice_delay(self, match_id: int) -> float | None:
        """When the players are to hear of a change in the count: 0.0 now, a number of seconds
        for a notice held back to the end of the time after the last one, None when a notice is
        held back already (it tells this change too)."""


class LocalWatchers:
    """Watchers in this process's memory (a site without Redis runs in one process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sockets: dict[int, dict[str, float]] = {}
        self._noticed: dict[int, float] = {}

    def admit(self, match_id: int, socket: str, limit: int) -> bool:
        with self._lock:
            sockets = self._open(match_id)
            if socket not in sockets and len(sockets) >= limit:
                return False
            self._sockets.setdefault(match_id, {})[socket] = time.time() + expiry_seconds()
            return True

    def stay(self, match_id: int, socket: str) -> None:
        with self._lock:
            sockets = self._sockets.get(match_id, {})
            if socket in sockets:
                sockets[socket] = time.time() + expiry_seconds()

    def leave(self, match_id: int, socket: str) -> None:
        with self._lock:
            self._sockets.get(match_id, {}).pop(socket, None)

    def count(self, match_id: int) -> int:
        with self._lock:
            return len(self._open(match_id))

    def _open(self, match_id: int) -> dict[str, float]:
        """The table's entries that have not run out (under the lock)."""
        sockets = self._sockets.get(match_id, {})
        now = time.time()
        for socket in [socket for socket, until in sockets.items() if until <= now]:
            del sockets[socket]
        if not sockets:
            self._sockets.pop(match_id, None)
        return sockets

    def notice_delay(self, match_id: int) -> float | None:
        with self._lock:
            now, gap = time.monotonic(), notice_seconds()
            for match in [match for match, at in self._noticed.items() if at + gap <= now]:
                del self._noticed[match]
            last = self._noticed.get(match_id)
            if last is None:
                self._noticed[match_id] = now
                return 0.0
            if last > now:
                return None
            self._noticed[match_id] = last + gap
            return last + gap - now


class RedisWatchers:
    """Watchers in Redis, seen by every server process: a sorted set per match whose members
    are the sockets and whose scores are the entries' expiry times."""

    ADMISSION = """
        redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
        if not redis.call('ZSCORE', KEYS[1], ARGV[4])
            and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
            return 0
        end
        redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
        return 1
    """
    """The entries run out dropped, the table's count checked and the socket entered, in one
    step: ARGV now, the entry's expiry, the limit, the socket."""

    NOTICE = """
        local time = redis.call('TIME')
        local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
        local gap = tonumber(ARGV[1])
        local last = tonumber(redis.call('GET', KEYS[1]))
        if last == nil then
            redis.call('SET', KEYS[1], now, 'PX', gap)
            return 0
        end
        if last > now then
            return -1
        end
        redis.call('SET', KEYS[1], last + gap, 'PX', last + 2 * gap - now)
        return last + gap - now
    """
    """The notices' times in one step on Redis's own clock (several processes ask at once):
    the key holds the last notice's time (or the held-back one's, in the future) and lasts
    until a change may be told at once again; the answer in milliseconds, -1 for None."""

    def __init__(self, url: str, prefix: str) -> None:
        import redis

        self.client = redis.Redis.from_url(url)
        self.prefix = prefix
        self.notice = self.client.register_script(self.NOTICE)
        self.admission = self.client.register_script(self.ADMISSION)

    def key(self, match_id: int) -> str:
        return f"{self.prefix}{match_id}"

    def admit(self, match_id: int, socket: str, limit: int) -> bool:
        now = time.time()
        admitted = self.admission(
            keys=[self.key(match_id)], args=[now, now + expiry_seconds(), limit, socket]
        )
        if admitted:
            self.client.expire(self.key(match_id), expiry_seconds())
        return bool(admitted)

    def stay(self, match_id: int, socket: str) -> None:
        key = self.key(match_id)
        with self.client.pipeline() as pipe:
            pipe.zadd(key, {socket: time.time() + expiry_seconds()}, xx=True)
            pipe.expire(key, expiry_seconds())
            pipe.execute()

    def leave(self, match_id: int, socket: str) -> None:
        self.client.zrem(self.key(match_id), socket)

    def count(self, match_id: int) -> int:
        return int(self.client.zcount(self.key(match_id), time.time(), "+inf"))

    def notice_delay(self, match_id: int) -> float | None:
        gap = max(1, round(notice_seconds() * 1000))
        delay = int(self.notice(keys=[f"{self.key(match_id)}:noticed"], args=[gap]))
        return None if delay < 0 else delay / 1000


@cache
def watchers() -> Watchers:
    """This process's view of the watchers: Redis when the site has it (``REDIS_URL``), its
    keys named after the database, as presence's are."""
    if settings.REDIS_URL:
        database = settings.DATABASES["default"]["NAME"]
        return RedisWatchers(settings.REDIS_URL, f"watchers:{database}:")
    return LocalWatchers()


def watcher_arrived(match_id: int, socket: str) -> float | None:
    """A watch socket opened: it is counted unless the table has as many watchers as it
    takes (``too_many_watchers``, nothing changed), and the players see one more watching, now
    or (the delay returned) with the notice held back (``tell_watchers``)."""
    if not watchers().admit(match_id, socket, watchers_per_table()):
        raise too_many_watchers()
    return _notice(match_id, socket)


def watcher_stays(match_id: int, socket: str) -> None:
    """An open watch socket renews its entry."""
    watchers().stay(match_id, socket)


def watcher_departed(match_id: int, socket: str) -> float | None:
    """A watch socket closed: the players see one fewer watching, now or (the delay returned)
    with the notice held back (``tell_watchers``)."""
    watchers().leave(match_id, socket)
    return _notice(match_id, socket)


def _notice(match_id: int, socket: str) -> float | None:
    delay = watchers().notice_delay(match_id)
    if delay == 0.0:
        push_presence(match_id, socket)
        return None
    return delay


def tell_watchers(match_id: int) -> None:
    """The notice held back: everyone at the table, the watcher who caused it included, hears
    the count as it is now."""
    push_presence(match_id)


def watch_count(match_id: int) -> int:
    return watchers().count(match_id)
