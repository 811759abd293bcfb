"""The Thousand table's states in Chromium, on a desktop and on a phone, on a scripted deal:
the auction, giving, the contract, play after a marriage, the end of a hand and of the match.

The moves are made here through the services (the computers' with the moves chosen, or their
real players), and the page is loaded at each state, so every state is reached the same way
every time. Each state is checked as a person sees it: the title says whose turn it is, the
allowed range is written, every card's rank and suit are in sight on a phone, axe-core finds no
contrast problem, and no card the seat may not see is in the page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Browser, expect

from games import services
from games.core import changes
from games.core.computers import runner as bot_runner
from games.core.registry import run_chooser
from games.models import Match
from games.thousand.engine import Rules
from games.thousand.web.cards import CARD_POINTS
from tests.web.conftest import computer_plays, current, script_deal
from tests.web.hidden import hidden_cards_shown

from .test_play_a_hand import VIEWPORTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TWO_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
RANGE = "120\N{EN DASH}160: 120 + your ♠spades marriage 40"
AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
AXE_CHECK = """async () => {
  const result = await axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa"]}});
  return result.violations.map(v => v.id + ": " + v.nodes.map(n => n.target.join(" ")).join(", "));
}"""

# Every card of the hand: is its corner index (rank, and the suit drawn under it) the topmost
# thing at that spot, inside the page's width? Anything covering it or cut off is listed.
CORNERS_HIDDEN = """() => {
  const hidden = [];
  for (const face of document.querySelectorAll(".hand .card-face")) {
    face.scrollIntoView({block: "center"});
    const card = face.getBoundingClientRect();
    const rank = face.querySelector(".rank").getBoundingClientRect();
    const spots = {
      rank: [rank.left + rank.width / 2, rank.top + rank.height / 2],
      suit: [card.left + card.width * 13 / 120, card.top + card.height * 42 / 168],
    };
    for (const [what, [x, y]] of Object.entries(spots)) {
      const top = document.elementFromPoint(x, y);
      if (!top || top.closest(".card-face") !== face || x < 0 || x > window.innerWidth) {
        hidden.push(face.dataset.card + " " + what);
      }
    }
  }
  return hidden;
}"""


@pytest.fixture(autouse=True)
def _no_computer_runner_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """Moves made by this process leave the computers to the moves the test chooses; the
    page is loaded at each state, so no notice needs to reach it (a push from here could not:
    sync Playwright runs an event loop in this thread)."""
    monkeypatch.setattr(bot_runner, "request_bot_moves", lambda match_id, turn=None: None)
    monkeypatch.setattr(
        changes, "push_match_updated", lambda match_id, version, socket="", stamp="": None
    )


def move(match: Match, person: AbstractBaseUser, action: str) -> None:
    services.submit_move(match.pk, action, current(match).match.version, user=person)


def play_out_the_hand(match: Match, person: AbstractBaseUser) -> None:
    """The person plays their legal card worth the most points, the computers as they would."""
    while not (table := current(match)).state.is_over:
        if table.to_move == 0:
            legal = table.view_for(0).legal
            move(match, person, max(legal, key=lambda action: CARD_POINTS[action[5]]))
        else:
            turn = services.computer_turn(match.pk)
            assert isinstance(turn, services.ComputerTurn)
            action = run_chooser(turn.chooser, turn.level, turn.view, turn.seed)
            services.submit_move(match.pk, action, turn.version, computer_seat=turn.seat)


def reach_the_contract(match: Match, person: AbstractBaseUser) -> None:
    """Janek bids 110 and Zosia passes; the person bids 120, wins, gives 9H and JH."""
    computer_plays(match, "bid:110", "pass")
    move(match, person, "bid:120")
    computer_plays(match, "pass")
    move(match, person, "give:9H")
    move(match, person, "give:JH")


@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_the_table_in_each_state_of_a_match(
    browser: Browser, live_server_url: str, screenshot_dir: Path, screen: str
) -> None:
    # The phone asks for reduced motion: nothing moves there.
    motion = "reduce" if screen == "phone" else "no-preference"
    context = browser.new_context(
        viewport=VIEWPORTS[screen],  # type: ignore[arg-type]
        reduced_motion=motion,  # type: ignore[arg-type]
    )
    context.add_init_script(path=AXE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(live_server_url + "/play-now/")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(re.compile(r"/play/$"))
    person = get_user_model().objects.latest("date_joined")
    match = script_deal(
        services.create_practice_match(person, "thousand", Rules().to_dict(), "normal", seed=1)
    )

    def show(state: str) -> None:
        page.goto(f"{live_server_url}/play/{match.pk}/")
        # Two frames drawn, so the card just played has started dealing in; then it lands.
        page.evaluate(TWO_FRAMES)
        page.wait_for_function(
            "() => document.getAnimations().every(a => a.playState !== 'running')"
        )
        page.screenshot(path=screenshot_dir / f"states-{screen}-{state}.png", full_page=True)
        assert page.evaluate(AXE_CHECK) == [], state
        if screen == "phone":
            assert page.evaluate(CORNERS_HIDDEN) == [], state
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, state
        view = current(match).view_for(0)
        assert hidden_cards_shown(page.content(), view) == set(), state

    # The auction: the person may raise to 160, thanks to the spade marriage.
    computer_plays(match, "bid:110", "pass")
    show("1-bidding")
    expect(page).to_have_title(re.compile(r"^Your turn · "))
    # The suit is drawn and, for screen readers, named.
    expect(page.locator("#range-note")).to_have_text(RANGE)
    expect(page.locator(".seat-me .turn-flag")).to_have_text("Your turn")
    expect(page.locator(".seat-left .seat-name")).to_have_text("Janek")
    # The stepper by keyboard: Tab to "+", Enter raises the bid shown on the button.
    page.focus("#amount")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#amount")).to_have_value("130")
    expect(page.locator("#bid-button")).to_have_text("Bid 130")
    # A short sound on the person's turn: off until they turn it on (by keyboard here).
    toggle = page.locator("#sound-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.focus()
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-pressed", "true")

    # The musik goes into the person's hand; they give a card to each opponent.
    move(match, person, "bid:120")
    computer_plays(match, "pass")
    show("2-giving")
    expect(page.locator(".hand .card")).to_have_count(10)
    expect(page.locator(".hand .from-musik")).to_have_count(3)
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "true")  # kept
    if motion == "reduce":
        assert page.evaluate("document.getAnimations().length") == 0
    # Shown, then into the hand; without motion, only in the hand.
    expect(page.locator(".musik.leaving")).to_be_hidden()
    expect(page.locator(".hand li.playable button")).to_have_count(10)

    move(match, person, "give:9H")
    move(match, person, "give:JH")
    show("3-contract")
    expect(page.locator("#contract-button")).to_have_text("Announce the contract 120")
    expect(page.locator("#range-note")).to_have_text(RANGE)

    # The second trick: the person leads the king of spades and declares the marriage.
    move(match, person, "contract:120")
    move(match, person, "play:AS")
    computer_plays(match, "play:9S", "play:KD")
    move(match, person, "play:KS")
    computer_plays(match, "play:JS", "play:9D")
    show("4-play-after-a-marriage")
    expect(page.locator(".badge.trump")).to_contain_text("Trump: ♠")
    expect(page.locator(".seat-me .marriage-chip")).to_contain_text("Marriage ♠")
    expect(page.locator(".trick .card.won")).to_have_count(1)
    expect(page).to_have_title(re.compile(r"^Your turn · "))

    play_out_the_hand(match, person)
    show("5-end-of-hand")
    expect(page.locator("table.summary tbody tr")).to_have_count(3)
    expect(page.locator("#next-button")).to_be_visible()
    expect(page.locator(".hand button")).to_have_count(0)  # nothing looks or is playable
    expect(page).not_to_have_title(re.compile("Your turn"))

    # A match that this hand ends: the person starts it at 880 and makes the contract.
    match = services.create_practice_match(person, "thousand", Rules().to_dict(), "normal", seed=1)
    Match.objects.filter(pk=match.pk).update(scores=[880, 300, 200])
    match = script_deal(Match.objects.get(pk=match.pk))
    reach_the_contract(match, person)
    move(match, person, "contract:120")
    play_out_the_hand(match, person)
    assert Match.objects.get(pk=match.pk).scores == [1000, 320, 200]
    show("6-end-of-match")
    box = page.locator("#match-over")
    expect(box).to_be_in_viewport()
    expect(box.locator(".match-over-title")).to_have_text("You won the match! Well played.")
    expect(box.locator(".standings li")).to_have_count(3)
    expect(box.locator(".standings li").first).to_contain_text("1st")
    expect(box.locator(".standings li").nth(1)).to_contain_text("2nd")
    expect(box.locator(".deciding-hand")).to_contain_text("You made your contract of 120.")
    expect(box.get_by_role("button", name="Play again with the same options")).to_be_visible()
    assert errors == []
    context.close()
