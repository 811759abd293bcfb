"""The server process this code runs in: its name in the computers' leases, and its event loop,
the one the Channels consumers run on (the notices to the tables and the computers' runners
are handed to it from the server's other threads: the in-memory channel layer's pushes reach
the consumers only from it). The ASGI application names the loop with every connection
(``remember``)."""

from __future__ import annotations

import asyncio
import os
import socket
import uuid


def _new_process_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


_process_name = _new_process_name()


def process_name() -> str:
    """This server process's name in the leases it holds: its host, its process id and a
    random part."""
    return _process_name


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


def _after_fork() -> None:
    global _server_loop, _process_name
    _server_loop = None
    _process_name = _new_process_name()


# A forked child (a server that loads the site before it forks its workers) is a server
# process of its own: it runs no loop of its parent's, and one name for them all would let two
# of them play the same computer turn.
os.register_at_fork(after_in_child=_after_fork)
