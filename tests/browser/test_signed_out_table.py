"""A table left open in one tab follows the session: signing out in another tab takes the
table away from the first one at once, without a move or a reload by the person."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_signing_out_in_another_tab_closes_the_open_table(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    table = context.new_page()
    table.goto(live_server_url + "/play-now/")
    table.get_by_role("button", name="Play now").click()
    table.locator("#start-thousand").click()
    expect(table.locator("body")).to_have_attribute("data-socket", "open")
    at_table = table.url

    other = context.new_page()
    other.goto(live_server_url + "/accounts/logout/")
    other.get_by_role("button", name="Sign out and leave this guest account").click()

    expect(table.locator("#table")).to_have_count(0, timeout=10_000)
    assert table.url != at_table
    table.screenshot(path=screenshot_dir / "signed-out-elsewhere.png")
    context.close()
