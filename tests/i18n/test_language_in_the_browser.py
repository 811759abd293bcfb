"""In Chromium: a guest switches the site to Polish from the header's picker in the middle of
a match, and the table, pushed over the WebSocket too, is in Polish from then on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation
from playwright.sync_api import Browser, Page, expect

from games.models import Match, Seat
from tests.browser.conftest import (
    _no_csp_violations,
    browser_type_launch_args,
    live_server_url,
    screenshot_dir,
)
from tests.web.conftest import current
from tests.web.hidden import hidden_cards_shown

__all__ = ["_no_csp_violations", "browser_type_launch_args", "live_server_url", "screenshot_dir"]

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COUNT_SOCKET_UPDATES = """
window.socketUpdates = 0;
document.addEventListener("htmx:wsAfterMessage", () => { window.socketUpdates += 1; });
"""


def controls(page: Page) -> str:
    classes = page.locator("#table").get_attribute("class") or ""
    found = re.search(r"controls-(\w+)", classes)
    assert found, classes
    return found.group(1)


def wait_for_my_turn(page: Page) -> None:
    page.wait_for_function(
        "() => !/controls-wait/.test(document.getElementById('table').className)",
        timeout=20_000,
    )


def test_a_guest_switches_to_polish_mid_match_and_the_table_follows(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 800})
    context.add_init_script(COUNT_SOCKET_UPDATES)
    page = context.new_page()
    page.goto(live_server_url + "/")
    page.get_by_role("button", name="Play now").click()
    page.locator("#start-thousand").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    table_url = page.url
    expect(page.locator("body")).to_have_attribute("data-socket", "open")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#rules-box summary")).to_have_text("Rules of this match")

    page.locator("#language-picker summary").click()
    page.screenshot(path=screenshot_dir / "i18n-01-picker-open.png")
    page.get_by_role("button", name="Polski").click()

    expect(page).to_have_url(table_url)  # back at the same table, now in Polish
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    expect(page.locator("#rules-box summary")).to_have_text("Zasady tej partii")
    expect(page.locator("#language-picker summary")).to_contain_text("Polski")
    expect(page.locator("body")).to_have_attribute("data-socket", "open")

    # Play on until a computer answers: each table the server pushes over the socket is
    # rendered in Polish too. The person's own moves come back in the HTTP answer, and after
    # winning the auction they make several in a row (the two cards they give, the contract).
    pushed_before = page.evaluate("window.socketUpdates")
    for _ in range(6):
        wait_for_my_turn(page)
        if page.evaluate("window.socketUpdates") > pushed_before:
            break
        version = page.locator("#table").get_attribute("data-version")
        make_a_move_in_polish(page)
        page.wait_for_function(
            "([v, n]) => document.querySelector('#table').dataset.version !== v"
            " || window.socketUpdates > n",
            arg=[version, pushed_before],
            timeout=20_000,
        )
    else:
        pytest.fail("no computer answered six moves in a row")
    expect(page.locator("#rules-box summary")).to_have_text("Zasady tej partii")
    expect(page.locator("#prompt")).not_to_have_text(re.compile(r"\b(Your|You|the|Choose)\b"))
    page.screenshot(path=screenshot_dir / "i18n-02-table-in-polish.png", full_page=True)

    match = Match.objects.get(pk=int(table_url.rstrip("/").rsplit("/", 1)[1]))
    seat = Seat.objects.get(match=match, user__isnull=False).number
    table = current(match)
    assert int(page.locator("#table").get_attribute("data-version") or -1) == table.match.version
    with translation.override("pl"):  # the cards' spoken names, as the page has them
        assert hidden_cards_shown(page.content(), table.view_for(seat)) == set()
    context.close()


def make_a_move_in_polish(page: Page) -> None:
    step = controls(page)
    if step == "redeal":
        page.get_by_role("button", name="Zostaję przy kartach").click()
    elif step == "bid":
        page.get_by_role("button", name="Pas", exact=True).click()
    elif step in ("give", "play"):
        page.locator(".hand li.playable button").first.click()
    else:
        page.locator("#contract-button").click()
