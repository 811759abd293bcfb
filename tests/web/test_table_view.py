"""What the table tells a player: where each card of the trick lies, whose turn, what to do."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Match
from games.thousand.engine import Rules, legal_actions

from .conftest import computer_plays, current, script_deal
from .test_views import HTMX, post_move, table_url

pytestmark = pytest.mark.django_db


def fragment(client: Client, match: Match) -> str:
    return client.get(table_url(match), **HTMX).content.decode()  # type: ignore[no-any-return]


def trick_html(page: str) -> str:
    start = page.index('<div class="trick')
    return page[start : page.index('<p class="trick-caption"', start)]


def hand_html(page: str) -> str:
    start = page.index('<ul class="hand"')
    return page[start : page.index("</ul>", start)]


def played_at(page: str) -> dict[str, str]:
    """The card on the felt in front of each position."""
    return dict(
        re.findall(
            r'<div class="card played[^"]*" data-position="(\w+)">'
            r'<span class="card-face \w+" data-card="(\w\w)"',
            trick_html(page),
        )
    )


def right_leads_the_ace_of_hearts(client: Client, match: Match) -> None:
    """Zosia (right) wins the auction at 110, gives 9C to Alice and 9D to Janek (left), plays
    120, leads AH."""
    computer_plays(match, "pass", "bid:110")
    post_move(client, match, action="pass")
    computer_plays(match, "give:9C", "give:9D", "contract:120", "play:AH")


def play_out(client: Client, match: Match) -> None:
    """Plays the hand to its end: Alice through the views, the computers directly."""
    table = current(match)
    while not table.state.is_over:
        action = legal_actions(table.state)[0]
        if table.state.to_move == 0:
            post_move(client, match, action=action)
        else:
            computer_plays(match, action)
        table = current(match)


def test_each_card_of_the_trick_lies_in_front_of_the_player_who_played_it(
    alice_client: Client, scripted_match: Match
) -> None:
    right_leads_the_ace_of_hearts(alice_client, scripted_match)
    page = fragment(alice_client, scripted_match)
    assert played_at(page) == {"right": "AH"}
    assert "Zosia led" in trick_html(page)

    post_move(alice_client, scripted_match, action="play:9H")
    computer_plays(scripted_match, "play:9S")
    page = fragment(alice_client, scripted_match)
    assert played_at(page) == {"right": "AH", "me": "9H", "left": "9S"}
    assert re.search(r'class="card played won[^"]*" data-position="right"', page)
    assert "Zosia took the trick" in page


def test_cards_on_the_felt_are_never_dimmed_only_unplayable_cards_in_my_hand(
    alice_client: Client, scripted_match: Match
) -> None:
    right_leads_the_ace_of_hearts(alice_client, scripted_match)
    page = fragment(alice_client, scripted_match)
    assert "dimmed" not in trick_html(page)
    hand = hand_html(page)
    dimmed = set(
        re.findall(
            r'<li class="card[^"]* dimmed[^"]*"[^>]*>\s*<span[^>]*><span[^>]*data-card="(\w\w)"',
            hand,
        )
    )
    playable = set(re.findall(r'value="play:(\w\w)"', hand))
    assert playable == {"9H", "JH"}  # hearts led: follow suit
    assert dimmed == {"AS", "TS", "KS", "QS", "AD", "9C"}


def test_only_the_card_just_played_animates_in(alice_client: Client, scripted_match: Match) -> None:
    right_leads_the_ace_of_hearts(alice_client, scripted_match)
    post_move(alice_client, scripted_match, action="play:9H")
    page = fragment(alice_client, scripted_match)
    assert re.findall(r'class="card played latest" data-position="(\w+)"', page) == ["me"]
    assert 'class="card played" data-position="right"' in page


def test_the_bidding_prompt_names_the_bid_and_who_made_it(
    alice_client: Client, scripted_match: Match
) -> None:
    computer_plays(scripted_match, "pass", "bid:110")
    page = fragment(alice_client, scripted_match)
    assert "The bid is 110 (Zosia). Raise or pass." in page


def test_the_announcer_reads_every_line_of_the_last_move_and_what_to_do(
    alice_client: Client, scripted_match: Match
) -> None:
    right_leads_the_ace_of_hearts(alice_client, scripted_match)
    post_move(alice_client, scripted_match, action="play:9H")
    computer_plays(scripted_match, "play:9S")
    page = fragment(alice_client, scripted_match)
    announcer = re.search(r'<div id="announcer" hx-swap-oob="innerHTML">(.*?)</div>', page)
    assert announcer
    assert announcer.group(1) == "Janek plays nine of spades. Zosia takes the trick."
    computer_plays(scripted_match, "play:TH")
    announcer = re.search(
        r'<div id="announcer"[^>]*>(.*?)</div>', fragment(alice_client, scripted_match)
    )
    assert announcer
    assert announcer.group(1) == "Zosia plays ten of hearts. Your turn: play a highlighted card."


def test_leading_from_the_second_trick_the_prompt_offers_the_marriage(
    alice_client: Client, scripted_match: Match
) -> None:
    computer_plays(scripted_match, "pass", "bid:110")
    post_move(alice_client, scripted_match, action="bid", amount="120")
    computer_plays(scripted_match, "pass")
    post_move(alice_client, scripted_match, action="give:9H")
    post_move(alice_client, scripted_match, action="give:JH")
    post_move(alice_client, scripted_match, action="contract", amount="120")
    page = fragment(alice_client, scripted_match)
    assert "Your lead: play any card (no marriages in the first trick)." in page
    post_move(alice_client, scripted_match, action="play:AS")
    computer_plays(scripted_match, "play:9S", "play:KD")
    page = fragment(alice_client, scripted_match)
    assert "Leading the king or queen of spades declares the marriage (40)." in page
    assert "You took the trick" in page  # the last trick stays on the felt
    post_move(alice_client, scripted_match, action="play:TS")
    page = fragment(alice_client, scripted_match)
    caption = page[page.index('<span class="previous-trick">') :]
    caption = caption[: caption.index("</p>")]
    assert " ".join(re.sub(r"<[^>]+>", " ", caption).split()) == (
        "Last trick: You A♠ ace of spades · Janek 9♠ nine of spades · Zosia K♦ king of diamonds ."
        " You took it."
    )


def test_the_summary_says_who_scores_only_as_declarer(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal", seed=1)
    match.scores = [0, 850, 0]
    match.save()
    script_deal(match)
    computer_plays(match, "pass", "bid:110")
    post_move(alice_client, match, action="pass")
    play_out(alice_client, match)
    page = fragment(alice_client, match)
    assert "only as declarer: 800 or more" in page
    left_row = re.search(r"<tr><th scope=\"row\">Janek.*?</tr>", page, re.DOTALL)
    assert left_row
    assert "<td>0</td><td>850</td>" in left_row.group(0)  # no change for Janek on the barrel
    assert "went down" in page or "made the contract" in page


def test_the_end_of_a_match_offers_another_with_the_same_rules(
    alice_client: Client, scripted_match: Match
) -> None:
    Match.objects.filter(pk=scripted_match.pk).update(
        status=Match.Status.FINISHED, winner=0, scores=[1010, 300, 200]
    )
    page = alice_client.get(table_url(scripted_match)).content.decode()
    assert "You won the match! Well played." in page
    assert "Play again with the same options" in page
    for name, value in Rules().to_dict().items():
        assert f'name="{name}" value="{value}"' in page
    assert 'name="level" value="normal"' in page
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="(\w+)">', page))
    response = alice_client.post(reverse("lobby"), fields)
    again = Match.objects.exclude(pk=scripted_match.pk).get()
    assert response["Location"] == table_url(again)
    assert again.options == scripted_match.options


def test_hands_are_numbered_as_played_a_redeal_does_not_count(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal", seed=3)
    poor = ("9S", "JS", "9C", "JC", "9D", "JD", "QH")  # 7 points, no marriage
    rich = ("AS", "TS", "KS", "QS", "AC", "TC", "KC")
    rest = ("QC", "AD", "TD", "KD", "QD", "JH", "9H")
    script_deal(match, dealer=2, hands=(poor, rich, rest), musik=("AH", "TH", "KH"))
    post_move(alice_client, match, action="redeal")
    assert current(match).round.number == 2

    page = fragment(alice_client, match)
    assert "What happened (hand 1)" in page
    assert "You asked for a re-deal: the cards were dealt again." in page

    play_out(alice_client, match)
    page = fragment(alice_client, match)
    assert "Hand 1: points and scores" in page
    sheet = page[page.index('<details class="sheet"') :]
    assert re.findall(r'<th scope="row">(\d+)</th>', sheet) == ["1"]


def test_the_score_sheet_shows_every_hand_played_in_the_viewers_language(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    """The sheet's rendered copy is kept by what it shows: a language or a hand more is new."""

    def sheet(page: str) -> str:
        return page[
            page.index('<details class="sheet"') : page.index(
                "</details>", page.index('<details class="sheet"')
            )
        ]

    match = services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal", seed=8)
    play_out(alice_client, match)
    english = sheet(fragment(alice_client, match))
    assert "Score sheet (1 hand)" in english
    alice_client.cookies["django_language"] = "pl"
    polish = sheet(fragment(alice_client, match))
    assert "Tabela wyników (1 rozdanie)" in polish
    assert re.findall(r"(?:ugrana|nieugrana)</span>", polish)
    alice_client.cookies["django_language"] = "en"
    assert sheet(fragment(alice_client, match)) == english

    services.next_round(match.pk, current(match).match.version, user=alice)
    play_out(alice_client, match)
    again = sheet(fragment(alice_client, match))
    assert "Score sheet (2 hands)" in again
    assert re.findall(r'<th scope="row">(\d+)</th>', again) == ["1", "2"]


def test_the_pages_socket_names_the_version_the_page_shows(
    alice_client: Client, scripted_match: Match
) -> None:
    computer_plays(scripted_match, "pass", "bid:110")
    page = alice_client.get(table_url(scripted_match)).content.decode()
    assert f'ws-connect="/ws/play/{scripted_match.pk}/?v=2"' in page
