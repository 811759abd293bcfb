"""Runs the computer players: one move at a time, with a pause people can follow.

``request_bot_moves(match_id)`` is the only entry point. It is called after every committed
change and whenever a table is loaded, polled or connected, so a server restart or a lost
runner is healed by the next look at the table. It starts at most one runner per match in
this process; a runner plays until no computer is to move (a person's turn, the hand or the
match over), then stops.

A runner is an asyncio task on the server's event loop (the loop Channels consumers live on,
so the in-memory channel layer's pushes reach them). It never blocks that loop: the database
work runs in worker threads and the decision itself in a process pool (``BOT_COMPUTE =
"process"``) or a thread pool (``"thread"``), so one slow decision never stalls another table.
Each move is submitted through ``services.submit_move`` with the version it was computed on,
and dropped if the match moved on meanwhile. Several runners for one match (for example in
several server processes) are therefore harmless; moving the runners to a Channels worker
(``channel_layer.send`` to a worker channel, with Redis) later only changes this function.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import SyncToAsync
from channels.db import database_sync_to_async
from django.conf import settings

from games import services
from games.computer_players import choose

logger = logging.getLogger(__name__)

_lock = threading.Lock()
_runners: dict[int, bool] = {}
"""Matches with a runner in this process, each with "asked again since the runner looked"."""
_tasks: set[asyncio.Task[None]] = set()
_pool: concurrent.futures.Executor | None = None


def request_bot_moves(match_id: int) -> None:
    """Makes sure the computers at ``match_id`` get to play if one of them is to move."""
    loop = _server_loop()
    if loop is not None:
        loop.call_soon_threadsafe(_start_on_loop, loop, match_id)
    elif _claim(match_id):
        # No server loop (a WSGI server, a shell): the runner gets a thread and a loop of its own.
        threading.Thread(
            target=asyncio.run, args=(_drive(match_id),), name=f"computers-{match_id}", daemon=True
        ).start()


def active_runners() -> int:
    """How many matches have a runner in this process (for tests and health checks)."""
    with _lock:
        return len(_runners)


def _server_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    # A sync view or service under ASGI runs in a thread that asgiref tied to the server loop.
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    pid = getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None)
    if isinstance(loop, asyncio.AbstractEventLoop) and pid == os.getpid() and loop.is_running():
        return loop
    return None


def _claim(match_id: int) -> bool:
    with _lock:
        if match_id in _runners:
            _runners[match_id] = True
            return False
        _runners[match_id] = False
        return True


def _start_on_loop(loop: asyncio.AbstractEventLoop, match_id: int) -> None:
    if _claim(match_id):
        task = loop.create_task(_drive(match_id))
        _tasks.add(task)
        task.add_done_callback(_tasks.discard)


def _in_thread(function: Callable[..., Any]) -> Callable[..., Awaitable[Any]]:
    return database_sync_to_async(function, thread_sensitive=False)  # type: ignore[no-any-return]


def _executor() -> concurrent.futures.Executor | None:
    global _pool
    if settings.BOT_COMPUTE != "process":
        return None
    with _lock:
        if _pool is None:
            _pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=settings.BOT_PROCESSES, mp_context=multiprocessing.get_context("spawn")
            )
        return _pool


def _forget_pool(pool: concurrent.futures.Executor | None) -> None:
    global _pool
    with _lock:
        if _pool is pool:
            _pool = None


async def _drive(match_id: int) -> None:
    loop = asyncio.get_running_loop()
    released = False
    try:
        while True:
            with _lock:
                _runners[match_id] = False
            turn: services.ComputerTurn | None = await _in_thread(services.computer_turn)(match_id)
            if turn is None:
                with _lock:
                    if _runners[match_id]:
                        continue
                    # Released under the lock: a request arriving from now on starts a runner.
                    del _runners[match_id]
                    released = True
                return
            started = loop.time()
            pool = _executor()
            try:
                action = await loop.run_in_executor(pool, choose, turn.level, turn.view, turn.seed)
            except concurrent.futures.BrokenExecutor:
                _forget_pool(pool)
                raise
            pause = settings.BOT_MOVE_DELAY * (2 if turn.after_trick else 1)
            await asyncio.sleep(max(0.0, pause - (loop.time() - started)))
            try:
                await _in_thread(services.submit_move)(
                    match_id, action, turn.version, computer_seat=turn.seat
                )
            except services.MoveRejected as rejected:
                if rejected.status != 409:
                    # The action and the engine's message may name the computer's cards, which
                    # a log must not show; the match and version replay the decision for debugging.
                    logger.error(
                        "computer in seat %s of match %s chose a refused %s move at version %s",
                        turn.seat,
                        match_id,
                        action.partition(":")[0],
                        turn.version,
                    )
                    return
                # The match moved on while this move was computed: look again.
    except Exception:
        logger.exception("the computer players of match %s stopped", match_id)
    finally:
        if not released:
            with _lock:
                _runners.pop(match_id, None)
