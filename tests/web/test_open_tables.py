"""Open tables (issue 29): a friends' table its host lists appears in everyone's lobby, with
its game, options and free seats, and is joined in one press; a full or started table, an
unlisted one, or one the viewer already sits at is not listed."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Match, Seat

from .conftest import make_user
from .test_friends_tables import RULES, client_of, default_options

pytestmark = pytest.mark.django_db


def listed_codes(client: Client) -> list[str]:
    page = client.get(reverse("lobby_open_tables")).content.decode()
    return [part.split('"')[0] for part in page.split('data-code="')[1:]]


def test_a_listed_table_is_in_everyones_lobby_until_it_is_full(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    carol, dave = make_user("carol"), make_user("dave")
    posted = {
        **default_options(),
        "game": "thousand",
        "mode": "friends",
        "table-players": "3",
        "table-clock": "60",
        "table-listed": "on",
    }
    made = client_of(alice).post(reverse("lobby"), posted)
    assert made.status_code == 302
    listed = Match.objects.get(owner=alice)
    assert listed.listed is True
    services.create_friends_table(alice, "thousand", RULES, 3, seed=5)  # not listed

    lobby = client_of(bob).get(reverse("lobby")).content.decode()
    assert f'data-code="{listed.code}"' in lobby
    assert "1 seat free of 3" not in lobby
    assert "2 seats free of 3" in lobby
    assert listed_codes(client_of(bob)) == [listed.code]
    assert listed_codes(client_of(alice)) == []  # her own table

    joined = client_of(bob).post(reverse("table_join", args=[listed.code]))
    assert joined.status_code == 302
    assert Seat.objects.get(match=listed, number=1).user == bob
    assert listed_codes(client_of(bob)) == []
    assert listed_codes(client_of(carol)) == [listed.code]
    assert "1 seat free of 3" in client_of(carol).get(reverse("lobby")).content.decode()

    services.join_table(listed.pk, carol)
    assert listed_codes(client_of(dave)) == []


def test_a_started_table_leaves_the_list(alice: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    match = services.create_friends_table(
        alice, "thousand", RULES, 3, computers={2: "normal"}, seed=5, listed=True
    )
    assert listed_codes(client_of(bob)) == [match.code]
    services.fill_with_computers(match.pk, "normal", user=alice)
    services.start_table(match.pk, user=alice)
    assert listed_codes(client_of(bob)) == []


def test_the_hosts_name_is_shown_as_text(alice: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    alice.profile.display_name = "<i>Ala</i>"
    alice.profile.save()
    services.create_friends_table(alice, "thousand", RULES, 3, seed=5, listed=True)
    page = client_of(bob).get(reverse("lobby_open_tables")).content.decode()
    assert "&lt;i&gt;Ala&lt;/i&gt;" in page
    assert "<i>Ala</i>" not in page
