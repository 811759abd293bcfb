"""A two-player match's history and replay (rules 4.1): the other musik and the discards are
never shown, at any step, to anyone."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Match
from tests.web.conftest import computer_plays, current, play_hand_out
from tests.web.hidden import shown_cards
from tests.web.test_two_players import two_player_match

pytestmark = pytest.mark.django_db


def finish_hand_and_resign(match: Match, alice: AbstractBaseUser) -> Match:
    play_hand_out(match, alice)
    services.resign(match.pk, user=alice)
    return Match.objects.get(pk=match.pk)


def replay_pages(client: Client, match: Match) -> list[str]:
    url = reverse("match_replay", args=[match.pk, 1])
    first = client.get(url)
    assert first.status_code == 200
    last = first.context["replay"].last
    return [first.content.decode()] + [
        client.get(url, {"step": step}, HTTP_HX_REQUEST="true").content.decode()
        for step in range(1, last + 1)
    ]


@pytest.mark.parametrize(
    ("alice_declares", "out_of_play"),
    [(True, {"9H", "JS", "9C", "JC"}), (False, {"9S", "TD", "QD", "KH"})],
)
def test_the_replay_never_shows_the_other_musik_nor_the_discards(
    alice: AbstractBaseUser, alice_client: Client, alice_declares: bool, out_of_play: set[str]
) -> None:
    match = two_player_match(alice)
    if alice_declares:
        computer_plays(match, "pass")
        for action in ("musik:2", "discard:9H", "discard:JS"):
            services.submit_move(match.pk, action, current(match).match.version, user=alice)
    else:
        computer_plays(match, "bid:110")
        services.submit_move(match.pk, "pass", current(match).match.version, user=alice)
        computer_plays(match, "musik:1", "discard:9S", "discard:TD")
    match = finish_hand_and_resign(match, alice)
    pages = replay_pages(alice_client, match)
    assert len(pages) > 20
    for page in pages:
        assert not shown_cards(page) & out_of_play
    # Every other card is shown at some step: the replay still shows both hands.
    seen = set().union(*(shown_cards(page) for page in pages))
    assert len(seen) == 20
    assert "Two musiks of two cards, face down" in pages[0]
    choice = next(page for page in pages if "musik was taken" in page)
    taken = "second" if alice_declares else "first"
    assert f"The {taken} musik was taken; the other stays face down" in choice
    assert any("lays a card away, face down." in page for page in pages)
    history = alice_client.get(reverse("match_history", args=[match.pk]))
    assert history.status_code == 200
    assert not shown_cards(history.content.decode()) & out_of_play
