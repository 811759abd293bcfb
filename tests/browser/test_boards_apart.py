"""Two-player Thousand counted apart, as a person sees it: the ranking of the two-player board
chosen in the filter, a rating and chart per board on the player's page, and the statistics
rated apart on the profile; on a desktop and on a 390 px phone."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Browser, Page, expect

from games import services
from games.core.computers import runner as bot_runner
from games.models import PlayerRating
from games.thousand.engine import Rules
from tests.browser.test_history_pages import signed_in
from tests.history.conftest import bobs_table_won_by_bob
from tests.history.test_boards_apart import two_player_deal

pytestmark = pytest.mark.browser


@pytest.fixture
def alice_at_both_boards(transactional_db: None, monkeypatch: pytest.MonkeyPatch) -> AbstractUser:
    """Alice after a two-player practice match she won and a three-player table of Bob's she
    came second at."""
    monkeypatch.setattr(bot_runner, "request_bot_moves", lambda match_id, turn=None: None)
    users = get_user_model().objects
    alice = users.create_user(username="alice")
    bob = users.create_user(username="bob")
    practice = services.create_practice_match(
        alice, "thousand", Rules(players=2).to_dict(), "normal", players=2, seed=3
    )
    assert two_player_deal(practice, [900, 0]).winner == 0
    bobs_table_won_by_bob(bob, alice)
    return alice


def test_the_two_player_board_is_ranked_shown_and_summed_apart(
    alice_at_both_boards: AbstractUser,
    browser: Browser,
    live_server_url: str,
    screenshot_dir: Path,
) -> None:
    alice = alice_at_both_boards
    shots = Path("/tmp/shots-apart")
    shots.mkdir(exist_ok=True)
    two = PlayerRating.objects.get(user=alice, board="2")
    three = PlayerRating.objects.get(user=alice, board="")

    page: Page = signed_in(browser, live_server_url, alice).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def shot(name: str) -> None:
        path = screenshot_dir / f"apart-{name}.png"
        page.screenshot(path=path, full_page=True)
        shutil.copy(path, shots / path.name)

    for width, suffix in ((1280, "desktop"), (390, "390")):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(live_server_url + "/ranking/")
        expect(page.locator("h1")).to_have_text("Thousand: ranking")
        expect(page.locator("#own-rating strong")).to_have_text(f"{three.conservative:.1f}")
        expect(page.locator("#best-scores tbody tr")).to_have_count(1)
        expect(page.locator("#best-scores tbody tr")).to_contain_text("bob")
        if suffix == "desktop":
            page.locator("#id_game").select_option(label="Thousand — 2 players")
            page.get_by_role("button", name="Show").click()
        else:
            page.locator("#boards").get_by_role("link", name="Thousand — 2 players").click()
        expect(page.locator("#boards strong")).to_have_text("Thousand — 2 players")
        expect(page.locator("h1")).to_have_text("Thousand — 2 players: ranking")
        expect(page.locator("#own-rating strong")).to_have_text(f"{two.conservative:.1f}")
        expect(page.locator("#best-scores tbody tr")).to_have_text("1alice10701")
        shot(f"01-ranking-two-players-{suffix}")

        page.goto(f"{live_server_url}/players/{alice.pk}/")
        expect(page.locator(".history h2")).to_contain_text(["Thousand", "Thousand — 2 players"])
        expect(page.locator("svg.chart polyline")).to_have_count(2)
        shot(f"02-player-{suffix}")

        page.goto(live_server_url + "/account/profile/")
        split = page.locator("table.stats-split").first
        expect(split.locator("caption")).to_have_text("Rated apart")
        expect(split.locator("thead th")).to_have_text(
            ["", "All", "Thousand", "Thousand — 2 players"]
        )
        expect(split.locator("tbody tr").first).to_have_text("Matches played211")
        shot(f"03-statistics-{suffix}")
        assert page.evaluate("document.documentElement.scrollWidth") <= max(width, 390)
    assert errors == []
