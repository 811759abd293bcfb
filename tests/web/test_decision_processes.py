"""The computers' decision processes end with their server, however it ends: killed, or
stopped by a signal that skips its exit handlers (``runserver`` given SIGTERM). They used to
wait on their queue for good."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

ROOT = Path(__file__).resolve().parents[2]

SERVER = """
import os, sys, time

if __name__ == "__main__":
    sys.path.insert(0, os.getcwd())
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.test_settings"
    import django

    django.setup()
    from games.core.computers import pool

    workers = pool.executor()
    for started in [workers.submit(time.sleep, 0.2) for _ in range(4)]:
        started.result()
    print("ready", flush=True)
    time.sleep(600)
"""


def ended(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["kill", "term"])
def test_the_decision_processes_end_when_their_server_is_stopped(
    how: signal.Signals, tmp_path: Path
) -> None:
    script = tmp_path / "server.py"
    script.write_text(SERVER)
    env = {**os.environ, "BOT_COMPUTE": "process", "BOT_PROCESSES": "2"}
    server = subprocess.Popen(
        [sys.executable, str(script)], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout is not None
        assert server.stdout.readline() == "ready\n"
        workers = [child.pid for child in psutil.Process(server.pid).children(recursive=True)]
        assert len(workers) >= 2
        assert not any(ended(pid) for pid in workers)

        server.send_signal(how)
        server.wait(timeout=10)

        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not all(ended(pid) for pid in workers):
            time.sleep(0.1)
        assert [pid for pid in workers if not ended(pid)] == []
    finally:
        server.kill()
        server.wait()
