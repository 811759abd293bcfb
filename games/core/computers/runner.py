"""Runs the computer players and the turn clocks: one move at a time, with a pause people can
follow, and exactly one computation per pending computer turn however many processes serve.

``request_bot_moves(match_id)`` is the only entry point. It is called after every committed
change and whenever a table is loaded, polled or connected, so a server restart or a lost
runner is healed by the next look at the table. Each match has at most one runner in a
process, which walks the turn machine (``games.core.computers.machine``): it takes the match's
lease before a computer plays (``lease``), so several server processes never compute the same
turn; it waits for a friends' table's turn clock without a lease or a write; its last move
gives the lease back in the move's own update. A request that arrives while it runs makes it
look again; one refused because another process held the lease is asked again when that
claim runs out.

A runner is an asyncio task on the server's event loop (``games.core.loop``); without a server
loop (a WSGI server, a shell, a test) the runners get a loop of their own in a background
thread. The database work runs in the computer players' shared threads (``games.threads``); a
searching decision runs in the decision processes (``pool``), a quick level's in those threads.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import threading
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection
from django.utils import timezone

from games.core import server as server_loop
from games.core.computers import lease, pool
from games.core.computers.machine import (
    Decide,
    Done,
    Look,
    Refused,
    Release,
    State,
    Stop,
    Submit,
    Wait,
    after_look,
    after_move,
    after_refusal,
    handed_over,
)
from games.core.friends import clock_ran_out
from games.core.moves import computer_move
from games.core.push import push_match_updated
from games.core.refusals import MoveRejected
from games.core.registry import run_chooser
from games.core.turns import ComputerTurn, Waiting, computer_turn, plays_at_once
from games.models import Match
from games.threads import for_computers

logger = logging.getLogger(__name__)

RESUME_WITHIN = timedelta(days=7)
"""After a restart, matches changed this recently get their computers going at once; older
ones as soon as somebody opens them."""


@dataclass
class _Slot:
    """This process's runner of one match, as the requests see it."""

    asked: bool = False
    """A request arrived since the runner last looked."""
    handed: ComputerTurn | Waiting | None = None
    """The turn that request's change read, with the lease it took."""
    waker: tuple[asyncio.AbstractEventLoop, asyncio.Event] | None = None
    """Set while the runner waits for a turn clock: a request wakes it."""


_lock = threading.Lock()
_slots: dict[int, _Slot] = {}
_tasks: set[asyncio.Task[None]] = set()
_own_loop: asyncio.AbstractEventLoop | None = None


def request_bot_moves(match_id: int, turn: ComputerTurn | Waiting | None = None) -> None:
    """Makes sure the computers at ``match_id`` get to play if one of them is to move.
    ``turn``: the computer's turn as the change asking has just left it, with this process's
    lease taken in that change, so that a new runner starts from it without reading the
    match again (a runner already playing here takes it instead of looking again)."""
    with _lock:
        slot = _slots.get(match_id)
        if slot is not None:
            slot.asked, slot.handed = True, turn
            _wake(slot)
            return
        _slots[match_id] = _Slot()
    start = Look() if turn is None else handed_over(turn, plays_at_once(turn))
    loop = _loop()
    loop.call_soon_threadsafe(_start_on_loop, loop, match_id, start, turn is not None)


def wake(match_id: int) -> None:
    """Makes this process's runner of ``match_id``, if it has one, look at the match again
    (a change left the computers nothing to do: a runner waiting for a turn clock stops);
    starts none."""
    with _lock:
        slot = _slots.get(match_id)
        if slot is not None:
            slot.asked, slot.handed = True, None
            _wake(slot)


def _wake(slot: _Slot) -> None:
    if slot.waker is not None:
        loop, event = slot.waker
        loop.call_soon_threadsafe(event.set)


def active_runners() -> int:
    """How many matches have a runner in this process (for tests and health checks)."""
    with _lock:
        return len(_slots)


def remember_server_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Records the loop the server runs the consumers on (the ASGI application calls it with
    every connection). The first time, the decision processes start and the computers of the
    matches in progress resume: after a restart nobody has to open a table for its computers
    to play on."""
    if server_loop.remember(loop):
        loop.run_in_executor(None, pool.start)
        loop.run_in_executor(None, resume_all)


def resume_all() -> None:
    """Asks for the computers' moves at every match in progress changed within
    ``RESUME_WITHIN`` (a runner that finds nothing to do stops at once)."""
    since = timezone.now() - RESUME_WITHIN
    playing = Match.objects.filter(status=Match.Status.PLAYING, updated__gte=since)
    try:
        for match_id in playing.values_list("pk", flat=True).iterator():
            request_bot_moves(match_id)
    except DatabaseError as error:
        # The database is down at startup: the next look at each table resumes it.
        logger.error("could not resume the matches in progress (%s)", type(error).__name__)
    finally:
        connection.close()


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


def _start_on_loop(
    loop: asyncio.AbstractEventLoop, match_id: int, start: State, holding: bool
) -> None:
    task = loop.create_task(MatchRunner(match_id, holding).run(start))
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


class MatchRunner:
    """Walks one match's turn machine, doing the work each state names."""

    def __init__(self, match_id: int, holding: bool = False) -> None:
        self.match_id = match_id
        self.holding = holding
        """Whether this runner holds the match's lease."""
        self.refused_before = False
        self.ended = False
        """Whether the runner took itself off the slots (a request from then on starts a
        new runner)."""

    async def run(self, state: State) -> None:
        try:
            while not isinstance(state, Done):
                state = await self.step(state)
        except Exception:
            logger.exception("the computer players of match %s stopped", self.match_id)
        finally:
            if not self.ended:
                with _lock:
                    _slots.pop(self.match_id, None)

    async def step(self, state: State) -> State:
        match state:
            case Look():
                return await self._look()
            case Wait():
                return await self._wait(state)
            case Decide():
                return await self._decide(state)
            case Submit():
                return await self._submit(state)
            case Refused():
                return await self._refused()
            case Release():
                return await self._release()
            case Stop():
                return self._stop()
        raise AssertionError(f"no step for {state}")

    async def _look(self) -> State:
        due, taken = await for_computers(_due)(self.match_id, self._asked())
        following = after_look(due, taken, self.holding, plays_at_once(due))
        self.holding = taken
        return following

    def _asked(self) -> ComputerTurn | Waiting | None:
        """Takes the request that arrived since the last look (its turn, if it handed one)."""
        with _lock:
            slot = _slots[self.match_id]
            handed, slot.asked, slot.handed = slot.handed, False, None
        return handed

    async def _wait(self, state: Wait) -> State:
        """Sleeps until the turn clock runs out (then a computer stands in), or until the match
        is asked about again. Nothing is read or written meanwhile, and no lease held: runners
        of several processes may wait for the same clock, and the first to find it run out at
        that version (``clock_ran_out``, under the match's lock) makes the change."""
        event = asyncio.Event()
        with _lock:
            slot = _slots[self.match_id]
            if slot.asked:
                return Look()
            slot.waker = (asyncio.get_running_loop(), event)
        try:
            left = (state.waiting.deadline - timezone.now()).total_seconds()
            if left > 0:
                try:
                    await asyncio.wait_for(event.wait(), timeout=left)
                    return Look()
                except TimeoutError:
                    pass
            await for_computers(clock_ran_out)(self.match_id, state.waiting.version)
            return Look()
        finally:
            with _lock:
                slot.waker = None

    async def _decide(self, state: Decide) -> State:
        loop = asyncio.get_running_loop()
        turn = state.turn
        started = loop.time()
        action = await _decision(loop, turn)
        _log_decision(self.match_id, turn)
        pause = settings.BOT_MOVE_DELAY * turn.pause
        await asyncio.sleep(max(0.0, pause - (loop.time() - started)))
        return Submit(turn, (action,))

    async def _submit(self, state: Submit) -> State:
        with _lock:
            _slots[self.match_id].asked = False
        try:
            return await for_computers(self._submit_in_a_row)(state)
        except MoveRejected as rejected:
            if rejected.status == 409:
                return Look()  # The match moved on while this move was computed.
            # The engine's message may name the computer's cards or tiles, which a log must
            # not show; the match and version replay the decision for debugging.
            logger.error(
                "computer in seat %s of match %s chose a refused move (%s) at version %s",
                state.turn.seat,
                self.match_id,
                rejected.reason,
                state.turn.version,
            )
            return Done()

    def _submit_in_a_row(self, state: Submit) -> State:
        """Submits the computer's move, then those of the computers that follow it at once,
        all in one worker thread: under load every hop between the event loop and a thread
        waits its turn for the processor. A move followed at once by the next is not announced
        (nobody could see its table before the next one's replaces it): if the next fails, it
        is announced here."""
        unannounced: int | None = None
        try:
            while True:
                turn = state.turn
                if state.decided is None:
                    action = run_chooser(turn.chooser, turn.level, turn.view, turn.seed)
                    _log_decision(self.match_id, turn)
                else:
                    (action,) = state.decided
                moved = computer_move(self.match_id, turn, action, server_loop.process_name())
                following = after_move(moved.leased, moved.after, plays_at_once(moved.after))
                self.holding = moved.leased and isinstance(moved.after, ComputerTurn)
                if not (isinstance(following, Submit) and following.decided is None):
                    return following
                state, unannounced = following, moved.version
        except BaseException:
            if unannounced is not None:
                push_match_updated(self.match_id, unannounced)
            raise

    async def _refused(self) -> State:
        """Another process plays here, or died holding the claim (a crash and a quick
        restart): ask again when the claim runs out unrenewed, so the computers resume without
        anybody opening the table. Released meanwhile: look again at once (once; its holder
        also looks once more itself). Meanwhile a new request starts a runner at once."""
        self.holding = False
        until = await for_computers(lease.claimed_until)(self.match_id)
        following = after_refusal(until, self.refused_before)
        if isinstance(following, Look):
            self.refused_before = True
        elif until is not None:
            delay = max(0.0, (until - timezone.now()).total_seconds()) + 0.1
            asyncio.get_running_loop().call_later(delay, request_bot_moves, self.match_id)
        return following

    async def _release(self) -> State:
        self.holding = False
        due = await for_computers(_release_and_look)(self.match_id)
        return Look() if due else Stop()

    def _stop(self) -> State:
        """Ends the runner unless a request arrived since it last looked. Ended under the lock:
        a request arriving from now on starts a new runner."""
        with _lock:
            if _slots[self.match_id].asked:
                return Look()
            del _slots[self.match_id]
        self.ended = True
        return Done()


def _due(
    match_id: int, handed: ComputerTurn | Waiting | None
) -> tuple[ComputerTurn | Waiting | None, bool]:
    """What is due (the turn ``handed`` over, else read), and for a computer's turn whether
    the lease to play it was taken, in one hop. A look that finds nothing due takes no
    lease: a look at a table where nothing is due (a page loaded, a socket opened) costs that
    look only. A handed turn's lease is taken again: the runner may have let go of it since
    the change took it (its last move gave it back)."""
    due = computer_turn(match_id) if handed is None else handed
    taken = isinstance(due, ComputerTurn) and lease.take_lease(match_id)
    return due, taken


def _release_and_look(match_id: int) -> bool:
    """Releases the lease, then looks once more whether a computer is to move: a runner of
    another process refused while this one held the lease would have left its turn
    unplayed."""
    lease.release_lease(match_id)
    return computer_turn(match_id) is not None


async def _decision(loop: asyncio.AbstractEventLoop, turn: ComputerTurn) -> Any:
    """The computer's move: a quick level's in a runner's thread, another in the decision
    processes (off the server's interpreter)."""
    if turn.quick:
        return await for_computers(run_chooser)(turn.chooser, turn.level, turn.view, turn.seed)
    executor = pool.executor()
    try:
        return await loop.run_in_executor(
            executor, run_chooser, turn.chooser, turn.level, turn.view, turn.seed
        )
    except concurrent.futures.BrokenExecutor:
        pool.forget(executor)
        raise


def _log_decision(match_id: int, turn: ComputerTurn) -> None:
    # One line per decision (the seat and version only: the move may be a hidden card), so
    # the logs show that each computer turn is computed by one process only.
    logger.info(
        "match %s: the computer in seat %s moves at version %s", match_id, turn.seat, turn.version
    )


def _after_fork() -> None:
    """A forked child (a server that loads the site before it forks its workers) has none of
    its parent's runners or loop."""
    global _lock, _own_loop
    _lock = threading.Lock()
    _slots.clear()
    _tasks.clear()
    _own_loop = None


os.register_at_fork(after_in_child=_after_fork)
