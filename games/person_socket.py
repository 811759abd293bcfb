"""A person's socket on every page of the site (``/ws/me/``): it shows their invitations
(``games.invitations``) live, wherever they are. On connect (so on every page they open: the
invitations made while they were away) and on every ``invitations.changed`` notice to the
person's group, it sends the list of invitations still open, which the page puts in place
(``games/static/games/person.js``); the page itself is rendered without a query for them.
When a rematch's invitation shown runs out, the socket sends the list again without it.
Like a table's socket it follows the session that opened it (``games.core.sessions``): it
closes (``CLOSE_SIGNED_OUT``) at sign-out, suspension or a new password."""

from __future__ import annotations

import asyncio
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone, translation

from games.consumers import CLOSE_FORBIDDEN, _language
from games.core.sessions import CLOSE_SIGNED_OUT, session_digest, still_signed_in, user_group
from games.invitations import pending, person_group
from games.threads import for_tables

INVITATIONS_TEMPLATE = "games/_invitations.html"


class PersonConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.user = self.scope.get("user")
        self.groups_joined: list[str] = []
        self.running_out: asyncio.Task[None] | None = None
        if self.user is None or not self.user.is_authenticated:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.language = _language(self.scope)
        self.csrf_token = self.scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME, "")
        self.session_key: str | None = getattr(self.scope.get("session"), "session_key", None)
        self.groups_joined = [person_group(self.user.pk), user_group(self.user.pk)]
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        await self._send_invitations()

    async def disconnect(self, code: int) -> None:
        if self.running_out is not None:
            self.running_out.cancel()
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The page sends nothing: its answers are forms."""

    async def invitations_changed(self, event: dict[str, Any]) -> None:
        await self._send_invitations()

    async def chat_updated(self, event: dict[str, Any]) -> None:
        """The person muted or unmuted someone at a table: its table sockets, on the same
        group, draw that chat again; this socket shows no chat."""

    async def session_changed(self, event: dict[str, Any]) -> None:
        if not await for_tables(still_signed_in)(self.session_key, self.user.pk):
            await self.close(code=CLOSE_SIGNED_OUT)

    async def session_ended(self, event: dict[str, Any]) -> None:
        if event.get("session") == session_digest(self.session_key):
            await self.close(code=CLOSE_SIGNED_OUT)

    async def _send_invitations(self) -> None:
        rendered = await for_tables(self._render)()
        if rendered is None:
            await self.close(code=CLOSE_SIGNED_OUT)
            return
        html, runs_out = rendered
        await self.send(text_data=html)
        if self.running_out is not None and self.running_out is not asyncio.current_task():
            self.running_out.cancel()
        self.running_out = None
        if runs_out is not None:
            self.running_out = asyncio.create_task(self._again_after(runs_out))

    async def _again_after(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await self._send_invitations()

    def _render(self) -> tuple[str, float | None] | None:
        """The list of invitations, and in how many seconds the first of them runs out."""
        if not still_signed_in(self.session_key, self.user.pk):
            return None
        invitations = pending(self.user)
        context = {"invitations": invitations, "csrf_token": self.csrf_token}
        ends = [shown.expires for shown in invitations if shown.expires is not None]
        runs_out = None
        if ends:
            runs_out = max(0.0, (min(ends) - timezone.now()).total_seconds()) + 0.05
        with translation.override(self.language):
            return render_to_string(INVITATIONS_TEMPLATE, context), runs_out
