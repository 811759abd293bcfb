"""In Chromium: a guest checks in (the browser's time zone reaches the account), buys a felt
and a card back, chooses them on the profile and sees them at a Thousand table; on a desktop
and on a phone, with axe-core's WCAG A/AA check on each page, no CSP violation and no hidden
card in the page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, expect

from accounts import coins
from games import services
from games.core import changes
from games.core.computers import runner as bot_runner
from games.thousand.engine import Rules
from tests.browser.test_play_a_hand import VIEWPORTS
from tests.browser.test_table_states import AXE, AXE_CHECK
from tests.web.conftest import current, script_deal
from tests.web.hidden import hidden_cards_shown

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _no_computer_runner_here(monkeypatch: pytest.MonkeyPatch) -> None:
    # The tables are only looked at here: no computer needs to move.
    monkeypatch.setattr(bot_runner, "request_bot_moves", lambda match_id, turn=None: None)
    monkeypatch.setattr(
        changes, "push_match_updated", lambda match_id, version, socket="", stamp="": None
    )


@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_a_guest_checks_in_buys_a_felt_and_a_card_back_and_sees_them_at_the_table(
    browser: Browser, live_server_url: str, screenshot_dir: Path, screen: str
) -> None:
    context = browser.new_context(
        viewport=VIEWPORTS[screen],  # type: ignore[arg-type]
        timezone_id="Pacific/Auckland",
    )
    context.add_init_script(path=AXE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(live_server_url + "/play-now/")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(re.compile(r"/play/$"))
    guest = get_user_model().objects.latest("date_joined")

    def open_menu() -> None:
        """On a phone the header's links are folded into "Menu"."""
        if screen == "phone":
            page.locator(".site-menu > summary").click()

    open_menu()
    expect(page.locator("#nav-coins")).to_have_accessible_name(
        "0 coins: the shop, today's check-in is waiting"
    )

    page.locator("#nav-coins").click()
    expect(page).to_have_url(re.compile(r"/shop/$"))
    # The page tells the server the browser's time zone once its script has run.
    expect(page.locator("input[data-time-zone]")).to_have_value("Pacific/Auckland")
    page.get_by_role("button", name="Check in for today: +10 coins").click()
    expect(page.get_by_text("Checked in: +10 coins. Day 1 of your streak.")).to_be_visible()
    expect(page.locator("#balance")).to_have_text("10")
    expect(page.locator("#streak")).to_have_text("Streak: 1 day in a row")
    expect(page.locator("#check-in-button")).to_have_count(0)
    guest.profile.refresh_from_db()
    assert guest.profile.time_zone == "Pacific/Auckland"
    assert page.get_by_text("(Pacific/Auckland)").count() == 1

    staff = get_user_model().objects.create_user("carol", is_staff=True)
    coins.staff_change(staff, guest, 230, "a browser test's coins")
    page.reload()
    page.screenshot(path=screenshot_dir / f"coins-{screen}-shop.png", full_page=True)
    assert page.evaluate(AXE_CHECK) == []
    page.locator("#buy-felt-navy").click()
    expect(page.get_by_text("“Midnight navy” is yours")).to_be_visible()
    page.locator("#buy-card-back-blue").click()
    expect(page.get_by_text("“Blue lattice” is yours")).to_be_visible()
    page.locator("#buy-frame-gold").click()
    expect(page.get_by_text("“Gold ring” is yours")).to_be_visible()
    expect(page.locator("#balance")).to_have_text("10")
    open_menu()
    expect(page.locator("#nav-coins")).to_have_accessible_name("10 coins: the shop")
    expect(page.locator("#nav-coins")).to_be_visible()

    page.goto(live_server_url + "/account/profile/")
    page.locator("label[for=look-felt-navy]").click()
    page.locator("label[for=look-card-back-blue]").click()
    page.locator("label[for=look-frame-gold]").click()
    page.locator("#save-looks").click()
    expect(page.get_by_text("Your table's look is saved.")).to_be_visible()
    expect(page.locator("#look-felt-navy")).to_be_checked()
    page.locator("#looks-form").screenshot(path=screenshot_dir / f"coins-{screen}-profile.png")
    assert page.evaluate(AXE_CHECK) == []

    match = script_deal(
        services.create_practice_match(guest, "thousand", Rules().to_dict(), "normal", seed=1)
    )
    page.goto(f"{live_server_url}/play/{match.pk}/")
    table = page.locator("#table")
    expect(table).to_have_class(re.compile(r"\bfelt-navy\b.*\bcard-back-blue\b"))
    felt_colour = page.evaluate(
        "() => getComputedStyle(document.querySelector('.felt')).backgroundImage"
    )
    assert "rgb(31, 61, 102)" in felt_colour  # #1f3d66, the navy felt
    back = page.evaluate(
        "() => getComputedStyle(document.querySelector('.seat-left .back')).backgroundImage"
    )
    assert back.endswith('backs/blue.svg")')
    expect(page.locator(".my-head .avatar")).to_have_class(re.compile(r"\bframe-gold\b"))
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    page.screenshot(path=screenshot_dir / f"coins-{screen}-table.png", full_page=True)
    assert page.evaluate(AXE_CHECK) == []
    assert hidden_cards_shown(page.content(), current(match).view_for(0)) == set()
    assert errors == []
    context.close()


def test_the_night_tiles_at_a_tile_rummy_table(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    context = browser.new_context(viewport=VIEWPORTS["desktop"])  # type: ignore[arg-type]
    context.add_init_script(path=AXE)
    page = context.new_page()
    page.goto(live_server_url + "/play-now/")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(re.compile(r"/play/$"))
    guest = get_user_model().objects.latest("date_joined")
    staff = get_user_model().objects.create_user("carol", is_staff=True)
    coins.staff_change(staff, guest, 120, "a browser test's coins")
    coins.buy(guest, "tiles-night")
    coins.choose(guest, ["tiles-night"])
    match = services.create_practice_match(
        guest, "rummy", {"games": 1}, "beginner", players=2, seed=5
    )

    page.goto(f"{live_server_url}/play/{match.pk}/")

    expect(page.locator("#table")).to_have_class(re.compile(r"\btiles-night\b"))
    face = page.evaluate(
        "() => getComputedStyle(document.querySelector('.rack .tile')).backgroundImage"
    )
    assert "rgb(43, 52, 66)" in face  # #2b3442, the night tiles' face
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    page.screenshot(path=screenshot_dir / "coins-rummy-night-tiles.png", full_page=True)
    assert page.evaluate(AXE_CHECK) == []
    context.close()
