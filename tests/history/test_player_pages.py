"""Players' pages (issue 29): a display name on the rankings and match pages leads to the
player's page, with their rating and its chart, matches and places; a person may keep it
private; "My matches" shows each match's rating change."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from games import services
from games.models import MatchResult
from games.thousand.engine import Rules

from .conftest import bobs_table_won_by_bob, won_match

pytestmark = pytest.mark.django_db


def stat(page: str, label: str) -> str:
    found = re.search(rf"<dt>{label}</dt><dd[^>]*>([^<]+)</dd>", page)
    assert found, label
    return found.group(1)


def test_a_players_page_shows_their_matches_places_and_rating(
    alice: AbstractBaseUser, bob: AbstractBaseUser, client: Client
) -> None:
    won_match(alice)
    bobs_table_won_by_bob(bob, alice)
    page = client.get(reverse("player", args=[alice.pk])).content.decode()
    assert '<h1 id="player-name">alice</h1>' in page
    assert stat(page, "Matches") == "2"
    assert stat(page, "Won") == "1"
    assert stat(page, "2nd places") == "1"
    assert "3rd places" not in page
    assert page.count("<polyline") == 1
    assert 'id="page-privacy"' not in page


def test_display_names_lead_to_the_players_page(
    alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client, settings: Any
) -> None:
    settings.RATING_MIN_MATCHES = 1
    match = bobs_table_won_by_bob(bob, alice)
    link = f'<a href="{reverse("player", args=[bob.pk])}">bob</a>'
    assert link in alice_client.get(reverse("match_history", args=[match.pk])).content.decode()
    ranking = alice_client.get(reverse("rankings")).content.decode()
    assert ranking.count(link) == 2


def test_a_private_page_shows_others_only_the_name(
    alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client, bob_client: Client
) -> None:
    won_match(alice)
    answer = alice_client.post(reverse("set_page_privacy"), {"private": "on"}, follow=True)
    assert "Your player page is private now." in answer.content.decode()
    assert 'id="private-page" checked' in answer.content.decode()
    for viewer in (bob_client, Client()):
        page = viewer.get(reverse("player", args=[alice.pk])).content.decode()
        assert "This player keeps their page private." in page
        assert "Matches" not in page
    own = alice_client.get(reverse("player", args=[alice.pk])).content.decode()
    assert stat(own, "Matches") == "1"
    alice_client.post(reverse("set_page_privacy"), {})
    page = bob_client.get(reverse("player", args=[alice.pk])).content.decode()
    assert stat(page, "Matches") == "1"


def test_markup_in_a_display_name_is_shown_as_text(alice: AbstractBaseUser, client: Client) -> None:
    alice.profile.display_name = "<b>Ala</b>"
    alice.profile.save()
    page = client.get(reverse("player", args=[alice.pk])).content.decode()
    assert "&lt;b&gt;Ala&lt;/b&gt;" in page
    assert "<b>Ala</b>" not in page


def test_my_matches_show_each_matchs_rating_change(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = won_match(alice)
    result = MatchResult.objects.get(match=match, user=alice)
    assert result.rating_after is not None
    assert result.rating_before is not None
    change = result.rating_after - result.rating_before
    page = alice_client.get(reverse("my_matches")).content.decode()
    assert f'<span class="plus">+{change:.1f}</span>' in page


def test_a_name_at_a_friends_table_leads_to_the_players_page(
    alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client
) -> None:
    """In a new tab, so the match stays open; one's own name and computers lead nowhere."""
    match = services.create_friends_table(bob, "thousand", Rules().to_dict(), 3, seed=2)
    services.join_table(match.pk, alice)
    services.fill_with_computers(match.pk, "normal", user=bob)
    services.start_table(match.pk, user=bob)
    page = alice_client.get(reverse("match_table", args=[match.pk])).content.decode()
    bobs = reverse("player", args=[bob.pk])
    assert f'<a href="{bobs}" target="_blank" rel="noopener">bob</a>' in page
    assert reverse("player", args=[alice.pk]) not in page
