"""A guest plays a game of tile rummy against a Beginner in Chromium, to the end.

The deal is scripted so the game is short: the guest drags an initial meld of 27 with the
mouse and is refused, drags one more tile onto the set and is accepted, draws once, then
on a phone's screen lays out the rest by touch and goes out. The computer can only draw.
Every page and frame the browser receives is searched for tiles the guest may not see.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from games.models import Match, Round
from tests.web.rummy_helpers import SCATTERED, hidden_tiles_shown, script_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GUEST = "R8 R9 R10 R11 B1 B2 B3 B4 K5 K6 K7 O9 O10 O11"
POOL_START = "K2 R12 O3"
"""The computer draws K2, the guest R12, the computer O3."""
COMPUTER_AT_THE_END = [*SCATTERED.split(), "K2", "O3"]
COUNT_SOCKET_UPDATES = """
window.socketUpdates = 0;
document.addEventListener("htmx:wsAfterMessage", () => { window.socketUpdates += 1; });
"""
VERSION = re.compile(r'data-version="(\d+)"')


class Received:
    """Every table and hint the guest's browser received, by HTTP or over its socket."""

    def __init__(self, page: Page) -> None:
        self.pages: list[str] = []
        page.on("response", self._on_response)
        page.on("websocket", lambda socket: socket.on("framereceived", self._keep))

    def _on_response(self, response: Any) -> None:
        if "text/html" not in response.headers.get("content-type", ""):
            return
        try:
            self._keep(response.text())
        except Exception:  # a redirect has no body
            return

    def _keep(self, html: object) -> None:
        if isinstance(html, str) and "data-tile" in html:
            self.pages.append(html)


def centre(box: dict[str, float], x: float = 0.5) -> tuple[float, float]:
    return box["x"] + box["width"] * x, box["y"] + box["height"] / 2


def drag(page: Page, tile: Locator, target: Locator, x: float = 0.5) -> None:
    """Drags ``tile`` with the mouse and drops it at ``x`` of ``target``'s width."""
    start = tile.bounding_box()
    end = target.bounding_box()
    assert start is not None
    assert end is not None
    sx, sy = centre(start)
    ex, ey = centre(end, x)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(sx + 8, sy + 8, steps=4)
    page.mouse.move(ex, ey, steps=12)
    # SortableJS's fallback drag reads the pointer on a timer: let it see the drop point.
    page.wait_for_timeout(80)
    page.mouse.move(ex + 1, ey, steps=2)
    page.wait_for_timeout(80)
    page.mouse.up()


def rack_tile(page: Page, code: str) -> Locator:
    return page.locator(f'#rack .tile[data-tile="{code}"]').first


def set_holding(page: Page, code: str) -> Locator:
    return page.locator(f'#board .meld:has(.tile[data-tile="{code}"])').first


def board_sets(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "#board .meld:not(.new-meld)",
        "sets => sets.map(s => [...s.querySelectorAll('.tile')]"
        ".map(t => t.dataset.tile).join(' '))",
    )


def version(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-version") or -1)


def wait_for_newer(page: Page, than: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('table').dataset.version) > v",
        arg=than,
        timeout=15_000,
    )


def wait_for_my_turn(page: Page) -> None:
    expect(page.locator("#turn-form")).to_be_visible(timeout=15_000)


def script_the_guests_game() -> Match:
    """The guest's new match gets the scripted deal, the guest first (whatever the computer
    may have done meanwhile is undone; its move, if it was thinking, is refused as stale)."""
    match = Match.objects.get()
    Round.objects.filter(match=match).update(actions=[])
    script_game(match, (GUEST, SCATTERED), first=0, pool_start=POOL_START)
    match.version += 10
    Match.objects.filter(pk=match.pk).update(version=match.version)
    return match


def test_a_guest_plays_a_game_of_tile_rummy_to_the_end(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    for old in screenshot_dir.glob("rummy-game-*.png"):
        old.unlink()
    context = browser.new_context(viewport={"width": 1280, "height": 860}, has_touch=True)
    context.add_init_script(COUNT_SOCKET_UPDATES)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    received = Received(page)

    def shot(name: str) -> None:
        page.screenshot(path=screenshot_dir / f"rummy-game-{name}.png", full_page=True)

    page.goto(live_server_url + "/")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(re.compile(r"/play/$"))
    expect(page.get_by_role("heading", name="Tile rummy: new practice match")).to_be_visible()
    form = page.locator("#new-rummy")
    form.locator("input[name=players][value='2']").check()
    form.locator("input[name=level][value=beginner]").check()
    form.locator("input[name=games][value='1']").check()
    shot("01-lobby")
    page.locator("#start-rummy").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))

    scripted = script_the_guests_game()
    page.evaluate("window.sessionStorage.clear()")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-socket", "open")
    wait_for_my_turn(page)
    page.evaluate("window.sameDocument = true")
    assert sorted(
        page.eval_on_selector_all("#rack .tile", "ts => ts.map(t => t.dataset.tile)")
    ) == sorted(GUEST.split())
    page.locator("#sort-number").click()
    assert page.eval_on_selector_all("#rack .tile", "ts => ts.map(t => t.dataset.tile)")[:3] == [
        "B1",
        "B2",
        "B3",
    ]
    shot("02-table")
    # The hint shows its play as the sets it makes, the rack's tiles marked in them.
    page.locator("#hint-button").click()
    expect(page.locator("#hint-box .hint-set").first).to_be_visible()
    expect(page.locator("#hint-box .hint-set .from-rack").first).to_be_visible()
    shot("02-hint")

    # An initial meld of 27, dragged with the mouse: the page counts it, the server refuses it.
    expect(page.locator("#draw-button")).to_be_enabled()
    drag(page, rack_tile(page, "R8"), page.locator(".new-meld"))
    expect(page.locator("#set-problem")).to_have_text(
        "The set “red 8” is too short: a set needs 3 tiles."
    )
    expect(page.locator("#board .meld-box.invalid")).to_have_count(1)
    expect(page.locator("#draw-button")).to_be_disabled()
    drag(page, rack_tile(page, "R9"), set_holding(page, "R8"), x=0.95)
    drag(page, rack_tile(page, "R10"), set_holding(page, "R8"), x=0.95)
    # A tile just played goes back to the rack, and onto the table again.
    drag(page, page.locator('#board .tile[data-tile="R10"]'), page.locator("#rack"), x=0.98)
    assert board_sets(page) == ["R8 R9"]
    expect(rack_tile(page, "R10")).to_be_visible()
    drag(page, rack_tile(page, "R10"), set_holding(page, "R8"), x=0.95)
    assert board_sets(page) == ["R8 R9 R10"]
    expect(page.locator("#meld-counter")).to_have_text("27\u00a0/\u00a030")
    shot("03-meld-of-27")
    before = version(page)
    page.locator("#done-button").click()
    expect(page.locator("#table-message")).to_have_text(
        "Your initial meld is worth 27; it needs 30."
    )
    assert version(page) == before
    assert board_sets(page) == ["R8 R9 R10"]  # the arrangement is kept, to be fixed
    shot("04-refused")

    drag(page, rack_tile(page, "R11"), set_holding(page, "R8"), x=0.95)
    expect(page.locator("#meld-counter")).to_have_text("38\u00a0/\u00a030")
    expect(page.locator("#meld-counter")).to_have_class(re.compile("enough"))
    page.locator("#done-button").click()
    wait_for_newer(page, before)
    expect(page.locator(".log-lines li").last).to_contain_text("You played 4 tiles")
    assert page.locator(".log-lines li").last.locator(".tile").evaluate_all(
        "ts => ts.map(t => t.getAttribute('aria-label'))"
    ) == ["red 8", "red 9", "red 10", "red 11"]

    # The computer draws; then the guest draws with nothing moved.
    wait_for_my_turn(page)
    expect(page.locator(".log-lines li").first).to_have_text("Lolek drew a tile")
    shot("05-after-the-computer")
    # A table tile never goes back to the rack; a run split by dragging out of its middle;
    # Reset undoes what was moved.
    drag(page, page.locator('#board .tile[data-tile="R11"]'), page.locator("#rack"), x=0.98)
    assert board_sets(page) == ["R8 R9 R10 R11"]
    expect(page.locator("#draw-button")).to_be_enabled()
    drag(page, page.locator('#board .tile[data-tile="R9"]'), page.locator(".new-meld"))
    assert board_sets(page) == ["R8", "R10 R11", "R9"]
    expect(page.locator("#draw-button")).to_be_disabled()
    assert page.eval_on_selector_all(
        "#board .meld-box.invalid .meld", "sets => sets.map(s => s.title)"
    ) == [
        "The set “red 8” is too short: a set needs 3 tiles.",
        "The set “red 10, red 11” is too short: a set needs 3 tiles.",
        "The set “red 9” is too short: a set needs 3 tiles.",
    ]
    expect(page.locator("#set-problem")).to_have_text(
        "The set “red 8” is too short: a set needs 3 tiles. Sets not valid yet: 2 more."
    )
    drag(page, rack_tile(page, "K5"), set_holding(page, "R8"), x=0.95)
    expect(set_holding(page, "K5")).to_have_attribute(
        "title", "The set “red 8, black 5” is too short: a set needs 3 tiles."
    )
    shot("06-split")
    page.locator("#reset-button").click()
    assert board_sets(page) == ["R8 R9 R10 R11"]
    expect(rack_tile(page, "K5")).to_be_visible()
    expect(page.locator("#draw-button")).to_be_enabled()
    before = version(page)
    page.locator("#draw-button").click()
    wait_for_newer(page, before)
    wait_for_my_turn(page)
    assert "R12" in page.eval_on_selector_all("#rack .tile", "ts => ts.map(t => t.dataset.tile)")

    # On a phone, by touch: pick a tile up with a tap, tap where it goes.
    page.set_viewport_size({"width": 390, "height": 844})
    shot("07-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    def tap(locator: Locator) -> None:
        locator.scroll_into_view_if_needed()
        box = locator.bounding_box()
        assert box
        page.touchscreen.tap(*centre(box))

    tap(rack_tile(page, "R12"))
    expect(rack_tile(page, "R12")).to_have_class(re.compile("selected"))
    tap(set_holding(page, "R8"))
    for first, *rest in (("B1", "B2", "B3", "B4"), ("K5", "K6", "K7"), ("O9", "O10")):
        tap(rack_tile(page, first))
        tap(page.locator(".new-meld"))
        for code in rest:
            tap(rack_tile(page, code))
            tap(set_holding(page, first))
    # And one with the keyboard: Enter on the tile, then Enter on its set.
    rack_tile(page, "O11").focus()
    page.keyboard.press("Enter")
    set_holding(page, "O9").focus()
    page.keyboard.press("Enter")
    assert board_sets(page) == ["R8 R9 R10 R11 R12", "B1 B2 B3 B4", "K5 K6 K7", "O9 O10 O11"]
    expect(page.locator("#rack .tile")).to_have_count(0)
    shot("08-phone-laid-out")
    before = version(page)
    tap(page.locator("#done-button"))
    wait_for_newer(page, before)

    # The end: every rack shown, the points, the winner.
    expect(page.locator(".match-over-title")).to_have_text("You won the match! Well played.")
    rows = page.locator(".game-summary tbody tr")
    expect(rows).to_have_count(2)
    points = sum(int(code[1:]) for code in COMPUTER_AT_THE_END)
    expect(rows.nth(0)).to_contain_text(f"+{points}")
    expect(rows.nth(1)).to_contain_text(f"-{points}")
    assert sorted(
        rows.nth(1).locator(".tile").evaluate_all("ts => ts.map(t => t.dataset.tile)")
    ) == sorted(COMPUTER_AT_THE_END)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot("09-phone-game-over")
    page.set_viewport_size({"width": 1280, "height": 860})
    shot("10-game-over")

    assert page.evaluate("window.sameDocument") is True
    assert page.evaluate("window.socketUpdates") >= 2  # the computer's draws came by socket
    assert errors == []

    # No page or frame showed a tile the guest may not see; the computer's rack only at the end.
    seen = Counter([*GUEST.split(), "R12"])
    at_the_end = seen + Counter(COMPUTER_AT_THE_END)
    # The deal the guest saw before the script is none of this game's.
    pages = [html for html in received.pages if int(VERSION.findall(html)[0]) >= scripted.version]
    assert len(pages) > 5
    for html in pages:
        over = "game-summary" in html
        assert hidden_tiles_shown(html, at_the_end if over else seen) == set()
    context.close()
