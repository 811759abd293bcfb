"""ASGI entry point: HTTP through Django, WebSockets through Channels, ``/healthz`` for a load
balancer, and the lifespan protocol (uvicorn) to start the computer players with the server."""

import asyncio
import gc
import os
import sys
import threading
import weakref
from typing import Any

import django
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIHandler
from django.urls import Resolver404, resolve

from config.speedups import django_internals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


class OneThreadPerRequest(ASGIHandler):
    """Django's ASGI handler running the middleware and the view as one synchronous chain in
    the request's own thread. Every view here is synchronous, and a chain that mixes sync-only
    and async-capable middleware hops between the event loop and a thread several times per
    request (each of Django's own middleware twice in async mode), each hop waiting its turn
    on a loop that also serves every socket and the computer players."""

    def load_middleware(self, is_async: bool = False) -> None:
        if not django_internals():
            super().load_middleware(is_async=is_async)
            return
        super().load_middleware(is_async=False)
        chain = self._middleware_chain

        def in_its_thread(request: Any) -> Any:
            if request.scope.get(PageQueue.PAGE):
                give_way(settings.PAGE_NICENESS)
            return chain(request)

        self._middleware_chain = sync_to_async(in_its_thread, thread_sensitive=True)


def give_way(niceness: int) -> None:
    """Lowers the scheduling priority of the calling thread (only: Linux schedules each thread
    on its own) by ``niceness``, so that while the processors are short, the threads of the
    matches in progress and PostgreSQL come first. A page's thread is its request's own and
    ends with it. Lowering a priority needs no privilege."""
    if niceness > 0 and sys.platform.startswith("linux"):
        thread = threading.get_native_id()
        current = os.getpriority(os.PRIO_PROCESS, thread)
        os.setpriority(os.PRIO_PROCESS, thread, min(19, current + niceness))


class PageQueue:
    """At most ``limit`` HTTP requests of the process served at once (``PAGE_REQUESTS``); the
    others wait their turn, in order. A match's own requests (a move posted by a page without
    its socket, the next hand, resigning) never wait here: the people at the tables come
    before the pages. Each request runs in a thread of its own, and while people arrive in a
    crowd those threads took the interpreter from the tables' and the computers' own threads,
    whose answers then waited (docs/load.md). ``limit`` 0: no queue.

    A page's scope is marked ``PAGE``: its thread then gives way to the others
    (``PAGE_NICENESS``)."""

    MATCH_REQUESTS = frozenset({"match_act", "match_next", "match_resign"})
    PAGE = "card_room.page"

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit
        self._turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
            weakref.WeakKeyDictionary()
        )

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if self._of_a_match(scope["path"]):
            await self.app(scope, receive, send)
        elif self.limit <= 0:
            await self.app({**scope, self.PAGE: True}, receive, send)
        else:
            async with self._turns_of(asyncio.get_running_loop()):
                await self.app({**scope, self.PAGE: True}, receive, send)

    def _turns_of(self, loop: asyncio.AbstractEventLoop) -> asyncio.Semaphore:
        turns = self._turns.get(loop)
        if turns is None:
            turns = self._turns[loop] = asyncio.Semaphore(self.limit)
        return turns

    def _of_a_match(self, path: str) -> bool:
        try:
            return resolve(path).url_name in self.MATCH_REQUESTS
        except Resolver404:
            return False


django.setup(set_prefix=False)
django_asgi_app = OneThreadPerRequest()

from asgiref.sync import ThreadSensitiveContext  # noqa: E402
from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config import health  # noqa: E402
from games.core.computers import pool, runner  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402

router = ProtocolTypeRouter(
    {
        "http": PageQueue(django_asgi_app, settings.PAGE_REQUESTS),
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)


def freeze_heap() -> None:
    """Moves every object alive now (the modules, the compiled templates and the translation
    catalogues loaded by the first requests) out of the cyclic collector's reach. Until then
    each full collection scanned them all and stopped a worker, every table and socket on it,
    several times longer than after it (docs/load.md)."""
    gc.collect()
    gc.freeze()


async def _lifespan(receive: Any, send: Any) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            if settings.GC_FREEZE_AFTER:
                asyncio.get_running_loop().call_later(settings.GC_FREEZE_AFTER, freeze_heap)
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await asyncio.to_thread(pool.shutdown, True)
            await send({"type": "lifespan.shutdown.complete"})
            return


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """The site, telling the computer players which loop the server runs (their pushes must
    reach the consumers on it). The first call (the lifespan's startup under uvicorn, else the
    first request or socket, such as a load balancer's probe) resumes the computers of the
    matches in progress."""
    runner.remember_server_loop(asyncio.get_running_loop())
    if scope["type"] == "lifespan":
        await _lifespan(receive, send)
    elif scope["type"] == "http" and scope["path"] == health.PATH:
        await health.respond(scope, receive, send)
    elif scope["type"] == "websocket":
        # A socket's database calls run in a thread of its own, as Django gives each request:
        # otherwise every consumer of the process queues on one shared thread.
        async with ThreadSensitiveContext():
            await router(scope, receive, send)
    else:
        await router(scope, receive, send)
