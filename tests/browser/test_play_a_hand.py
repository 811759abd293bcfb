"""A guest plays a whole hand in Chromium; the computers' moves arrive over the WebSocket."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

COUNT_SOCKET_UPDATES = """
window.socketUpdates = 0;
document.addEventListener("htmx:wsAfterMessage", () => { window.socketUpdates += 1; });
"""


MOVE_POST = re.compile(r"/play/\d+/(act|next)/$")


def watch_moves(page: Page) -> tuple[list[str], list[str]]:
    """The moves ``page`` posts (their addresses) and the frames it sends down its sockets."""
    posts: list[str] = []
    frames: list[str] = []
    page.on(
        "request",
        lambda request: (
            posts.append(request.url)
            if request.method == "POST" and MOVE_POST.search(request.url)
            else None
        ),
    )
    page.on(
        "websocket",
        lambda socket: socket.on("framesent", lambda payload: frames.append(str(payload))),
    )
    return posts, frames


def make_the_simplest_move(page: Page, controls: str) -> bool:
    """Keeps the cards, passes, announces the contract as it stands or plays the first card
    allowed; False when the ``controls`` offer no move."""
    if controls == "redeal":
        page.get_by_role("button", name="Keep my cards").click()
    elif controls == "bid":
        page.get_by_role("button", name="Pass").click()
    elif controls == "contract":
        page.locator("#contract-button").click()
    elif controls in ("give", "play"):
        page.locator(".hand li.playable button").first.click()
    else:
        return False
    return True


def table_state(page: Page) -> tuple[str, str, int]:
    """The hand's phase, the controls on offer and the table's version."""
    classes, version = page.locator("#table").evaluate("t => [t.className, t.dataset.version]")
    phase = re.search(r"phase-(\w+)", classes)
    controls = re.search(r"controls-(\w+)", classes)
    assert phase, classes
    assert controls, classes
    return phase.group(1), controls.group(1), int(version)


def wait_for_a_newer_table(page: Page, version: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('table').dataset.version) > v",
        arg=version,
        timeout=15_000,
    )


def assert_the_trick_is_crisp_and_placed(page: Page) -> None:
    """Cards on the felt lie in front of their players and are never faded like dimmed ones."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('.trick .card.played')]"
        ".every(card => card.getAnimations().every(a => a.playState === 'finished'))"
    )
    looks = page.eval_on_selector_all(
        ".trick .card.played",
        """cards => cards.map(card => {
            const face = card.querySelector('.card-face');
            return [card.dataset.position, getComputedStyle(card).opacity,
                    getComputedStyle(face).opacity, getComputedStyle(face).filter];
        })""",
    )
    for position, card_opacity, face_opacity, face_filter in looks:
        assert position in ("left", "right", "me")
        assert (card_opacity, face_opacity, face_filter) == ("1", "1", "none")
    positions = [look[0] for look in looks]
    assert len(positions) == len(set(positions))


def play_a_card_with_the_keyboard(page: Page) -> None:
    """Tab from the prompt to the first playable card (with a visible focus ring), then Enter."""
    page.focus("#prompt")
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('card-button')"):
            break
    else:
        pytest.fail("Tab never reached a playable card")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    page.keyboard.press("Enter")


@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_a_guest_plays_a_whole_hand_against_the_computers(
    browser: Browser, live_server_url: str, screenshot_dir: Path, screen: str
) -> None:
    for old in screenshot_dir.glob(f"hand-{screen}-*.png"):
        old.unlink()
    context = browser.new_context(viewport=VIEWPORTS[screen])  # type: ignore[arg-type]
    context.add_init_script(COUNT_SOCKET_UPDATES)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    move_posts, frames_sent = watch_moves(page)

    def shot(name: str) -> None:
        # A card just played deals in: wait for it to land, as a person would see the table.
        page.wait_for_function(
            "() => document.getAnimations().every(a => a.playState !== 'running')"
        )
        page.screenshot(path=screenshot_dir / f"hand-{screen}-{name}.png", full_page=True)

    page.goto(live_server_url + "/")
    shot("01-home")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(re.compile(r"/play/$"))
    expect(page.get_by_role("heading", name="Thousand: new practice match")).to_be_visible()
    shot("02-lobby")

    page.locator("#start-thousand").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    expect(page.locator("body")).to_have_attribute("data-socket", "open")
    page.evaluate("window.sameDocument = true")
    shot("03-table")

    seen: list[str] = []
    played_by_keyboard = focus_checked = False
    for _ in range(200):
        phase, controls, version = table_state(page)
        step = f"{phase}-{controls}"
        if step not in seen:
            seen.append(step)
            shot(f"{len(seen) + 3:02d}-{step}")
        if controls == "next":
            break
        # The title tells a background tab whose turn it is, as the table changes.
        my_turn, title = page.evaluate(
            "() => [document.getElementById('table').dataset.myTurn === 'true', document.title]"
        )
        assert title.startswith("Your turn · ") == my_turn, (title, step)
        if controls == "wait":
            wait_for_a_newer_table(page, version)
            continue
        assert my_turn, step
        if controls == "redeal":
            page.get_by_role("button", name="Keep my cards").click()
        elif controls == "bid":
            raise_button = page.get_by_role("button", name="Higher")
            if raise_button.count() and raise_button.is_enabled():
                raise_button.click()
                expect(page.locator("#bid-button")).to_contain_text(
                    str(int(page.locator("#amount").input_value()))
                )
            page.get_by_role("button", name="Pass").click()
        elif controls in ("give", "play"):
            playable = page.locator(".hand li.playable button")
            assert playable.count() > 0
            if controls == "play":
                dimmed = page.locator(".hand li.dimmed")
                assert dimmed.locator("button").count() == 0  # dimmed cards are not actionable
                assert_the_trick_is_crisp_and_placed(page)
            if controls == "play" and played_by_keyboard and not focus_checked:
                # The computers' moves since the keyboard play kept the focus in the table.
                assert page.evaluate("document.activeElement.closest('#table') !== null")
                focus_checked = True
            if controls == "play" and not played_by_keyboard:
                play_a_card_with_the_keyboard(page)
                played_by_keyboard = True
            else:
                playable.first.click()
        elif controls == "contract":
            page.locator("#contract-button").click()
        wait_for_a_newer_table(page, version)
    else:
        pytest.fail(f"the hand did not end; steps seen: {seen}")

    summary = page.locator("table.summary")
    expect(summary).to_be_visible()
    expect(summary.locator("tbody tr")).to_have_count(3)
    expect(page.get_by_role("button", name="Deal the next hand")).to_be_visible()
    shot(f"{len(seen) + 4:02d}-summary")

    assert page.evaluate("window.sameDocument") is True  # no page load since the match began
    assert page.evaluate("window.socketUpdates") > 0  # the computers' moves came by WebSocket
    # Alice's moves went down the open socket, none as a POST.
    assert move_posts == []
    assert sum('"action":' in frame for frame in frames_sent) >= 8
    assert page.locator("body").get_attribute("data-socket") == "open"
    assert any(step.startswith("playing-play") for step in seen)
    assert focus_checked
    assert errors == []

    page.get_by_role("button", name="Deal the next hand").click()
    expect(page.locator("#table")).not_to_have_class(re.compile(r"phase-over"))
    shot(f"{len(seen) + 5:02d}-next-hand")
    assert move_posts == []
    assert any('"next":true' in frame for frame in frames_sent)
    context.close()


def test_open_panels_stay_open_as_moves_arrive_and_the_match_can_be_resigned(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    context = browser.new_context(viewport=VIEWPORTS["desktop"])  # type: ignore[arg-type]
    context.add_init_script(COUNT_SOCKET_UPDATES)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(live_server_url + "/play-now/")
    page.get_by_role("button", name="Play now").click()
    page.locator("#start-thousand").click()
    expect(page.locator("body")).to_have_attribute("data-socket", "open")
    rules = page.locator("#rules-box")
    page.get_by_text("Rules of this match").click()
    expect(rules).to_have_attribute("open", "")

    # Play on until the table was replaced both by an answer to the person's move and by a
    # computer's move pushed over the socket.
    pushed_before = page.evaluate("window.socketUpdates")
    moved = tried_an_empty_bid = False
    for _ in range(60):
        if moved and page.evaluate("window.socketUpdates") > pushed_before:
            break
        _phase, controls, version = table_state(page)
        if controls == "wait":
            wait_for_a_newer_table(page, version)
            expect(rules).to_have_attribute("open", "")
            continue
        if controls == "bid" and page.locator("#bid-button").count() and not tried_an_empty_bid:
            page.fill("#amount", "")  # an empty bid is stopped in the page, nothing is sent
            page.locator("#bid-button").click()
            assert page.evaluate("document.getElementById('amount').validity.valueMissing")
            assert table_state(page) == (_phase, controls, version)
            tried_an_empty_bid = True
        make_the_simplest_move(page, controls)
        wait_for_a_newer_table(page, version)
        expect(rules).to_have_attribute("open", "")
        moved = True
    else:
        pytest.fail("no move of the person's and no pushed move came")
    expect(rules).to_have_attribute("open", "")

    page.get_by_text("Resign", exact=True).click()
    page.get_by_role("button", name="Yes, resign the match").click()
    expect(page.locator(".match-over")).to_contain_text("You resigned this match.")
    expect(page.locator("#resign-box")).to_have_count(0)
    page.screenshot(path=screenshot_dir / "desktop-resigned.png", full_page=True)
    assert errors == []
    context.close()


def test_without_an_open_socket_the_moves_are_posted(
    browser: Browser, live_server_url: str
) -> None:
    """The table's socket is refused (closed as soon as it opens): the page's moves go as POSTs,
    their answers are the new table, and the page polls for the computers' moves."""
    context = browser.new_context(viewport=VIEWPORTS["desktop"])  # type: ignore[arg-type]
    page = context.new_page()
    page.route_web_socket(re.compile(r"/ws/play/"), lambda socket: socket.close())
    move_posts, frames_sent = watch_moves(page)
    page.goto(live_server_url + "/")
    page.get_by_role("button", name="Play now").click()
    page.locator("#start-thousand").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    expect(page.locator("body")).to_have_attribute("data-socket", "closed")

    moved = 0
    for _ in range(60):
        _phase, controls, version = table_state(page)
        if controls == "wait":
            wait_for_a_newer_table(page, version)
            continue
        if not make_the_simplest_move(page, controls):
            break
        wait_for_a_newer_table(page, version)
        moved += 1
        if moved == 3:
            break
    assert moved == 3
    assert len(move_posts) == 3
    assert frames_sent == []
    context.close()
