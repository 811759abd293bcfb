"""On a phone (390 x 844), in every language, the history, a match's page, the ranking and
the end of a match fit the screen's width: nothing wider than the page, and the last column of
the final table on screen (issue 27, item 15)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Browser, Page

from games.core.computers import runner as bot_runner
from games.history import ratings
from games.models import PlayerRating
from tests.history.conftest import bobs_table_won_by_bob, resigned_match, won_match
from tests.history.rummy_scripts import three_games_alice_wins

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LANGUAGES = ("en", "pl", "ro", "vi", "gl")


def phone_page(browser: Browser, base: str, user: object, language: str) -> Page:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    context = browser.new_context(viewport=PHONE, locale=language)
    context.add_cookies(
        [
            {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base},
            {"name": "django_language", "value": language, "url": base},
        ]
    )
    return context.new_page()


def overflow(page: Page) -> int:
    """How far the page reaches past the screen's right edge, in CSS pixels."""
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def test_the_history_ranking_and_end_of_match_fit_a_phone(
    browser: Browser,
    live_server_url: str,
    screenshot_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bot_runner, "request_bot_moves", lambda match_id, turn=None: None)
    users = get_user_model().objects
    alice = users.create_user(username="alice_with_a_long_name")
    bob = users.create_user(username="bob_the_other_player")
    won = won_match(alice)
    rummy = three_games_alice_wins(alice)
    shared = bobs_table_won_by_bob(bob, alice)
    resigned_match(alice, "expert")
    mu, sigma = ratings.new_rating()
    PlayerRating.objects.filter(user=alice).update(matches=20)
    PlayerRating.objects.get_or_create(
        user=bob, game="thousand", defaults={"mu": mu, "sigma": sigma}
    )
    PlayerRating.objects.filter(user=bob).update(matches=20)
    pages = {
        "history": "/matches/",
        "match": f"/matches/{won.pk}/",
        "shared-match": f"/matches/{shared.pk}/",
        "ranking": "/ranking/",
        "end-of-match": f"/play/{won.pk}/",
        "rummy-end-of-match": f"/play/{rummy.pk}/",
        "rummy-match": f"/matches/{rummy.pk}/",
        "rules-scoring": "/rules/thousand/9/",
    }
    too_wide = {}
    for language in LANGUAGES:
        page = phone_page(browser, live_server_url, alice, language)
        for name, url in pages.items():
            page.goto(live_server_url + url)
            page.screenshot(path=screenshot_dir / f"phone-{language}-{name}.png", full_page=True)
            if overflow(page) > 0:
                too_wide[(language, name)] = overflow(page)
        for end in ("end-of-match", "rummy-end-of-match", "rules-scoring"):
            page.goto(live_server_url + pages[end])
            last_column = page.locator("table tbody tr td:last-child")
            assert last_column.count() > 0, (language, end)
            for index in range(last_column.count()):
                box = last_column.nth(index).bounding_box()
                assert box is not None
                assert box["x"] + box["width"] <= PHONE["width"], (language, end, index)
        page.context.close()
    assert too_wide == {}
