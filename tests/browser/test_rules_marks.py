"""The rules pages mark cards as the table does: a playable card ringed in the table's sky
blue, never in the marriage's gold (issue 27, item 12)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

SKY = "rgb(125, 211, 252)"


def test_playable_cards_on_the_rules_page_are_ringed_as_at_the_table(
    browser: Browser, live_server_url: str
) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(live_server_url + "/rules/thousand/7/")
    faces = page.locator(".rules-cards .playable .card-face")
    assert faces.count() > 0
    rings = {
        faces.nth(n).evaluate("e => getComputedStyle(e).boxShadow") for n in range(faces.count())
    }
    assert all(ring.startswith(SKY) for ring in rings), rings
