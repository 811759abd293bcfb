"""The history, replay, statistics, ranking and staff pages in a real browser: each page
screenshotted, the replay stepped with its buttons, and no card of an unfinished match on
its pages (the hidden-card scanner)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games import services
from games.core.computers import runner as bot_runner
from games.history import moderation
from games.models import Match
from tests.history.conftest import bobs_table_won_by_bob, practice, resigned_match, won_match
from tests.history.rummy_scripts import GOES_OUT, GOES_OUT_TABLE, move, three_games_alice_wins
from tests.web.hidden import shown_cards
from tests.web.rummy_helpers import SCATTERED, script_game

pytestmark = pytest.mark.browser


def signed_in(browser: Browser, base: str, user: object) -> BrowserContext:
    """A browser context with ``user``'s session (made by the test client on the same
    database)."""
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    return context


def test_history_statistics_ranking_and_staff_pages(
    browser: Browser,
    live_server_url: str,
    screenshot_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bot_runner, "request_bot_moves", lambda match_id, turn=None: None)
    for old in screenshot_dir.glob("history-*.png"):
        old.unlink()
    users = get_user_model().objects
    alice = users.create_user(username="alice")
    bob = users.create_user(username="bob")
    carol = users.create_user(username="carol", is_staff=True)
    won = won_match(alice)
    bobs_table_won_by_bob(bob, alice)
    resigned_match(alice, "expert")
    won_match(alice, "expert", target=500)
    playing = practice(alice)
    moderation.make_report(alice, bob, "name", "Rude name")
    moderation.suspend(carol, users.create_user(username="spammer"), "spam links")

    page: Page = signed_in(browser, live_server_url, alice).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def shot(name: str) -> None:
        page.screenshot(path=screenshot_dir / f"history-{name}.png", full_page=True)

    page.goto(live_server_url + "/matches/")
    expect(page.locator("#history-table tbody tr")).to_have_count(5)
    shot("01-my-matches")
    page.get_by_label("Result").select_option("won")
    page.get_by_role("button", name="Show").click()
    expect(page.locator("#history-table tbody tr")).to_have_count(2)

    page.goto(f"{live_server_url}/matches/{won.pk}/")
    expect(page.locator("#rounds-table tbody tr")).to_have_count(1)
    expect(page.locator("svg.chart polyline")).to_have_count(3)
    shot("02-match")
    page.get_by_role("button", name="Share by link").click()
    share = page.locator("#share-link")
    expect(share).to_be_visible()
    shared_url = share.get_attribute("href")

    page.get_by_role("link", name="Replay", exact=True).last.click()
    expect(page.locator("#replay")).to_have_attribute("data-step", "0")
    expect(page.locator(".replay-seat")).to_have_count(3)
    page.locator(".replay-marks a", has_text="Trick 1").click()
    expect(page.locator("#replay")).to_have_attribute("data-step", "5")
    page.locator("#replay-forward").click()
    expect(page.locator("#replay")).to_have_attribute("data-step", "6")
    expect(page.locator("#replay-last")).to_contain_text("alice plays")
    shot("03-replay")
    page.locator("#replay-back").click()
    expect(page.locator("#replay")).to_have_attribute("data-step", "5")

    for url in (f"/matches/{playing.pk}/", f"/matches/{playing.pk}/hands/1/"):
        page.goto(live_server_url + url)
        assert shown_cards(page.content()) == set(), url
    shot("04-replay-refused")

    page.goto(live_server_url + "/account/profile/")
    expect(page.locator("#statistics-thousand")).to_be_visible()
    shot("05-profile-statistics")
    page.goto(live_server_url + "/ranking/")
    expect(page.locator("#own-rank")).to_contain_text("Your place")
    shot("06-ranking")
    page.goto(f"{live_server_url}/players/{bob.pk}/report/")
    shot("07-report")

    anonymous = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    assert shared_url is not None
    anonymous.goto(shared_url)
    expect(anonymous.locator("#rounds-table")).to_be_visible()
    anonymous.screenshot(path=screenshot_dir / "history-08-shared.png", full_page=True)

    rummy_pages(page, live_server_url, alice, shot)

    page = signed_in(browser, live_server_url, carol).new_page()
    page.goto(live_server_url + "/staff/")
    shot("09-staff-users")
    page.goto(f"{live_server_url}/staff/users/{alice.pk}/")
    expect(page.locator("#standing")).to_have_text("active")
    shot("10-staff-user")
    page.goto(live_server_url + "/staff/reports/")
    expect(page.locator("article.report")).to_have_count(1)
    shot("11-staff-reports")
    page.goto(live_server_url + "/staff/log/")
    expect(page.locator("#moderation-log tbody tr")).to_have_count(1)
    shot("12-staff-log")
    page.goto(f"{live_server_url}/matches/{won.pk}/")
    page.get_by_label("Reason (kept in the moderation log)").fill("duplicate account")
    page.get_by_role("button", name="Void the match").click()
    expect(page.locator("#void-notice")).to_contain_text("duplicate account")
    assert Match.objects.get(pk=won.pk).is_void
    assert re.search(r"CSP violation", " ".join(errors)) is None
    assert errors == []


def rummy_pages(page: Page, base: str, alice: object, shot: Callable[[str], None]) -> None:
    """A finished match of tile rummy game by game, one game replayed turn by turn with
    every rack shown; an unfinished one shows no tile and no replay."""
    won = three_games_alice_wins(alice)  # type: ignore[arg-type]
    page.goto(f"{base}/matches/{won.pk}/")
    expect(page.get_by_role("heading", name="Game by game")).to_be_visible()
    expect(page.locator("#rounds-table tbody tr")).to_have_count(3)
    expect(page.locator("#rounds-table tbody tr").nth(1)).to_contain_text("131 left in the rack")
    shot("13-rummy-match")

    page.locator('#rounds-table tr[data-round="2"]').get_by_role("link", name="Replay").click()
    expect(page.get_by_role("heading", name=f"Game 2 of match #{won.pk}")).to_be_visible()
    expect(page.locator("#replay")).to_have_attribute("data-step", "0")
    expect(page.locator(".replay-seat")).to_have_count(2)
    expect(page.locator('.replay-seat[data-seat="1"] .tile')).to_have_count(14)
    expect(page.locator("#replay-table .tile")).to_have_count(0)
    page.locator('.replay-seat[data-seat="0"] .seat-next').click()
    expect(page.locator("#replay")).to_have_attribute("data-step", "2")
    expect(page.locator("#replay-last")).to_contain_text("alice drew a tile")
    page.locator("#replay-end").click()
    expect(page.locator("#replay")).to_have_attribute("data-step", "6")
    expect(page.locator("#replay-table .meld")).to_have_count(5)
    expect(page.locator("#replay-table .tile")).to_have_count(16)
    expect(page.locator('.replay-seat[data-seat="1"] .tile')).to_have_count(17)
    expect(page.locator("#replay-outcome")).to_contain_text("alice went out.")
    shot("14-rummy-replay-end")
    page.locator("#replay-back").click()
    expect(page.locator("#replay")).to_have_attribute("data-step", "5")
    expect(page.locator("#replay-last")).to_contain_text("drew a tile")
    expect(page.locator("#replay-table .tile")).to_have_count(0)
    shot("15-rummy-replay-step")

    playing = services.create_practice_match(
        alice,  # type: ignore[arg-type]
        "rummy",
        {"games": 3},
        "beginner",
        players=2,
        seed=5,
    )
    script_game(playing, (GOES_OUT, SCATTERED), first=0)
    move(playing, "play:" + GOES_OUT_TABLE)  # game 1 over, the match is not
    for url in (f"/matches/{playing.pk}/", f"/matches/{playing.pk}/hands/1/"):
        page.goto(base + url)
        assert "data-tile" not in page.content(), url
    expect(page.locator("#replay-refusal")).to_contain_text("other players' tiles")

    page.goto(base + "/account/profile/")
    rummy = page.locator("#statistics-rummy")
    expect(rummy).to_contain_text("Games won by going out")
    rummy.scroll_into_view_if_needed()
    shot("16-rummy-statistics")
