"""The shared threads of ``games.threads`` work in a process forked after they started (a test's
live server is one): a pool copied from the parent would count the parent's threads as idle
and wait for them for ever."""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from multiprocessing.queues import Queue
from typing import Any

from games.threads import for_computers, for_tables


def thread_name() -> str:
    return threading.current_thread().name


async def both() -> tuple[str, str]:
    return (
        await asyncio.wait_for(for_tables(thread_name)(), 10),
        await asyncio.wait_for(for_computers(thread_name)(), 10),
    )


def child(results: Queue[Any]) -> None:
    try:
        results.put(asyncio.run(both()))
    except TimeoutError:
        results.put("the work never ran")


def test_a_forked_process_runs_its_work_in_threads_of_its_own() -> None:
    assert asyncio.run(both())[0].startswith("tables_")  # the parent's threads are running
    context = multiprocessing.get_context("fork")
    results: Queue[Any] = context.Queue()
    process = context.Process(target=child, args=(results,))
    process.start()
    try:
        result = results.get(timeout=30)
    finally:
        process.join(30)
    assert result != "the work never ran"
    tables, computers = result
    assert tables.startswith("tables_")
    assert computers.startswith("computers_")
