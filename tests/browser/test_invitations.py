"""Invitations and a rematch with three people, each in their own browser: an invitation by
display name arrives live on the rankings page and is accepted; the waiting room's link is
copied; at the end of a friends' match one offers a rematch, one accepts, one declines, and
the host fills the declined seat with a computer and starts the new match."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games import services
from games.models import Match, Seat
from tests.web.conftest import current, make_user
from tests.web.hidden import hidden_cards_shown, shown_cards

from .test_play_a_hand import VIEWPORTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-invite")


def signed_in(browser: Browser, base: str, user: User, screen: str = "desktop") -> BrowserContext:
    """A browser of ``user``, signed in with a session made here."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=VIEWPORTS[screen])  # type: ignore[arg-type]
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    return context


def opened(
    context: BrowserContext,
    url: str,
    errors: list[str],
    frames: list[tuple[int, str]] | None = None,
    seat: int = -1,
) -> Page:
    """The page of ``url``; every frame its sockets receive goes to ``frames`` as ``seat``'s."""
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    if frames is not None:

        def on_socket(socket: Any) -> None:
            socket.on("framereceived", lambda payload: frames.append((seat, str(payload))))

        page.on("websocket", on_socket)
    page.goto(url)
    expect(page.locator("#person-socket")).to_have_attribute("data-open", "true")
    return page


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    page.screenshot(path=SHOTS / f"{name}.png", full_page=True)


def test_an_invitation_by_name_is_accepted_live(browser: Browser, live_server_url: str) -> None:
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    errors: list[str] = []
    match = services.create_friends_table(alice, "thousand", {}, 3)  # type: ignore[arg-type]
    table_url = f"{live_server_url}/play/{match.pk}/"
    host_context = signed_in(browser, live_server_url, alice)
    host_context.grant_permissions(["clipboard-read", "clipboard-write"])
    host = opened(host_context, table_url, errors)
    bob_page = opened(
        signed_in(browser, live_server_url, bob), live_server_url + "/ranking/", errors
    )
    carol_page = opened(
        signed_in(browser, live_server_url, carol, "phone"), live_server_url + "/play/", errors
    )

    host.locator("#copy-link").click()
    expect(host.locator("#copied")).to_be_visible()
    assert host.evaluate("navigator.clipboard.readText()") == f"{live_server_url}/t/{match.code}/"

    host.locator("#invite-name").fill("nobody")
    host.locator("#invite-button").click()
    expect(host.locator("#invite-answer")).to_have_attribute("data-reason", "unknown_person")
    host.locator("#invite-name").fill("Bob")
    host.locator("#invite-button").click()
    expect(host.locator("#invite-answer")).to_have_text(
        "Bob is invited: they see it on any page of the site."
    )
    host.locator("#invite-name").fill("carol")
    host.locator("#invite-button").click()
    expect(host.locator("#invited")).to_have_text("Invited, not answered yet: bob, carol")
    shot(host, "invite-01-waiting-room-desktop")

    # Bob is on the rankings page, Carol on the lobby of her phone: no reload.
    invitation = bob_page.locator(".invitation")
    expect(invitation).to_contain_text("alice invites you to a table of Thousand.")
    expect(carol_page.locator(".invitation")).to_be_visible()
    shot(bob_page, "invite-02-rankings-desktop")
    shot(carol_page, "invite-03-lobby-390")

    bob_page.locator(".invitation button", has_text="Accept").click()
    expect(bob_page).to_have_url(table_url)
    expect(host.locator(".waiting-seat.kind-person")).to_have_count(2)
    carol_page.locator(".invitation button", has_text="Decline").click()
    expect(carol_page.locator(".invitation")).to_have_count(0)
    expect(host.locator("#invited")).to_have_count(0)
    seats = Seat.objects.filter(match=match).order_by("number").values_list("user", flat=True)
    assert list(seats) == [alice.pk, bob.pk, None]
    host.set_viewport_size(VIEWPORTS["phone"])
    shot(host, "invite-04-waiting-room-390")
    assert errors == []


def test_a_rematch_accepted_by_one_declined_by_another_starts_with_a_computer(
    browser: Browser, live_server_url: str
) -> None:
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    errors: list[str] = []
    old = services.create_friends_table(alice, "thousand", {}, 3, turn_seconds=120)  # type: ignore[arg-type]
    services.join_table(old.pk, bob)
    services.join_table(old.pk, carol)
    services.start_table(old.pk, user=alice)
    Match.objects.filter(pk=old.pk).update(status=Match.Status.FINISHED, winner=0)
    old_url = f"{live_server_url}/play/{old.pk}/"
    finished = current(old)
    views = [finished.view_for(seat) for seat in range(3)]
    frames: list[tuple[int, str]] = []
    pages = [
        opened(signed_in(browser, live_server_url, person, screen), old_url, errors, frames, n)
        for n, (person, screen) in enumerate(
            ((alice, "desktop"), (bob, "phone"), (carol, "desktop"))
        )
    ]
    first, second, third = pages
    for page in pages:
        expect(page.locator("#rematch-offer-button")).to_be_visible()
        expect(page.locator("body")).to_have_attribute("data-socket", "open")

    # Carol, at seat 2, offers the rematch: she sits at seat 0 of the new table, its host.
    third.locator("#rematch-offer-button").click()
    expect(third).to_have_url(re.compile(r"/play/\d+/$"))
    new = Match.objects.get(rematch_of=old)
    assert third.url == f"{live_server_url}/play/{new.pk}/"
    for page in (first, second):
        expect(page.locator("#rematch-accept")).to_be_visible()
        # Offered once: in the match-over panel, not again above the page.
        expect(page.locator(".invitation")).to_contain_text("carol offers a rematch of Thousand.")
        expect(page.locator("#invitations")).to_be_hidden()
    # The old table's pages were sent the finished table again, with the offer, over their
    # sockets: each shows its own hand and no card its seat may not see.
    offered = [(seat, html) for seat, html in frames if 'id="rematch-accept"' in html]
    assert {seat for seat, _html in offered} == {0, 1}
    for seat, html in offered:
        assert shown_cards(html)
        assert hidden_cards_shown(html, views[seat]) == set(), seat
    shot(first, "rematch-01-offer-desktop")
    shot(second, "rematch-02-offer-390")
    shot(third, "rematch-03-new-table-desktop")

    first.locator("#rematch-accept").click()
    expect(first).to_have_url(third.url)
    second.locator("#rematch-decline").click()
    expect(second).to_have_url(old_url)
    expect(second.locator("#rematch-accept")).to_have_count(0)
    expect(third.locator(".waiting-seat.kind-person")).to_have_count(2)

    third.locator("#fill-level").select_option("normal")
    third.locator("#fill-seats").click()
    expect(third.locator("#start-table")).to_be_enabled()
    third.locator("#start-table").click()
    expect(third.locator("#table[data-waiting]")).to_have_count(0, timeout=15_000)
    expect(first.locator("#table[data-waiting]")).to_have_count(0, timeout=15_000)
    new.refresh_from_db()
    assert new.status == Match.Status.PLAYING
    assert new.options == Match.objects.get(pk=old.pk).options
    assert new.turn_seconds == 120
    seats = Seat.objects.filter(match=new).order_by("number")
    # alice 0 → 1, bob 1 → 2 (declined: a computer), carol 2 → 0.
    assert [(s.user_id, s.computer_level) for s in seats] == [
        (carol.pk, ""),
        (alice.pk, ""),
        (None, "normal"),
    ]
    shot(first, "rematch-04-started-desktop")
    assert errors == []
