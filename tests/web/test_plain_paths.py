"""Every speed-up that uses a library's internals has a plain public path beside it
(``config.speedups``), taken on any release the speed-up was not tested against or with
``PRIVATE_SPEEDUPS`` off: here the site works on the plain paths and gives the same answers."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import HttpCommunicator
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from pytest_django.fixtures import Settings as SettingsWrapper

from config import speedups
from games.core import tables
from games.models import Match, Round
from games.precompiled import save_fields

from .conftest import computer_plays
from .test_consumers import session_cookie, socket, version_of


def seats_read(match: Match, fast: bool, settings: SettingsWrapper) -> list[tuple[Any, ...]]:
    settings.PRIVATE_SPEEDUPS = fast
    assert speedups.django_internals() is fast
    return [
        (seat.pk, seat.number, seat.user_id, seat.match.version, seat.user and seat.user.profile.pk)
        for seat in tables._SEATS(match.pk)
    ]


@pytest.mark.django_db
def test_a_precompiled_query_reads_what_the_plain_queryset_reads(
    scripted_match: Match, settings: SettingsWrapper
) -> None:
    fast = seats_read(scripted_match, True, settings)
    plain = seats_read(scripted_match, False, settings)
    assert fast == plain
    assert [number for _, number, *_rest in plain] == [0, 1, 2]


@pytest.mark.django_db
@pytest.mark.parametrize("fast", [True, False])
def test_saving_some_fields_writes_them_and_only_them(
    scripted_match: Match, settings: SettingsWrapper, fast: bool
) -> None:
    settings.PRIVATE_SPEEDUPS = fast
    played = Round.objects.get(match=scripted_match)
    played.actions = ["pass"]
    played.status = "over"  # not among the fields saved
    save_fields(played, ["actions", "updated"])
    stored = Round.objects.get(pk=played.pk)
    assert (stored.actions, stored.status) == (["pass"], "playing")
    assert stored.updated == played.updated


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_move_over_the_socket_on_the_plain_path(
    scripted_match: Match, alice: AbstractBaseUser, settings: SettingsWrapper
) -> None:
    settings.PRIVATE_SPEEDUPS = False
    await database_sync_to_async(computer_plays)(scripted_match, "pass", "bid:110")
    communicator = socket(scripted_match, await database_sync_to_async(session_cookie)(alice))
    assert (await communicator.connect())[0]
    assert version_of(await communicator.receive_from()) == 2
    await communicator.send_to(text_data=json.dumps({"action": "pass", "version": "2"}))
    assert version_of(await communicator.receive_from()) == 3
    played = await database_sync_to_async(Round.objects.get)(match=scripted_match)
    assert played.actions == ["pass", "bid:110", "pass"]
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_page_through_djangos_own_asgi_handler(
    scripted_match: Match, alice: AbstractBaseUser, settings: SettingsWrapper
) -> None:
    settings.PRIVATE_SPEEDUPS = False
    from config.asgi import OneThreadPerRequest

    handler = OneThreadPerRequest()
    cookie = await database_sync_to_async(session_cookie)(alice)
    response = await HttpCommunicator(
        handler,
        "GET",
        reverse("match_table", args=[scripted_match.pk]),
        headers=[(b"host", b"testserver"), (b"cookie", cookie)],
    ).get_response()
    assert response["status"] == 200
    assert b'id="table"' in response["body"]


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL")
@pytest.mark.asyncio
@pytest.mark.parametrize("fast", [True, False])
async def test_a_notice_reaches_a_group_on_redis_either_way(
    settings: SettingsWrapper, fast: bool
) -> None:
    settings.PRIVATE_SPEEDUPS = fast
    assert speedups.channels_redis_internals() is fast
    layer = get_channel_layer()
    assert layer is not None
    channel = await layer.new_channel()
    await layer.group_add("plain-path", channel)
    await layer.group_send("plain-path", {"type": "match.updated", "version": 5})
    assert (await layer.receive(channel))["version"] == 5
    await layer.group_discard("plain-path", channel)
