"""A person's socket on every page (``/ws/me/``): their invitations arrive live, and the
socket follows the session that opened it, as a table's does (closed at sign-out, suspension
and a new password)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from config.asgi import application
from games import services
from games.core import chat
from games.core.sessions import CLOSE_SIGNED_OUT
from games.history import moderation
from games.invitations import invite_by_name
from games.models import Invitation
from games.rematch import offer_rematch

from .test_friends_tables import waiting_table
from .test_rematch import finished_table
from .test_socket_session import PASSWORD, closed_with, cookie_of, signed_in

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def person_socket(cookie: bytes | None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver")]
    if cookie is not None:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, "/ws/me/", headers=headers)


async def opened(client: Client) -> WebsocketCommunicator:
    communicator = person_socket(cookie_of(client))
    connected, _ = await communicator.connect()
    assert connected
    first = await communicator.receive_from()
    assert first.startswith('<div id="invitations"')
    return communicator


async def test_an_invitation_arrives_live_and_goes_when_declined(alice: User, bob: User) -> None:
    match = await database_sync_to_async(waiting_table)(alice)
    bob_client = await database_sync_to_async(signed_in)(bob)
    communicator = await opened(bob_client)

    invitation = await database_sync_to_async(invite_by_name)(match.pk, "bob", user=alice)

    frame = await communicator.receive_from(timeout=3)
    assert f'id="accept-invitation-{invitation.pk}"' in frame
    assert "alice invites you to a table of Thousand." in frame
    assert 'name="csrfmiddlewaretoken"' in frame
    await database_sync_to_async(bob_client.post)(
        reverse("invitation_decline", args=[invitation.pk])
    )
    frame = await communicator.receive_from(timeout=3)
    assert "accept-invitation" not in frame
    assert not await database_sync_to_async(Invitation.objects.exists)()
    await communicator.disconnect()


async def test_an_invitation_made_while_away_comes_with_the_first_frame(
    alice: User, bob: User
) -> None:
    match = await database_sync_to_async(waiting_table)(alice)
    invitation = await database_sync_to_async(invite_by_name)(match.pk, "bob", user=alice)
    communicator = person_socket(cookie_of(await database_sync_to_async(signed_in)(bob)))
    assert (await communicator.connect())[0]
    first = await communicator.receive_from()
    assert f'id="accept-invitation-{invitation.pk}"' in first
    assert f'action="/invitations/{invitation.pk}/decline/"' in first
    await communicator.disconnect()


@pytest.mark.parametrize("how", ["filled", "closed"])
async def test_an_invitation_goes_live_when_its_table_fills_or_closes(
    alice: User, bob: User, how: str
) -> None:
    match = await database_sync_to_async(waiting_table)(alice)
    invitation = await database_sync_to_async(invite_by_name)(match.pk, "bob", user=alice)
    communicator = await opened(await database_sync_to_async(signed_in)(bob))
    assert await communicator.receive_nothing(timeout=0.2)

    if how == "filled":
        await database_sync_to_async(services.fill_with_computers)(match.pk, "normal", user=alice)
    else:
        await database_sync_to_async(services.leave_waiting_table)(match.pk, user=alice)

    frame = await communicator.receive_from(timeout=3)
    assert frame == '<div id="invitations" class="invitations">\n  \n</div>\n'
    assert f"invitation-{invitation.pk}" not in frame
    await communicator.disconnect()


async def test_a_rematch_invitation_leaves_the_page_when_its_time_runs_out(
    alice: User, bob: User
) -> None:
    def offered() -> Invitation:
        old = finished_table(alice, bob, computer=True)
        offer_rematch(old.pk, user=alice)
        # Its two minutes nearly over.
        Invitation.objects.update(expires=timezone.now() + timedelta(seconds=0.5))
        return Invitation.objects.get(user=bob)

    invitation = await database_sync_to_async(offered)()
    communicator = person_socket(cookie_of(await database_sync_to_async(signed_in)(bob)))
    assert (await communicator.connect())[0]
    assert f'id="accept-invitation-{invitation.pk}"' in await communicator.receive_from()
    frame = await communicator.receive_from(timeout=3)
    assert "accept-invitation" not in frame
    await communicator.disconnect()


async def test_someone_not_signed_in_gets_no_socket(db: None) -> None:
    communicator = person_socket(None)
    connected, _ = await communicator.connect()
    assert not connected
    await communicator.disconnect()


async def test_signing_out_closes_that_sessions_socket_only(alice: AbstractBaseUser) -> None:
    phone = await database_sync_to_async(signed_in)(alice)
    laptop = await database_sync_to_async(signed_in)(alice)
    on_phone = await opened(phone)
    on_laptop = await opened(laptop)

    answer = await database_sync_to_async(phone.post)(reverse("account_logout"))
    assert answer.status_code == 302

    assert await closed_with(on_phone) == CLOSE_SIGNED_OUT
    assert await on_laptop.receive_nothing(timeout=0.3)
    await on_phone.disconnect()
    await on_laptop.disconnect()


async def test_a_suspension_closes_the_socket_at_once(alice: AbstractBaseUser) -> None:
    staff = await database_sync_to_async(get_user_model().objects.create_user)(
        username="sam", is_staff=True
    )
    communicator = await opened(await database_sync_to_async(signed_in)(alice))
    await database_sync_to_async(moderation.suspend)(staff, alice, "cheating")
    assert await closed_with(communicator) == CLOSE_SIGNED_OUT
    await communicator.disconnect()


async def test_a_new_password_closes_the_other_sessions_socket(alice: AbstractBaseUser) -> None:
    def with_password() -> None:
        alice.set_password(PASSWORD)
        alice.save()

    await database_sync_to_async(with_password)()
    phone = await database_sync_to_async(signed_in)(alice)
    laptop = await database_sync_to_async(signed_in)(alice)
    on_phone = await opened(phone)
    answer = await database_sync_to_async(laptop.post)(
        reverse("account_change_password"),
        {"oldpassword": PASSWORD, "password1": PASSWORD + "!", "password2": PASSWORD + "!"},
    )
    assert answer.status_code == 302
    assert await closed_with(on_phone) == CLOSE_SIGNED_OUT
    await on_phone.disconnect()


async def test_a_mute_at_a_table_leaves_the_person_socket_open(alice: User, bob: User) -> None:
    """A mute tells the person's own table sockets (on the person's group) to draw the chat
    again; the socket of every other page hears it too and goes on (it has no chat)."""
    table = await database_sync_to_async(waiting_table)(alice)
    await database_sync_to_async(services.join_table)(table.pk, bob)
    bob_client = await database_sync_to_async(signed_in)(bob)
    communicator = await opened(bob_client)

    await database_sync_to_async(chat.mute)(table.pk, bob, alice.pk)
    other = await database_sync_to_async(waiting_table)(alice)
    await database_sync_to_async(invite_by_name)(other.pk, "bob", user=alice)

    frame = await communicator.receive_from(timeout=3)
    assert "alice invites you to a table of Thousand." in frame
    await communicator.disconnect()
