"""A table's socket follows the session that opened it: signed out, suspended or with the
password changed elsewhere, the person's open socket closes and makes no move."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from games.core.sessions import CLOSE_SIGNED_OUT
from games.history import moderation
from games.models import Match, Round

from .conftest import computer_plays
from .test_consumers import socket, version_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

PASSWORD = "a long horse battery staple"
BID = json.dumps({"action": "bid", "amount": "120", "version": "2"})


def signed_in(user: AbstractBaseUser) -> Client:
    client = Client()
    client.force_login(user)
    return client


def cookie_of(client: Client) -> bytes:
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def open_table(match: Match, client: Client) -> WebsocketCommunicator:
    communicator = socket(match, cookie_of(client))
    connected, _ = await communicator.connect()
    assert connected
    assert version_of(await communicator.receive_from()) == 2
    return communicator


async def closed_with(communicator: WebsocketCommunicator) -> int:
    """The socket's close code, after the tables it was sent before (another socket of the
    person opening shows them present)."""
    while (message := await communicator.receive_output(timeout=3))["type"] == "websocket.send":
        pass
    assert message["type"] == "websocket.close", message
    return int(message["code"])


async def next_version(communicator: WebsocketCommunicator) -> int:
    """The version of the first table the socket is sent after the presence frames."""
    while (version := version_of(await communicator.receive_from(timeout=3))) == 2:
        pass
    return version


async def actions_of(match: Match) -> list[str]:
    played = await database_sync_to_async(Round.objects.get)(match=match)
    return list(played.actions)


@pytest.fixture
def bidding(scripted_match: Match) -> Match:
    """Alice's practice match, her turn to bid at version 2."""
    computer_plays(scripted_match, "pass", "bid:110")
    return scripted_match


@pytest.fixture
def staff(db: None) -> AbstractBaseUser:
    return get_user_model().objects.create_user(username="sam", is_staff=True)


async def test_a_suspended_persons_open_socket_closes_at_once_and_moves_nothing(
    bidding: Match, alice: AbstractBaseUser, staff: AbstractBaseUser
) -> None:
    communicator = await open_table(bidding, await database_sync_to_async(signed_in)(alice))

    await database_sync_to_async(moderation.suspend)(staff, alice, "cheating")

    assert await closed_with(communicator) == CLOSE_SIGNED_OUT
    await communicator.send_to(text_data=BID)
    assert await actions_of(bidding) == ["pass", "bid:110"]
    await communicator.disconnect()


async def test_a_move_is_checked_against_the_session_even_when_no_notice_came(
    bidding: Match, alice: AbstractBaseUser
) -> None:
    """An account switched off without a save (a bulk update sends no signal): the socket
    is still open, but its next frame finds the session no longer valid."""
    communicator = await open_table(bidding, await database_sync_to_async(signed_in)(alice))
    users = get_user_model().objects.filter(pk=alice.pk)
    await database_sync_to_async(users.update)(is_active=False)

    await communicator.send_to(text_data=BID)

    assert await closed_with(communicator) == CLOSE_SIGNED_OUT
    assert await actions_of(bidding) == ["pass", "bid:110"]
    await communicator.disconnect()


async def test_signing_out_closes_that_sessions_sockets_only(
    bidding: Match, alice: AbstractBaseUser
) -> None:
    phone = await database_sync_to_async(signed_in)(alice)
    laptop = await database_sync_to_async(signed_in)(alice)
    on_phone = await open_table(bidding, phone)
    on_laptop = await open_table(bidding, laptop)

    answer = await database_sync_to_async(phone.post)(reverse("account_logout"))
    assert answer.status_code == 302

    assert await closed_with(on_phone) == CLOSE_SIGNED_OUT
    await on_laptop.send_to(text_data=BID)
    assert await next_version(on_laptop) == 3
    assert await actions_of(bidding) == ["pass", "bid:110", "bid:120"]
    await on_phone.disconnect()
    await on_laptop.disconnect()


async def test_a_new_password_closes_the_other_sessions_sockets(
    bidding: Match, alice: AbstractBaseUser
) -> None:
    def with_password() -> None:
        alice.set_password(PASSWORD)
        alice.save()

    await database_sync_to_async(with_password)()
    phone = await database_sync_to_async(signed_in)(alice)
    laptop = await database_sync_to_async(signed_in)(alice)
    on_phone = await open_table(bidding, phone)
    on_laptop = await open_table(bidding, laptop)

    answer = await database_sync_to_async(laptop.post)(
        reverse("account_change_password"),
        {"oldpassword": PASSWORD, "password1": PASSWORD + "!", "password2": PASSWORD + "!"},
    )
    assert answer.status_code == 302

    assert await closed_with(on_phone) == CLOSE_SIGNED_OUT
    await on_phone.send_to(text_data=BID)
    assert await actions_of(bidding) == ["pass", "bid:110"]
    # The session that changed the password goes on under a new key (Django cycles it): the
    # socket opened under the old key closes, and the page reopens it under the new one.
    assert await closed_with(on_laptop) == CLOSE_SIGNED_OUT
    refused = socket(bidding, cookie_of(phone))
    assert not (await refused.connect())[0]
    reopened = await open_table(bidding, laptop)
    await reopened.send_to(text_data=BID)
    assert await next_version(reopened) == 3
    assert await actions_of(bidding) == ["pass", "bid:110", "bid:120"]
    for communicator in (on_phone, on_laptop, refused, reopened):
        await communicator.disconnect()
