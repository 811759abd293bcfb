"""Runs the computer players and the turn clocks: one move at a time, with a pause people can
follow, and exactly one computation per pending computer turn however many processes serve.

``request_bot_moves(match_id)`` is the only entry point. It is called after every committed
change and whenever a table is loaded, polled or connected, so a server restart or a lost
runner is healed by the next look at the table. A runner first takes the match's lease (a row
update in the database that only one process wins; it is renewed while the runner plays and
expires if the process dies), so several server processes never compute the same turn; a look
that finds nothing due takes no lease. It plays until no computer is to move, waiting meanwhile
for a friends' table's turn clock to run out (a computer then stands in for the absent
person). Its last move gives the lease back in the move's own update, so a change after it
finds the lease free, and one before it made that move stale (the runner then looked again);
a runner that lets go without a move of its own releases the lease and looks once more. A
request refused because another runner held the lease is never lost.

A runner is an asyncio task on the server's event loop (the loop the Channels consumers live
on, so the in-memory channel layer's pushes reach them; ``remember_server_loop`` is called by
the ASGI application). Without a server loop (a WSGI server, a shell, a test) the runners get a
loop of their own in a background thread. The database work runs in the computer players'
shared threads (``games.threads``); a searching decision runs in a process pool
(``BOT_COMPUTE = "process"``) or a thread pool (``"thread"``), so a slow decision never stalls
another table, and a rule-following level's (``GameSpec.quick_levels``) in those threads.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import importlib
import logging
import multiprocessing
import os
import signal
import socket
import threading
import time
import uuid
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection
from django.utils import timezone

from games.core import loop as server_loop
from games.core.registry import run_chooser
from games.threads import for_computers

logger = logging.getLogger(__name__)

_lock = threading.Lock()
_runners: dict[int, Any] = {}
"""Matches with a runner in this process, each with whether it was asked again since the
runner looked: False, True, or the computer's turn the change that asked handed over."""
_wakers: dict[int, tuple[asyncio.AbstractEventLoop, asyncio.Event]] = {}
"""The runners of this process waiting for a turn clock, each woken by a request."""
_tasks: set[asyncio.Task[None]] = set()
_pool: concurrent.futures.Executor | None = None
_own_loop: asyncio.AbstractEventLoop | None = None


def _new_process_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


_process_name = _new_process_name()


def process_name() -> str:
    """This server process's name in the leases it holds: its host, its process id and a
    random part."""
    return _process_name


def _after_fork() -> None:
    """A forked child (a server that loads the site before it forks its workers) is a server
    process of its own: its own name in the leases, and none of its parent's runners, loop or
    decision processes."""
    global _process_name, _lock, _pool, _own_loop
    _process_name = _new_process_name()
    _lock = threading.Lock()
    _runners.clear()
    _wakers.clear()
    _tasks.clear()
    _pool = _own_loop = None


os.register_at_fork(after_in_child=_after_fork)


RESUME_WITHIN = timedelta(days=7)
"""After a restart, matches changed this recently get their computers going at once; older
ones as soon as somebody opens them."""


def remember_server_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Records the loop the server runs the consumers on (the ASGI application calls it with
    every connection). The first time, the computers of the matches in progress resume: after
    a restart nobody has to open a table for its computers to play on."""
    if server_loop.remember(loop):
        loop.run_in_executor(None, _start_pool)
        loop.run_in_executor(None, resume_all)


def _start_pool() -> None:
    """Starts the decision processes now, each importing the games' computer players: started
    on the first decision instead, the first computer moves waited for them (seconds on a busy
    machine, seen with ``manage.py loadtest``)."""
    from games.core.registry import all_specs

    pool = _executor()
    if pool is None:
        return
    modules = sorted({spec.chooser.rpartition(".")[0] for spec in all_specs()})
    for _ in range(settings.BOT_PROCESSES):
        for module in modules:
            pool.submit(importlib.import_module, module)


def resume_all() -> None:
    """Asks for the computers' moves at every match in progress changed within
    ``RESUME_WITHIN`` (a runner that finds nothing to do stops at once)."""
    from games.models import Match

    since = timezone.now() - RESUME_WITHIN
    playing = Match.objects.filter(status=Match.Status.PLAYING, updated__gte=since)
    try:
        for match_id in playing.values_list("pk", flat=True).iterator():
            request_bot_moves(match_id)
    except DatabaseError as error:
        # The database is down at startup: the next look at each table resumes it.
        logger.error("could not resume the matches in progress (%s)", type(error).__name__)
    finally:
        from django.db import connection

        connection.close()


def request_bot_moves(match_id: int, turn: Any = None) -> None:
    """Makes sure the computers at ``match_id`` get to play if one of them is to move.
    ``turn``: the computer's turn as the change asking has just left it, with this process's
    lease taken in that change, so that a new runner starts from it without reading the
    match again (a runner already playing here takes it instead of looking again)."""
    if _claim(match_id, turn):
        loop = _loop()
        loop.call_soon_threadsafe(_start_on_loop, loop, match_id, turn)


def active_runners() -> int:
    """How many matches have a runner in this process (for tests and health checks)."""
    with _lock:
        return len(_runners)


def _loop() -> asyncio.AbstractEventLoop:
    global _own_loop
    server = server_loop.running()
    if server is not None:
        return server
    with _lock:
        if _own_loop is None or not _own_loop.is_running():
            _own_loop = asyncio.new_event_loop()
            ready = threading.Event()
            loop = _own_loop

            def run() -> None:
                asyncio.set_event_loop(loop)
                loop.call_soon(ready.set)
                loop.run_forever()

            threading.Thread(target=run, name="computer-players", daemon=True).start()
            ready.wait()
        return _own_loop


def _claim(match_id: int, turn: Any) -> bool:
    with _lock:
        if match_id in _runners:
            # The runner playing here takes the change's turn instead of looking again.
            _runners[match_id] = True if turn is None else turn
            _wake(match_id)
            return False
        _runners[match_id] = False
        return True


def wake(match_id: int) -> None:
    """Makes this process's runner of ``match_id``, if it has one, look at the match again
    (a change left the computers nothing to do: a runner waiting for a turn clock stops);
    starts none."""
    with _lock:
        if match_id in _runners:
            _runners[match_id] = True
            _wake(match_id)


def _wake(match_id: int) -> None:
    """Wakes the runner of ``match_id`` if it waits for a turn clock (under ``_lock``)."""
    waiting = _wakers.get(match_id)
    if waiting is not None:
        loop, event = waiting
        loop.call_soon_threadsafe(event.set)


def _start_on_loop(loop: asyncio.AbstractEventLoop, match_id: int, turn: Any) -> None:
    task = loop.create_task(_drive(match_id, None if turn is None else (True, turn)))
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


PARENT_CHECK = 0.5
"""How often a decision process looks whether its server is still there (seconds)."""


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


def _executor() -> concurrent.futures.Executor | None:
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


def shutdown(wait: bool = False) -> None:
    """Ends the process pool, cancelling the decisions not started (at exit). ``wait``: until
    its workers have ended (a server's orderly stop), else a worker could outlive the server."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=wait, cancel_futures=True)


atexit.register(shutdown)


def _forget_pool(pool: concurrent.futures.Executor | None) -> None:
    global _pool
    with _lock:
        if _pool is pool:
            _pool = None


# The lease's statements, written out: a runner takes and gives back the lease with every
# person's move, and the ORM would build each statement anew every time.
_TAKE = (
    'UPDATE "games_match" SET "computer_lease" = %s, "computer_lease_until" = %s'
    ' WHERE "id" = %s AND ("computer_lease_until" IS NULL OR "computer_lease_until" < %s'
    ' OR "computer_lease" = %s)'
)
_RELEASE = (
    'UPDATE "games_match" SET "computer_lease" = \'\', "computer_lease_until" = NULL'
    ' WHERE "id" = %s AND "computer_lease" = %s'
)


def _take_arguments(match_id: int) -> list[Any]:
    now = timezone.now()
    until = now + timedelta(seconds=settings.BOT_LEASE_SECONDS)
    adapt = connection.ops.adapt_datetimefield_value
    name = process_name()
    return [name, adapt(until), match_id, adapt(now), name]


def take_lease(match_id: int) -> bool:
    """Claims the computer turns of ``match_id`` for this process, or renews the claim;
    False when another process holds an unexpired claim."""
    with connection.cursor() as cursor:
        cursor.execute(_TAKE, _take_arguments(match_id))
        return cursor.rowcount == 1


def claimed_until(match_id: int) -> datetime | None:
    """When another process's claim on ``match_id`` runs out unless renewed (None: no claim
    of another process)."""
    from games.models import Match

    until: datetime | None = (
        Match.objects.filter(pk=match_id)
        .exclude(computer_lease=process_name())
        .values_list("computer_lease_until", flat=True)
        .first()
    )
    return until


def release_lease(match_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(_RELEASE, [match_id, process_name()])


Looked = tuple[bool, Any]
"""What a runner found: whether it holds the lease (False: another process does), and the
turn (``services.computer_turn``); ``(True, None)``: this runner's move left nothing to play
or to wait for, and gave the lease back in its own update."""


def _lease_and_turn(match_id: int, handed: Any = None) -> Looked | None:
    """Reads the turn, then takes or renews the lease to play it (not held: another process
    holds it). None when no computer is to move or to wait for: no lease is taken then, and a
    look at a table where nothing is due (a page loaded, a socket opened) costs that look only.
    ``handed``: the turn a change handed to this runner while it played; the change took the
    lease for this process, but the runner may have let go of it since (its last move gave it
    back), so the lease is taken again and the turn not read."""
    from games import services

    turn = services.computer_turn(match_id) if handed is None else handed
    if turn is None:
        return None
    if isinstance(turn, services.Waiting):
        # Waiting for a clock computes nothing: no lease is held meanwhile.
        return True, turn
    if not take_lease(match_id):
        return False, None
    return True, turn


def _submit_and_look(match_id: int, turn: Any, decided: tuple[Any] | None) -> Looked:
    """Submits the computer's move, renewing the lease in the same update, then those of the
    computers that follow it at once (``services.plays_at_once``), and reads the next turn off
    the table the last move left, all in one worker thread: under load every hop between the
    event loop and a thread, and every statement, waits its turn for the processor.
    ``decided``: the move, or None for a quick level's move with no pause before it, decided
    here in the same hop. A move followed at once by the next is not announced (nobody could
    see its table before the next one's replaces it): if the next fails, it is announced
    here."""
    from games import services

    unannounced: int | None = None
    try:
        while True:
            if decided is None:
                action = run_chooser(turn.chooser, turn.level, turn.view, turn.seed)
                _log_decision(match_id, turn)
            else:
                (action,) = decided
            moved = services.computer_move(match_id, turn, action, process_name())
            if not moved.leased:
                return False, None
            turn, decided = moved.after, None
            if not services.plays_at_once(turn):
                return True, turn
            unannounced = moved.version
    except BaseException:
        if unannounced is not None:
            services.push_match_updated(match_id, unannounced)
        raise


async def _decision(loop: asyncio.AbstractEventLoop, turn: Any) -> Any:
    """The computer's move: a quick level's in a runner's thread, another in the decision
    processes (off the server's interpreter)."""
    if turn.quick:
        return await for_computers(run_chooser)(turn.chooser, turn.level, turn.view, turn.seed)
    pool = _executor()
    try:
        return await loop.run_in_executor(
            pool, run_chooser, turn.chooser, turn.level, turn.view, turn.seed
        )
    except concurrent.futures.BrokenExecutor:
        _forget_pool(pool)
        raise


def _log_decision(match_id: int, turn: Any) -> None:
    # One line per decision (the seat and version only: the move may be a hidden card), so
    # the logs show that each computer turn is computed by one process only.
    logger.info(
        "match %s: the computer in seat %s moves at version %s", match_id, turn.seat, turn.version
    )


def _release_and_look(match_id: int) -> bool:
    """Releases the lease, then looks once more whether a computer is to move: a runner of
    another process refused while this one held the lease would have left its turn
    unplayed."""
    from games import services

    release_lease(match_id)
    return services.computer_turn(match_id) is not None


def _stop_unless_asked(match_id: int) -> bool:
    """Ends the runner of ``match_id`` unless a request arrived since it last looked (False:
    look again). Ended under the lock: a request arriving from now on starts a runner."""
    with _lock:
        if _runners[match_id]:
            return False
        del _runners[match_id]
        return True


async def _drive(match_id: int, looked: Looked | None = None) -> None:
    from games import services

    loop = asyncio.get_running_loop()
    released = False
    refused_before = False
    holding = False
    try:
        while True:
            if looked is None:
                with _lock:
                    asked, _runners[match_id] = _runners[match_id], False
                handed = None if isinstance(asked, bool) else asked
                looked = await for_computers(_lease_and_turn)(match_id, handed)
                if looked is None:
                    # Nothing due. A lease still held (after a turn clock's wait, or a move
                    # refused as the match moved on) is given back first.
                    if holding:
                        holding = False
                        if await for_computers(_release_and_look)(match_id):
                            continue
                    if not _stop_unless_asked(match_id):
                        continue
                    released = True
                    return
            leased, turn = looked
            looked = None
            holding = leased and isinstance(turn, services.ComputerTurn)
            if not leased:
                # Another process plays here, or died holding the claim (a crash and a quick
                # restart): ask again when the claim runs out unrenewed, so the computers
                # resume without anybody opening the table. Released meanwhile: look again at
                # once (once; its holder also looks once more itself). Meanwhile a new request
                # starts a runner at once. (Asking every second instead was tried: under load
                # the retries queued with the runners' database calls and tables stalled.)
                until = await for_computers(claimed_until)(match_id)
                if until is None and not refused_before:
                    refused_before = True
                    continue
                if until is not None:
                    delay = max(0.0, (until - timezone.now()).total_seconds()) + 0.1
                    loop.call_later(delay, request_bot_moves, match_id)
                return
            if isinstance(turn, services.Waiting):
                await _wait_for_clock(match_id, turn)
                continue
            if turn is None:
                # This runner's last move left nothing due, and gave the lease back with it.
                if not _stop_unless_asked(match_id):
                    continue
                released = True
                return
            started = loop.time()
            decided: tuple[Any] | None = None
            if not services.plays_at_once(turn):
                decided = (await _decision(loop, turn),)
                _log_decision(match_id, turn)
                pause = settings.BOT_MOVE_DELAY * turn.pause
                await asyncio.sleep(max(0.0, pause - (loop.time() - started)))
            with _lock:
                _runners[match_id] = False
            try:
                looked = await for_computers(_submit_and_look)(match_id, turn, decided)
            except services.MoveRejected as rejected:
                if rejected.status != 409:
                    # The engine's message may name the computer's cards or tiles, which a log
                    # must not show; the match and version replay the decision for debugging.
                    logger.error(
                        "computer in seat %s of match %s chose a refused move (%s) at version %s",
                        turn.seat,
                        match_id,
                        rejected.reason,
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


async def _wait_for_clock(match_id: int, waiting: Any) -> None:
    """Sleeps until the turn clock runs out (then a computer stands in), or until the match is
    asked about again (a move, a person coming back: ``request_bot_moves`` and ``wake`` wake
    it). Nothing is read or written meanwhile, and no lease held: runners of several processes
    may wait for the same clock, and the first to find it run out at that version
    (``services.clock_ran_out``, under the match's lock) makes the change."""
    from games import services

    event = asyncio.Event()
    with _lock:
        if _runners.get(match_id):
            return
        _wakers[match_id] = (asyncio.get_running_loop(), event)
    try:
        left = (waiting.deadline - timezone.now()).total_seconds()
        if left > 0:
            try:
                await asyncio.wait_for(event.wait(), timeout=left)
                return
            except TimeoutError:
                pass
        await for_computers(services.clock_ran_out)(match_id, waiting.version)
    finally:
        with _lock:
            _wakers.pop(match_id, None)
