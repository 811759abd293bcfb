"""No card a seat may not see ever reaches its browser, in any fragment at any moment."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Match
from games.thousand.engine import legal_actions

from .conftest import computer_plays, current
from .hidden import hidden_cards_shown, shown_cards, visible_cards

pytestmark = pytest.mark.django_db


def check_everything_alice_is_sent(client: Client, match_pk: int) -> int:
    table = current(Match.objects.get(pk=match_pk))
    view = table.view_for(0)
    url = reverse("match_table", args=[match_pk])
    page = client.get(url).content.decode()
    fragment = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    for html in (page, fragment):
        assert hidden_cards_shown(html, view) == set()
        assert set(view.hand) <= shown_cards(html)
    return len(visible_cards(view))


def test_alice_never_receives_a_card_she_may_not_see(
    alice: AbstractBaseUser, alice_client: Client, scripted_match: Match
) -> None:
    pk = scripted_match.pk
    seen_counts = [check_everything_alice_is_sent(alice_client, pk)]
    # Right wins the auction and gives 9C to Alice and 9D to Left: Alice must never see 9D
    # until Left plays it.
    computer_plays(scripted_match, "pass", "bid:110")
    seen_counts.append(check_everything_alice_is_sent(alice_client, pk))
    services.submit_move(pk, "pass", 2, user=alice)
    seen_counts.append(check_everything_alice_is_sent(alice_client, pk))
    for action in ("give:9C", "give:9D", "contract:120"):
        computer_plays(scripted_match, action)
        seen_counts.append(check_everything_alice_is_sent(alice_client, pk))
    table = current(scripted_match)
    while not table.state.is_over:
        action = legal_actions(table.state)[0]
        if table.state.to_move == 0:
            services.submit_move(pk, action, table.match.version, user=alice)
        else:
            computer_plays(scripted_match, action)
        seen_counts.append(check_everything_alice_is_sent(alice_client, pk))
        table = current(scripted_match)

    # Alice saw her 7 cards, then the musik, the card given to her, then every card played.
    assert seen_counts[0] == 7
    assert seen_counts[2] == 10
    assert seen_counts[-1] == 24


def test_the_search_finds_a_card_wherever_the_site_draws_it() -> None:
    from games.thousand.web.cards import card_html

    html = card_html("JC")
    assert shown_cards(html) == {"JC"}
    assert "jack of clubs" in html
    assert "J♣" in html
