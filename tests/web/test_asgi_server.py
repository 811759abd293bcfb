"""The ASGI application as a server process runs it: one thread per request for the middleware
and the view, and the heap frozen out of the collector's full scans once the server is warm."""

from __future__ import annotations

import asyncio
import gc
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


urlpatterns = [path("where/", where)]


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
