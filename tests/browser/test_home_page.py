"""The home page in a real browser: both games presented, on a desktop and on a phone, and a
visitor's "Play tile rummy" leading through a guest account to the rummy section of the lobby."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser


def test_a_visitor_goes_from_the_home_page_to_either_game(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.goto(live_server_url + "/")
    expect(phone.locator(".brand-name")).to_have_text("Card & Tile Room")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=screenshot_dir / "home-phone.png", full_page=True)

    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(live_server_url + "/")
    expect(page.get_by_role("heading", name="Thousand")).to_be_visible()
    expect(page.get_by_role("heading", name="Tile rummy")).to_be_visible()
    page.screenshot(path=screenshot_dir / "home-desktop.png", full_page=True)
    page.get_by_role("button", name="Play tile rummy").click()
    page.wait_for_url(live_server_url + "/play/#new-rummy")
    expect(page.locator("#new-rummy")).to_be_visible()
    expect(page.locator("#new-rummy")).to_be_in_viewport()

    page.goto(live_server_url + "/")
    page.get_by_role("link", name="Play Thousand").click()
    page.wait_for_url(live_server_url + "/play/#new-thousand")
    expect(page.locator("#new-thousand")).to_be_visible()
