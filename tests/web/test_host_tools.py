"""The host's tools at a friends' table: a person the host removes is told at once and never
sits at that table again; the host hands the host role to another person at the table, who
gets the host's controls live. Each refusal is checked by its reason, with nothing changed."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from config.asgi import application
from games import services
from games.consumers import CLOSE_FORBIDDEN
from games.models import Match, Removal, Seat

from .conftest import make_user
from .test_consumers import session_cookie, version_of
from .test_friends_tables import client_of, refusal, started_table, waiting_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def carol(db: None) -> AbstractBaseUser:
    return make_user("carol")


def stored(match: Match) -> tuple[int, int, list[int | None]]:
    """The match's host, version and the people in its seats."""
    fresh = Match.objects.get(pk=match.pk)
    seats = [seat.user_id for seat in Seat.objects.filter(match=match).order_by("number")]
    return fresh.owner_id, fresh.version, seats


def page_of(client: Client, match: Match) -> str:
    return client.get(reverse("match_table", args=[match.pk])).content.decode()


# -- a person removed --------------------------------------------------------------------------


def test_a_person_the_host_removes_cannot_sit_at_the_table_again(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = waiting_table(alice, computers={2: "normal"})
    services.join_table(match.pk, bob)
    services.free_seat(match.pk, 1, user=alice)
    services.free_seat(match.pk, 2, user=alice)  # a computer: nobody to keep away
    assert list(Removal.objects.filter(match=match).values_list("user_id", flat=True)) == [bob.pk]
    before = stored(match)
    assert before == (alice.pk, 3, [alice.pk, None, None])

    assert refusal(services.join_table, match.pk, bob) == "removed"
    assert stored(match) == before
    bob_client = client_of(bob)
    link = reverse("table_join", args=[match.code])
    # By the code typed in the lobby, then by the link: told before pressing anything.
    answer = bob_client.post(reverse("lobby"), {"mode": "join", "code": match.code})
    assert answer.url == link
    page = bob_client.get(link)
    assert page.status_code == 403
    shown = page.content.decode()
    assert "The host removed you from this table: you cannot sit at it again." in shown
    assert 'id="take-seat"' not in shown
    assert f'href="{reverse("lobby")}"' in shown
    posted = bob_client.post(link)
    assert posted.status_code == 403
    assert "The host removed you from this table" in posted.content.decode()
    assert stored(match) == before

    # The seat takes anyone else; another table of the same host takes Bob.
    services.join_table(match.pk, carol)
    assert stored(match)[2] == [alice.pk, carol.pk, None]
    other = waiting_table(alice)
    assert services.join_table(other.pk, bob).seat_of(bob) == 1


def test_the_removed_persons_page_says_so_and_shows_nothing_of_the_table(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = waiting_table(alice)
    services.join_table(match.pk, bob)
    services.free_seat(match.pk, 1, user=alice)
    answer = client_of(bob).get(reverse("match_table", args=[match.pk]))
    assert answer.status_code == 403
    page = answer.content.decode()
    assert '<h1 id="removed-heading">The host removed you from this table</h1>' in page
    assert f'data-version="{Match.objects.get(pk=match.pk).version}"' in page
    assert 'id="back-to-lobby"' in page
    assert match.code not in page
    assert "alice" not in page
    # A stranger to the table still learns nothing of it.
    assert client_of(carol).get(reverse("match_table", args=[match.pk])).status_code == 404


def test_the_host_removes_nobody_from_their_own_seat_nor_after_the_start(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = waiting_table(alice)
    services.join_table(match.pk, bob)
    assert refusal(services.free_seat, match.pk, 0, user=alice) == "malformed"
    assert refusal(services.free_seat, match.pk, 1, user=bob) == "forbidden"
    assert stored(match) == (alice.pk, 1, [alice.pk, bob.pk, None])
    assert not Removal.objects.exists()


def socket_of(match: Match, cookie: bytes) -> WebsocketCommunicator:
    return WebsocketCommunicator(
        application,
        f"/ws/play/{match.pk}/",
        headers=[(b"origin", b"http://testserver"), (b"cookie", cookie)],
    )


async def frame_with(communicator: WebsocketCommunicator, text: str) -> str:
    """The first frame the socket receives that contains ``text``."""
    for _ in range(10):
        frame = await communicator.receive_from(timeout=5)
        if text in frame:
            return frame
    pytest.fail(f"no frame with {text!r}")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_removed_persons_open_page_is_told_at_once_and_its_socket_closed(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = await database_sync_to_async(waiting_table)(alice)
    await database_sync_to_async(services.join_table)(match.pk, bob)
    sockets = []
    for person in (alice, bob):
        communicator = socket_of(match, await database_sync_to_async(session_cookie)(person))
        assert (await communicator.connect())[0]
        await communicator.receive_from()
        sockets.append(communicator)
    await frame_with(sockets[0], 'data-seat="1"')  # Alice's room heard Bob arrive

    await database_sync_to_async(services.free_seat)(match.pk, 1, user=alice)
    note = await frame_with(sockets[1], "removed-heading")
    version = (await database_sync_to_async(Match.objects.get)(pk=match.pk)).version
    assert version_of(note) == version
    assert "The host removed you from this table" in note
    assert f'href="{reverse("lobby")}"' in note
    assert match.code not in note
    assert (await sockets[1].receive_output(timeout=5)) == {
        "type": "websocket.close",
        "code": CLOSE_FORBIDDEN,
    }
    room = await frame_with(sockets[0], f'data-version="{version}"')
    assert "removed-heading" not in room
    await sockets[0].disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_person_who_left_by_themselves_is_closed_out_without_a_note(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    """A person who left by themselves is no longer at the table, but was not removed: their
    socket closes with nothing said."""
    match = await database_sync_to_async(waiting_table)(alice)
    await database_sync_to_async(services.join_table)(match.pk, bob)
    communicator = socket_of(match, await database_sync_to_async(session_cookie)(bob))
    assert (await communicator.connect())[0]
    await communicator.receive_from()
    await database_sync_to_async(services.leave_waiting_table)(match.pk, user=bob)
    assert (await communicator.receive_output(timeout=5)) == {
        "type": "websocket.close",
        "code": CLOSE_FORBIDDEN,
    }


# -- the host role handed on -------------------------------------------------------------------


def test_only_the_host_hands_the_role_and_only_to_another_person_playing(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = waiting_table(alice, computers={2: "normal"})
    services.join_table(match.pk, bob)
    before = stored(match)
    assert before == (alice.pk, 1, [alice.pk, bob.pk, None])
    assert refusal(services.hand_host, match.pk, 0, user=bob) == "forbidden"
    assert refusal(services.hand_host, match.pk, 1, user=carol) == "not_found"
    assert refusal(services.hand_host, match.pk, 0, user=alice) == "not_a_person"
    assert refusal(services.hand_host, match.pk, 2, user=alice) == "not_a_person"  # a computer
    assert refusal(services.hand_host, match.pk, 3, user=alice) == "malformed"
    assert stored(match) == before
    response = client_of(bob).post(
        reverse("table_host", args=[match.pk]), {"seat": "0"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 403
    assert "Only the table&#x27;s host can do this." in response.content.decode()
    assert stored(match) == before

    services.free_seat(match.pk, 2, user=alice)
    assert refusal(services.hand_host, match.pk, 2, user=alice) == "not_a_person"  # open


def test_the_new_host_gets_the_waiting_rooms_controls_and_the_old_one_loses_them(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = waiting_table(alice)
    services.join_table(match.pk, bob)
    services.join_table(match.pk, carol)
    alice_client, carol_client = client_of(alice), client_of(carol)
    page = page_of(alice_client, match)
    assert ('id="make-host-1"' in page, 'id="make-host-2"' in page) == (True, True)
    assert 'id="make-host-0"' not in page
    assert 'id="make-host-' not in page_of(carol_client, match)

    response = alice_client.post(
        reverse("table_host", args=[match.pk]), {"seat": "2"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert 'id="start-table"' not in response.content.decode()
    assert stored(match) == (carol.pk, 3, [alice.pk, bob.pk, carol.pk])
    page = page_of(carol_client, match)
    for control in ("start-table", "free-seat-0", "free-seat-1", "make-host-0", "make-host-1"):
        assert f'id="{control}"' in page, control
    badge = page.index('id="host-badge"')
    assert page.rindex('data-seat="', 0, badge) == page.rindex('data-seat="2"', 0, badge)
    assert "Close this table" in page
    assert "Leave this table" in page_of(alice_client, match)

    # The new host's tools, and none left to the old one.
    assert refusal(services.start_table, match.pk, user=alice) == "forbidden"
    services.free_seat(match.pk, 0, user=carol)
    assert refusal(services.join_table, match.pk, alice) == "removed"
    services.fill_with_computers(match.pk, "normal", user=carol)
    services.start_table(match.pk, user=carol)
    assert Match.objects.get(pk=match.pk).status == Match.Status.PLAYING


def test_a_host_who_was_handed_the_role_closes_the_table_by_leaving(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = waiting_table(alice)
    services.join_table(match.pk, bob)
    services.hand_host(match.pk, 1, user=alice)
    services.leave_waiting_table(match.pk, user=alice)  # no longer the host: only gets up
    assert stored(match) == (bob.pk, 3, [None, bob.pk, None])
    services.leave_waiting_table(match.pk, user=bob)
    assert not Match.objects.filter(pk=match.pk).exists()


def test_the_host_hands_the_role_during_the_match(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = started_table(alice, bob, carol)
    alice_client, bob_client = client_of(alice), client_of(bob)
    page = page_of(alice_client, match)
    assert ('id="make-host-1"' in page, 'id="make-host-2"' in page) == (True, True)
    assert 'id="make-host-' not in page_of(bob_client, match)
    version = Match.objects.get(pk=match.pk).version

    response = alice_client.post(
        reverse("table_host", args=[match.pk]), {"seat": "1"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert 'id="make-host-' not in response.content.decode()
    assert stored(match) == (bob.pk, version + 1, [alice.pk, bob.pk, carol.pk])
    page = page_of(bob_client, match)
    assert ('id="make-host-0"' in page, 'id="make-host-2"' in page) == (True, True)

    # A person who resigned plays no more: they cannot be made host.
    services.resign(match.pk, user=carol)
    assert refusal(services.hand_host, match.pk, 2, user=bob) == "not_a_person"
    assert 'id="make-host-2"' not in page_of(bob_client, match)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    before = stored(match)
    assert refusal(services.hand_host, match.pk, 0, user=bob) == "match_over"
    assert stored(match) == before


def test_a_practice_match_has_no_host_to_hand_on(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = services.create_practice_match(alice, "thousand", {}, "normal")
    assert refusal(services.hand_host, match.pk, 1, user=alice) == "not_found"
    assert 'id="host-badge"' not in page_of(client_of(alice), match)


@pytest.fixture
def people(db: None) -> list[AbstractBaseUser]:
    return [make_user(name) for name in ("ann", "ben", "cat", "dan")]


STEP = st.tuples(
    st.sampled_from(["join", "leave", "free", "hand"]),
    st.integers(min_value=0, max_value=3),
    st.integers(min_value=0, max_value=2),
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=st.lists(STEP, max_size=12))
def test_the_host_is_always_seated_and_nobody_removed_sits_again(
    people: list[AbstractBaseUser], steps: list[tuple[str, int, int]]
) -> None:
    """Whatever the people at a waiting table do, in any order (each try refused or not), the
    table has one host sitting at it, or is closed; and no removed person sits at it."""
    match = waiting_table(people[0])
    calls: dict[str, Any] = {
        "join": lambda who, seat: services.join_table(match.pk, who),
        "leave": lambda who, seat: services.leave_waiting_table(match.pk, user=who),
        "free": lambda who, seat: services.free_seat(match.pk, seat, user=who),
        "hand": lambda who, seat: services.hand_host(match.pk, seat, user=who),
    }
    for name, person, seat in steps:
        with contextlib.suppress(services.MoveRejected):
            calls[name](people[person], seat)
        found = Match.objects.filter(pk=match.pk).first()
        if found is None:
            return
        seated = set(Seat.objects.filter(match=match).values_list("user_id", flat=True))
        assert found.owner_id in seated
        removed = set(Removal.objects.filter(match=match).values_list("user_id", flat=True))
        assert not removed & seated
