"""The database work of the server's coroutines (the sockets' moves and tables, the computer
players' turns), run in two small pools of threads shared by every socket and runner of the
process.

A thread of each socket's own (Channels' default) means hundreds of threads taking turns on the
interpreter lock and on the database connections under load: at 200 simulated people thinking,
about 14 person moves a second were carried against about 20 in a shared pool. The computer
players have a pool of their own, so their turns do not wait in the queue of the tables being
rendered for hundreds of viewers, nor the viewers in theirs (all still share the interpreter).

Each call closes the thread's database connection afterwards (with the pool of connections,
hands it back), as Channels' ``database_sync_to_async`` does, but without its name: Channels'
test communicator turns that one off while it waits, which in a shared thread kept a pooled
connection for good."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections

P = ParamSpec("P")
R = TypeVar("R")

_tables = ThreadPoolExecutor(max_workers=settings.TABLE_THREADS, thread_name_prefix="tables")
_computers = ThreadPoolExecutor(
    max_workers=settings.COMPUTER_THREADS, thread_name_prefix="computers"
)


def _closing(function: Callable[P, R]) -> Callable[P, R]:
    @functools.wraps(function)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        close_old_connections()
        try:
            return function(*args, **kwargs)
        finally:
            close_old_connections()

    return run


def for_tables(function: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """``function`` run in the sockets' shared threads."""
    return sync_to_async(_closing(function), thread_sensitive=False, executor=_tables)


def for_computers(function: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """``function`` run in the computer players' shared threads."""
    return sync_to_async(_closing(function), thread_sensitive=False, executor=_computers)
