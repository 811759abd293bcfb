"""Watching friends play: three guests at a watchable Thousand table and a visitor with its watch
link, each in their own browser. The watcher sees the table live from the waiting room to the
end of the hand, the players see "1 watching", and no page or frame the watcher received shows
a card nobody's seat may see (before the musik is turned up and after). Then a tile rummy table
watched while its two players play a game: no rack in anything the watcher received."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import fields, replace
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from games import services
from games.models import Match
from games.thousand.engine import Observation, spectator_view
from tests.web.conftest import current
from tests.web.hidden import hidden_cards_shown, shown_cards
from tests.web.rummy_helpers import SCATTERED, hidden_tiles_shown, script_game, visible_tiles

from .test_friends_table import TABLE_VERSION, Sent, act, guest_by_play_now, wait_for_version
from .test_play_a_hand import VIEWPORTS, table_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WATCHER = -1


def watcher_view(match: Match) -> Observation:
    public = spectator_view(current(match).state)
    values = {field.name: getattr(public, field.name) for field in fields(public)}
    return Observation(**values, seat=WATCHER, hand=(), legal=())


def shoot(page: Page, path: Path) -> None:
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    page.screenshot(path=path, full_page=True)


def both_widths(page: Page, directory: Path, name: str) -> None:
    """The watcher's page on a desktop and at 390 px."""
    shoot(page, directory / f"watch-{name}-desktop.png")
    page.set_viewport_size(VIEWPORTS["phone"])  # type: ignore[arg-type]
    shoot(page, directory / f"watch-{name}-390.png")
    page.set_viewport_size(VIEWPORTS["desktop"])  # type: ignore[arg-type]


def test_a_visitor_watches_three_friends_play_a_hand_of_thousand(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    for old in screenshot_dir.glob("watch-*.png"):
        old.unlink()
    errors: list[str] = []
    sent = Sent()
    contexts = [browser.new_context(viewport=VIEWPORTS["desktop"]) for _ in range(4)]  # type: ignore[arg-type]
    pages: dict[int, Page] = {}
    for number in range(3):
        page = guest_by_play_now(contexts[number], live_server_url)
        page.on("pageerror", lambda error: errors.append(str(error)))
        pages[number] = page
    first, second, third = pages[0], pages[1], pages[2]

    # The first makes a table others may watch; the others join by its link.
    first.get_by_text("Or play with friends").first.click()
    first.locator("#id_thousand_friends_table-watchable").check()
    first.locator("#make-table-thousand").click()
    expect(first).to_have_url(re.compile(r"/play/\d+/$"))
    match_id = int(re.search(r"/play/(\d+)/", first.url).group(1))  # type: ignore[union-attr]
    expect(first.locator("body")).to_have_attribute("data-socket", "open")
    link = first.locator("#invite-link").get_attribute("href")
    watch_link = first.locator("#watch-link").get_attribute("href")
    assert watch_link
    assert watch_link.startswith(live_server_url + "/watch/")
    for page in (second, third):
        page.goto(live_server_url + str(link))
        page.locator("#take-seat").click()
        expect(page).to_have_url(first.url)

    # The watcher, signed in nowhere, opens the watch link before the start.
    watcher = contexts[3].new_page()
    watcher.on("pageerror", lambda error: errors.append(str(error)))
    sent.watch(watcher, lambda: WATCHER)
    watcher.goto(watch_link)
    expect(watcher.locator(".watch-waiting")).to_be_visible()
    expect(watcher.locator("body")).to_have_attribute("data-socket", "open")
    expect(first.locator("#watchers-count")).to_have_text(re.compile(r"1 watching"))
    expect(first.locator(".waiting-seat.kind-person")).to_have_count(3)
    shoot(first, screenshot_dir / "watch-00-waiting-room-desktop.png")
    shoot(watcher, screenshot_dir / "watch-00-waiting-desktop.png")
    first.locator("#start-table").click()
    # The watcher's page turns into the table by itself.
    expect(watcher.locator("#table .thousand-watch")).to_be_visible()
    for page in pages.values():
        expect(page.locator("#watchers-count")).to_have_text(re.compile(r"1 watching"))
    expect(watcher.locator("#watchers-count")).to_have_text(re.compile(r"1 watching"))
    expect(watcher.locator(".players-strip li.me")).to_have_count(0)
    expect(watcher.locator("#table form, #hand, #table button")).to_have_count(0)

    match = Match.objects.get(pk=match_id)
    views: dict[int, Observation] = {}
    shots = {"bidding": False, "musik": False, "play": False}
    for _ in range(120):
        table = current(match)
        version = table.match.version
        views[version] = watcher_view(match)
        for page in (*pages.values(), watcher):
            wait_for_version(page, version)
        phase = views[version].phase
        if phase == "bidding" and not shots["bidding"]:
            both_widths(watcher, screenshot_dir, "01-bidding")
            assert shown_cards(watcher.locator("#table").inner_html()) == set()
            shots["bidding"] = True
        if views[version].musik and phase in ("giving", "contract") and not shots["musik"]:
            expect(watcher.locator(".musik .cards-row li")).to_have_count(3)
            both_widths(watcher, screenshot_dir, "02-musik")
            shots["musik"] = True
        if phase == "playing" and len(views[version].tricks) == 2 and not shots["play"]:
            both_widths(watcher, screenshot_dir, "03-playing")
            shoot(first, screenshot_dir / "watch-03-player-desktop.png")
            shots["play"] = True
        if table.spec.rules.round_over(table.state):
            break
        seat = table.to_move
        assert seat is not None
        _phase, controls, _shown = table_state(pages[seat])
        act(pages[seat], controls)
        wait_for_version(pages[seat], version + 1)
    else:
        pytest.fail("the hand did not end")
    expect(watcher.locator("table.summary")).to_be_visible()
    both_widths(watcher, screenshot_dir, "04-hand-over")
    assert shots == {"bidding": True, "musik": True, "play": True}

    # The watcher got tables by HTTP and over its socket, none with a card nobody may see.
    assert sent.channels == {(WATCHER, "http"), (WATCHER, "socket")}
    tables = [html for _seat, html in sent.tables if "data-waiting" not in html]
    assert len(tables) > 20
    for html in tables:
        version = int(TABLE_VERSION.search(html).group(1))  # type: ignore[union-attr]
        assert version in views, version
        assert hidden_cards_shown(html, views[version]) == set(), version
    assert any(shown_cards(html) for html in tables)

    # The watcher leaves: the players see nobody watching.
    watcher.close()
    expect(first.locator("#watchers-count")).to_have_text(re.compile(r"0 watching"))
    assert errors == []
    for context in contexts:
        context.close()


def signed_in_page(browser: Browser, base: str, user: User) -> Page:
    """A browser of ``user``, signed in by a session made here."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=VIEWPORTS["desktop"])  # type: ignore[arg-type]
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    return context.new_page()


def test_a_visitor_watches_a_game_of_tile_rummy_without_seeing_a_rack(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    alice = User.objects.create_user("alice", password="x")
    bob = User.objects.create_user("bob", password="x")
    match = services.create_friends_table(alice, "rummy", {"games": 1}, 2, seed=4, watchable=True)
    services.join_table(match.pk, bob)
    services.start_table(match.pk, user=alice)
    script_game(
        Match.objects.get(pk=match.pk),
        [SCATTERED, "R10 R11 R12 B10 B11 B12 K10 K11 K12 O10 O11 O12 R2 B3"],
        first=1,
    )
    errors: list[str] = []
    players = {0: signed_in_page(browser, live_server_url, alice)}
    players[1] = signed_in_page(browser, live_server_url, bob)
    watcher = browser.new_context(viewport=VIEWPORTS["desktop"]).new_page()  # type: ignore[arg-type]
    sent = Sent()
    sent.watch(watcher, lambda: WATCHER)
    for page in (*players.values(), watcher):
        page.on("pageerror", lambda error: errors.append(str(error)))
    table_url = f"{live_server_url}/play/{match.pk}/"
    for page in players.values():
        page.goto(table_url)
        expect(page.locator("body")).to_have_attribute("data-socket", "open")
    watcher.goto(f"{live_server_url}/watch/{match.watch_token}/")
    expect(watcher.locator("body")).to_have_attribute("data-socket", "open")
    for page in players.values():
        expect(page.locator("#watchers-count")).to_have_text(re.compile(r"1 watching"))

    seen: dict[int, Counter[str]] = {}

    def record() -> None:
        table = current(match)
        # What every seat sees, without the seat's own rack.
        seen[table.match.version] = visible_tiles(replace(table.view_for(0), rack=()))
        wait_for_version(watcher, table.match.version)

    record()
    # Bob lays down his four runs (posted as his page's form would), then each draws in turn.
    version = Match.objects.get(pk=match.pk).version
    token = players[1].locator("#turn-form input[name=csrfmiddlewaretoken]").input_value()
    answer = players[1].request.post(
        f"{table_url}act/",
        form={
            "csrfmiddlewaretoken": token,
            "action": "play",
            "table": "R10 R11 R12|B10 B11 B12|K10 K11 K12|O10 O11 O12",
            "version": str(version),
        },
    )
    assert answer.status == 200
    record()
    for seat in (0, 1, 0):
        version = Match.objects.get(pk=match.pk).version
        wait_for_version(players[seat], version)
        players[seat].locator("#draw-button").click()
        wait_for_version(players[seat], version + 1)
        record()
    expect(watcher.locator("#board .meld")).to_have_count(4)
    expect(watcher.locator('.opponent[data-seat="1"] .tile-count')).to_have_text("3 tiles")
    expect(watcher.locator('.opponent[data-seat="0"] .tile-count')).to_have_text("16 tiles")
    both_widths(watcher, screenshot_dir, "05-rummy")
    shoot(players[0], screenshot_dir / "watch-05-rummy-player-desktop.png")

    tables = [html for _seat, html in sent.tables]
    assert sent.channels == {(WATCHER, "http"), (WATCHER, "socket")}
    assert len(tables) >= 5
    for html in tables:
        version = int(TABLE_VERSION.search(html).group(1))  # type: ignore[union-attr]
        assert hidden_tiles_shown(html, seen[version]) == set(), version
        assert 'id="rack"' not in html
    assert errors == []
