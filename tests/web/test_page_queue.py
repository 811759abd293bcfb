"""The queue of a server process's HTTP requests (config.asgi.PageQueue): a few pages at once,
the others in turn, a match's own requests never waiting."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from django.urls import reverse

from config.asgi import PageQueue

pytestmark = pytest.mark.asyncio


class Server:
    """Stands for Django: each request starts, then waits until the test lets it finish."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.finish: dict[str, asyncio.Event] = {}

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.started.append(scope["path"])
        await self.finish.setdefault(scope["path"], asyncio.Event()).wait()


async def request(queue: PageQueue, path: str) -> asyncio.Task[None]:
    task = asyncio.create_task(queue({"type": "http", "path": path}, None, None))
    await asyncio.sleep(0.01)
    return task


async def test_pages_wait_their_turn_and_a_matchs_own_requests_do_not() -> None:
    server = Server()
    queue = PageQueue(server, 1)
    lobby = await request(queue, "/play/")
    table = await request(queue, "/play/7/")
    missing = await request(queue, "/no/such/page/")
    assert server.started == ["/play/"]  # the others wait for the lobby
    moves = [reverse(name, args=[7]) for name in ("match_act", "match_next", "match_resign")]
    answers = [await request(queue, path) for path in moves]
    assert server.started == ["/play/", *moves]  # at once, the page still being served
    server.finish["/play/"].set()
    await asyncio.sleep(0.01)
    assert server.started == ["/play/", *moves, "/play/7/"]  # then the next in turn
    for path in ("/play/7/", "/no/such/page/", *moves):
        server.finish.setdefault(path, asyncio.Event()).set()
        await asyncio.sleep(0.01)
    await asyncio.gather(lobby, table, missing, *answers)
    assert server.started[-1] == "/no/such/page/"


async def test_with_no_limit_every_request_starts_at_once() -> None:
    server = Server()
    queue = PageQueue(server, 0)
    tasks = [await request(queue, path) for path in ("/play/", "/play/7/", "/")]
    assert server.started == ["/play/", "/play/7/", "/"]
    for event in server.finish.values():
        event.set()
    await asyncio.gather(*tasks)
