"""The lobby's choices for Thousand's table sizes: 2, 3 or 4 players, and the musik points
for the dealer sitting out, an option of four players only (rules 4.1 and 4.2)."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from games.models import Match
from games.thousand.engine import Rules

pytestmark = pytest.mark.django_db

HOUSE = {
    "target": "1000",
    "bid_step": "10",
    "following": "must_beat",
    "rounding": "ten_down",
    "four_nines": "redeal",
}
"""The options form's other choices, at the house rules."""
REFUSAL = (
    "The dealer scores from the musik only at a table of four players: choose 4 players, "
    "or let the dealer score nothing."
)


def test_the_lobby_offers_two_three_and_four_players_and_the_musik_points_off(
    alice_client: Client,
) -> None:
    page = alice_client.get(reverse("lobby")).content.decode()
    for prefix in ("practice_", "friends_table-"):
        radios = re.findall(f'value="(\\d)" id="id_thousand_{prefix}players_\\d"([^>]*)', page)
        # In order, the usual three chosen.
        assert [(value, "checked" in rest) for value, rest in radios] == [
            ("2", False),
            ("3", True),
            ("4", False),
        ]
    assert 'name="musik_points" value="False" id="id_thousand_musik_points_0" checked' in page
    assert "An option of a table of four players only." in page


def test_a_practice_match_for_two(alice: AbstractBaseUser, alice_client: Client) -> None:
    response = alice_client.post(reverse("lobby"), {**HOUSE, "players": "2", "level": "expert"})
    match = Match.objects.get(owner=alice)
    assert response.status_code == 302
    assert match.options == Rules(players=2).to_dict()
    assert match.scores == [0, 0]
    assert [seat.computer_level for seat in match.seats.order_by("number")] == ["", "expert"]
    lobby = alice_client.get(reverse("lobby")).content.decode()
    assert "to 1000 · 2 players" in lobby


@pytest.mark.parametrize("players", ["2", "3", ""])
def test_the_musik_points_are_refused_at_two_or_three_players(
    alice: AbstractBaseUser, alice_client: Client, players: str
) -> None:
    response = alice_client.post(
        reverse("lobby"), {**HOUSE, "players": players, "level": "normal", "musik_points": "True"}
    )
    assert response.status_code == 400
    assert REFUSAL in html.unescape(response.content.decode())
    assert not Match.objects.filter(owner=alice).exists()


def test_the_musik_points_at_a_practice_match_for_four(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    response = alice_client.post(
        reverse("lobby"), {**HOUSE, "players": "4", "level": "normal", "musik_points": "True"}
    )
    assert response.status_code == 302
    match = Match.objects.get(owner=alice)
    assert match.options == Rules(players=4, musik_points=True).to_dict()
    table = alice_client.get(reverse("match_table", args=[match.pk])).content.decode()
    assert (
        '<li><a href="/rules/thousand/12/#step">The dealer sitting out scores the musik</a></li>'
        in table
    )
    lobby = alice_client.get(reverse("lobby")).content.decode()
    assert "to 1000 · 4 players · The dealer sitting out scores the musik" in lobby


def test_the_musik_points_posted_off_stay_off(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    response = alice_client.post(
        reverse("lobby"), {**HOUSE, "players": "4", "level": "normal", "musik_points": "False"}
    )
    assert response.status_code == 302
    assert Match.objects.get(owner=alice).options == Rules(players=4).to_dict()


def test_a_friends_table_checks_the_musik_points_against_its_own_players(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    friends = {**HOUSE, "mode": "friends", "table-clock": "60", "musik_points": "True"}
    # The practice form's 4 does not count for a friends' table of two.
    refused = alice_client.post(reverse("lobby"), {**friends, "players": "4", "table-players": "2"})
    assert refused.status_code == 400
    assert REFUSAL in html.unescape(refused.content.decode())
    assert not Match.objects.filter(owner=alice).exists()
    # A count that is no number (a superscript digit) is refused by the form, not a crash.
    odd = alice_client.post(reverse("lobby"), {**friends, "table-players": "²"})
    assert odd.status_code == 400
    assert not Match.objects.filter(owner=alice).exists()
    made = alice_client.post(reverse("lobby"), {**friends, "table-players": "4"})
    assert made.status_code == 302
    match = Match.objects.get(owner=alice)
    assert match.options == Rules(players=4, musik_points=True).to_dict()
    assert match.seats.count() == 4


def test_a_friends_table_for_two(alice: AbstractBaseUser, alice_client: Client) -> None:
    made = alice_client.post(
        reverse("lobby"), {**HOUSE, "mode": "friends", "table-clock": "60", "table-players": "2"}
    )
    assert made.status_code == 302
    match = Match.objects.get(owner=alice)
    assert match.options == Rules(players=2).to_dict()
    assert match.seats.count() == 2
