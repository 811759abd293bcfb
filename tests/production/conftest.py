"""Real server processes (uvicorn, as in production) on the test database and Redis, and a
browser-like client for them. These tests run only with DATABASE_URL and REDIS_URL set (the
PostgreSQL + Redis part of CI): processes share tables only through those."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection
from django.test import Client

from games.core.computers import runner as bot_runner

ROOT = Path(__file__).resolve().parents[2]

needs_services = pytest.mark.skipif(
    not (os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL")),
    reason="needs DATABASE_URL and REDIS_URL",
)


@pytest.fixture(autouse=True)
def _no_runner_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test process is no server: the computers play in the server processes only."""
    monkeypatch.setattr(bot_runner, "request_bot_moves", lambda match_id, turn=None: None)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _database_url() -> str:
    db = connection.settings_dict
    return f"postgresql://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


@dataclass
class Server:
    port: int
    log: Path
    process: subprocess.Popen[bytes]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def kill(self) -> None:
        """Ends the process at once, as a crash or an OOM kill would (SIGKILL)."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def kill_host(self) -> None:
        """Ends the server and every process it started at once, as a machine that dies would:
        its workers and their decision processes (SIGKILL to its whole process group)."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


ServerFactory = Callable[..., Server]


@pytest.fixture
def start_server(tmp_path: Path, transactional_db: None) -> Iterator[ServerFactory]:
    """Starts ``uvicorn config.asgi:application`` on the test database and Redis, and waits
    until its ``/healthz`` answers 200. ``trusted_proxy``: the address whose
    ``X-Forwarded-For`` the server believes (the load driver's, by default)."""
    started: list[Server] = []

    def start(
        port: int | None = None,
        healthy: bool = True,
        trusted_proxy: str = "127.0.0.1",
        workers: int = 1,
        **environment: str,
    ) -> Server:
        port = port or _free_port()
        log = tmp_path / f"server-{port}-{len(started)}.log"
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DJANGO_SECRET_KEY": settings.SECRET_KEY,
            "DJANGO_HTTPS": "0",
            "DJANGO_DEBUG": "0",
            "DATABASE_URL": _database_url(),
            "BOT_MOVE_DELAY_MS": "0",
            "BOT_COMPUTE": "thread",
            "DATABASE_POOL_MIN_SIZE": "1",
            "DATABASE_POOL_MAX_SIZE": "4",
            **environment,
        }
        command = [sys.executable, "-m", "uvicorn", "config.asgi:application"]
        command += ["--host", "127.0.0.1", "--port", str(port), "--lifespan", "on"]
        # As documented (docs/deploy.md): the proxy whose forwarded headers count, named.
        command += ["--proxy-headers", "--forwarded-allow-ips", trusted_proxy]
        if workers > 1:
            command += ["--workers", str(workers)]
        with log.open("ab") as output:
            process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=env,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        server = Server(port, log, process)
        started.append(server)
        _wait_until_answering(server, 200 if healthy else 503)
        return server

    yield start
    for server in started:
        server.stop()


def probe(server: Server) -> tuple[int, dict[str, object], dict[str, str]]:
    """What a load balancer's ``GET /healthz`` gets: status, JSON body, headers."""
    import json
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(f"{server.url}/healthz", timeout=10) as answer:
            return answer.status, json.loads(answer.read()), dict(answer.headers)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read()), dict(error.headers)


def _wait_until_answering(server: Server, status: int, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise AssertionError(f"the server ended on start:\n{server.log_text()}")
        try:
            if probe(server)[0] == status:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"the server did not come up:\n{server.log_text()}")


def session_cookie(user: AbstractBaseUser) -> str:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"
