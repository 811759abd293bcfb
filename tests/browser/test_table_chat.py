"""Table chat with three people in their own browsers at a friends' table: messages both ways
live, a quick phrase shown in Polish to the Polish-speaking person and in English to the
others, a burst answered by the rate limit, a reported message reaching the staff, who hide it
for everyone; and the panel beside the Thousand and rummy tables on a desktop and a phone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from games import services
from games.core import chat
from games.models import ChatMessage, Match, Report
from tests.web.test_friends_tables import RULES

from .test_history_pages import signed_in
from .test_play_a_hand import VIEWPORTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-chat")


def people(*names: str) -> list[object]:
    users = get_user_model().objects
    return [users.create_user(username=name) for name in names]


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    page.screenshot(path=SHOTS / f"{name}.png", full_page=True)


def say(page: Page, text: str) -> None:
    page.locator("#chat-text").fill(text)
    page.locator("#chat-send").click()


def test_three_people_chat_at_a_friends_table(browser: Browser, live_server_url: str) -> None:
    alice, bob, carol, staff = people("alice", "bob", "carol", "staff")
    staff.is_staff = True  # type: ignore[attr-defined]
    staff.save()  # type: ignore[attr-defined]
    match = services.create_friends_table(alice, "thousand", RULES, 3, seed=11)  # type: ignore[arg-type]
    for person in (bob, carol):
        services.join_table(match.pk, person)  # type: ignore[arg-type]
    url = f"{live_server_url}/play/{match.pk}/"
    errors: list[str] = []
    pages = []
    for person, locale in ((alice, "en-GB"), (bob, "pl-PL"), (carol, "en-GB")):
        context = browser.new_context(viewport=VIEWPORTS["desktop"], locale=locale)  # type: ignore[arg-type]
        context.add_cookies(signed_in_cookie(browser, live_server_url, person))
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url)
        expect(page.locator("body")).to_have_attribute("data-socket", "open")
        pages.append(page)
    first, second, third = pages

    # In the waiting room already: a message comes live, the room staying as it is.
    for page in pages:
        page.evaluate("window.stillTheSamePage = true")
    say(second, "ready when you are")
    for page in pages:
        expect(page.locator("#chat-lines .chat-text").last).to_have_text(
            "ready when you are", timeout=5_000
        )
        assert page.evaluate("window.stillTheSamePage === true")
    shot(first, "00-waiting-room")
    first.locator("#start-table").click()
    for page in pages:
        expect(page.locator("#table .hand")).to_have_count(1, timeout=10_000)
        expect(page.locator("#chat-lines .chat-text").first).to_have_text("ready when you are")
        expect(page.locator("body")).to_have_attribute("data-socket", "open")

    # Both ways, live, escaped and never a link.
    say(first, "Hello <b>all</b> https://example.com")
    for page in pages:
        expect(page.locator("#chat-lines .chat-text").last).to_have_text(
            "Hello <b>all</b> https://example.com", timeout=5_000
        )
        expect(page.locator("#chat-lines a")).to_have_count(0)
    expect(first.locator("#chat-text")).to_have_value("")
    say(third, "hi alice")
    expect(first.locator("#chat-lines .chat-text").last).to_have_text("hi alice", timeout=5_000)

    # A quick phrase: in Polish to the Polish speaker, in English to the others.
    expect(second.locator("[data-phrase=gg]")).to_have_text("Dobra gra")
    second.locator("[data-phrase=gg]").click()
    expect(second.locator("#chat-lines .chat-text").last).to_have_text("Dobra gra", timeout=5_000)
    expect(first.locator("#chat-lines .chat-text").last).to_have_text("Good game", timeout=5_000)
    expect(third.locator("#chat-lines .chat-text").last).to_have_text("Good game", timeout=5_000)
    for page in pages:  # the chat's frames never take the table's place
        expect(page.locator("#table .hand")).to_have_count(1)
        expect(page.locator("#chat-log")).to_have_count(1)
    shot(second, "01-thousand-desktop-polish")
    shot(first, "02-thousand-desktop")

    # A burst: the sixth message in ten seconds is refused with the clear answer.
    for number in range(2, 7):
        say(third, f"spam {number}")
        expect(third.locator("#chat-text")).to_have_value("" if number < 6 else "spam 6")
    expect(third.locator(".chat-refusal")).to_have_text(
        "You are sending messages too fast; wait a few seconds."
    )
    expect(third.locator(".chat-refusal")).to_have_attribute("data-reason", "rate_limited")
    assert ChatMessage.objects.filter(author=carol).count() == 5  # type: ignore[misc]
    expect(first.locator("#chat-lines .chat-text").last).to_have_text("spam 5", timeout=5_000)
    shot(third, "03-rate-limited")

    # Alice reports Carol's "spam 5": it reaches the staff, who hide it for everyone.
    first.once("dialog", lambda dialog: dialog.accept())
    reported = first.locator("#chat-lines .chat-line", has_text="spam 5")
    reported.get_by_role("button", name="Report").click()
    expect(first.locator(".chat-notice")).to_have_text(
        "Thank you: the staff will read this message."
    )
    report = Report.objects.get()
    assert (report.reporter_id, report.reported_id, report.text, report.match_id) == (
        alice.pk,  # type: ignore[attr-defined]
        carol.pk,  # type: ignore[attr-defined]
        "spam 5",
        match.pk,
    )
    staff_page = signed_in(browser, live_server_url, staff).new_page()
    staff_page.goto(live_server_url + "/staff/reports/")
    article = staff_page.locator(f"[data-report='{report.pk}']")
    expect(article.locator("blockquote")).to_have_text("spam 5")
    expect(article).to_contain_text("carol")
    article.locator(".hide-chat textarea").fill("spam")
    shot(staff_page, "04-staff-report")
    article.get_by_role("button", name="Hide this message from everyone").click()
    expect(staff_page.locator(".chat-hidden")).to_be_visible()
    for page in pages:
        expect(page.locator("#chat-lines .chat-line", has_text="spam 5")).to_have_count(
            0, timeout=5_000
        )
    # The match's page keeps the chat for its players, without the hidden message.
    first.goto(f"{live_server_url}/matches/{match.pk}/")
    record = first.locator("#chat-record")
    expect(record).to_contain_text("hi alice")
    expect(record).to_contain_text("Hello <b>all</b> https://example.com")
    expect(record.locator(".chat-line", has_text="spam 5")).to_have_count(0)
    shot(first, "06-match-page")
    assert errors == []
    assert Match.objects.get(pk=match.pk).status == Match.Status.PLAYING


def signed_in_cookie(browser: Browser, base: str, user: object) -> list[dict[str, str]]:
    """The session cookie of ``user``, signed in by the test client on the same database."""
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]


@pytest.mark.parametrize("screen", list(VIEWPORTS))
@pytest.mark.parametrize("game", ["thousand", "rummy"])
def test_the_chat_panel_leaves_the_tables_controls_free(
    browser: Browser, live_server_url: str, screen: str, game: str
) -> None:
    alice, bob = people("alice", "bob")
    if game == "thousand":
        match = services.create_friends_table(alice, "thousand", RULES, 3, seed=11)  # type: ignore[arg-type]
    else:
        match = services.create_friends_table(alice, "rummy", {"games": 1}, 2, seed=4)  # type: ignore[arg-type]
    services.join_table(match.pk, bob)  # type: ignore[arg-type]
    if game == "thousand":
        services.fill_with_computers(match.pk, "normal", user=alice)
    services.start_table(match.pk, user=alice)
    for text in (
        "Hello!",
        "A longer message, to see how it wraps in the panel at a phone's width.",
    ):
        chat.post_message(match.pk, bob, text=text)  # type: ignore[arg-type]
    chat.post_message(match.pk, alice, phrase="wp")  # type: ignore[arg-type]
    context = browser.new_context(viewport=VIEWPORTS[screen])  # type: ignore[arg-type]
    context.add_cookies(signed_in_cookie(browser, live_server_url, alice))
    page = context.new_page()
    page.goto(f"{live_server_url}/play/{match.pk}/")
    expect(page.locator("body")).to_have_attribute("data-socket", "open")
    panel = page.locator("#chat")
    expect(panel).to_be_visible()
    if screen == "phone":
        expect(page.locator("#chat-text")).to_be_hidden()  # closed until opened
        other = browser.new_context(viewport=VIEWPORTS["desktop"])  # type: ignore[arg-type]
        other.add_cookies(signed_in_cookie(browser, live_server_url, bob))
        bobs = other.new_page()
        bobs.goto(f"{live_server_url}/play/{match.pk}/")
        # Once the socket's first frame (which draws the chat again) is in: it names the socket.
        expect(bobs.locator("#table-socket")).to_have_attribute("data-socket", re.compile("."))
        bobs.locator("[data-phrase=brb]").click()
        expect(bobs.locator("#chat-lines .chat-line")).to_have_count(4)
        expect(panel).to_have_class("chat-panel unread", timeout=5_000)
        shot(page, f"05-{game}-{screen}-closed")
        page.locator(".chat-summary").click()
        expect(panel).to_have_class("chat-panel")
    expect(page.locator("#chat-text")).to_be_visible()
    expect(page.locator("#chat-lines .chat-line")).to_have_count(4 if screen == "phone" else 3)
    box = panel.bounding_box()
    assert box is not None
    width = VIEWPORTS[screen]["width"]
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= width
    for control in page.locator("#table button, #table input").all():
        if not control.is_visible():
            continue
        other = control.bounding_box()
        assert other is not None
        overlaps = not (
            other["y"] + other["height"] <= box["y"] or other["y"] >= box["y"] + box["height"]
        ) and not (other["x"] + other["width"] <= box["x"] or other["x"] >= box["x"] + box["width"])
        assert not overlaps, control.evaluate("element => element.outerHTML")[:200]
    shot(page, f"05-{game}-{screen}")
    for opened in browser.contexts:
        opened.close()
