"""Thousand for two in Chromium (rules 4.1): a person against a computer chooses a musik,
lays two cards away and plays ten tricks; two people play a hand at a friends' table. No
page and no frame shows a person a card their seat may not see: not the other musik, not
the opponent's discards."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games import services
from games.core.registry import get_spec
from games.models import Match
from games.thousand.engine import CARD_NAMES, Observation
from tests.web.conftest import current
from tests.web.hidden import hidden_cards_shown, shown_cards

from .test_friends_table import TABLE_VERSION, Sent, guest_by_play_now, wait_for_version
from .test_play_a_hand import VIEWPORTS, table_state, wait_for_a_newer_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def choose_two_players(page: Page, form: str) -> None:
    """Ticks 2 players in the practice form ("players") or the friends' form."""
    page.locator(f'#new-thousand input[name="{form}"][value="2"]').check()


def move(page: Page, controls: str, keyboard: bool = False) -> None:
    """A person's move with the page's controls: bid while allowed, the first musik (by the
    keyboard if asked), the first card that may go."""
    if controls == "redeal":
        page.locator("#keep-button").click()
    elif controls == "bid":
        bid = page.locator("#bid-button")
        (bid if bid.count() else page.locator("#pass-button")).click()
    elif controls == "musik":
        if keyboard:
            # Back from the prompt under the felt to the musiks in its middle.
            page.focus("#prompt")
            for _ in range(10):
                page.keyboard.press("Shift+Tab")
                if page.evaluate("document.activeElement.id === 'musik-1-button'"):
                    break
            else:
                pytest.fail("Tab never reached the first musik")
            assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
            page.keyboard.press("Enter")
        else:
            page.locator("#musik-2-button").click()
    elif controls == "contract":
        page.locator("#contract-button").click()
    elif controls in ("discard", "play"):
        page.locator(".hand li.playable button").first.click()
    else:
        pytest.fail(f"no move for the controls {controls!r}")


def never_seen(view: Observation, hand_start: set[str]) -> set[str]:
    """At the end of a hand, the cards the seat never saw: the other musik and the
    opponent's discards (``hand_start``: the seat's own ten cards)."""
    seen = hand_start | set(view.musik or ()) | {c for c in view.discards if c is not None}
    for trick in view.tricks:
        seen |= set(trick.cards)
    return set(CARD_NAMES) - seen


@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_a_guest_plays_a_two_player_hand_against_a_computer(
    browser: Browser, live_server_url: str, screenshot_dir: Path, screen: str
) -> None:
    context = browser.new_context(viewport=VIEWPORTS[screen])  # type: ignore[arg-type]
    page = guest_by_play_now(context, live_server_url)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sent = Sent()
    sent.watch(page, lambda: 0)

    def shot(name: str) -> None:
        page.wait_for_function(
            "() => document.getAnimations().every(a => a.playState !== 'running')"
        )
        page.screenshot(path=screenshot_dir / f"two-{screen}-{name}.png", full_page=True)

    # The musik points are offered once 4 players are chosen, and only then.
    page.locator("#new-thousand details.variants > summary").click()
    option = page.locator('#new-thousand fieldset.option:has(input[name="musik_points"])')
    expect(option).to_be_hidden()
    page.locator('#new-thousand input[name="players"][value="4"]').check()
    expect(option).to_be_visible()
    page.screenshot(path=screenshot_dir / f"two-{screen}-lobby-four.png", full_page=True)
    choose_two_players(page, "players")
    expect(option).to_be_hidden()
    page.locator("#start-thousand").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    expect(page.locator("body")).to_have_attribute("data-socket", "open")
    match_id = int(re.search(r"/play/(\d+)/", page.url).group(1))  # type: ignore[union-attr]
    match = Match.objects.get(pk=match_id)
    assert match.seats.count() == 2
    expect(page.locator(".felt.two .seat-across")).to_have_count(1)

    declared = hands = 0
    steps: list[str] = []
    start: set[str] = set()
    for _ in range(400):
        phase, controls, version = table_state(page)
        table = current(match)
        if table.match.version == version and controls != "wait":
            # A still moment: the page as the person sees it shows nothing hidden.
            view = table.view_for(0)
            assert hidden_cards_shown(page.content(), view) == set(), (phase, controls)
            if phase in ("redeal", "bidding") and not start:
                start = set(view.hand)
        step = f"{phase}-{controls}"
        if step not in steps:
            steps.append(step)
            if controls in ("musik", "discard", "play"):
                shot(step)
        if controls == "next":
            hands += 1
            view = table.view_for(0)
            hidden = never_seen(view, start)
            # The other musik, and the computer's discards when it declared.
            assert len(hidden) == (2 if table.state.declarer == 0 else 4)
            for _seat, html in sent.tables:
                assert not shown_cards(html) & hidden
            shot(f"hand-{hands}-over")
            if table.state.declarer == 0 or hands == 4:
                break
            sent.tables.clear()
            start = set()
            page.locator("#next-button").click()
            wait_for_a_newer_table(page, version)
            continue
        if controls == "wait":
            wait_for_a_newer_table(page, version)
            continue
        if controls == "musik":
            declared += 1
        move(page, controls, keyboard=screen == "desktop")
        wait_for_a_newer_table(page, version)
    else:
        pytest.fail(f"the hands did not end; steps seen: {steps}")
    assert declared >= 1, steps
    assert "discarding-discard" in steps
    assert "playing-play" in steps
    expect(page.locator("table.summary tbody tr")).to_have_count(2)
    assert errors == []
    context.close()


def test_two_guests_play_a_hand_at_a_friends_table_for_two(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    errors: list[str] = []
    sent = Sent()
    contexts = [browser.new_context(viewport=VIEWPORTS["desktop"]) for _ in range(2)]  # type: ignore[arg-type]
    first = guest_by_play_now(contexts[0], live_server_url)
    first.on("pageerror", lambda error: errors.append(str(error)))
    sent.watch(first, lambda: 0)
    first.get_by_text("Or play with friends").first.click()
    # The form shows the seats the table will have: Seat 2 and 3 at three, Seat 2 alone at two.
    seat = '#new-thousand fieldset.option:has(select[name="table-seat_{}"])'
    seats = {number: first.locator(seat.format(number)) for number in (1, 2, 3)}
    for players, shown in ((3, {1, 2}), (4, {1, 2, 3}), (2, {1})):
        first.locator(f'#new-thousand input[name="table-players"][value="{players}"]').check()
        for number, field in seats.items():
            (expect(field).to_be_visible if number in shown else expect(field).to_be_hidden)()
    first.locator("#make-table-thousand").click()
    expect(first).to_have_url(re.compile(r"/play/\d+/$"))
    match_id = int(re.search(r"/play/(\d+)/", first.url).group(1))  # type: ignore[union-attr]
    link = first.locator("#invite-link").get_attribute("href")
    second = guest_by_play_now(contexts[1], live_server_url)
    second.on("pageerror", lambda error: errors.append(str(error)))
    sent.watch(second, lambda: 1)
    second.goto(live_server_url + str(link))
    second.locator("#take-seat").click()
    expect(first.locator("#start-table")).to_be_enabled()
    first.locator("#start-table").click()
    pages = {0: first, 1: second}
    for page in pages.values():
        expect(page.locator("#table")).to_have_class(re.compile(r"phase-"))

    match = Match.objects.get(pk=match_id)
    views: dict[int, dict[int, Observation]] = {}
    phases = []
    for _ in range(120):
        table = current(match)
        version = table.match.version
        views[version] = {seat: table.view_for(seat) for seat in range(2)}
        for page in pages.values():
            wait_for_version(page, version)
        if table.spec.rules.round_over(table.state):
            break
        seat = table.to_move
        assert seat is not None
        phase, controls, _version = table_state(pages[seat])
        if phase not in phases:
            phases.append(phase)
            for number, page in pages.items():
                page.screenshot(
                    path=screenshot_dir / f"two-friends-{phase}-seat{number}.png", full_page=True
                )
        assert table_state(pages[1 - seat])[1] == "wait"
        move(pages[seat], controls)
        wait_for_version(pages[seat], version + 1)
    else:
        pytest.fail("the hand did not end")
    assert [phase for phase in phases if phase != "redeal"] == [
        "bidding",
        "musik",
        "discarding",
        "contract",
        "playing",
    ]
    for seat, html in sent.tables:
        found = TABLE_VERSION.search(html)
        assert found
        version = int(found.group(1))
        if 'class="waiting-room' in html:
            assert shown_cards(html) == set()
            continue
        assert version in views, version
        assert hidden_cards_shown(html, views[version][seat]) == set(), (seat, version)
    assert len(sent.tables) > 40
    assert errors == []
    for context in contexts:
        context.close()


def test_the_sitting_out_dealer_sees_the_musik_it_scores_from(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> None:
    context = browser.new_context(viewport=VIEWPORTS["phone"])  # type: ignore[arg-type]
    page = guest_by_play_now(context, live_server_url)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # The option reaches the match from the practice form...
    page.locator('#new-thousand input[name="players"][value="4"]').check()
    page.locator("#new-thousand details.variants > summary").click()
    page.locator('#new-thousand input[name="musik_points"][value="True"]').check()
    page.locator("#start-thousand").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    made = Match.objects.get(pk=int(re.search(r"/play/(\d+)/", page.url).group(1)))  # type: ignore[union-attr]
    assert made.options["musik_points"] is True
    assert made.options["players"] == 4
    # ...and a match with the same options whose first dealer is the guest (the first
    # seed that draws seat 0) shows the dealer the musik it scores from.
    spec = get_spec("thousand")
    seed = next(s for s in range(100) if spec.rules.new_progress(made.options, 4, s)["dealer"] == 0)
    match = services.create_practice_match(
        made.seats.get(number=0).user,
        "thousand",
        made.options,
        "normal",
        players=4,
        seed=seed,
    )
    page.goto(f"{live_server_url}/play/{match.pk}/")
    # The computers play on meanwhile: in the bidding the dealer's own line, once the musik
    # is turned up the one everyone reads.
    label = page.locator(".musik .musik-label").first
    expect(label).to_contain_text(
        re.compile(
            r"The musik you score from as the dealer: \d+ points?|\d+ points? for the dealer"
        )
    )
    html = page.content()
    table = current(match)
    shown = TABLE_VERSION.search(html)
    assert shown
    if int(shown.group(1)) == table.match.version:
        assert hidden_cards_shown(html, table.view_for(0)) == set()
    page.screenshot(path=screenshot_dir / "two-four-dealer-musik.png", full_page=True)
    assert errors == []
    context.close()
