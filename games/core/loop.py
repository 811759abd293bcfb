"""The server's event loop, the one the Channels consumers run on: the notices to the tables and
the computers' runners are handed to it from the server's other threads (the in-memory
channel layer's pushes reach the consumers only from it). The ASGI application names it with
every connection (``remember``)."""

from __future__ import annotations

import asyncio
import os

_server_loop: asyncio.AbstractEventLoop | None = None


def remember(loop: asyncio.AbstractEventLoop) -> bool:
    """Records the loop the server runs; True the first time it is seen."""
    global _server_loop
    if _server_loop is loop:
        return False
    _server_loop = loop
    return True


def running() -> asyncio.AbstractEventLoop | None:
    """The server's loop while it runs."""
    loop = _server_loop
    return loop if loop is not None and loop.is_running() else None


def from_another_thread() -> asyncio.AbstractEventLoop | None:
    """The server's running loop, when the caller is one of the server's threads but not the
    loop's own (``None`` otherwise: a shell, a test without a server, the loop itself)."""
    loop = running()
    if loop is None:
        return None
    try:
        current = asyncio.get_running_loop()
    except RuntimeError:
        return loop
    return None if current is loop else loop


def _forget() -> None:
    global _server_loop
    _server_loop = None


# A forked child runs no loop of its parent's.
os.register_at_fork(after_in_child=_forget)
