"""What the Thousand presenter adds for a card room: the allowed range and its reason, whose
turn it is, the musik moving into the declarer's hand, avatars, and places at the end."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from games.core.names import seat_names
from games.models import Match
from games.thousand.web.prompts import range_note
from games.thousand.web.table import present
from games.thousand.web.viewmodels import TableView

from .conftest import computer_plays, current, script_deal
from .test_views import post_move

pytestmark = pytest.mark.django_db

DASH = "\N{EN DASH}"


def text_of(html: str) -> str:
    """The range as read on screen: the suit symbol, its name being for screen readers."""
    return re.sub(r'<span class="visually-hidden">[^<]*</span>|<[^>]+>', "", html)


def table_for(match: Match, seat: int = 0) -> TableView:
    table = current(match)
    return present(table, seat, seat_names(table.seats, seat))


def test_the_range_says_where_the_limit_comes_from() -> None:
    assert text_of(range_note(110, 120, ("AS", "KS", "9H"))) == (
        f"110{DASH}120: at most 120 without a marriage"
    )
    assert (
        text_of(range_note(120, 160, ("KS", "QS", "AD")))
        == f"120{DASH}160: 120 + your ♠ marriage 40"
    )
    assert text_of(range_note(120, 260, ("KH", "QH", "KD", "QD"))) == (
        f"120{DASH}260: 120 + your ♥ marriage 100 + your ♦ marriage 80"
    )
    assert text_of(range_note(120, 120, ("AS",))) == "120: at most 120 without a marriage"


def test_bidding_shows_the_range_and_it_is_the_persons_turn(
    alice: AbstractBaseUser, scripted_match: Match
) -> None:
    waiting = table_for(scripted_match)
    assert waiting.my_turn is False
    assert waiting.range_note == ""
    computer_plays(scripted_match, "bid:110", "pass")
    bidding = table_for(scripted_match)
    assert bidding.my_turn is True
    assert (bidding.bid_min, bidding.bid_max) == (120, 160)
    assert text_of(bidding.range_note) == f"120{DASH}160: 120 + your ♠ marriage 40"
    assert [seat.initial for seat in bidding.seats] == ["A", "J", "Z"]


def test_the_musik_shows_once_to_the_declarer_as_it_moves_into_the_hand(
    alice: AbstractBaseUser, scripted_match: Match
) -> None:
    client = Client()
    client.force_login(alice)
    computer_plays(scripted_match, "bid:110", "pass")
    post_move(client, scripted_match, action="bid", amount="120")
    computer_plays(scripted_match, "pass")
    taken = table_for(scripted_match)
    assert taken.show_musik is True
    assert taken.musik_arriving is True
    assert sorted(card.code for card in taken.hand if card.arriving) == ["9C", "JC", "QD"]
    # An opponent keeps it in sight, nothing moves for them.
    opponent = table_for(scripted_match, 1)
    assert (opponent.show_musik, opponent.musik_arriving) == (True, False)
    post_move(client, scripted_match, action="give:9H")
    giving = table_for(scripted_match)
    assert (giving.show_musik, giving.musik_arriving) == (False, False)
    assert not any(card.arriving for card in giving.hand)
    assert sorted(card.code for card in giving.hand if card.from_musik) == ["9C", "JC", "QD"]


def test_a_phone_lays_out_more_than_five_cards_in_two_rows(
    alice: AbstractBaseUser, scripted_match: Match
) -> None:
    assert table_for(scripted_match).hand_columns == 4  # seven cards: four and three


def test_the_end_of_a_match_gives_places(alice: AbstractBaseUser, scripted_match: Match) -> None:
    Match.objects.filter(pk=scripted_match.pk).update(scores=[600, 1010, 700])
    script_deal(Match.objects.get(pk=scripted_match.pk))
    Match.objects.filter(pk=scripted_match.pk).update(status=Match.Status.FINISHED, winner=1)
    finished = table_for(scripted_match)
    assert [(s.place, s.name) for s in finished.standings] == [
        ("1st", "Janek"),
        ("2nd", "Zosia"),
        ("3rd", "You"),
    ]
