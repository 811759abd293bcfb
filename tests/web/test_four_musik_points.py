"""Four players with the musik points (rules 4.2): the dealer sitting out sees the musik and
its worth from the deal on, and scores it; nobody sees a card they may not."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from games import services
from games.core.names import seat_names
from games.models import Match
from games.thousand.engine import Rules, legal_actions, musik_points
from games.thousand.engine.cards import names_of

from .conftest import current
from .hidden import hidden_cards_shown, shown_cards

pytestmark = pytest.mark.django_db


def match_dealt_by(alice: AbstractBaseUser, dealer: int, worth: bool = False) -> Match:
    """A four-player match with the musik points whose first dealer is seat ``dealer`` (and
    whose first musik is worth points, if ``worth``)."""
    options = Rules(players=4, musik_points=True).to_dict()
    for seed in range(60):
        match = services.create_practice_match(
            alice, "thousand", options, "beginner", players=4, seed=seed
        )
        if match.progress["dealer"] == dealer and (
            not worth or musik_points(current(match).state.musik) > 0
        ):
            return match
    pytest.fail("no seed dealt as asked")


def alice_pages(client: Client, match: Match) -> str:
    url = reverse("match_table", args=[match.pk])
    view = current(match).view_for(0)
    page = client.get(url).content.decode()
    fragment = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    for html in (page, fragment):
        assert hidden_cards_shown(html, view) == set()
    return page


def test_the_sitting_out_dealer_sees_the_musik_and_its_points_and_scores_them(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = match_dealt_by(alice, dealer=0, worth=True)
    state = current(match).state
    musik = set(names_of(state.musik))
    points = musik_points(state.musik)
    page = alice_pages(alice_client, match)
    assert "You deal this hand and sit it out" in page
    expected = "The musik you score from as the dealer: {} point{}".format(
        points, "" if points == 1 else "s"
    )
    assert expected in page
    assert musik <= shown_cards(page)
    pages = [page]
    while not current(match).state.is_over:
        turn = services.computer_turn(match.pk)
        assert isinstance(turn, services.ComputerTurn)
        table = current(match)
        action = legal_actions(table.state)[0]
        services.submit_move(match.pk, action, turn.version, computer_seat=turn.seat)
        pages.append(alice_pages(alice_client, match))
    table = current(match)
    result = table.state.result
    assert result is not None
    assert table.match.scores[0] == result.dealer_delta == points
    assert table.finished_rounds()[-1].result["score_deltas"][0] == result.dealer_delta
    assert "dealt and sat out: the musik&#x27;s points" in pages[-1]


def test_the_players_see_the_musiks_worth_once_it_is_turned_up(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    # Seat 2 deals, seat 3 opens and declares at 100 when everyone passes: Alice (seat 0)
    # sees the musik turned up as an opponent.
    match = match_dealt_by(alice, dealer=2)
    page = alice_pages(alice_client, match)
    assert "score from as the dealer" not in page
    assert "for the dealer" not in page
    while current(match).state.declarer is None:
        table = current(match)
        if table.computer_to_move is not None:
            services.submit_move(
                match.pk, "pass", table.match.version, computer_seat=table.computer_to_move
            )
        else:
            services.submit_move(match.pk, "pass", table.match.version, user=alice)
    table = current(match)
    assert table.state.declarer is not None
    declarer = seat_names(table.seats, 0)[(2 + 1 + table.state.declarer) % 4]
    points = musik_points(table.state.musik)
    page = alice_pages(alice_client, match)
    unit = "point" if points == 1 else "points"
    assert f"Musik (taken by {declarer}) · {points} {unit} for the dealer" in page
