"""Watching a friends' table: who may, what a watcher sees (the public view only, never a hidden
card or tile, on every page of whole scripted hands of both games), and that a watcher can do
nothing at the table. Each refusal is checked by its reason, with nothing changed."""

from __future__ import annotations

import json
import re
import time
from dataclasses import fields, replace

import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from config.asgi import application
from games import services
from games.consumers import CLOSE_FORBIDDEN
from games.core.watchers import watchers
from games.models import Match
from games.thousand.engine import Observation, legal_actions, spectator_view
from games.watching import watch_fragments

from .conftest import (
    computer_plays,
    current,
    make_user,
    play_computers,
    play_hand_out,
    script_deal,
)
from .hidden import hidden_cards_shown, shown_cards, visible_cards
from .rummy_helpers import SCATTERED, hidden_tiles_shown, script_game, visible_tiles
from .test_consumers import session_cookie, version_of
from .test_friends_tables import RULES, client_of, refusal

pytestmark = pytest.mark.django_db


@pytest.fixture
def carol(db: None) -> AbstractBaseUser:
    return make_user("carol")


def watched_thousand(owner: AbstractBaseUser, *people: AbstractBaseUser) -> Match:
    """A watchable Thousand table of ``owner`` and ``people``, computers in the other seats,
    started on the scripted deal (Alice in seat 0)."""
    match = services.create_friends_table(owner, "thousand", RULES, 3, seed=11, watchable=True)
    for person in people:
        services.join_table(match.pk, person)
    if len(people) < 2:
        services.fill_with_computers(match.pk, "normal", user=owner)
    services.start_table(match.pk, user=owner)
    return script_deal(Match.objects.get(pk=match.pk))


def stored(match: Match) -> tuple[int, str, str | None, list[str]]:
    """What a refused change must leave as it was: the version, the status, the watch link's
    key and every round's actions."""
    fresh = Match.objects.get(pk=match.pk)
    actions = [str(played.actions) for played in fresh.rounds.order_by("number")]
    return fresh.version, fresh.status, fresh.watch_token, actions


def watch_url(match: Match) -> str:
    fresh = Match.objects.get(pk=match.pk)
    assert fresh.watch_token
    return reverse("table_watch", args=[fresh.watch_token])


def watcher_view(match: Match) -> Observation:
    """What nobody's seat sees, as an ``Observation`` with no hand (for the card search)."""
    public = spectator_view(current(match).state)
    values = {field.name: getattr(public, field.name) for field in fields(public)}
    return Observation(**values, seat=-1, hand=(), legal=())


# -- who may watch ------------------------------------------------------------------------------


def test_the_friends_form_makes_a_watchable_table_whose_players_see_its_link(
    alice_client: Client,
) -> None:
    form = {"game": "thousand", "mode": "friends", "table-clock": "60", "target": "1000"}
    from .test_friends_tables import default_options

    options = default_options()
    assert alice_client.post("/play/", {**options, **form}).status_code == 302
    assert (
        alice_client.post("/play/", {**options, **form, "table-watchable": "on"}).status_code == 302
    )
    plain, watched = Match.objects.order_by("pk")
    assert plain.watch_token is None
    assert watched.watch_token is not None
    assert len(watched.watch_token) == 16
    assert not plain.is_watchable
    assert watched.is_watchable

    lobby = alice_client.get("/play/").content.decode()
    assert 'name="table-watchable"' in lobby
    room = alice_client.get(f"/play/{watched.pk}/").content.decode()
    assert f'href="http://testserver/watch/{watched.watch_token}/"' in room
    assert 'data-count="0"' in room
    assert "Stop others watching" in room
    plain_room = alice_client.get(f"/play/{plain.pk}/").content.decode()
    assert 'id="watch-link"' not in plain_room
    assert "Let others watch" in plain_room


def test_a_table_not_open_to_watchers_cannot_be_watched(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    visitor = Client()
    missing = visitor.get("/watch/no-such-table-at-all/")
    assert missing.status_code == 404
    assert 'data-reason="not_watchable"' in missing.content.decode()
    assert "This table cannot be watched" in missing.content.decode()

    match = watched_thousand(alice, bob)
    old = watch_url(match)
    assert visitor.get(old).status_code == 200
    before = stored(match)
    services.set_watchable(match.pk, False, user=alice)
    assert stored(match) == (before[0] + 1, before[1], None, before[3])
    refused = visitor.get(old)
    assert refused.status_code == 404
    page = refused.content.decode()
    assert 'data-reason="not_watchable"' in page
    assert "data-version" not in page

    # Let again: a new link, the old one still refused.
    services.set_watchable(match.pk, True, user=alice)
    assert visitor.get(old).status_code == 404
    assert visitor.get(watch_url(match)).status_code == 200


def test_only_the_host_lets_others_watch_and_a_practice_match_never(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = watched_thousand(alice, bob)
    before = stored(match)
    assert refusal(services.set_watchable, match.pk, False, user=bob) == "forbidden"
    response = client_of(bob).post(f"/play/{match.pk}/watchable/", {}, HTTP_HX_REQUEST="true")
    assert response.status_code == 403
    assert stored(match) == before

    practice = services.create_practice_match(alice, "thousand", RULES, "normal", seed=2)
    before = stored(practice)
    assert refusal(services.set_watchable, practice.pk, True, user=alice) == "not_found"
    response = client_of(alice).post(f"/play/{practice.pk}/watchable/", {"watchable": "on"})
    assert response.status_code == 404
    assert stored(practice) == before
    assert not Match.objects.get(pk=practice.pk).is_watchable


def test_the_host_switches_watching_at_the_table(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = services.create_friends_table(alice, "thousand", RULES, 3, seed=11)
    alice_client = client_of(alice)
    page = alice_client.post(
        f"/play/{match.pk}/watchable/", {"watchable": "on"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    token = Match.objects.get(pk=match.pk).watch_token
    assert token
    assert f"/watch/{token}/" in page
    page = alice_client.post(
        f"/play/{match.pk}/watchable/", {}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert Match.objects.get(pk=match.pk).watch_token is None
    assert 'id="watch-link"' not in page


def test_a_seated_person_opening_the_watch_link_gets_their_own_table(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = watched_thousand(alice, bob)
    response = client_of(bob).get(watch_url(match))
    assert response.status_code == 302
    assert response["Location"] == f"/play/{match.pk}/"


# -- a watcher can do nothing ---------------------------------------------------------------------


def test_a_watcher_cannot_play_deal_resign_or_switch_watching_over_http(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = watched_thousand(alice, bob)
    version = Match.objects.get(pk=match.pk).version
    before = stored(match)
    move = {"action": "pass", "version": version}
    assert refusal(services.play, match.pk, move, user=carol) == "not_found"
    assert refusal(services.next_round, match.pk, version, user=carol) == "not_found"
    assert refusal(services.resign, match.pk, user=carol) == "not_found"
    assert refusal(services.set_watchable, match.pk, False, user=carol) == "not_found"
    posts = {
        "act": {"action": "pass", "version": version},
        "next": {"version": version},
        "resign": {},
        "watchable": {},
        "start": {},
        "fill": {"level": "normal"},
        "free": {"seat": "1"},
        "host": {"seat": "1"},
    }
    for client, status in ((client_of(carol), 404), (Client(), 403)):
        # A signed-in watcher has no seat (404); a visitor is not signed in at all (403).
        client.get(watch_url(match))
        for path, data in posts.items():
            response = client.post(f"/play/{match.pk}/{path}/", data, HTTP_HX_REQUEST="true")
            assert response.status_code == status, path
    assert client_of(carol).post(f"/play/{match.pk}/leave/").status_code == 404
    assert stored(match) == before
    assert [seat.user_id for seat in match.seats.order_by("number")] == [alice.pk, bob.pk, None]


def watch_socket(match: Match, cookie: bytes = b"") -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver")]
    if cookie:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, f"/ws/watch/{match.watch_token}/", headers=headers)


async def frame_with(communicator: WebsocketCommunicator, text: str) -> str:
    for _ in range(10):
        frame = await communicator.receive_from(timeout=5)
        if text in frame:
            return frame
    pytest.fail(f"no frame with {text!r}")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_watchers_socket_refuses_every_frame_and_changes_nothing(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    from channels.db import database_sync_to_async

    match = await database_sync_to_async(watched_thousand)(alice, bob)
    before = await database_sync_to_async(stored)(match)
    cookie = await database_sync_to_async(session_cookie)(carol)
    watcher = watch_socket(match, cookie)
    connected, _ = await watcher.connect()
    assert connected
    first = await watcher.receive_from(timeout=5)
    assert "data-watching" in first
    assert version_of(first) == before[0]
    frames = [
        {"action": "pass", "version": before[0]},
        {"next": True, "version": before[0]},
        {"resign": True},
        {"chat": "hello"},
        "not json at all",
    ]
    for frame in frames:
        await watcher.send_to(text_data=frame if isinstance(frame, str) else json.dumps(frame))
        answer = await watcher.receive_from(timeout=5)
        assert 'id="table-refusal" hidden data-reason="watching"' in answer
        assert "watchers cannot play or chat" in answer
        assert version_of(answer) == before[0]
    await watcher.send_to(text_data=json.dumps({"ping": True}))
    assert await watcher.receive_nothing(timeout=0.3)
    # The players' other notices (their chat) never reach a watcher, nor break its socket.
    layer = get_channel_layer()
    await layer.group_send(f"match-{match.pk}", {"type": "chat.message", "text": "secret"})
    assert await watcher.receive_nothing(timeout=0.3)
    await watcher.send_to(text_data=json.dumps({"resign": True}))
    assert 'data-reason="watching"' in await watcher.receive_from(timeout=5)
    assert await database_sync_to_async(stored)(match) == before

    # The players' socket is no watcher's: it closes at once.
    player_socket = WebsocketCommunicator(
        application,
        f"/ws/play/{match.pk}/",
        headers=[(b"origin", b"http://testserver"), (b"cookie", cookie)],
    )
    connected, code = await player_socket.connect()
    assert not connected
    assert code == CLOSE_FORBIDDEN
    await watcher.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_players_see_the_watchers_come_and_go_and_a_watcher_sees_the_moves(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    from channels.db import database_sync_to_async

    match = await database_sync_to_async(watched_thousand)(alice)
    player = WebsocketCommunicator(
        application,
        f"/ws/play/{match.pk}/",
        headers=[
            (b"origin", b"http://testserver"),
            (b"cookie", await database_sync_to_async(session_cookie)(alice)),
        ],
    )
    assert (await player.connect())[0]
    assert 'data-count="0"' in await player.receive_from(timeout=5)
    watcher = watch_socket(match)
    assert (await watcher.connect())[0]
    await watcher.receive_from(timeout=5)
    assert "1 watching" in await frame_with(player, 'data-count="1"')

    version = await database_sync_to_async(version_now)(match)
    await database_sync_to_async(computer_plays)(match, "pass")
    # (A frame of the watchers' coming may still be on its way first, on Redis.)
    moved = await frame_with(watcher, "passes.")
    assert version_of(moved) == version + 1
    await watcher.disconnect()
    assert "0 watching" in await frame_with(player, 'data-count="0"')
    await player.disconnect()


def version_now(match: Match) -> int:
    return Match.objects.get(pk=match.pk).version


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_watchers_socket_closes_when_the_host_stops_watching(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    from channels.db import database_sync_to_async

    match = await database_sync_to_async(watched_thousand)(alice, bob)
    watcher = watch_socket(match)
    assert (await watcher.connect())[0]
    await watcher.receive_from(timeout=5)
    await database_sync_to_async(services.set_watchable)(match.pk, False, user=alice)
    note = await watcher.receive_from(timeout=5)
    assert 'data-reason="not_watchable"' in note
    assert (await watcher.receive_output(timeout=5))["type"] == "websocket.close"


# -- a watcher never sees a hidden card or tile --------------------------------------------------


def check_watcher_page(client: Client, match: Match) -> set[str]:
    """The watch page and the watcher's pushed fragment hide every card nobody's seat may see;
    the cards they show by notation."""
    view = watcher_view(match)
    page = client.get(watch_url(match)).content.decode()
    table = current(match)
    fragment = watch_fragments(table, table.match.watch_token or "")
    for html in (page, fragment):
        assert hidden_cards_shown(html, view) == set()
        assert 'id="hand"' not in html
    return shown_cards(page)


def test_a_watcher_sees_a_whole_hand_of_thousand_without_a_hidden_card(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = watched_thousand(alice)
    visitor = Client()
    seen = [check_watcher_page(visitor, match)]
    # Right wins the auction and gives 9C to Alice and 9D to Left: given cards stay hidden
    # from the watcher until played; the musik shows once turned up.
    computer_plays(match, "pass", "bid:110")
    seen.append(check_watcher_page(visitor, match))
    version = Match.objects.get(pk=match.pk).version
    services.play(match.pk, {"action": "pass", "version": version}, user=alice)
    musik_shown = check_watcher_page(visitor, match)
    for action in ("give:9C", "give:9D", "contract:120"):
        computer_plays(match, action)
        seen.append(check_watcher_page(visitor, match))
    seen += play_hand_out(match, alice, lambda: check_watcher_page(visitor, match))
    assert seen[0] == set()
    assert seen[1] == set()
    assert musik_shown == {"9C", "JC", "QD"}
    # 9D, given by the declarer to Left, shows only once Left plays it.
    assert all("9D" not in shown for shown in seen[2:5])
    assert any("9D" in shown for shown in seen[5:])
    assert len(visible_cards(watcher_view(match))) == 24
    assert "points and scores" in visitor.get(watch_url(match)).content.decode()


def test_a_watcher_sees_a_whole_game_of_tile_rummy_without_a_hidden_tile(
    alice: AbstractBaseUser,
) -> None:
    match = services.create_friends_table(
        alice, "rummy", {"games": 1}, 2, computers={1: "normal"}, seed=4, watchable=True
    )
    services.start_table(match.pk, user=alice)
    script_game(
        Match.objects.get(pk=match.pk),
        [SCATTERED, "R10 R11 R12 B10 B11 B12 K10 K11 K12 O10 O11 O12 R2 B3"],
        first=1,
    )
    visitor = Client()
    for _turn in range(200):
        table = current(match)
        public = replace(table.view_for(0), rack=())
        shown = (
            [tile for rack in table.round.result["racks"] for tile in rack.split()]
            if (table.round.result)
            else []
        )
        page = visitor.get(watch_url(match)).content.decode()
        fragment = watch_fragments(table, table.match.watch_token or "")
        for html in (page, fragment):
            assert hidden_tiles_shown(html, visible_tiles(public, shown)) == set()
            assert 'id="rack"' not in html
        if table.spec.rules.round_over(table.state):
            break
        if table.to_move == 0:
            move = {"action": "draw" if public.pool_size else "pass"}
            services.play(match.pk, {**move, "version": table.match.version}, user=alice)
        else:
            play_computers(match)
    table = current(match)
    assert table.spec.rules.round_over(table.state)
    page = visitor.get(watch_url(match)).content.decode()
    assert "tiles left and points" in page
    assert re.search(r"went out|everyone passed", page)


def test_a_watcher_of_four_at_thousand_sees_the_sitting_out_dealer_and_no_hidden_card(
    alice: AbstractBaseUser,
) -> None:
    options = {**RULES, "players": 4}
    match = services.create_friends_table(alice, "thousand", options, 4, seed=3, watchable=True)
    services.fill_with_computers(match.pk, "beginner", user=alice)
    services.start_table(match.pk, user=alice)
    visitor = Client()
    for _move in range(40):
        table = current(match)
        if table.state.is_over:
            break
        check_watcher_page(visitor, match)
        if table.computer_to_move is not None:
            computer_plays(match, legal_actions(table.state)[0])
        else:
            services.submit_move(
                match.pk, legal_actions(table.state)[0], table.match.version, user=alice
            )
    page = visitor.get(watch_url(match)).content.decode()
    assert page.count('class="seat seat-') == 4
    assert "Deals and sits this hand out" in page


# -- the watchers' count -------------------------------------------------------------------------


def test_the_watchers_are_counted_per_open_socket_and_run_out_unless_renewed(
    settings: pytest.MonkeyPatch,
) -> None:
    settings.PRESENCE_SECONDS = 1  # type: ignore[attr-defined]
    store = watchers()
    store.admit(7, "phone", 100)
    store.admit(7, "laptop", 100)
    store.admit(7, "laptop", 100)  # a renewal, not a second watcher
    store.admit(8, "elsewhere", 100)
    assert (store.count(7), store.count(8), store.count(9)) == (2, 1, 0)
    store.leave(7, "phone")
    assert store.count(7) == 1
    time.sleep(0.6)
    store.stay(7, "laptop")
    time.sleep(0.6)
    # The socket of a server killed with it open runs out; the renewed one stays.
    assert (store.count(7), store.count(8)) == (1, 0)


def test_nobody_but_the_one_asked_sees_who_is_asked_about_a_re_deal(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    """Only a weak hand is asked whether to deal again (rules 2.2): the players strip and its
    turn clock show the asked seat to that person only, never to the others or a watcher."""
    carol = make_user("carol")
    match = watched_thousand(alice, bob, carol)
    script_deal(match, dealer=2, hands=LOW_AT_SEAT_1[:3], musik=LOW_AT_SEAT_1[3])
    assert current(match).to_move == 1  # Bob, with 9 points, is asked
    pages = {
        name: client_of(person).get(reverse("match_table", args=[match.pk])).content.decode()
        for name, person in (("alice", alice), ("bob", bob), ("carol", carol))
    }
    pages["watcher"] = Client().get(watch_url(match)).content.decode()
    moving = {name: re.findall(MOVING, page) for name, page in pages.items()}
    assert moving == {"alice": [], "bob": ["1"], "carol": [], "watcher": []}
    assert {name: 'class="turn-clock"' in page for name, page in pages.items()} == {
        "alice": False,
        "bob": True,
        "carol": False,
        "watcher": False,
    }


MOVING = r'<li class="player [^"]*to-move[^"]*" data-seat="(\d)"'
LOW_AT_SEAT_1 = (
    ("AS", "TS", "KS", "QS", "AC", "TC", "9H"),
    ("9S", "9C", "9D", "JS", "JC", "JD", "QH"),
    ("KC", "QC", "AD", "TD", "KD", "QD", "JH"),
    ("KH", "TH", "AH"),
)


def test_the_turn_clock_shows_for_a_person_to_move_never_for_a_computer(
    alice: AbstractBaseUser,
) -> None:
    match = watched_thousand(alice)  # computers in seats 1 and 2
    assert match.turn_seconds
    assert current(match).to_move == 1
    page = client_of(alice).get(reverse("match_table", args=[match.pk])).content.decode()
    watched = Client().get(watch_url(match)).content.decode()
    assert re.findall(MOVING, page) == ["1"]
    assert 'class="turn-clock"' not in page
    assert 'class="turn-clock"' not in watched
    while current(match).to_move != 0:
        computer_plays(match, "pass")
    page = client_of(alice).get(reverse("match_table", args=[match.pk])).content.decode()
    assert re.findall(MOVING, page) == ["0"]
    assert 'class="turn-clock"' in page
