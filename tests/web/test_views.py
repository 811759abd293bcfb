"""Pages: home, lobby, the table and its moves over HTTP (with and without htmx)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Match, Round
from games.thousand.engine import Rules, legal_actions

from .conftest import computer_plays, current

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def act_url(match: Match) -> str:
    return reverse("match_act", args=[match.pk])


def table_url(match: Match) -> str:
    return reverse("match_table", args=[match.pk])


def post_move(client: Client, match: Match, htmx: bool = True, **fields: object) -> object:
    data = {"version": current(match).match.version, **fields}
    return client.post(act_url(match), data, **(HTMX if htmx else {}))


def test_home_invites_visitors_to_play_now_sign_up_or_log_in(client: Client) -> None:
    response = client.get(reverse("home"))
    page = response.content.decode()
    assert response.status_code == 200
    assert f'action="{reverse("guest_start")}"' in page
    assert "Play now" in page
    assert reverse("account_signup") in page
    assert reverse("account_login") in page


def test_home_shows_signed_in_players_the_way_to_their_games(alice_client: Client) -> None:
    page = alice_client.get(reverse("home")).content.decode()
    assert f'href="{reverse("lobby")}"' in page
    assert "Play now" not in page
    assert reverse("account_logout") in page


def test_the_lobby_needs_a_signed_in_player(client: Client) -> None:
    response = client.get(reverse("lobby"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_the_lobby_offers_the_options_with_the_house_rules_checked(alice_client: Client) -> None:
    page = alice_client.get(reverse("lobby")).content.decode()
    for name, value in [
        ("target", "1000"),
        ("level", "normal"),
        ("bid_step", "10"),
        ("following", "must_beat"),
        ("rounding", "ten_down"),
        ("four_nines", "redeal"),
    ]:
        assert re.search(f'name="{name}" value="{value}"[^>]*checked', page)
    assert "None of them ever sees your cards or tiles." in page


def test_the_lobby_says_what_to_expect_of_each_level(alice_client: Client) -> None:
    """Each level's label says how it plays, in each game's own words (issue 25)."""
    page = alice_client.get(reverse("lobby")).content.decode()
    for label in [
        "Beginner — makes a new player&#x27;s mistakes",
        "Normal — sound play, counts the cards",
        "Expert — plays ahead through the hidden cards",
        "Beginner — plays the sets in its own rack",
        "Normal — lays the most tiles it can",
        "Expert — saves its jokers, blocks a player about to go out",
    ]:
        assert label in page


def test_starting_a_match_with_chosen_options(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    response = alice_client.post(
        reverse("lobby"),
        {
            "target": "500",
            "level": "expert",
            "bid_step": "5",
            "following": "classic",
            "rounding": "five",
            "four_nines": "abandon",
        },
    )
    match = Match.objects.get(owner=alice)
    assert response.status_code == 302
    assert response["Location"] == table_url(match)
    assert match.options == Rules(500, 5, "classic", "five", "abandon").to_dict()
    assert {seat.computer_level for seat in match.seats.filter(user=None)} == {"expert"}


def test_a_forged_option_is_refused(alice: AbstractBaseUser, alice_client: Client) -> None:
    response = alice_client.post(reverse("lobby"), {"target": "700", "level": "normal"})
    assert response.status_code == 400
    assert not Match.objects.filter(owner=alice).exists()


def test_the_lobby_lists_matches_to_resume_and_finished_ones(
    alice: AbstractBaseUser, alice_client: Client, scripted_match: Match
) -> None:
    finished = services.create_practice_match(alice, "thousand", Rules().to_dict(), "beginner")
    Match.objects.filter(pk=finished.pk).update(
        status=Match.Status.FINISHED, winner=0, scores=[1010, -40, 530]
    )
    page = alice_client.get(reverse("lobby")).content.decode()
    resume, done = page.split("Recently finished")
    assert table_url(scripted_match) in resume
    assert "You <strong>0</strong> · Janek <strong>0</strong> · Zosia <strong>0</strong>" in resume
    assert "just now" in resume
    assert table_url(finished) in done
    assert "You won" in done
    assert (
        "You <strong>1010</strong> · Lolek <strong>-40</strong> · Tola <strong>530</strong>" in done
    )


def test_the_table_page_shows_alices_cards_and_opens_the_socket(
    alice_client: Client, scripted_match: Match, runner_requests: list[int]
) -> None:
    response = alice_client.get(table_url(scripted_match))
    page = response.content.decode()
    assert response.status_code == 200
    assert f'ws-connect="/ws/play/{scripted_match.pk}/?v=0"' in page
    assert 'hx-ext="ws"' in page
    for card in ("AS", "TS", "KS", "QS", "9H", "JH", "AD"):
        assert f'data-card="{card}"' in page
    assert "You open with the compulsory 100." in page
    assert "100 (compulsory)" in page
    assert runner_requests == [scripted_match.pk]


def test_the_table_page_at_alices_turn_asks_no_runner(
    alice_client: Client, scripted_match: Match, runner_requests: list[int]
) -> None:
    computer_plays(scripted_match, "pass", "pass")  # Alice takes the musik at 100
    runner_requests.clear()
    response = alice_client.get(table_url(scripted_match))
    assert response.status_code == 200
    assert runner_requests == []


def test_in_debug_mode_no_script_puts_a_refused_moves_answer_in_place_of_the_page(
    alice_client: Client, scripted_match: Match, settings: object
) -> None:
    settings.DEBUG = True  # type: ignore[attr-defined]
    page = alice_client.get(table_url(scripted_match)).content.decode()
    assert "htmx-2.min.js" in page
    assert "django-htmx.js" not in page  # its debug handler swaps 400 answers into the document


def test_an_htmx_poll_gets_the_table_fragment(alice_client: Client, scripted_match: Match) -> None:
    fragment = alice_client.get(table_url(scripted_match), **HTMX).content.decode()
    assert fragment.startswith('\n<section id="table"') or fragment.startswith(
        '<section id="table"'
    )
    assert 'data-version="0"' in fragment
    assert '<div id="announcer" hx-swap-oob="innerHTML">' in fragment
    assert "<html" not in fragment
    assert 'hx-trigger="every 2s' in fragment  # the computers are to move: poll without a socket


def test_a_move_over_htmx_answers_with_the_updated_table(
    alice_client: Client, scripted_match: Match
) -> None:
    computer_plays(scripted_match, "pass", "bid:110")
    response = post_move(alice_client, scripted_match, action="bid", amount="120")
    fragment = response.content.decode()  # type: ignore[attr-defined]
    assert response.status_code == 200  # type: ignore[attr-defined]
    assert 'data-version="3"' in fragment
    assert "You bid 120." in fragment
    assert Round.objects.get(match=scripted_match).actions == ["pass", "bid:110", "bid:120"]


def test_without_javascript_a_move_redirects_back_to_the_table(
    alice_client: Client, scripted_match: Match
) -> None:
    computer_plays(scripted_match, "pass", "bid:110")
    response = post_move(alice_client, scripted_match, htmx=False, action="pass")
    assert response.status_code == 302  # type: ignore[attr-defined]
    assert response["Location"] == table_url(scripted_match)  # type: ignore[index]


@pytest.mark.parametrize(
    ("fields", "status", "message"),
    [
        ({"action": "play:ZZ"}, 400, "ZZ is not a card"),
        ({"action": "bid"}, 400, "Choose a number first."),
        ({"action": "bid", "amount": "-5"}, 400, "Choose a number first."),
        ({"action": "bid", "amount": "125"}, 400, "Bids go up in steps of 10."),
        ({"action": "bid", "amount": "110"}, 400, "Bid more than the current bid of 110."),
        ({"action": "bid", "amount": "300"}, 400, "you may bid at most 160"),
        ({"action": "play:AS"}, 400, "The auction is on: bid or pass."),
        ({"action": "give:AS"}, 400, "The auction is on: bid or pass."),
        ({"action": "pass", "version": "7"}, 409, "The table changed before your move arrived"),
        ({"action": "pass", "version": "x"}, 400, "does not say which table"),
        ({"action": ""}, 400, "That is not a move."),
        ({}, 400, "That is not a move."),
    ],
)
def test_bad_moves_get_a_message_at_the_table_and_change_nothing(
    alice_client: Client,
    scripted_match: Match,
    fields: dict[str, str],
    status: int,
    message: str,
) -> None:
    computer_plays(scripted_match, "pass", "bid:110")
    response = post_move(alice_client, scripted_match, **fields)
    fragment = response.content.decode()  # type: ignore[attr-defined]
    assert response.status_code == status  # type: ignore[attr-defined]
    assert message in fragment
    assert 'id="table-message"' in fragment
    assert 'id="table"' in fragment
    assert Round.objects.get(match=scripted_match).actions == ["pass", "bid:110"]
    assert current(scripted_match).match.version == 2


def test_the_next_hand_is_refused_by_its_reason_while_one_is_being_played(
    alice_client: Client, scripted_match: Match
) -> None:
    computer_plays(scripted_match, "pass", "bid:110")
    url = reverse("match_next", args=[scripted_match.pk])
    response = alice_client.post(url, {"version": "2"}, **HTMX)
    assert response.status_code == 409  # type: ignore[attr-defined]
    assert "The hand is still being played." in response.content.decode()  # type: ignore[attr-defined]
    assert current(scripted_match).round.number == 1


def test_a_bad_move_without_javascript_shows_the_page_with_the_message(
    alice_client: Client, scripted_match: Match
) -> None:
    response = post_move(alice_client, scripted_match, htmx=False, action="pass")
    assert response.status_code == 409  # type: ignore[attr-defined]
    page = response.content.decode()  # type: ignore[attr-defined]
    assert "<html" in page
    assert "It is not your turn." in page


def test_a_stranger_cannot_see_or_touch_alices_match(
    bob_client: Client, scripted_match: Match
) -> None:
    page = bob_client.get(table_url(scripted_match))
    assert page.status_code == 404
    for card in ("AS", "KS", "9H", "AD"):
        assert card not in page.content.decode()
    move = bob_client.post(act_url(scripted_match), {"action": "pass", "version": "0"}, **HTMX)
    assert move.status_code == 404
    assert current(scripted_match).match.version == 0
    assert bob_client.get(table_url(scripted_match), **HTMX).status_code == 404
    assert bob_client.get(reverse("match_table", args=[99999])).status_code == 404


def test_visitors_are_sent_to_log_in_and_their_posts_are_forbidden(
    client: Client, scripted_match: Match
) -> None:
    assert client.get(table_url(scripted_match)).status_code == 302
    response = client.post(act_url(scripted_match), {"action": "pass", "version": "0"})
    assert response.status_code == 403
    assert current(scripted_match).match.version == 0


def test_moves_are_only_posted(alice_client: Client, scripted_match: Match) -> None:
    assert alice_client.get(act_url(scripted_match)).status_code == 405


def test_a_finished_match_refuses_moves_and_shows_the_winner(
    alice_client: Client, scripted_match: Match
) -> None:
    Match.objects.filter(pk=scripted_match.pk).update(
        status=Match.Status.FINISHED, winner=1, scores=[300, 1010, 200]
    )
    response = post_move(alice_client, scripted_match, action="pass")
    assert response.status_code == 409  # type: ignore[attr-defined]
    assert "This match is over." in response.content.decode()  # type: ignore[attr-defined]
    page = alice_client.get(table_url(scripted_match)).content.decode()
    assert "Janek won the match." in page
    assert "Back to the lobby" in page


def test_resigning_at_the_table_ends_the_match_and_lists_it_as_resigned(
    alice_client: Client, scripted_match: Match
) -> None:
    computer_plays(scripted_match, "pass", "bid:110")
    before = alice_client.get(table_url(scripted_match)).content.decode()
    resign_url = reverse("match_resign", args=[scripted_match.pk])
    assert f'action="{resign_url}"' in before
    assert 'value="pass"' in before

    response = alice_client.post(resign_url, {"version": "0"}, **HTMX)

    assert response.status_code == 200  # type: ignore[attr-defined]
    page = alice_client.get(table_url(scripted_match)).content.decode()
    assert "You resigned this match." in page
    standings = page.split('class="standings"')[1].split("</ol>")[0]
    assert re.findall(r"<li( class=\"me\")?>", standings) == ["", "", ' class="me"']
    assert f'action="{resign_url}"' not in page
    assert 'value="pass"' not in page
    assert "Back to the lobby" in page
    lobby = alice_client.get(reverse("lobby")).content.decode()
    resume, done = lobby.split("Recently finished")
    assert table_url(scripted_match) not in resume
    assert table_url(scripted_match) in done
    assert "Resigned" in done


def test_a_stranger_cannot_resign_alices_match(bob_client: Client, scripted_match: Match) -> None:
    resign_url = reverse("match_resign", args=[scripted_match.pk])
    move = bob_client.post(resign_url, {"version": "0"}, **HTMX)
    assert move.status_code == 404
    assert current(scripted_match).match.status == Match.Status.PLAYING


def test_a_whole_hand_through_the_views(alice_client: Client, scripted_match: Match) -> None:
    computer_plays(scripted_match, "pass", "bid:110")
    post_move(alice_client, scripted_match, action="pass")
    computer_plays(scripted_match, "give:9C", "give:9D", "contract:120")
    page = alice_client.get(table_url(scripted_match)).content.decode()
    assert "Zosia gives you" in page
    assert 'data-card="9C"' in page
    assert "Zosia gives a card to Janek." in page
    table = current(scripted_match)
    while not table.state.is_over:
        action = legal_actions(table.state)[0]
        if table.state.to_move == 0:
            fragment = alice_client.get(table_url(scripted_match), **HTMX).content.decode()
            assert f'value="{action}"' in fragment  # a highlighted, actionable card
            response = post_move(alice_client, scripted_match, action=action)
            assert response.status_code == 200  # type: ignore[attr-defined]
        else:
            computer_plays(scripted_match, action)
        table = current(scripted_match)

    page = alice_client.get(table_url(scripted_match)).content.decode()
    assert "Deal the next hand" in page
    assert "contract of 120" in page or "contract 120" in page
    next_url = reverse("match_next", args=[scripted_match.pk])
    alice_client.post(next_url, {"version": current(scripted_match).match.version}, **HTMX)
    assert current(scripted_match).round.number == 2
