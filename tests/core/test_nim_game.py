"""Nim, a game only the tests know, runs through the site's own models, services, computer
runner, views and WebSocket consumer: the core is game-agnostic."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from config.asgi import application
from games import services
from games.core.computers import runner as bot_runner
from games.core.presence import presence
from games.models import Match, Round, Seat
from tests.web.conftest import current, make_user, play_computers
from tests.web.test_bot_runner import wait_until_idle
from tests.web.test_consumers import session_cookie, version_of

from .nim import NimGame, choose, parse_action

pytestmark = pytest.mark.django_db

OPTIONS = {"rounds": 2, "heaps": "small"}


def alice_move(table: services.Table, seat: int = 0) -> dict[str, object]:
    """A move for ``seat`` as a page would post it (a Beginner's choice)."""
    version = table.match.version
    heap, count = parse_action(choose("beginner", table.view_for(seat), f"person:{version}"))
    return {"version": str(version), "heap": str(heap), "take": str(count)}


def client_of(user: AbstractBaseUser) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_nim_is_a_game_of_the_site_only_while_registered(nim: NimGame) -> None:
    from games.core.registry import all_specs, get_spec

    assert get_spec("nim") is nim
    assert [spec.key for spec in all_specs()] == ["thousand", "rummy", "nim"]


def test_a_practice_match_against_a_computer_is_played_to_its_end_through_the_views(
    nim: NimGame, alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = services.create_practice_match(alice, "nim", OPTIONS, "normal", players=2, seed=3)
    act = reverse("match_act", args=[match.pk])
    next_url = reverse("match_next", args=[match.pk])
    for _ in range(60):
        play_computers(match)
        table = current(match)
        if table.match.is_finished:
            break
        version = table.match.version
        if nim.rules.round_over(table.state):
            response = alice_client.post(next_url, {"version": version}, HTTP_HX_REQUEST="true")
        else:
            assert table.to_move == 0
            response = alice_client.post(act, alice_move(table), HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        html = response.content.decode()
        assert version_of(html) == version + 1
        assert 'hx-swap-oob="innerHTML">Heaps' in html  # the game's own announcer partial
    else:
        pytest.fail("the match did not end")

    table = current(match)
    assert table.match.status == Match.Status.FINISHED
    rounds = list(Round.objects.filter(match=match).order_by("number"))
    assert [(r.number, r.status) for r in rounds] == [(1, "over"), (2, "over")]
    winners = [r.result["winner"] for r in rounds]
    for stored in rounds:
        replayed = nim.rules.replay(stored.setup, stored.actions)
        assert replayed.over
        assert replayed.winner == stored.result["winner"]
        assert stored.result["moves"] == len(stored.actions)
    assert table.match.scores == [winners.count(0), winners.count(1)]
    assert table.match.scores[table.match.winner] == max(table.match.scores)
    assert table.match.progress["rounds_played"] == 2
    # The first player changes with every round.
    assert rounds[1].setup["first"] == (rounds[0].setup["first"] + 1) % 2
    page = alice_client.get(reverse("match_table", args=[match.pk])).content.decode()
    assert "won the match." in page
    assert 'class="nim-table"' in page


def test_a_nim_match_is_made_from_the_lobby_with_its_own_generated_options(
    nim: NimGame, alice_client: Client
) -> None:
    lobby = alice_client.get(reverse("lobby")).content.decode()
    assert 'id="new-nim"' in lobby
    assert 'id="make-table-nim"' in lobby

    response = alice_client.post(
        reverse("lobby"),
        {
            "game": "nim",
            "mode": "practice",
            "players": "3",
            "level": "beginner",
            "rounds": "3",
            "heaps": "big",
        },
    )
    assert response.status_code == 302
    match = Match.objects.get(game="nim")
    assert response.url == reverse("match_table", args=[match.pk])
    assert match.options == {"rounds": 3, "heaps": "big"}
    assert match.mode == Match.Mode.PRACTICE
    assert [seat.computer_level for seat in match.seats.all()] == ["", "beginner", "beginner"]
    assert match.rounds.get().setup["heaps"] == [5, 7, 9]
    page = alice_client.get(response.url).content.decode()
    assert '<li class="heap" data-heap="2">9</li>' in page

    # A Nim option Thousand does not have, out of range: the lobby answers 400, no match.
    refused = alice_client.post(
        reverse("lobby"), {"game": "nim", "mode": "practice", "level": "normal", "rounds": "7"}
    )
    assert refused.status_code == 400
    assert Match.objects.count() == 1


def test_the_core_refuses_nim_moves_by_reason(
    nim: NimGame, alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = services.create_practice_match(alice, "nim", OPTIONS, "normal", players=2, seed=4)
    play_computers(match)
    table = current(match)
    assert table.to_move == 0
    version = table.match.version

    def refusal(fields: dict[str, object]) -> str:
        with pytest.raises(services.MoveRejected) as refused:
            services.play(match.pk, fields, user=alice)
        return refused.value.reason

    assert refusal({"version": version, "heap": "0", "take": "9"}) == "illegal"
    assert refusal({"version": version, "heap": "x", "take": "1"}) == "malformed"
    assert refusal({"version": version - 1, "heap": "0", "take": "1"}) == "stale_version"
    assert refusal({"heap": "0", "take": "1"}) == "malformed"
    # The game's own words for the refusal reach the page, with the refusal's status.
    response = alice_client.post(
        reverse("match_act", args=[match.pk]),
        {"version": version, "heap": "0", "take": "9"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 400
    assert f"Take 1 to {table.state.heaps[0]} from heap 1." in response.content.decode()
    assert current(match).match.version == version

    services.play(match.pk, alice_move(table), user=alice)
    computer_view = current(match)
    assert computer_view.to_move == 1
    assert refusal(alice_move(computer_view)) == "not_your_turn"


def test_resigning_a_practice_match_ends_it(nim: NimGame, alice: AbstractBaseUser) -> None:
    match = services.create_practice_match(alice, "nim", OPTIONS, "normal", players=3, seed=5)
    table = services.resign(match.pk, user=alice)
    assert table.match.status == Match.Status.RESIGNED
    assert table.match.resigned_by == 0
    assert services.computer_turn(match.pk) is None
    with pytest.raises(services.MoveRejected) as refused:
        services.play(match.pk, alice_move(current(match)), user=alice)
    assert refused.value.reason == "match_over"


def test_three_friends_join_a_nim_table_by_its_code_and_play_a_round(
    nim: NimGame, alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client
) -> None:
    carol = make_user("carol")
    response = alice_client.post(
        reverse("lobby"),
        {
            "game": "nim",
            "mode": "friends",
            "rounds": "1",
            "heaps": "small",
            "table-players": "3",
            "table-clock": "60",
            "table-seat_1": "friend",
            "table-seat_2": "friend",
        },
    )
    assert response.status_code == 302
    match = Match.objects.get(game="nim")
    assert (match.mode, match.status, match.turn_seconds) == ("friends", "waiting", 60)
    waiting = alice_client.get(response.url).content.decode()
    assert f'<strong id="table-code">{match.code}</strong>' in waiting

    # Bob follows the link; Carol types the code as she heard it.
    bob_client = client_of(bob)
    link = reverse("table_join", args=[match.code])
    assert 'id="take-seat"' in bob_client.get(link).content.decode()
    assert bob_client.post(link).url == reverse("match_table", args=[match.pk])
    carol_client = client_of(carol)
    spoken = " ".join(match.code.lower())
    typed = carol_client.post(reverse("lobby"), {"mode": "join", "code": spoken})
    assert typed.url == link
    assert carol_client.post(link).status_code == 302
    assert [seat.user for seat in Seat.objects.filter(match=match)] == [alice, bob, carol]

    assert alice_client.post(reverse("table_start", args=[match.pk])).status_code == 302
    clients = {0: alice_client, 1: bob_client, 2: carol_client}
    for _ in range(30):
        table = current(match)
        if nim.rules.round_over(table.state):
            break
        seat = table.to_move
        assert seat is not None
        assert not table.seats[seat].played_by_computer
        response = clients[seat].post(
            reverse("match_act", args=[match.pk]), alice_move(table, seat), HTTP_HX_REQUEST="true"
        )
        assert response.status_code == 200
        assert f'data-seat="{seat}"' in response.content.decode()
    else:
        pytest.fail("the round did not end")
    table = current(match)
    assert table.match.status == Match.Status.FINISHED
    assert table.match.scores[table.round.result["winner"]] == 1
    assert services.computer_turn(match.pk) is None  # no computer ever played


def test_resigning_at_a_friends_nim_table_hands_the_seat_to_a_computer(
    nim: NimGame, alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    carol = make_user("carol")
    match = services.create_friends_table(alice, "nim", OPTIONS, 3, seed=6)
    services.join_table(match.pk, bob)
    services.join_table(match.pk, carol)
    services.start_table(match.pk, user=alice)

    table = services.resign(match.pk, user=bob)
    assert table.match.status == Match.Status.PLAYING
    bob_seat = Seat.objects.get(match=match, user=bob)
    assert (bob_seat.left, bob_seat.stand_in, bob_seat.played_by_computer) == (True, True, True)
    # The people play their turns; the computer plays Bob's, at Normal.
    computer_moves = 0
    for _ in range(30):
        table = current(match)
        if nim.rules.round_over(table.state):
            break
        if table.to_move == 1:
            turn = services.computer_turn(match.pk)
            assert isinstance(turn, services.ComputerTurn)
            assert (turn.seat, turn.level) == (1, "normal")
            computer_moves += play_computers(match)
        else:
            seat = table.to_move
            person = alice if seat == 0 else carol
            services.play(match.pk, alice_move(table, seat), user=person)
    assert computer_moves > 0

    # Alice leaves too; when Carol, the last person, resigns the match ends.
    services.resign(match.pk, user=alice)
    assert current(match).match.status == Match.Status.PLAYING
    table = services.resign(match.pk, user=carol)
    assert table.match.status == Match.Status.RESIGNED
    assert table.match.resigned_by == 2


@pytest.mark.django_db(transaction=True)
def test_the_real_runner_plays_the_nim_computers(
    nim: NimGame, alice: AbstractBaseUser, real_runner: None
) -> None:
    match = services.create_practice_match(
        alice, "nim", {"rounds": 1, "heaps": "small"}, "beginner", players=4, seed=8
    )
    bot_runner.request_bot_moves(match.pk)
    for _ in range(40):
        wait_until_idle()
        table = current(match)
        if table.match.is_finished:
            break
        assert table.to_move == 0
        services.play(match.pk, alice_move(table), user=alice)
    else:
        pytest.fail("the round did not end")
    stored = Round.objects.get(match=match)
    replayed = nim.rules.replay(stored.setup, stored.actions)
    movers = {seat for seat, _action in replayed.moves}
    assert {1, 2, 3} <= movers  # every computer played
    assert Match.objects.get(pk=match.pk).computer_lease == ""


async def receive_version(
    communicator: WebsocketCommunicator, version: int, containing: str = ""
) -> str:
    """The first frame showing ``version`` or later and ``containing`` (presence frames, sent
    when another friend connects, may come first)."""
    for _ in range(20):
        frame = await communicator.receive_from(timeout=5)
        if version_of(frame) >= version and containing in frame:
            return frame
    raise AssertionError(f"no frame of version {version} with {containing!r}")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_nim_table_plays_over_each_friends_socket(
    nim: NimGame, alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    carol = await database_sync_to_async(make_user)("carol")
    people = [alice, bob, carol]

    def set_up() -> Match:
        match = services.create_friends_table(alice, "nim", {"rounds": 1, "heaps": "small"}, 3)
        services.join_table(match.pk, bob)
        services.join_table(match.pk, carol)
        services.start_table(match.pk, user=alice)
        return match

    match = await database_sync_to_async(set_up)()
    sockets = []
    for person in people:
        cookie = await database_sync_to_async(session_cookie)(person)
        communicator = WebsocketCommunicator(
            application,
            f"/ws/play/{match.pk}/",
            headers=[(b"origin", b"http://testserver"), (b"cookie", cookie)],
        )
        assert (await communicator.connect())[0]
        sockets.append(communicator)
    for number, communicator in enumerate(sockets):
        frame = await communicator.receive_from()
        assert f'data-seat="{number}"' in frame
    assert await database_sync_to_async(presence().seats)(match.pk) == {0, 1, 2}

    for _ in range(30):
        table = await database_sync_to_async(current)(match)
        if nim.rules.round_over(table.state):
            break
        seat = table.to_move
        other = (seat + 1) % 3
        # Out of turn: an error frame with the refusal's reason, nothing changes.
        await sockets[other].send_to(text_data=json.dumps(alice_move(table, other)))
        refused = await receive_version(sockets[other], table.match.version, "data-reason")
        assert 'data-reason="not_your_turn"' in refused
        assert version_of(refused) == table.match.version
        assert "It is not your turn." in refused
        await sockets[seat].send_to(text_data=json.dumps(alice_move(table, seat)))
        for number, communicator in enumerate(sockets):
            frame = await receive_version(communicator, table.match.version + 1)
            assert f'data-seat="{number}"' in frame
    else:
        pytest.fail("the round did not end")
    table = await database_sync_to_async(current)(match)
    assert table.match.status == Match.Status.FINISHED
    for communicator in sockets:
        await communicator.disconnect()
    await asyncio.sleep(0)


def test_a_friends_nim_table_is_watched_through_the_core_alone(
    nim: NimGame, alice: AbstractBaseUser
) -> None:
    match = services.create_friends_table(alice, "nim", OPTIONS, 2, seed=7, watchable=True)
    services.fill_with_computers(match.pk, "normal", user=alice)
    services.start_table(match.pk, user=alice)
    token = Match.objects.get(pk=match.pk).watch_token
    page = Client().get(f"/watch/{token}/").content.decode()
    assert 'class="nim-watch"' in page
    assert [int(size) for size in re.findall(r'data-heap="\d">(\d+)<', page)] == [3, 4, 5]
    assert "Watching a table of Nim" in page
    assert "<form" not in page.split('id="table"')[1]
    assert nim.rules.public_view(current(match).state).seat == -1
