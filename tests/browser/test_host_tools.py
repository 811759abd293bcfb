"""The host's tools with three guests in their own browsers: the host removes one, whose open
page says so at once (and whose link no longer seats them), and hands the host role to
another, whose waiting room grows the Start button live; the new host starts the match and
hands the role on again at the table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games.models import Match, Removal, Seat

from .test_friends_table import guest_by_play_now
from .test_play_a_hand import VIEWPORTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_host_removes_one_guest_and_hands_the_role_to_another(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    for old in screenshot_dir.glob("host-*.png"):
        old.unlink()
    errors: list[str] = []
    contexts = [browser.new_context(viewport=VIEWPORTS["desktop"]) for _ in range(3)]  # type: ignore[arg-type]

    def guest(index: int) -> Page:
        page = guest_by_play_now(contexts[index], live_server_url)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    def shot(page: Page, name: str) -> None:
        page.wait_for_function(
            "() => document.getAnimations().every(a => a.playState !== 'running')"
        )
        page.screenshot(path=screenshot_dir / f"host-{name}.png", full_page=True)

    first = guest(0)
    first.get_by_text("Or play with friends").first.click()
    first.locator("#make-table-thousand").click()
    expect(first).to_have_url(re.compile(r"/play/\d+/$"))
    table_url = first.url
    match_id = int(re.search(r"/play/(\d+)/", table_url).group(1))  # type: ignore[union-attr]
    link = live_server_url + str(first.locator("#invite-link").get_attribute("href"))
    second, third = guest(1), guest(2)
    for page in (second, third):
        page.goto(link)
        page.locator("#take-seat").click()
        expect(page).to_have_url(table_url)
        expect(page.locator("body")).to_have_attribute("data-socket", "open")
    expect(first.locator(".waiting-seat.kind-person")).to_have_count(3)
    expect(first.locator("#make-host-1")).to_be_visible()
    expect(second.locator("#make-host-0")).to_have_count(0)
    shot(first, "01-host-waiting-room")

    # The host removes the second: their open page says so at once, with the way out.
    first.locator("#free-seat-1").click()
    expect(second.locator("#removed-heading")).to_have_text(
        "The host removed you from this table", timeout=5_000
    )
    expect(second.locator("#back-to-lobby")).to_be_visible()
    shot(second, "02-removed")
    expect(first.locator(".waiting-seat.kind-open")).to_have_count(1)
    second.goto(link)
    expect(second.locator("[role=alert]")).to_have_text(
        "The host removed you from this table: you cannot sit at it again."
    )
    expect(second.locator("#take-seat")).to_have_count(0)
    shot(second, "03-link-refused")
    removed = Seat.objects.get(match_id=match_id, number=1)
    assert removed.user_id is None
    assert Removal.objects.filter(match_id=match_id).count() == 1

    # The host hands the role to the third, whose room shows the host's controls live.
    expect(third.locator("#start-table")).to_have_count(0)
    first.locator("#make-host-2").click()
    expect(third.locator("#start-table")).to_be_visible(timeout=5_000)
    expect(third.locator("#free-seat-0")).to_be_visible()
    expect(first.locator("#start-table")).to_have_count(0)
    expect(first.locator("#leave-table")).to_have_text("Leave this table")
    shot(third, "04-new-host")
    third.locator("#fill-seats").click()
    third.locator("#start-table").click()
    for page in (first, third):
        expect(page.locator("#table")).to_have_class(re.compile(r"phase-"))

    # At the table the host hands the role back; the first gets the button, the third loses it.
    third.locator("#make-host-0").click()
    expect(first.locator(".players-strip #make-host-2")).to_be_visible(timeout=5_000)
    expect(third.locator(".players-strip [id^=make-host-]")).to_have_count(0)
    expect(first.locator(".players-strip li.me #host-badge")).to_be_visible()
    shot(first, "05-host-at-the-table")
    assert (
        Match.objects.get(pk=match_id).owner_id
        == Seat.objects.get(match_id=match_id, number=0).user_id
    )
    assert errors == []
    for context in contexts:
        context.close()
