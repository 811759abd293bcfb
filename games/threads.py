"""The database work of the server's coroutines (the sockets' moves and tables, the computer
players' turns), run in two small pools of threads shared by every socket and runner of the
process.

A thread of each socket's own (Channels' default) means hundreds of threads taking turns on the
interpreter lock and on the database connections under load (docs/load.md). The computer
players have a pool of their own, so their turns do not wait in the queue of the tables being
rendered for hundreds of viewers, nor the viewers in theirs (all still share the interpreter).

Each call closes the thread's database connection afterwards (with the pool of connections,
hands it back), as Channels' ``database_sync_to_async`` does, but without its name: Channels'
test communicator turns that one off while it waits, which in a shared thread kept a pooled
connection for good."""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections

P = ParamSpec("P")
R = TypeVar("R")

_lock = threading.Lock()
_pools: dict[str, ThreadPoolExecutor] = {}


def _pool(name: str, size: int) -> ThreadPoolExecutor:
    pool = _pools.get(name)
    if pool is None:
        with _lock:
            pool = _pools.get(name)
            if pool is None:
                pool = _pools[name] = ThreadPoolExecutor(size, thread_name_prefix=name)
    return pool


def _forget_pools() -> None:
    """A forked process has none of its parent's threads, while a pool copied from the parent
    would count them as idle and wait for them for ever: the child starts its own pools (a
    test's live server is such a child)."""
    global _lock
    _lock = threading.Lock()
    _pools.clear()


os.register_at_fork(after_in_child=_forget_pools)


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
    pool = _pool("tables", settings.TABLE_THREADS)
    return sync_to_async(_closing(function), thread_sensitive=False, executor=pool)


def for_computers(function: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """``function`` run in the computer players' shared threads."""
    pool = _pool("computers", settings.COMPUTER_THREADS)
    return sync_to_async(_closing(function), thread_sensitive=False, executor=pool)
