"""Telling the open tables that something changed: ``{"type": "match.updated", "version": n}``
to the match's channel group, and each consumer renders the table for its own viewer. A notice
is best effort: the change is saved whatever happens to it, and a page re-syncs when its
socket reconnects."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Future
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.core.server import from_another_thread

logger = logging.getLogger(__name__)


def group_name(match_id: int) -> str:
    """The channel group of everyone watching a match."""
    return f"match-{match_id}"


def push_match_updated(match_id: int, version: int, socket: str = "", stamp: str = "") -> None:
    """Tells the match's group that it changed; each consumer renders for its own viewer.
    ``socket`` is the token of the open socket whose page gets this version in the HTTP
    answer to its own move: that consumer does not send the same table again.
    ``stamp`` (``stamp_of``) lets a consumer in the process that committed the change render
    the table the change left (``committed_table``) instead of reading it back."""
    event: dict[str, Any] = {"type": "match.updated", "version": version}
    if socket:
        event["answered"] = socket
    if stamp:
        event["stamp"] = stamp
    send_to_group(group_name(match_id), event)


def push_presence(match_id: int, origin: str = "") -> None:
    """Tells the match's group that who is at the table changed (no new version); the socket
    ``origin`` that caused it already knows."""
    send_to_group(group_name(match_id), {"type": "match.presence", "origin": origin})


def send_to_group(group: str, event: dict[str, Any]) -> None:
    """Sends ``event`` to a channel group. In a server process the send is handed to the
    server's event loop and not waited for: a person's answer and the computers' next move
    need not wait for the loop's turn and Redis's round trips. Elsewhere (a shell, a test
    without a server loop) it is sent at once. A notice that fails is logged: the change is
    saved whatever happens to it, and pages re-sync when their socket reconnects."""
    layer = get_channel_layer()
    if layer is None:
        return
    loop = from_another_thread()
    if loop is not None:
        sent = asyncio.run_coroutine_threadsafe(layer.group_send(group, event), loop)
        sent.add_done_callback(lambda done: _log_failed_send(group, event, done))
        return
    try:
        async_to_sync(layer.group_send)(group, event)
    except Exception:
        logger.exception("could not push %s to %s", event["type"], group)


def _log_failed_send(group: str, event: dict[str, Any], done: Future[None]) -> None:
    error = None if done.cancelled() else done.exception()
    if error is not None:
        logger.error("could not push %s to %s", event["type"], group, exc_info=error)
