"""Thousand for four at the site: the dealer sits the hand out, sees only what everyone sees,
and the deal goes round all four seats."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from games import services
from games.core.registry import run_chooser
from games.models import Match, Round
from games.thousand.engine import Rules, legal_actions
from games.thousand.engine.cards import names_of

from .conftest import current, play_computers
from .hidden import shown_cards

pytestmark = pytest.mark.django_db


def four_player_match(alice: AbstractBaseUser, seed: int) -> Match:
    return services.create_practice_match(
        alice, "thousand", Rules().to_dict(), "beginner", players=4, seed=seed
    )


def play_out_hand(match: Match, alice: AbstractBaseUser) -> None:
    table = current(match)
    while not table.state.is_over:
        if table.computer_to_move is not None:
            play_computers(match)
        else:
            action = legal_actions(table.state)[0]
            services.submit_move(match.pk, action, table.match.version, user=alice)
        table = current(match)


def test_a_practice_match_for_four_seats_alice_and_three_computers(
    alice: AbstractBaseUser,
) -> None:
    match = four_player_match(alice, seed=5)
    assert match.seats.count() == 4
    assert match.scores == [0, 0, 0, 0]
    assert Rules.from_dict(match.options).players == 4
    dealer = match.progress["dealer"]
    setup = Round.objects.get(match=match).setup
    assert setup["dealer"] == dealer
    assert len(setup["hands"]) == 3


def test_the_dealer_sits_out_scores_nothing_and_the_deal_passes_to_the_left(
    alice: AbstractBaseUser,
) -> None:
    for seed in range(40):
        match = four_player_match(alice, seed)
        if match.progress["dealer"] == 0:
            break
    else:
        pytest.fail("no seed made Alice the first dealer")
    table = current(match)
    assert table.to_move != 0
    assert table.view_for(0).seats == (1, 2, 3)
    play_out_hand(match, alice)
    table = current(match)
    result = table.finished_rounds()[-1].result
    assert result is not None
    assert table.match.scores[0] == 0
    assert result["score_deltas"][0] == 0
    assert sum(result["card_points"]) == 120
    assert table.match.progress["dealer"] == 1
    services.next_round(match.pk, table.match.version, user=alice)
    table = current(match)
    assert table.round.setup["dealer"] == 1
    # Everyone, the computers too, sees the score of the dealer sitting this hand out.
    dealer_score = table.match.scores[1]
    assert dealer_score != 0
    assert table.round.setup["dealer_score"] == dealer_score
    assert {table.view_for(seat).dealer_score for seat in range(4)} == {dealer_score}


def test_the_sitting_out_dealer_sees_no_hidden_card_and_the_table_has_four_seats(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    for seed in range(40):
        match = four_player_match(alice, seed)
        if match.progress["dealer"] == 0:
            break
    for _ in range(8):  # the auction, the musik and a card or two: hands still hidden
        turn = services.computer_turn(match.pk)
        assert isinstance(turn, services.ComputerTurn)
        action = run_chooser(turn.chooser, turn.level, turn.view, turn.seed)
        services.submit_move(match.pk, action, turn.version, computer_seat=turn.seat)
    table = current(match)
    page = alice_client.get(reverse("match_table", args=[match.pk])).content.decode()
    assert "You deal this hand and sit it out" in page
    assert 'class="felt four"' in page
    assert "Tola" in page  # the Beginner computer across the table
    held = {card for hand in table.state.hands for card in names_of(hand)}
    hidden = held - set(table.view_for(0).musik or ())
    assert hidden
    assert not shown_cards(page) & hidden
