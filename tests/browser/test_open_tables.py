"""A listed friends' table appears live in another person's lobby and is joined in one press
(issue 29, open tables)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.test_friends_table import guest_by_play_now

pytestmark = pytest.mark.browser


def test_a_listed_table_is_joined_from_the_lobby(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    desk = {"width": 1280, "height": 800}
    friend = guest_by_play_now(browser.new_context(viewport=desk), live_server_url)
    expect(friend.locator("#open-tables")).to_contain_text("No open table right now")
    host = guest_by_play_now(browser.new_context(viewport=desk), live_server_url)
    host.locator("#friends-thousand summary").click()
    host.locator("#id_thousand_friends_table-listed").check()
    host.locator("#make-table-thousand").click()
    expect(host).to_have_url(re.compile(r"/play/\d+/$"))
    code = host.locator("#table-code").inner_text()

    row = friend.locator(f'.open-table[data-code="{code}"]')
    expect(row).to_be_visible(timeout=8000)  # the lobby asks again every 5 s
    expect(row).to_contain_text("2 seats free of 3")
    friend.screenshot(path=screenshot_dir / "open-tables-lobby.png")
    row.get_by_role("button", name="Take a seat").click()
    expect(friend).to_have_url(host.url)
    expect(host.locator(".waiting-seat.kind-person")).to_have_count(2)
