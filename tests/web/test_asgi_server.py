"""The ASGI application as a server process runs it: one thread per request for the middleware
and the view, and the heap frozen out of the collector's full scans once the server is warm."""

from __future__ import annotations

import asyncio
import gc
import os
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import AsyncToSync
from channels.testing import HttpCommunicator
from django.http import HttpRequest, HttpResponse
from django.test import override_settings
from django.urls import path

from config.asgi import _lifespan


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()


async def run_lifespan(wait: float) -> tuple[list[dict[str, Any]], int]:
    """Starts the lifespan, waits ``wait`` seconds, stops it; what the server was sent and the
    number of frozen objects before the stop."""
    messages: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await messages.put({"type": "lifespan.startup"})
    running = asyncio.create_task(_lifespan(messages.get, send))
    await asyncio.sleep(wait)
    frozen = gc.get_freeze_count()
    await messages.put({"type": "lifespan.shutdown"})
    await running
    return sent, frozen


@pytest.mark.asyncio
async def test_the_heap_is_frozen_once_the_server_is_warm(unfrozen: None, settings: Any) -> None:
    settings.GC_FREEZE_AFTER = 0.05
    sent, frozen = await run_lifespan(0.5)
    assert sent[0] == {"type": "lifespan.startup.complete"}
    assert frozen > 10_000  # the modules and everything else alive at that moment


@pytest.mark.asyncio
async def test_no_freeze_when_it_is_turned_off(unfrozen: None, settings: Any) -> None:
    settings.GC_FREEZE_AFTER = 0
    _sent, frozen = await run_lifespan(0.2)
    assert frozen == 0


def where(request: HttpRequest) -> HttpResponse:
    return HttpResponse(threading.current_thread().name)


def niceness(request: HttpRequest, match_id: int = 0) -> HttpResponse:
    return HttpResponse(str(os.getpriority(os.PRIO_PROCESS, threading.get_native_id())))


urlpatterns = [
    path("where/", where),
    path("page/", niceness),
    path("play/<int:match_id>/act/", niceness, name="match_act"),
]


@pytest.mark.asyncio
@pytest.mark.django_db
async def test_a_request_never_hops_back_to_the_event_loop(monkeypatch: Any) -> None:
    """Django's own handler, with the site's mix of sync-only and async-capable middleware,
    hands each request from its thread back to the loop (async_to_sync) and out again; here
    the whole chain and the view run in the request's thread."""
    hops = []
    to_sync = AsyncToSync.__call__

    def counted(self: AsyncToSync, *args: Any, **kwargs: Any) -> Any:
        hops.append(self)
        return to_sync(self, *args, **kwargs)

    monkeypatch.setattr(AsyncToSync, "__call__", counted)
    with override_settings(ROOT_URLCONF=__name__):
        from config.asgi import OneThreadPerRequest

        handler = OneThreadPerRequest()
        response = await HttpCommunicator(
            handler, "GET", "/where/", headers=[(b"host", b"testserver")]
        ).get_response()
    assert response["status"] == 200
    assert response["body"].decode() != threading.current_thread().name
    assert hops == []


async def niceness_of(app: Any, path: str) -> int:
    response = await HttpCommunicator(
        app, "GET", path, headers=[(b"host", b"testserver")]
    ).get_response()
    assert response["status"] == 200
    return int(response["body"])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="threads' priorities: Linux")
@pytest.mark.asyncio
@pytest.mark.django_db
@pytest.mark.parametrize("limit", [2, 0])
async def test_a_pages_thread_gives_way_and_a_matchs_own_request_does_not(
    settings: Any, limit: int
) -> None:
    """The page's thread runs PAGE_NICENESS lower than the process; the move posted after it,
    in a thread of its own, does not inherit it; with the queue off, pages still give way."""
    base = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    settings.ROOT_URLCONF = __name__
    settings.PAGE_NICENESS = 5
    from config.asgi import OneThreadPerRequest, PageQueue

    app = PageQueue(OneThreadPerRequest(), limit)
    assert await niceness_of(app, "/page/") == min(19, base + 5)
    assert await niceness_of(app, "/play/7/act/") == base
    settings.PAGE_NICENESS = 0
    assert await niceness_of(app, "/page/") == base
