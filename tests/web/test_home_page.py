"""The home page presents the site and both of its games, each with the way to play it."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Profile


def test_the_home_page_presents_both_games_with_a_link_to_each(alice_client: Client) -> None:
    page = alice_client.get(reverse("home")).content.decode()
    assert "<title>Card &amp; Tile Room — Thousand and tile rummy in your browser</title>" in page
    assert '<span class="brand-name">Card &amp; Tile Room</span>' in page
    assert '<h2 id="home-thousand-heading">Thousand</h2>' in page
    assert '<h2 id="home-rummy-heading">Tile rummy</h2>' in page
    lobby = reverse("lobby")
    assert re.search(rf'href="{lobby}#new-thousand" id="play-thousand">Play Thousand</a>', page)
    assert re.search(rf'href="{lobby}#new-rummy" id="play-rummy">Play tile rummy</a>', page)
    assert f'href="{reverse("rules", args=["thousand"])}"' in page
    assert f'href="{reverse("rules", args=["rummy"])}"' in page


@pytest.mark.django_db
def test_a_visitor_starts_a_guest_account_straight_into_either_games_lobby(
    client: Client,
) -> None:
    page = client.get(reverse("home")).content.decode()
    lobby = reverse("lobby")
    assert page.count(f'action="{reverse("guest_start")}"') == 3  # "Play now" and each game
    assert f'name="next" value="{lobby}#new-rummy"' in page
    response = client.post(reverse("guest_start"), {"next": f"{lobby}#new-rummy"})
    assert response.status_code == 302
    assert response["Location"] == f"{lobby}#new-rummy"
    assert Profile.objects.get().is_guest
    lobby_page = client.get(lobby).content.decode()
    assert 'id="new-rummy"' in lobby_page
    assert 'id="new-thousand"' in lobby_page


@pytest.mark.django_db
def test_every_page_carries_the_sites_name(client: Client) -> None:
    page = client.get(reverse("account_login")).content.decode()
    assert "Card &amp; Tile Room" in page
    assert ">Thousand<" not in page
