"""The table's WebSocket: "something changed" in, the table re-rendered for this viewer out.

On connect (and so on every reconnect) the consumer sends the whole table, which re-syncs a
page that missed updates, and counts the person as present at the table; a practice match's
page that already shows the current version (the ``v`` of the socket's address) gets only its
socket's name (the page's own request asked for the computers' moves; any other connect asks
again, which resumes them after a restart). Each ``match.updated`` notice from the match's
group makes it render the table again for its own user's seat only. A frame from the page is
a move (``{"action": …, "version": n}``), the next round (``{"next": true, "version": n}``) or
resigning (``{"resign": true}``), handled by the same services as over HTTP and answered with
the table it left (the table page sends its moves this way while its socket is open); a
refused one gets an error frame: the table with the message, and the refusal's reason code in
the table's ``data-refused`` attribute. The socket follows the session that opened it
(``games.core.sessions``): it checks the session before every frame it acts on and when the
account changes, and closes (``CLOSE_SIGNED_OUT``) once the session no longer signs its person
in.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

from config.speedups import channels_internals
from games.chat import chat_frame
from games.core.computers import runner
from games.core.presence import renew_seconds
from games.core.sessions import CLOSE_SIGNED_OUT, session_digest, still_signed_in, user_group
from games.rendering import removed_fragments, table_fragments
from games.services import (
    MoveRejected,
    Table,
    arrived,
    committed_table,
    departed,
    group_name,
    match_for_user,
    next_round,
    play,
    read_table,
    removed_from,
    renew_presence,
    resign,
    version_from,
)
from games.threads import for_tables

MAX_FRAME = 2048
CLOSE_FORBIDDEN = 4403


class SignedOut:
    """A frame's answer when the socket's session no longer signs its person in."""


SIGNED_OUT = SignedOut()


def _language(scope: dict[str, Any]) -> str:
    """The viewer's language, as Django's LocaleMiddleware would pick it for a request."""
    supported = {code for code, _name in settings.LANGUAGES}
    cookie = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME, "")
    candidates = [cookie] if cookie else []
    for name, value in scope.get("headers", []):
        if name == b"accept-language":
            candidates += [code for code, _q in parse_accept_lang_header(value.decode("latin-1"))]
    for code in candidates:
        try:
            variant = translation.get_supported_language_variant(code)
        except LookupError:
            continue
        if variant in supported:
            return variant
    return settings.LANGUAGE_CODE


def _origin(scope: dict[str, Any]) -> str:
    """``scheme://host`` of the page that opened the socket, for whole links in frames."""
    headers = dict(scope.get("headers", []))
    host = headers.get(b"host", b"").decode("latin-1")
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return ""
    scheme = "https" if scope.get("scheme") == "wss" else "http"
    return f"{scheme}://{host}"


class MatchConsumer(AsyncWebsocketConsumer):
    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch without its ``aclose_old_connections`` before every message: that
        hops to another thread for each frame and notice, while every database call here runs
        in the shared threads of ``games.threads``, which close old connections in the thread
        that makes the call."""
        if not channels_internals():
            await super().dispatch(message)
            return
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.match_id: int = self.scope["url_route"]["kwargs"]["match_id"]
        self.user = self.scope.get("user")
        self.language = _language(self.scope)
        self.csrf_token = self.scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME, "")
        self.origin = _origin(self.scope)
        self.sent_version = -1
        self.token = secrets.token_urlsafe(16)
        # Every frame ends with it: the page names its socket in the moves it posts.
        self.socket_name = (
            f'<div id="table-socket" hidden hx-swap-oob="true" data-socket="{self.token}"></div>'
        )
        self.session_key: str | None = getattr(self.scope.get("session"), "session_key", None)
        self.group = ""
        self.present_at = -1
        self.renewing: asyncio.Task[None] | None = None
        if self.user is None or not await for_tables(self._may_watch)():
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.group = group_name(self.match_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.channel_layer.group_add(user_group(self.user.pk), self.channel_name)
        await self.accept()
        seat = await for_tables(arrived)(self.match_id, self.user, self.channel_name)
        if seat is not None and seat.match.is_friends:
            self.present_at = seat.number
            self.renewing = asyncio.create_task(self._renew_presence())
        match = None if seat is None else seat.match
        if match is not None and not match.is_friends and match.version == self._page_version():
            # The page shows this very version (read after joining the group: a change from
            # now on is pushed), and at a practice match nobody else comes or goes: the page
            # needs only its socket's name. Its own request asked for the computers' moves.
            self.sent_version = match.version
            await self.send(text_data=self.socket_name)
            return
        # A friends' table comes with its chat, which the page may have missed too.
        await self._send_table(chat=match is not None and match.is_friends)
        runner.request_bot_moves(self.match_id)

    def _page_version(self) -> int | None:
        """The version the page showed when it opened the socket (``?v=``), if it says."""
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        shown = query.get("v", [""])[0]
        return int(shown) if shown.isdigit() and len(shown) < 10 else None

    async def _renew_presence(self) -> None:
        while True:
            await asyncio.sleep(renew_seconds())
            await for_tables(renew_presence)(self.match_id, self.present_at, self.channel_name)

    async def disconnect(self, code: int) -> None:
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.channel_layer.group_discard(user_group(self.user.pk), self.channel_name)
        if self.renewing is not None:
            self.renewing.cancel()
            await for_tables(departed)(self.match_id, self.present_at, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            if text_data is None or len(text_data) > MAX_FRAME:
                raise MoveRejected("malformed", translation.gettext_lazy("That is not a move."))
            try:
                data = json.loads(text_data)
            except (ValueError, RecursionError):
                raise MoveRejected(
                    "malformed", translation.gettext_lazy("That is not a move.")
                ) from None
            if not isinstance(data, dict):
                raise MoveRejected("malformed", translation.gettext_lazy("That is not a move."))
            answer = await for_tables(self._move)(data)
        except MoveRejected as rejected:
            await self._send_table(message=self._translated(rejected), reason=rejected.reason)
            return
        if isinstance(answer, SignedOut):
            await self.close(code=CLOSE_SIGNED_OUT)
        elif answer is None:
            await self.close(code=CLOSE_FORBIDDEN)
        else:
            await self._send_rendered(answer)

    async def session_changed(self, event: dict[str, Any]) -> None:
        if not await for_tables(still_signed_in)(self.session_key, self.user.pk):
            await self.close(code=CLOSE_SIGNED_OUT)

    async def session_ended(self, event: dict[str, Any]) -> None:
        if event.get("session") == session_digest(self.session_key):
            await self.close(code=CLOSE_SIGNED_OUT)

    async def match_updated(self, event: dict[str, Any]) -> None:
        version = event.get("version")
        if isinstance(version, int):
            if version <= self.sent_version:
                return
            if event.get("answered") == self.token:
                # This page's own move: its HTTP answer carries the table of this version.
                self.sent_version = version
                return
        stamp = event.get("stamp")
        await self._send_table(stamp=stamp if isinstance(stamp, str) else "")

    async def match_presence(self, event: dict[str, Any]) -> None:
        if event.get("origin") != self.channel_name:
            await self._send_table()

    async def chat_updated(self, event: dict[str, Any]) -> None:
        """The table chat changed: a person seated at the table gets it as they see it (their
        mutes, their language); anyone else on the match's group (a watcher) never does."""
        frame = await for_tables(self._chat)()
        if frame:
            await self.send(text_data=frame)

    def _chat(self) -> str:
        with translation.override(self.language):
            return chat_frame(self.match_id, self.user, self.csrf_token)

    async def _send_table(
        self, message: str = "", reason: str = "", stamp: str = "", chat: bool = False
    ) -> None:
        rendered = await for_tables(self._render)(message, stamp, chat)
        if rendered is None:
            note = await for_tables(self._removal_note)()
            if note:
                await self.send(text_data=note)
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self._send_rendered(rendered, reason)

    async def _send_rendered(self, rendered: tuple[int, str], reason: str = "") -> None:
        version, html = rendered
        self.sent_version = max(self.sent_version, version)
        # The reason code is one of the service's fixed words, never the frame's own text.
        refusal = f'<div id="table-refusal" hidden data-reason="{reason}"></div>' if reason else ""
        await self.send(text_data=html + refusal + self.socket_name)

    def _translated(self, rejected: MoveRejected) -> str:
        with translation.override(self.language):
            return str(rejected.message)

    def _removal_note(self) -> str:
        """The note for a person no longer at the table because its host removed them ("" for
        anyone else: nothing is said to a stranger)."""
        match = removed_from(self.match_id, self.user)
        if match is None:
            return ""
        with translation.override(self.language):
            return removed_fragments(match)

    def _may_watch(self) -> bool:
        return match_for_user(self.user, self.match_id) is not None

    def _move(self, data: dict[str, Any]) -> tuple[int, str] | SignedOut | None:
        """Makes the move and renders the table it left for this socket, in one thread (the
        move's notice then finds that version sent), if the session still signs the person in."""
        if not still_signed_in(self.session_key, self.user.pk):
            return SIGNED_OUT
        with translation.override(self.language):
            if data.get("resign") is True:
                table = resign(self.match_id, user=self.user)
            elif data.get("next") is True:
                table = next_round(self.match_id, version_from(data), user=self.user)
            else:
                table = play(self.match_id, data, user=self.user)
        return self._rendered(table, "")

    def _render(self, message: str, stamp: str = "", chat: bool = False) -> tuple[int, str] | None:
        """The table for this viewer: the one a change in this process left, when ``stamp``
        names it, else read from the database; with the table chat if ``chat``."""
        table = committed_table(self.match_id, stamp) if stamp else None
        if table is None:
            table = read_table(self.user, self.match_id)
        rendered = self._rendered(table, message)
        if rendered is None or not chat:
            return rendered
        return rendered[0], rendered[1] + self._chat()

    def _rendered(self, table: Table | None, message: str) -> tuple[int, str] | None:
        if table is None:
            return None
        match = table.match
        seat = table.seat_of(self.user)
        if seat is None:
            return None
        with translation.override(self.language):
            return match.version, table_fragments(
                table, seat, message=message, csrf_token=self.csrf_token, origin=self.origin
            )
