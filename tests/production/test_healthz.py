"""``/healthz`` tells a load balancer whether the database and Redis answer: 200 or 503 with
JSON, no session, no cookie, and one log line when a service goes down, not one per probe."""

from __future__ import annotations

import json
import logging
import os

import pytest
from channels.db import database_sync_to_async
from channels.testing import HttpCommunicator
from django.contrib.sessions.models import Session

from config import health
from config.asgi import application

from .conftest import ServerFactory, needs_services, probe

pytestmark = pytest.mark.django_db(transaction=True)


async def get_healthz(method: str = "GET") -> tuple[int, dict[str, bytes], bytes]:
    communicator = HttpCommunicator(application, method, "/healthz")
    response = await communicator.get_response(timeout=10)
    return response["status"], dict(response["headers"]), response["body"]


@pytest.fixture(autouse=True)
def _fresh_health_state() -> None:
    health._last_state.clear()


@pytest.mark.asyncio
async def test_healthz_answers_200_with_each_service_and_no_session(settings: object) -> None:
    status, headers, body = await get_healthz()
    expected = {"status": "ok", "database": True}
    if settings.REDIS_URL:  # type: ignore[attr-defined]
        expected["redis"] = True
    assert (status, json.loads(body)) == (200, expected)
    assert headers[b"content-type"] == b"application/json"
    assert headers[b"cache-control"] == b"no-store"
    assert b"set-cookie" not in headers
    # (counted in a call that hands its connection back, as a consumer's would)
    assert not await database_sync_to_async(Session.objects.count)()


@pytest.mark.asyncio
async def test_healthz_head_has_the_status_and_no_body() -> None:
    status, _headers, body = await get_healthz("HEAD")
    assert (status, body) == (200, b"")


@pytest.mark.asyncio
async def test_healthz_answers_503_while_redis_is_unreachable_and_logs_it_once(
    settings: object, caplog: pytest.LogCaptureFixture
) -> None:
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # type: ignore[attr-defined]
    with caplog.at_level(logging.INFO, logger="config.health"):
        answers = [await get_healthz() for _ in range(3)]
    assert {(status, body) for status, _headers, body in answers} == {
        (503, b'{"status": "unavailable", "database": true, "redis": false}')
    }
    assert [r.getMessage() for r in caplog.records] == [
        "health: redis unreachable (ConnectionError)"
    ]
    caplog.clear()
    settings.REDIS_URL = os.environ.get("REDIS_URL", "")  # type: ignore[attr-defined]
    with caplog.at_level(logging.INFO, logger="config.health"):
        status, _headers, _body = await get_healthz()
    assert status == 200
    back = ["health: redis reachable again"] if os.environ.get("REDIS_URL") else []
    assert [r.getMessage() for r in caplog.records] == back


@needs_services
def test_a_server_without_its_database_answers_503(start_server: ServerFactory) -> None:
    server = start_server(healthy=False, DATABASE_URL="postgresql://root@127.0.0.1:1/nothing")
    status, body, headers = probe(server)
    assert (status, body) == (503, {"status": "unavailable", "database": False, "redis": True})
    assert "Set-Cookie" not in headers
    # Probed again and again while starting: one line.
    assert server.log_text().count("health: database unreachable (") == 1
