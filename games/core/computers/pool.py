"""The decision processes: a searching level's decision runs in a pool of worker processes
(``BOT_COMPUTE = "process"``, ``BOT_PROCESSES`` of them), off the server's interpreter, so a
slow decision never stalls another table; ``"thread"`` runs them in a thread pool (tests). The
workers end with their server, however it ends."""

from __future__ import annotations

import atexit
import concurrent.futures
import importlib
import multiprocessing
import os
import signal
import threading
import time

from django.conf import settings

from games.core.registry import all_specs

PARENT_CHECK = 0.5
"""How often a decision process looks whether its server is still there (seconds)."""

_lock = threading.Lock()
_pool: concurrent.futures.Executor | None = None


def executor() -> concurrent.futures.Executor | None:
    """The pool of decision processes (None: decisions run in threads)."""
    global _pool
    if settings.BOT_COMPUTE != "process":
        return None
    with _lock:
        if _pool is None:
            _pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=settings.BOT_PROCESSES,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
        return _pool


def start() -> None:
    """Starts the decision processes now, each importing the games' computer players: started
    on the first decision instead, the first computer moves waited for them."""
    pool = executor()
    if pool is None:
        return
    modules = sorted({spec.computers.chooser.rpartition(".")[0] for spec in all_specs()})
    for _ in range(settings.BOT_PROCESSES):
        for module in modules:
            pool.submit(importlib.import_module, module)


def forget(pool: concurrent.futures.Executor | None) -> None:
    """Drops a broken pool: the next decision starts a new one."""
    global _pool
    with _lock:
        if _pool is pool:
            _pool = None


def shutdown(wait: bool = False) -> None:
    """Ends the process pool, cancelling the decisions not started (at exit). ``wait``: until
    its workers have ended (a server's orderly stop), else a worker could outlive the server."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=wait, cancel_futures=True)


def _start_worker(server: int) -> None:
    """Starts a decision process: Ctrl-C reaches the whole process group, and the server stops
    the pool, so the workers must not each print a KeyboardInterrupt traceback; and the worker
    ends when its server does, however the server ended (a kill, a signal that skipped its exit
    handlers), instead of waiting on its queue for good."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(
        target=_end_with_server, args=(server,), name="server-watch", daemon=True
    ).start()


def _end_with_server(server: int) -> None:
    while os.getppid() == server:
        time.sleep(PARENT_CHECK)
    os._exit(0)


def _after_fork() -> None:
    global _lock, _pool
    _lock = threading.Lock()
    _pool = None


# A forked child starts its own pool: its parent's workers are not its own.
os.register_at_fork(after_in_child=_after_fork)


atexit.register(shutdown)
