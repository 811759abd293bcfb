"""A tile-rummy friends' table started from the waiting room arrives whole in every browser
at it: the game's stylesheet and its tile dragging, without a reload by the person (issue 29,
fix 1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.test_friends_table import guest_by_play_now

pytestmark = pytest.mark.browser


def guest(browser: Browser, base: str) -> Page:
    return guest_by_play_now(browser.new_context(viewport={"width": 1280, "height": 800}), base)


def test_a_rummy_table_started_live_has_its_styles_and_dragging(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    owner = guest(browser, live_server_url)
    owner.get_by_text("Or play with friends").last.click()
    owner.locator("#make-table-rummy").click()
    expect(owner).to_have_url(re.compile(r"/play/\d+/$"))
    expect(owner.locator("body")).to_have_attribute("data-socket", "open")
    link = owner.locator("#invite-link").get_attribute("href")
    friend = guest(browser, live_server_url)
    friend.goto(live_server_url + str(link))
    friend.locator("#take-seat").click()
    expect(friend).to_have_url(owner.url)
    expect(friend.locator("body")).to_have_attribute("data-socket", "open")
    expect(owner.locator("#start-table")).to_be_enabled()
    owner.locator("#start-table").click()
    for name, page in (("owner", owner), ("friend", friend)):
        expect(page.locator("#table")).not_to_have_attribute("data-waiting", "")
        expect(page.locator("#table .tile").first).to_be_visible()
        assert page.locator('link[rel="stylesheet"][href*="rummy"]').count() == 1, name
        # The table's drag script arrives with the table (a missing one times out here).
        page.wait_for_function("typeof window.Sortable === 'function'")
        page.screenshot(path=screenshot_dir / f"rummy-started-live-{name}.png")
