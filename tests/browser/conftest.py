"""A real browser against a real Daphne server (HTTP and WebSockets) on the test database.

pytest-django's ``live_server`` speaks WSGI only, so the server is Daphne in a forked
process, as in channels' ``ChannelsLiveServerTestCase``. Browser tests run last: after a
Playwright session, pytest-asyncio tests would fail in the same process.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import SyncToAsync
from channels.layers import channel_layers
from channels.testing.live import make_application, set_database_connection
from daphne.testing import DaphneProcess
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage

SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVER_BOT_MOVE_DELAY = 0.05


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


# Every page reports what the Content-Security-Policy refused to its console.
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
});
"""


@pytest.fixture(autouse=True)
def _no_csp_violations(request: pytest.FixtureRequest) -> Iterator[None]:
    """In browser tests, every context's pages are watched: no CSP violation may appear."""
    if request.node.get_closest_marker("browser") is None:
        yield
        return
    browser: Browser = request.getfixturevalue("browser")
    violations: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "CSP violation" in message.text:
            violations.append(message.text)

    original = browser.new_context

    def new_context(*args: Any, **kwargs: Any) -> BrowserContext:
        context = original(*args, **kwargs)
        context.add_init_script(REPORT_CSP_VIOLATIONS)
        context.on("console", on_console)
        return context

    browser.new_context = new_context  # type: ignore[method-assign]
    try:
        yield
    finally:
        del browser.new_context
    assert violations == []


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    # Sync Playwright runs an event loop in this thread; Django's test database teardown
    # would then refuse to run.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    return {"executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


def _server_setup() -> None:
    """In the forked server: the test database, fresh executors and channel layers."""
    from django.conf import settings

    set_database_connection()
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    channel_layers.backends.clear()
    settings.BOT_MOVE_DELAY = SERVER_BOT_MOVE_DELAY
    settings.BOT_COMPUTE = "thread"


@pytest.fixture
def live_server_url(transactional_db: None) -> Iterator[str]:
    """The address of a Daphne server running the site on the test database."""
    server = DaphneProcess(
        "127.0.0.1",
        partial(make_application, static_wrapper=ASGIStaticFilesHandler),
        setup=_server_setup,
    )
    server.start()
    if not server.ready.wait(timeout=30):
        server.terminate()
        raise RuntimeError("the Daphne test server did not start")
    yield f"http://127.0.0.1:{server.port.value}"
    server.terminate()
    server.join(timeout=10)


@pytest.fixture
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
