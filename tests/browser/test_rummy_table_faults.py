"""The tile rummy table's faults that players met (issue 27, items 1 to 6), each checked in
Chromium on a busy table (13 sets), at 1280x800 with the mouse and at 390x844 by touch."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, CDPSession, Locator, Page, expect

from tests.browser.rummy_busy import RACK, SETS, board_sets, rack_tile, start_a_busy_game, the_set

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
DRAGS = 30
EDGE = 40


def table_context(browser: Browser, viewport: dict[str, int]) -> BrowserContext:
    return browser.new_context(viewport=viewport, has_touch=viewport == PHONE)


class Pointer:
    """Drags along a path of points, with the mouse or (on a phone) one finger."""

    def __init__(self, page: Page, touch: bool) -> None:
        self.page = page
        self.cdp: CDPSession | None = page.context.new_cdp_session(page) if touch else None

    def _touch(self, kind: str, x: float, y: float) -> None:
        assert self.cdp is not None
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def drag(self, path: list[tuple[float, float]], steps: list[int], pauses: list[int]) -> None:
        """From the first point through the others, ``steps[i]`` moves to point ``i + 1``, a
        pause of ``pauses[i]`` ms there; released at the last point."""
        x, y = path[0]
        if self.cdp:
            self._touch("touchStart", x, y)
            # SortableJS starts a drag by touch after the finger stayed still for 120 ms.
            self.page.wait_for_timeout(250)
        else:
            self.page.mouse.move(x, y)
            self.page.mouse.down()
        for (tx, ty), count, pause in zip(path[1:], steps, pauses, strict=True):
            for step in range(1, count + 1):
                px, py = x + (tx - x) * step / count, y + (ty - y) * step / count
                if self.cdp:
                    self._touch("touchMove", px, py)
                else:
                    self.page.mouse.move(px, py)
            x, y = tx, ty
            self.page.wait_for_timeout(pause)
        if self.cdp:
            self._touch("touchEnd", x, y)
        else:
            self.page.mouse.up()
        self.page.wait_for_timeout(100)


def centre(box: Any, fx: float = 0.5, fy: float = 0.5) -> tuple[float, float]:
    return box["x"] + box["width"] * fx, box["y"] + box["height"] * fy


def version(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-version") or -1)


def where_it_went(page: Page, code: str) -> str | None:
    """The set (as it was) that the rack's ``code`` was put into; None if no set changed."""
    changed = [codes for codes in board_sets(page) if codes not in SETS]
    if not changed:
        return None
    assert len(changed) == 1, changed
    tiles = changed[0].split()
    tiles.remove(code)
    return " ".join(tiles)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_dragged_tile_lands_in_the_set_under_the_pointer_where_it_is_released(
    browser: Browser, live_server_url: str, screenshot_dir: Path, viewport: dict[str, int]
) -> None:
    """Drags from the rack cross other sets on their way, with quick and slow moves and
    pauses on a set crossed; each tile must land in the set it was released on, nowhere
    else. (Before the fix, 6 of 60 such drags at 1280x800 went into a set crossed, or
    nowhere.)"""
    context = table_context(browser, viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start_a_busy_game(page, live_server_url)
    # The rack's first row low on the screen, the table above it.
    first = page.locator("#rack .tile").first.bounding_box()
    assert first is not None
    page.mouse.wheel(0, first["y"] + first["height"] - (viewport["height"] - 2 * EDGE))
    page.wait_for_timeout(200)
    pointer = Pointer(page, touch=viewport == PHONE)
    rng = random.Random(1)
    wrong = []
    for _ in range(DRAGS):
        code = rng.choice(RACK)
        target = rng.choice(SETS)
        crossed = page.locator("#board .meld").nth(rng.randrange(len(SETS))).bounding_box()
        start = rack_tile(page, code).bounding_box()
        end = the_set(page, target).bounding_box()
        path = [
            centre(start),
            (centre(start)[0] + 8, centre(start)[1] - 8),
            centre(crossed),
            centre(end, rng.uniform(0.1, 0.9), rng.uniform(0.2, 0.8)),
        ]
        # Within the screen, away from its edges (where a drag scrolls the page).
        assert all(EDGE < y < viewport["height"] - EDGE for _, y in path), path
        pointer.drag(path, [2, rng.randint(2, 8), rng.randint(2, 8)], [0, rng.randint(0, 150), 60])
        went = where_it_went(page, code)
        if went != target:
            wrong.append((code, target, went))
        if went is not None:
            assert Counter(
                page.eval_on_selector_all("#rack .tile", "ts => ts.map(t => t.dataset.tile)")
            ) == Counter(RACK) - Counter([code])
            page.locator("#reset-button").click()
    page.screenshot(path=screenshot_dir / f"rummy-faults-drops-{viewport['width']}.png")
    assert wrong == []
    assert errors == []
    context.close()


def tap(page: Page, locator: Locator) -> None:
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    page.touchscreen.tap(*centre(box))


def test_on_a_phone_done_sends_the_turn_after_a_drag_that_missed(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    """A tile laid by taps, then one dragged and released on the felt between the sets: that
    tile goes back to the rack, and one tap on "Done" sends the turn."""
    context = table_context(browser, PHONE)
    page = context.new_page()
    posts: list[str] = []
    page.on(
        "request",
        lambda request: posts.append(request.url) if request.url.endswith("/act/") else None,
    )
    start_a_busy_game(page, live_server_url)
    tap(page, rack_tile(page, "R5"))
    tap(page, the_set(page, "R1 R2 R3 R4"))
    assert "R1 R2 R3 R4 R5" in board_sets(page)
    # The rack's first row low on the screen, the end of the table above it.
    page.locator("#rack").evaluate("rack => rack.scrollIntoView({block: 'end'})")
    start = rack_tile(page, "B8").bounding_box()
    felt = page.locator(".board-wrap").bounding_box()
    last = page.locator("#board .meld-box").last.bounding_box()
    assert start is not None
    assert felt is not None
    assert last is not None
    # Right of the new set's zone, on the bare felt.
    missed = (felt["x"] + felt["width"] - 12, last["y"] + last["height"] / 2)
    assert page.evaluate(
        "([x, y]) => !document.elementFromPoint(x, y).closest('[data-zone]')", list(missed)
    )
    Pointer(page, touch=True).drag([centre(start), missed], [10], [60])
    expect(rack_tile(page, "B8")).to_be_visible()
    assert "R1 R2 R3 R4 R5" in board_sets(page)
    page.screenshot(path=screenshot_dir / "rummy-faults-missed-drag.png")
    before = version(page)
    tap(page, page.locator("#done-button"))
    page.wait_for_function(
        "v => Number(document.getElementById('table').dataset.version) > v",
        arg=before,
        timeout=10_000,
    )
    assert len(posts) == 1
    assert "R1 R2 R3 R4 R5" in board_sets(page)
    context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_rack_stays_on_the_screen_while_the_table_grows_and_scrolls_in_its_own_area(
    browser: Browser, live_server_url: str, screenshot_dir: Path, viewport: dict[str, int]
) -> None:
    """Eleven tiles laid one by one as sets of their own, and a tile of each set moved to a
    set of its own (37 sets on the table): the rack and "Done" stay whole on the screen
    without scrolling the page; the table scrolls, they do not."""
    context = table_context(browser, viewport)
    page = context.new_page()
    start_a_busy_game(page, live_server_url)
    put = tap if viewport == PHONE else lambda page, locator: locator.click()
    for code in RACK:
        put(page, rack_tile(page, code))
        put(page, page.locator(".new-meld"))
    # And the first tile of each set on the table as a set of its own.
    for index in range(len(SETS)):
        put(page, page.locator("#board .meld:not(.new-meld)").nth(index).locator(".tile").first)
        put(page, page.locator(".new-meld"))
    assert len(board_sets(page)) == 2 * len(SETS) + len(RACK)
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#main").evaluate("main => { main.scrollTop = 0; }")
    page.screenshot(path=screenshot_dir / f"rummy-faults-grown-{viewport['width']}.png")

    def on_screen(selector: str) -> dict[str, float]:
        box = page.locator(selector).bounding_box()
        assert box is not None
        assert box["y"] >= 0, selector
        assert box["y"] + box["height"] <= viewport["height"], selector
        return box

    rack = on_screen(".rack-area")
    on_screen("#done-button")
    wrap = page.locator(".board-wrap")
    assert wrap.evaluate("w => w.scrollHeight > w.clientHeight + 40")
    wrap.evaluate("w => { w.scrollTop = w.scrollHeight; }")
    page.wait_for_timeout(100)
    assert on_screen(".rack-area") == rack
    page.screenshot(path=screenshot_dir / f"rummy-faults-grown-scrolled-{viewport['width']}.png")
    context.close()


def rack_codes(page: Page) -> list[str]:
    return page.eval_on_selector_all("#rack .tile", "ts => ts.map(t => t.dataset.tile)")


def set_boxes(page: Page) -> list[dict[str, float]]:
    return page.eval_on_selector_all(
        "#board .meld-box:not(.new-box)",
        "boxes => boxes.map(b => { const r = b.getBoundingClientRect();"
        " return {x: r.x, y: r.y, width: r.width, height: r.height}; })",
    )


def test_undo_takes_back_the_turns_moves_one_by_one(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    context = table_context(browser, DESKTOP)
    page = context.new_page()
    start_a_busy_game(page, live_server_url)
    undo = page.locator("#undo-button")
    expect(undo).to_be_disabled()

    def put(code: str, target: Locator) -> None:
        rack_tile(page, code).click()
        target.click()

    put("K1", page.locator(".new-meld"))
    put("R5", the_set(page, "R1 R2 R3 R4"))
    # A run split by a drag out of its middle is one move.
    Pointer(page, touch=False).drag(
        [
            centre(page.locator('#board .tile[data-tile="R2"]').first.bounding_box()),
            centre(page.locator(".new-meld").bounding_box()),
        ],
        [12],
        [80],
    )
    assert board_sets(page) == [*SETS[:1], "R1", "R3 R4 R5", *SETS[2:], "K1", "R2"]
    undo.click()
    assert board_sets(page) == [*SETS[:1], "R1 R2 R3 R4 R5", *SETS[2:], "K1"]
    undo.click()
    assert board_sets(page) == [*SETS, "K1"]
    assert Counter(rack_codes(page)) == Counter(RACK) - Counter(["K1"])
    # Sorting the rack is not a move; Control+Z undoes as the button does.
    page.locator("#sort-number").click()
    page.keyboard.press("Control+z")
    assert board_sets(page) == SETS
    assert Counter(rack_codes(page)) == Counter(RACK)
    expect(undo).to_be_disabled()
    expect(page.locator("#draw-button")).to_be_enabled()
    # Reset is undone too; it brings the rack back in its own order (sorted since the turn
    # began), not in the turn's first.
    page.locator("#sort-number").click()
    in_order = rack_codes(page)
    put("R5", the_set(page, "R1 R2 R3 R4"))
    page.locator("#reset-button").click()
    assert board_sets(page) == SETS
    assert rack_codes(page) == in_order
    undo.click()
    assert "R1 R2 R3 R4 R5" in board_sets(page)
    page.screenshot(path=screenshot_dir / "rummy-faults-undo.png")
    context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_an_invalid_sets_reason_is_said_in_the_turns_bar_and_moves_no_set(
    browser: Browser, live_server_url: str, screenshot_dir: Path, viewport: dict[str, int]
) -> None:
    context = table_context(browser, viewport)
    page = context.new_page()
    start_a_busy_game(page, live_server_url)
    before = set_boxes(page)
    put = tap if viewport == PHONE else lambda page, locator: locator.click()
    put(page, rack_tile(page, "K1"))
    put(page, page.locator(".new-meld"))
    expect(page.locator("#set-problem")).to_have_text(
        "The set “black 1” is too short: a set needs 3 tiles."
    )
    expect(page.locator("#prompt")).to_be_hidden()
    after = set_boxes(page)
    assert after[: len(before)] == before
    # The new set is one tile high, like the others: no reason squeezed under it.
    meld = page.locator("#board .meld-box.invalid .meld").bounding_box()
    assert meld is not None
    assert after[-1]["height"] == meld["height"]
    page.screenshot(path=screenshot_dir / f"rummy-faults-invalid-{viewport['width']}.png")
    # Sent as it is, the turn is refused for that reason, said once: above the table.
    page.locator("#done-button").click()
    expect(page.locator("#table-message")).to_have_text(
        "The set “black 1” is too short: a set needs 3 tiles."
    )
    expect(page.locator("#board .meld-box.invalid")).to_have_count(1)
    expect(page.locator("#set-problem")).to_have_text("")
    put(page, rack_tile(page, "O3"))
    put(page, page.locator(".new-meld"))
    expect(page.locator("#set-problem")).to_have_text(
        "The set “black 1” is too short: a set needs 3 tiles. Sets not valid yet: 1 more."
    )
    context.close()


def test_the_others_tiles_stay_marked_and_the_log_and_reasons_name_tiles_in_vietnamese(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    """In Vietnamese: the 36 tiles the computers laid since the guest's meld are still
    marked after 5 s, the guest's own are not; the log draws each play's tiles; an invalid
    set's reason names its tiles ("1 đen"), never in notation."""
    context = table_context(browser, DESKTOP)
    page = context.new_page()
    start_a_busy_game(page, live_server_url)
    page.locator("#language-picker summary").click()
    page.locator('#language-picker button[value="vi"]').click()
    expect(page.locator("#turn-form")).to_be_visible()
    page.wait_for_timeout(5000)
    marked = page.eval_on_selector_all(
        "#board .tile",
        "ts => ts.filter(t => getComputedStyle(t).boxShadow.includes('rgb(224, 168, 46)'))"
        ".map(t => t.dataset.tile)",
    )
    assert Counter(marked) == Counter(" ".join(SETS[1:]).split())
    plays = page.locator(".log-lines li")
    expect(plays).to_have_count(4)
    assert plays.first.locator(".tile").evaluate_all(
        "ts => ts.map(t => t.getAttribute('aria-label'))"
    ) == [
        "8 đỏ",
        "13 đỏ",
        "9 xanh dương",
        "10 xanh dương",
        "11 xanh dương",
        "12 xanh dương",
        "13 xanh dương",
        "1 đen",
        "2 đen",
        "3 đen",
        "8 đen",
        "13 đen",
        "8 cam",
    ]
    rack_tile(page, "K1").click()
    page.locator(".new-meld").click()
    expect(page.locator("#set-problem")).to_have_text(
        "Bộ “1 đen” quá ngắn: một bộ cần ít nhất 3 quân."
    )
    page.screenshot(path=screenshot_dir / "rummy-faults-marked-vi.png")
    context.close()


def test_the_tabs_title_names_the_table_and_says_whose_turn_it_is(
    browser: Browser, live_server_url: str
) -> None:
    context = table_context(browser, DESKTOP)
    page = context.new_page()
    start_a_busy_game(page, live_server_url)
    expect(page).to_have_title("Your turn · Tile rummy — your table")
    before = version(page)
    page.locator("#draw-button").click()
    page.wait_for_function(
        "v => Number(document.getElementById('table').dataset.version) > v", arg=before
    )
    expect(page).to_have_title("Tile rummy — your table")
    context.close()
