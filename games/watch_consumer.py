"""A watcher's WebSocket: the table re-rendered as a watcher sees it after every change, and
nothing taken in.

It joins the match's channel group like a player's socket, but only to listen: on every
``match.updated`` and ``match.presence`` notice it renders the watcher's table (the game's
public view, ``games.watching``), never a seat's. It is counted among the table's watchers
(``games.core.watchers``) while it stays open. Every frame from the page is refused with the
reason ``watching`` and changes nothing (a ``{"ping": true}`` is let be); no chat or other event
of the players is ever sent down it: it hears only the notices in ``HEARD`` and renders only
the watcher's table. When the host
stops letting others watch, its next notice closes it with the refusal.

Watchers are bounded (``games.core.watchers``): a socket beyond the table's limit is refused
(``too_many_watchers``) and closed with ``CLOSE_TRY_AGAIN_LATER``; the count's notices held
back there are sent from here when their time comes; a socket that sends more than
``WATCHER_FRAMES`` frames (pings aside) in so many seconds is answered ``rate_limited`` and
closed, as each answer costs a render.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy

from games.consumers import CLOSE_FORBIDDEN, MAX_FRAME, _language, _origin
from games.core.presence import renew_seconds
from games.core.refusals import MoveRejected
from games.services import (
    group_name,
    tell_watchers,
    watched_match,
    watched_table,
    watcher_arrived,
    watcher_departed,
    watcher_stays,
)
from games.threads import for_tables
from games.watching import not_watchable, refused_fragments, watch_fragments, watching

HEARD = frozenset({"match.updated", "match.presence"})
"""The match group's notices a watcher's socket acts on; any other (the players' chat, say) is
dropped unread, never sent down it."""

CLOSE_TRY_AGAIN_LATER = 1013
"""The close of a socket refused for too many watchers: the page's WebSocket extension
connects again later by itself (it does after 1013, not after ``CLOSE_FORBIDDEN``)."""

HELD_BACK: set[asyncio.Task[None]] = set()
"""The count's notices waiting for their time (kept here until sent: the loop keeps only weak
references to its tasks). One held back in a process that stops is not sent: the count shows
again with the table's next notice."""


def too_fast() -> MoveRejected:
    return MoveRejected(
        "rate_limited",
        gettext_lazy(
            "This page sent the table too much at once, so its connection was closed. "
            "Reload the page to watch on."
        ),
    )


def hold_back(match_id: int, delay: float | None) -> None:
    """Sends the count's notice held back by ``delay`` seconds, whatever becomes of the socket
    that caused it (None: there is none to send)."""
    if delay is None:
        return

    async def later() -> None:
        await asyncio.sleep(delay)
        await for_tables(tell_watchers)(match_id)

    task = asyncio.create_task(later())
    HELD_BACK.add(task)
    task.add_done_callback(HELD_BACK.discard)


class WatchConsumer(AsyncWebsocketConsumer):
    async def dispatch(self, message: dict[str, Any]) -> None:
        kind = message.get("type", "")
        if kind in HEARD or kind.startswith("websocket."):
            await super().dispatch(message)

    async def connect(self) -> None:
        self.token: str = self.scope["url_route"]["kwargs"]["token"]
        self.language = _language(self.scope)
        self.origin = _origin(self.scope)
        self.group = ""
        self.match_id = -1
        self.renewing: asyncio.Task[None] | None = None
        self.frames: deque[float] = deque()
        self.closing = False
        match = await for_tables(watched_match)(self.token)
        if match is None:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        try:
            arrived = await for_tables(watcher_arrived)(match.pk, self.channel_name)
        except MoveRejected as refusal:
            await self.accept()
            await self._refuse(refusal, code=CLOSE_TRY_AGAIN_LATER)
            return
        self.match_id = match.pk
        self.renewing = asyncio.create_task(self._renew())
        hold_back(self.match_id, arrived)
        self.group = group_name(match.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self._send_table()

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(renew_seconds())
            await for_tables(watcher_stays)(self.match_id, self.channel_name)

    async def disconnect(self, code: int) -> None:
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if self.renewing is not None:
            self.renewing.cancel()
            departed = await for_tables(watcher_departed)(self.match_id, self.channel_name)
            hold_back(self.match_id, departed)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.closing:
            return
        if text_data is not None and len(text_data) <= MAX_FRAME:
            try:
                data = json.loads(text_data)
            except (ValueError, RecursionError):
                data = None
            if data == {"ping": True}:
                return
        if self._too_many_frames():
            await self._refuse(too_fast())
            return
        await self._send_table(reason="watching")

    def _too_many_frames(self) -> bool:
        frames, seconds = settings.WATCHER_FRAMES
        now = time.monotonic()
        self.frames.append(now)
        while self.frames[0] <= now - seconds:
            self.frames.popleft()
        return len(self.frames) > frames

    async def _refuse(self, refusal: MoveRejected, code: int = CLOSE_FORBIDDEN) -> None:
        self.closing = True
        with translation.override(self.language):
            await self.send(text_data=refused_fragments(refusal))
        await self.close(code=code)

    async def match_updated(self, event: dict[str, Any]) -> None:
        await self._send_table()

    async def match_presence(self, event: dict[str, Any]) -> None:
        if event.get("origin") != self.channel_name:
            await self._send_table()

    async def _send_table(self, reason: str = "") -> None:
        html = await for_tables(self._render)(reason)
        if html is None:
            await self._refuse(not_watchable())
            return
        await self.send(text_data=html)

    def _render(self, reason: str) -> str | None:
        table = watched_table(self.match_id)
        if table is None or table.match.watch_token != self.token:
            return None
        with translation.override(self.language):
            message = watching().message if reason else ""
            html = watch_fragments(table, self.token, self.origin, message)
        if reason:
            # The reason code is the consumer's own fixed word, never the frame's text.
            html += f'<div id="table-refusal" hidden data-reason="{reason}"></div>'
        return html
