"""Three guests at one friends' table of Thousand, each in their own browser: they join by the
table's link, play a whole hand together, one closes the tab mid-hand and comes back to the
same seat; no page and no frame ever shows a person a card their seat may not see."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games.models import Match, Seat
from games.thousand.engine import Observation
from tests.web.conftest import current
from tests.web.hidden import hidden_cards_shown, shown_cards

from .test_play_a_hand import VIEWPORTS, table_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABLE_VERSION = re.compile(r'id="table"[^>]*data-version="(\d+)"')


class Sent:
    """Every table a seat's browser received, by HTTP or over its socket."""

    def __init__(self) -> None:
        self.tables: list[tuple[int, str]] = []
        self.channels: set[tuple[int, str]] = set()

    def watch(self, page: Page, seat: Callable[[], int | None]) -> None:
        def on_response(response: Any) -> None:
            if "text/html" not in response.headers.get("content-type", ""):
                return
            try:
                self.keep(seat(), response.text(), "http")
            except Exception:  # a redirect has no body
                return

        def on_socket(socket: Any) -> None:
            socket.on("framereceived", lambda payload: self.keep(seat(), payload, "socket"))

        page.on("response", on_response)
        page.on("websocket", on_socket)

    def keep(self, seat: int | None, html: object, channel: str) -> None:
        if isinstance(html, str) and TABLE_VERSION.search(html):
            self.tables.append((-1 if seat is None else seat, html))
            self.channels.add((-1 if seat is None else seat, channel))


def wait_for_version(page: Page, version: int) -> None:
    page.wait_for_function(
        "v => Number((document.getElementById('table') || {dataset: {}}).dataset.version) >= v",
        arg=version,
        timeout=15_000,
    )


def act(page: Page, controls: str) -> None:
    """The move a person makes with the page's controls (the first card that may go)."""
    if controls == "redeal":
        page.locator("#keep-button").click()
    elif controls == "bid":
        page.locator("#pass-button").click()
    elif controls == "contract":
        page.locator("#contract-button").click()
    elif controls in ("give", "play"):
        page.locator(".hand li.playable button").first.click()
    else:
        pytest.fail(f"no move for the controls {controls!r}")


def guest_by_play_now(context: BrowserContext, base: str) -> Page:
    page = context.new_page()
    page.goto(base + "/")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(re.compile(r"/play/$"))
    return page


def test_three_guests_play_a_hand_at_one_friends_table(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    for old in screenshot_dir.glob("friends-*.png"):
        old.unlink()
    errors: list[str] = []
    sent = Sent()
    seats: dict[str, int] = {"first": 0}  # the creator sits in seat 0, the others join in turn
    contexts = [browser.new_context(viewport=VIEWPORTS["desktop"]) for _ in range(3)]  # type: ignore[arg-type]
    names = ("first", "second", "third")

    def open_page(index: int) -> Page:
        page = contexts[index].new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        sent.watch(page, lambda: seats.get(names[index]))
        return page

    def shot(page: Page, name: str) -> None:
        page.wait_for_function(
            "() => document.getAnimations().every(a => a.playState !== 'running')"
        )
        page.screenshot(path=screenshot_dir / f"friends-{name}.png", full_page=True)

    # The first guest makes the table from the lobby.
    first = open_page(0)
    first.goto(live_server_url + "/")
    first.get_by_role("button", name="Play now").click()
    expect(first).to_have_url(re.compile(r"/play/$"))
    first.get_by_text("Or play with friends").first.click()
    first.locator("#make-table-thousand").click()
    expect(first).to_have_url(re.compile(r"/play/\d+/$"))
    match_id = int(re.search(r"/play/(\d+)/", first.url).group(1))  # type: ignore[union-attr]
    table_url = first.url
    expect(first.locator("body")).to_have_attribute("data-socket", "open")
    link = first.locator("#invite-link").get_attribute("href")
    code = first.locator("#table-code").inner_text()
    assert link == f"/t/{code}/"

    # The second plays as a guest first, then follows the link; the third follows the link
    # as a visitor and plays as a guest from there.
    second = open_page(1)
    second.goto(live_server_url + "/")
    second.get_by_role("button", name="Play now").click()
    expect(second).to_have_url(re.compile(r"/play/$"))
    second.goto(live_server_url + link)
    seats["second"] = 1
    second.locator("#take-seat").click()
    expect(second).to_have_url(table_url)
    third = open_page(2)
    third.goto(live_server_url + link)
    seats["third"] = 2
    third.locator("#play-as-guest").click()  # a guest, and seated, in one press
    expect(third).to_have_url(table_url)
    people = [seat.user_id for seat in Seat.objects.filter(match_id=match_id).order_by("number")]
    assert len(set(people)) == 3
    assert None not in people

    # The creator's waiting room filled live, over the socket.
    expect(first.locator(".waiting-seat.kind-person")).to_have_count(3)
    expect(first.locator("#start-table")).to_be_enabled()
    expect(second.locator("#start-table")).to_have_count(0)
    # The link to read out, once the room was updated over the socket (checked at the end).
    link_shown_live = first.locator("#invite-link").inner_text()
    shot(first, "01-waiting")
    first.locator("#start-table").click()
    for page in (first, second, third):  # the table replaces the waiting room everywhere
        expect(page.locator("#table")).to_have_class(re.compile(r"phase-"))

    pages = {0: first, 1: second, 2: third}
    for number, page in pages.items():  # each in their own seat, which reads "You"
        me = page.locator(".players-strip li.me")
        expect(me).to_have_attribute("data-seat", str(number))
        expect(me.locator(".player-name")).to_have_text("You")
    views: dict[int, dict[int, Observation]] = {}
    match = Match.objects.get(pk=match_id)
    came_back = False
    for _ in range(120):
        table = current(match)
        version = table.match.version
        views[version] = {seat: table.view_for(seat) for seat in range(3)}
        for page in pages.values():
            wait_for_version(page, version)
        if table.spec.rules.round_over(table.state):
            break
        seat = table.to_move
        assert seat is not None
        tricks = len(table.view_for(0).tricks)
        if not came_back and tricks >= 2 and seat != 2:
            # The third closes the tab: the others see them away; a move is made meanwhile.
            pages[2].close()
            away = first.locator('.players-strip li[data-seat="2"] .presence')
            expect(away).to_have_class(re.compile("offline"))
            _phase, controls, _version = table_state(pages[seat])
            act(pages[seat], controls)
            wait_for_version(pages[seat], version + 1)
            wait_for_version(first, version + 1)
            table = current(match)
            views[table.match.version] = {n: table.view_for(n) for n in range(3)}
            # They come back to the same seat and see the table as it is now.
            back = open_page(2)
            back.goto(table_url)
            expect(back.locator("body")).to_have_attribute("data-socket", "open")
            wait_for_version(back, table.match.version)
            expect(back.locator('.players-strip li.me[data-seat="2"]')).to_have_count(1)
            mine = set(table.view_for(2).hand)
            assert mine == shown_cards(back.locator(".hand").inner_html())
            expect(away).to_have_class(re.compile("online"))
            pages[2] = back
            shot(back, "03-came-back")
            shot(first, "02-table")
            came_back = True
            continue
        _phase, controls, shown_version = table_state(pages[seat])
        assert shown_version == version
        for other, page in pages.items():
            if other != seat:
                assert table_state(page)[1] == "wait", (seat, other)
        act(pages[seat], controls)
        wait_for_version(pages[seat], version + 1)  # the answer to the move came back
    else:
        pytest.fail("the hand did not end")
    assert came_back

    for page in pages.values():
        expect(page.locator("table.summary")).to_be_visible()
    shot(first, "04-hand-over")

    # Nothing any browser received showed a card its seat may not see; each got tables by
    # HTTP and over its socket, and the search finds the cards they may see.
    assert len(sent.tables) > 60
    assert sent.channels == {(n, way) for n in range(3) for way in ("http", "socket")}
    for number in range(3):
        assert any(seat == number and shown_cards(html) for seat, html in sent.tables)
    for seat, html in sent.tables:
        assert seat in (0, 1, 2)
        version = int(TABLE_VERSION.search(html).group(1))  # type: ignore[union-attr]
        if 'class="waiting-room' in html:
            assert shown_cards(html) == set()
            continue
        assert version in views, version
        assert hidden_cards_shown(html, views[version][seat]) == set(), (seat, version)
    assert errors == []
    assert link_shown_live == live_server_url + link
    for context in contexts:
        context.close()
