"""The Thousand table's faults players met (issue 27, items 8 to 12), each checked in Chromium
on the scripted deal: the page is loaded at each state, reached through the services."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from games import services
from games.core import changes
from games.core.computers import runner as bot_runner
from games.models import Match
from games.thousand.engine import Rules
from tests.web.conftest import computer_plays, current, play_computers, script_deal

from .test_play_a_hand import VIEWPORTS
from .test_table_states import move

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What of ``selector`` is out of the screen or covered by something else: each element's
# centre and corners (a little inside) must be on the screen and show that element.
NOT_IN_SIGHT = """selector => {
  const unseen = [];
  for (const element of document.querySelectorAll(selector)) {
    const box = element.getBoundingClientRect();
    const spots = [[0.5, 0.5], [0.1, 0.1], [0.9, 0.1], [0.1, 0.9], [0.9, 0.9]];
    for (const [fx, fy] of spots) {
      const x = box.left + box.width * fx, y = box.top + box.height * fy;
      const top = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight
        ? document.elementFromPoint(x, y) : null;
      if (!top || !(element.contains(top) || top.contains(element))) {
        unseen.push((element.id || element.textContent.trim().slice(0, 12)) + " " + fx + "," + fy);
        break;
      }
    }
  }
  return unseen;
}"""


@pytest.fixture(autouse=True)
def _no_computer_runner_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computers make only the moves the test chooses; the page is loaded at each state."""
    monkeypatch.setattr(bot_runner, "request_bot_moves", lambda match_id, turn=None: None)
    monkeypatch.setattr(
        changes, "push_match_updated", lambda match_id, version, socket="", stamp="": None
    )


class Guest:
    """A guest's page in Chromium and their scripted match, on one screen size."""

    def __init__(self, page: Page, url: str, screen: str, screenshots: Path) -> None:
        self.page, self.url, self.screen, self.screenshots = page, url, screen, screenshots
        page.goto(url + "/play-now/")
        page.locator(".account .actions button[type=submit]").click()
        expect(page).to_have_url(re.compile(r"/play/$"))
        self.person = get_user_model().objects.latest("date_joined")
        self.match = self.new_match()

    def new_match(self, **options: int) -> Match:
        return script_deal(
            services.create_practice_match(
                self.person, "thousand", Rules(**options).to_dict(), "normal", seed=1
            )
        )

    def show(self, name: str) -> None:
        """Loads the table as it stands, waits for it to settle and takes its picture."""
        self.page.goto(f"{self.url}/play/{self.match.pk}/")
        self.page.wait_for_function(
            "() => document.getAnimations().every(a => a.playState !== 'running')"
        )
        self.page.screenshot(
            path=self.screenshots / f"fixes-{self.screen}-{name}.png", full_page=False
        )

    def take_two_tricks(self) -> None:
        """From the computers' "bid:110" and "pass": the scripted deal won at 120, the two
        cards given, and the ace then the king of spades led (a marriage) and taken."""
        self.move("bid:120")
        computer_plays(self.match, "pass")
        self.move("give:9H")
        self.move("give:JH")
        self.move("contract:120")
        self.move("play:AS")
        computer_plays(self.match, "play:9S", "play:KD")
        self.move("play:KS")
        computer_plays(self.match, "play:JS", "play:9D")

    def move(self, action: str) -> None:
        move(self.match, self.person, action)


@pytest.fixture
def guest_on(
    browser: Browser, live_server_url: str, screenshot_dir: Path
) -> Iterator[Callable[..., Guest]]:
    """``guest_on(screen)``: a guest at their scripted table on that screen size."""
    contexts = []

    def start(screen: str, motion: str = "no-preference", language: str = "en") -> Guest:
        context = browser.new_context(
            viewport=VIEWPORTS[screen],  # type: ignore[arg-type]
            reduced_motion=motion,  # type: ignore[arg-type]
            locale=language,
        )
        contexts.append(context)
        return Guest(context.new_page(), live_server_url, screen, screenshot_dir)

    yield start
    for context in contexts:
        context.close()


def assert_the_hand_and_the_controls_are_in_sight(page: Page, state: str) -> None:
    assert page.evaluate(NOT_IN_SIGHT, ".hand > li") == [], state
    assert page.evaluate(NOT_IN_SIGHT, "#controls button:not(.step), #amount") == [], state


# The longest prompts and buttons are not English: every language keeps them in sight.
@pytest.mark.parametrize("language", ["en", "pl", "ro", "vi", "gl"])
def test_on_a_phone_the_auction_and_contract_controls_are_on_screen_with_the_hand(
    guest_on: Callable[..., Guest], language: str
) -> None:
    guest = guest_on("phone", language=language)
    computer_plays(guest.match, "bid:110", "pass")
    guest.show(f"8-{language}-bidding")
    expect(guest.page.locator("#bid-button")).to_be_visible()
    assert_the_hand_and_the_controls_are_in_sight(guest.page, "bidding")

    guest.move("bid:120")
    computer_plays(guest.match, "pass")
    guest.show(f"8-{language}-giving")
    expect(guest.page.locator(".hand > li")).to_have_count(10)
    assert_the_hand_and_the_controls_are_in_sight(guest.page, "giving")
    expect(guest.page.locator("#prompt")).to_be_in_viewport()

    guest.move("give:9H")
    guest.move("give:JH")
    guest.show(f"8-{language}-contract")
    expect(guest.page.locator("#contract-button")).to_be_visible()
    assert_the_hand_and_the_controls_are_in_sight(guest.page, "contract")

    # Scrolled down to the log, the controls stay on the screen.
    guest.page.locator("#log-lines").scroll_into_view_if_needed()
    assert guest.page.evaluate(NOT_IN_SIGHT, "#contract-button") == []


def test_on_a_phone_at_four_players_the_hand_and_the_bid_controls_fit_too(
    guest_on: Callable[..., Guest],
) -> None:
    guest = guest_on("phone")
    guest.match = services.create_practice_match(
        guest.person, "thousand", Rules(players=4).to_dict(), "normal", players=4, seed=1
    )
    play_computers(guest.match)
    assert current(guest.match).view_for(0).phase == "bidding"
    guest.show("8-four-players-bidding")
    expect(guest.page.locator(".seat-across")).to_be_visible()
    expect(guest.page.locator("#pass-button")).to_be_visible()
    assert_the_hand_and_the_controls_are_in_sight(guest.page, "four players")


ACTIVE = "document.activeElement.id"
# The table as it stands, swapped in as the socket's pushed tables are.
PUSHED_TABLE = "htmx.ajax('GET', location.pathname, {target: '#table', swap: 'outerHTML'})"
TAB_STOPS_IN_THE_HAND = "document.querySelectorAll('#hand .card-button[tabindex=\"0\"]').length"


def test_by_keyboard_the_arrow_keys_move_within_the_hand_and_focus_returns_to_it(
    guest_on: Callable[..., Guest],
) -> None:
    guest = guest_on("desktop")
    page = guest.page
    computer_plays(guest.match, "bid:110", "pass")
    guest.show("9-bidding")
    # A bid by keyboard: its button goes, focus waits on the hand; when the table comes back
    # with cards to give (as a pushed table would), focus is on the first of them.
    page.locator("#bid-button").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.id === 'hand'")
    computer_plays(guest.match, "pass")
    page.evaluate(PUSHED_TABLE)
    cards = page.eval_on_selector_all("#hand .card-button", "cs => cs.map(c => c.id)")
    assert len(cards) == 10
    page.wait_for_function("id => document.activeElement.id === id", arg=cards[0])
    page.locator("#prompt").focus()
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(ACTIVE) == cards[0]  # the whole hand is a single Tab stop
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(ACTIVE) == cards[2]
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(ACTIVE) == cards[1]
    page.keyboard.press("End")
    assert page.evaluate(ACTIVE) == cards[9]
    page.keyboard.press("ArrowRight")
    assert page.evaluate(ACTIVE) == cards[0]  # round the hand
    page.keyboard.press("ArrowUp")
    assert page.evaluate(ACTIVE) == cards[9]
    page.keyboard.press("Home")
    assert page.evaluate(ACTIVE) == cards[0]
    assert page.evaluate(TAB_STOPS_IN_THE_HAND) == 1
    page.keyboard.press("Tab")
    assert not page.evaluate(ACTIVE).startswith("card-")

    # Giving the third card to Janek: the next card to give is the one now in its place.
    page.locator(f"#{cards[2]}").focus()
    version = page.locator("#table").get_attribute("data-version")
    page.keyboard.press("Enter")
    expect(page.locator("#table")).not_to_have_attribute("data-version", version or "")
    page.wait_for_function("id => document.activeElement.id === id", arg=cards[3])
    assert page.evaluate(TAB_STOPS_IN_THE_HAND) == 1
    page.screenshot(path=guest.screenshots / "fixes-desktop-9-focus-after-giving.png")

    # Leading the ace of spades: the computers are to play, focus waits on the hand; when the
    # table comes back with the person's lead (as a pushed table would), it is on a card again.
    guest.move("give:JH")
    guest.move("contract:120")
    guest.show("9-leading")
    page.locator("#card-AS").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.id === 'hand'")
    expect(page.locator("#hand .card-button")).to_have_count(0)
    computer_plays(guest.match, "play:9S", "play:KD")
    page.evaluate(PUSHED_TABLE)
    page.wait_for_function("() => document.activeElement.id === 'card-TS'")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(ACTIVE) == "card-QD"


def test_with_reduced_motion_the_musik_is_not_left_face_up_in_the_middle(
    guest_on: Callable[..., Guest],
) -> None:
    guest = guest_on("desktop")
    guest.page.emulate_media(reduced_motion="reduce")
    computer_plays(guest.match, "bid:110", "pass")
    guest.move("bid:120")
    computer_plays(guest.match, "pass")
    guest.show("10-reduced-motion-giving")
    assert guest.page.evaluate("document.getAnimations().length") == 0
    musik = guest.page.locator(".hand .from-musik .card-face")
    expect(musik).to_have_count(3)
    assert musik.evaluate_all("faces => faces.map(f => f.dataset.card)") == ["JC", "9C", "QD"]
    expect(guest.page.locator(".stage .card-face")).to_have_count(3)
    expect(guest.page.locator(".stage .card-face").first).to_be_hidden()
    expect(guest.page.locator(".stage .musik")).to_be_hidden()


# How far the first line in sight of the log starts below the box's top edge (negative: cut
# by it), and how much of the log lies below the box's bottom edge.
LOG_EDGES = """log => {
  const top = log.scrollTop;
  const first = [...log.children].find(line => line.offsetTop + line.offsetHeight > top);
  return [first.offsetTop - top, log.scrollHeight - top - log.clientHeight];
}"""

# Each musik tag of the hand: how far above the bottom of the person's seat, and of the screen
# or the controls kept on it, its bottom edge is.
TAG_CLEARANCE = """() => {
  const seat = document.querySelector(".seat-me").getBoundingClientRect();
  const controls = document.getElementById("controls").getBoundingClientRect();
  const floor = Math.min(innerHeight, controls.top > seat.top ? controls.top : innerHeight);
  return [...document.querySelectorAll(".hand .card-tag")].map(tag => {
    const box = tag.getBoundingClientRect();
    return Math.min(seat.bottom - box.bottom, floor - box.bottom);
  });
}"""

OVERLAP = """([a, b]) => {
  const x = document.querySelector(a).getBoundingClientRect();
  const y = document.querySelector(b).getBoundingClientRect();
  return Math.max(0, Math.min(x.right, y.right) - Math.max(x.left, y.left))
    * Math.max(0, Math.min(x.bottom, y.bottom) - Math.max(x.top, y.top));
}"""


@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_the_musik_tags_in_the_hand_are_not_cut_by_the_seat_or_covered(
    guest_on: Callable[..., Guest], screen: str
) -> None:
    guest = guest_on(screen)
    computer_plays(guest.match, "bid:110", "pass")
    guest.move("bid:120")
    computer_plays(guest.match, "pass")
    guest.show("11-giving")
    clearances = guest.page.evaluate(TAG_CLEARANCE)
    assert len(clearances) == 3
    assert min(clearances) >= 2, clearances


@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_the_log_shows_whole_lines_and_took_it_leaves_the_card_in_sight(
    guest_on: Callable[..., Guest], screen: str
) -> None:
    guest = guest_on(screen)
    page = guest.page
    computer_plays(guest.match, "bid:110", "pass")
    guest.take_two_tricks()
    guest.show("11-a-trick-taken")
    log = page.locator("#log-lines")
    expect(log.locator("li")).to_have_count(18)
    start, below = log.evaluate(LOG_EDGES)
    assert abs(start) < 1, start  # the first line in sight starts at the top edge
    assert below < 1, below  # and the newest is in sight
    expect(page.locator(".slot .won-flag")).to_have_text("took it")
    assert page.evaluate(OVERLAP, [".slot .won-flag", ".slot .card.won .card-face"]) == 0
    expect(page.locator(".slot:has(.won) .slot-name")).to_contain_text("You led")


@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_the_field_to_join_a_friends_table_is_styled_like_the_rest(
    guest_on: Callable[..., Guest], screen: str
) -> None:
    guest = guest_on(screen)
    page = guest.page
    page.goto(guest.url + "/play/")
    form = page.locator(".join-form")
    form.scroll_into_view_if_needed()
    form.screenshot(path=guest.screenshots / f"fixes-{screen}-11-join.png")
    looks = page.locator("#id_code").evaluate(
        """field => {
          const style = getComputedStyle(field), box = field.getBoundingClientRect();
          const button = document.getElementById("join-button").getBoundingClientRect();
          return [getComputedStyle(field.closest("fieldset")).borderTopStyle,
                  style.borderTopWidth, parseFloat(style.borderTopLeftRadius) >= 8,
                  box.height >= 44, Math.abs(box.bottom - button.bottom) <= 1];
        }"""
    )
    assert looks == ["none", "2px", True, True, True]


GOLD = "rgb(224, 168, 46)"
LOOK = """element => {
  const style = getComputedStyle(element);
  return [style.backgroundColor, style.boxShadow];
}"""


def test_the_marriage_mark_is_a_gold_dot_and_trump_has_a_look_of_its_own(
    guest_on: Callable[..., Guest],
) -> None:
    guest = guest_on("desktop")
    page = guest.page
    computer_plays(guest.match, "bid:110", "pass")
    guest.show("12-marriage-in-hand")
    dots = page.locator(".hand .marriage-dot")
    expect(dots).to_have_count(2)  # the king and the queen of spades
    for background, ring in dots.evaluate_all(f"dots => dots.map({LOOK})"):
        assert background == GOLD
        assert GOLD in ring

    guest.take_two_tricks()
    guest.show("12-trump-and-marriage")
    chip = page.locator(".seat-me .marriage-chip")
    assert GOLD in chip.evaluate(LOOK)[1]
    trump = page.locator(".badge.trump")
    expect(trump).to_contain_text("Trump: ♠")
    background, ring = trump.evaluate(LOOK)
    assert background == "rgb(55, 48, 163)"
    assert GOLD not in ring
    suit = trump.locator(".suit-inline").evaluate(LOOK)
    assert suit[0] == "rgb(255, 255, 255)"  # the suit keeps its colour on a white disc

    # The rules pages draw the same cards: their marriage marks are gold dots too.
    seen = 0
    for step in range(1, 11):
        page.goto(f"{guest.url}/rules/thousand/{step}/")
        for background, _ring in page.locator(".marriage-dot").evaluate_all(
            f"dots => dots.map({LOOK})"
        ):
            assert background == GOLD, step
            seen += 1
    assert seen > 0


@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_a_received_cards_tag_shows_the_givers_whole_name(
    guest_on: Callable[..., Guest], screen: str
) -> None:
    guest = guest_on(screen)
    computer_plays(guest.match, "bid:110", "pass")
    guest.move("pass")
    computer_plays(guest.match, "give:9S", "give:JS")  # to the left, then to the guest
    guest.show("13-received")
    tag = guest.page.locator(".hand .card-tag")
    giver = guest.page.locator(".seat-left .seat-name").inner_text()
    expect(tag).to_have_text(f"from {giver}")
    assert tag.evaluate("tag => tag.scrollWidth - tag.clientWidth") <= 0, giver
