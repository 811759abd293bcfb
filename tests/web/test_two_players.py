"""Thousand for two at the site (rules 4.1): the two musiks face down, the declarer's choice,
the chosen musik shown to both, the discards hidden from the opponent, ten tricks of two."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Match
from games.thousand.engine import Observation, Rules, legal_actions, new_hand, spectator_view
from games.thousand.web.log import hand_log

from .conftest import computer_plays, current, play_hand_out
from .hidden import hidden_cards_shown, shown_cards

pytestmark = pytest.mark.django_db

# The computer (seat 1) deals, so Alice (seat 0) opens with the compulsory 100. Alice holds
# the spade marriage, the computer the club marriage; the second musik holds the queen of
# diamonds and the king of hearts, which make Alice two more marriages.
TWO_DEALER = 1
TWO_HANDS = (
    ("AS", "TS", "KS", "QS", "9H", "JH", "QH", "AD", "KD", "JS"),
    ("9S", "AC", "TC", "KC", "QC", "TD", "9D", "JD", "AH", "TH"),
)
TWO_MUSIKS = (("9C", "JC"), ("QD", "KH"))


def two_player_match(alice: AbstractBaseUser, dealer: int = TWO_DEALER) -> Match:
    match = services.create_practice_match(
        alice, "thousand", Rules(players=2).to_dict(), "normal", players=2, seed=3
    )
    current_round = match.rounds.get()
    state = new_hand(dealer, TWO_HANDS, TWO_MUSIKS, (0, 0), Rules(players=2))
    current_round.setup = state.deal_record()
    current_round.save()
    match.progress = {**match.progress, "dealer": dealer}
    match.save()
    return match


def pages(client: Client, match: Match) -> list[str]:
    """The table as a page and as the fragment htmx fetches."""
    url = reverse("match_table", args=[match.pk])
    return [
        client.get(url).content.decode(),
        client.get(url, HTTP_HX_REQUEST="true").content.decode(),
    ]


def checked(client: Client, match: Match) -> str:
    """Alice's page, after checking that no page of hers shows a card she may not see."""
    view = current(match).view_for(0)
    sent = pages(client, match)
    for html in sent:
        assert hidden_cards_shown(html, view) == set()
        assert set(view.hand) <= shown_cards(html)
    return sent[0]


def text(html: str, element_id: str) -> str:
    found = re.search(rf'id="{element_id}"[^>]*>(.*?)</', html, re.S)
    assert found, element_id
    return found.group(1).strip()


def log_lines(match: Match, seat: int) -> list[str]:
    """The hand's log as ``seat`` reads it aloud (the table draws the same lines)."""
    names = ["You", "Janek"] if seat == 0 else ["Alice", "You"]
    return [entry.text for entry in hand_log(current(match).view_for(seat), names)]


def play_out(match: Match, alice: AbstractBaseUser, client: Client) -> list[str]:
    """Plays the hand to its end (first legal cards), checking every page on the way."""
    return play_hand_out(match, alice, lambda: checked(client, match))


def test_alice_declares_chooses_a_musik_discards_and_plays_ten_tricks(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = two_player_match(alice)
    page = checked(alice_client, match)
    assert 'class="felt two"' in page
    assert "seat seat-across" in page
    assert "seat-left" not in page
    assert "seat-right" not in page
    assert "First musik" in page
    assert "Second musik" in page
    assert 'id="musik-1-button"' not in page
    computer_plays(match, "pass")
    page = checked(alice_client, match)
    assert text(page, "prompt") == (
        "You won the auction at 100. Choose a musik: both lie face down, so neither is "
        "better than the other."
    )
    assert 'id="musik-1-button"' in page
    assert 'id="musik-2-button"' in page
    alice_client.post(
        reverse("match_act", args=[match.pk]),
        {"action": "musik:2", "version": current(match).match.version},
    )
    page = checked(alice_client, match)
    assert current(match).state.chosen == 1
    assert 'id="musik-1-button"' not in page
    assert "The musik goes into your hand" in page
    assert text(page, "prompt") == "Lay away two cards, face down, one at a time: choose the first."
    assert "--n: 12; --cols: 4" in page  # on a phone, three rows of four cards
    assert 'value="discard:9H"' in page
    assert 'value="discard:KH"' in page
    assert log_lines(match, 0) == [
        "You open with the compulsory 100.",
        "Janek passes.",
        "You win the auction at 100.",
        "You take the second musik: queen of diamonds, king of hearts.",
    ]
    version = current(match).match.version
    services.submit_move(match.pk, "discard:9H", version, user=alice)
    page = checked(alice_client, match)
    assert text(page, "prompt") == "Now lay away one more card, face down."
    assert "Laid away (only you see them)" in page
    services.submit_move(match.pk, "discard:JS", current(match).match.version, user=alice)
    page = checked(alice_client, match)
    assert log_lines(match, 0)[-2:] == [
        "You lay away nine of hearts, face down.",
        "You lay away jack of spades, face down.",
    ]
    assert 'id="contract-button"' in page
    seen = play_out(match, alice, alice_client)
    table = current(match)
    assert len(table.state.tricks) == 10
    assert "trick" in seen[-1]
    lines = log_lines(match, 0)
    assert sum(line in ("You take the trick.", "Janek takes the trick.") for line in lines) == 10


def test_the_opponent_sees_the_chosen_musik_and_never_the_discards(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = two_player_match(alice)
    computer_plays(match, "bid:110")
    services.submit_move(match.pk, "pass", current(match).match.version, user=alice)
    page = checked(alice_client, match)
    assert text(page, "prompt") == "Janek is choosing a musik…"
    assert 'id="musik-1-button"' not in page
    computer_plays(match, "musik:1")
    page = checked(alice_client, match)
    assert "The first musik (taken by Janek)" in page
    assert {"9C", "JC"} <= shown_cards(page)
    assert text(page, "prompt") == "Janek took the musik and is laying away two cards…"
    computer_plays(match, "discard:9S", "discard:TD")
    page = checked(alice_client, match)
    assert 'aria-label="2 cards laid away, face down"' in page
    assert log_lines(match, 0) == [
        "You open with the compulsory 100.",
        "Janek bids 110.",
        "You pass.",
        "Janek wins the auction at 110.",
        "Janek takes the first musik: nine of clubs, jack of clubs.",
        "Janek lays a card away, face down.",
        "Janek lays a card away, face down.",
    ]
    assert log_lines(match, 1)[-2:] == [
        "You lay away nine of spades, face down.",
        "You lay away ten of diamonds, face down.",
    ]
    seen = play_out(match, alice, alice_client)
    # The hand is over: neither the discards nor the other musik was ever shown to Alice.
    assert not shown_cards(seen[-1]) & {"9S", "TD", "QD", "KH"}
    assert current(match).state.is_over


def test_the_dealer_of_a_two_player_hand_plays_it(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = two_player_match(alice, dealer=0)
    page = checked(alice_client, match)
    assert text(page, "prompt") == "The bid is 100 (Janek). Raise or pass."
    services.submit_move(match.pk, "pass", current(match).match.version, user=alice)
    computer_plays(match, "musik:2", "discard:9S", "discard:TD")
    seen = play_out(match, alice, alice_client)
    assert 'class="sitting-out"' not in seen[-1]
    assert "seat seat-across" in seen[-1]


def test_a_declarer_with_four_nines_may_abandon_before_discarding(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    rules = Rules(players=2, four_nines="abandon")
    match = services.create_practice_match(
        alice, "thousand", rules.to_dict(), "normal", players=2, seed=3
    )
    hands = (
        ("9S", "9H", "9D", "KS", "QS", "AS", "TS", "AD", "KD", "JS"),
        ("JH", "QH", "TH", "AH", "JD", "TD", "QC", "KC", "TC", "AC"),
    )
    current_round = match.rounds.get()
    current_round.setup = new_hand(1, hands, TWO_MUSIKS, (0, 0), rules).deal_record()
    current_round.save()
    match.progress = {**match.progress, "dealer": 1}
    match.save()
    computer_plays(match, "pass")
    services.submit_move(match.pk, "musik:1", current(match).match.version, user=alice)
    page = checked(alice_client, match)
    assert 'id="abandon-button"' in page
    assert 'value="discard:9C"' in page
    alice_client.post(
        reverse("match_act", args=[match.pk]),
        {"action": "redeal", "version": current(match).match.version},
    )
    table = current(match)
    assert table.finished_rounds()[-1].result == {"redeal_by": 0}
    assert table.match.scores == [0, 0]


def test_a_watcher_of_a_two_player_table_sees_the_chosen_musik_never_the_discards(
    alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client
) -> None:
    match = services.create_friends_table(
        alice, "thousand", Rules(players=2).to_dict(), 2, seed=11, watchable=True
    )
    services.join_table(match.pk, bob)
    services.start_table(match.pk, user=alice)
    match = Match.objects.get(pk=match.pk)
    current_round = match.rounds.order_by("-number").first()
    assert current_round is not None
    current_round.setup = new_hand(1, TWO_HANDS, TWO_MUSIKS, (0, 0), Rules(players=2)).deal_record()
    current_round.save()
    match.progress = {**match.progress, "dealer": 1}
    match.save()
    url = reverse("table_watch", args=[Match.objects.get(pk=match.pk).watch_token])
    watcher = Client()

    def watched() -> str:
        page = watcher.get(url).content.decode()
        public = spectator_view(current(match).state)
        values = {name.name: getattr(public, name.name) for name in fields(public)}
        assert hidden_cards_shown(page, Observation(**values, seat=-1, hand=(), legal=())) == set()
        return page

    page = watched()
    assert 'class="felt two"' in page
    assert "First musik" in page
    for user, action in ((bob, "pass"), (alice, "musik:2"), (alice, "discard:9H")):
        services.submit_move(match.pk, action, current(match).match.version, user=user)
        page = watched()
    assert "The second musik (taken by alice)" in page
    assert {"QD", "KH"} <= shown_cards(page)
    assert 'aria-label="1 card laid away, face down"' in page
    table = current(match)
    while not table.state.is_over:
        user = alice if table.state.to_move == 0 else bob
        action = legal_actions(table.state)[0]
        services.submit_move(match.pk, action, table.match.version, user=user)
        page = watched()
        table = current(match)
    assert not shown_cards(page) & {"9H", "9C", "JC"}
