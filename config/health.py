"""``/healthz`` for a load balancer: is the database reachable, and Redis when the site uses
it? Answered by the ASGI application before Django's middleware, so a probe needs no session,
no allowed host and no HTTPS redirect, and costs one ``SELECT 1`` and one ``PING``."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections, connection

logger = logging.getLogger(__name__)

PATH = "/healthz"
TIMEOUT = 2.0
"""Seconds each check may take before it counts as unreachable."""

_last_state: dict[str, bool] = {}


def _database_ok() -> bool:
    close_old_connections()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            answered: bool = cursor.fetchone() == (1,)
            return answered
    finally:
        connection.close()


async def _redis_ok() -> bool:
    import redis.asyncio

    client = redis.asyncio.Redis.from_url(
        settings.REDIS_URL, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT
    )
    try:
        return bool(await client.ping())
    finally:
        await client.aclose()


async def _check(probe: Any) -> tuple[bool, str]:
    """Whether the probe answered in time, and the error's class if not (its text may carry
    a URL with its password)."""
    try:
        return bool(await asyncio.wait_for(probe, TIMEOUT)), ""
    except Exception as error:
        return False, type(error).__name__


async def checks() -> dict[str, tuple[bool, str]]:
    """Each service the site needs: reachable or not, and why not."""
    result = {"database": await _check(sync_to_async(_database_ok, thread_sensitive=False)())}
    if settings.REDIS_URL:
        result["redis"] = await _check(_redis_ok())
    return result


def _log_changes(result: dict[str, tuple[bool, str]]) -> None:
    # One line when a service goes down or comes back, not one per probe.
    for name, (ok, error) in result.items():
        if _last_state.get(name, True) != ok:
            if ok:
                logger.info("health: %s reachable again", name)
            else:
                logger.error("health: %s unreachable (%s)", name, error or "no answer")
        _last_state[name] = ok


async def respond(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """200 ``{"status": "ok", …}`` when every service answers, else 503 with the failing ones
    false. HEAD gets the status without a body."""
    result = await checks()
    _log_changes(result)
    reachable = {name: ok for name, (ok, _error) in result.items()}
    healthy = all(reachable.values())
    body = json.dumps({"status": "ok" if healthy else "unavailable", **reachable}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 200 if healthy else 503,
            "headers": [
                (b"content-type", b"application/json"),
                (b"cache-control", b"no-store"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send(
        {"type": "http.response.body", "body": b"" if scope.get("method") == "HEAD" else body}
    )
