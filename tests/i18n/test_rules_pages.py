"""The rules page of Thousand: twelve steps, each with its text and an illustration drawn from
the engine's own states, a step picker and previous/next as plain links."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from games.thousand.engine import Rules
from games.thousand.web.rules import STEPS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_computer_moves")]


def page(path: str, language: str = "en") -> str:
    response = Client().get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, path
    return response.content.decode()


def cards_in(html: str, state: str) -> list[str]:
    return re.findall(
        rf'<li class="card {state}"><span class="card-face \w+" data-card="(\w\w)"', html
    )


@pytest.mark.parametrize("number", range(1, 13))
def test_each_step_has_its_page_with_the_picker_and_its_neighbours(number: int) -> None:
    html = page(f"/rules/thousand/{number}/")
    start = html.index('<nav class="step-picker"')
    picker = html[start : html.index("</nav>", start)]
    links = re.findall(r'<a href="/rules/thousand/(\d+)/"( aria-current="step")?>', picker)
    assert [int(step) for step, _current in links] == list(range(1, 13))
    assert [int(step) for step, current in links if current] == [number]
    previous = re.findall(r'rel="prev" href="/rules/thousand/(\d+)/#step"', html)
    following = re.findall(r'rel="next" href="/rules/thousand/(\d+)/#step"', html)
    assert previous == ([str(number - 1)] if number > 1 else [])
    assert following == ([str(number + 1)] if number < 12 else [])
    assert "<script" not in html[html.index('<main id="main">') :]


def test_the_first_step_is_the_rules_page_itself() -> None:
    html = page("/rules/thousand/")
    assert '<a href="/rules/thousand/1/" aria-current="step">' in html


@pytest.mark.parametrize("path", ["/rules/thousand/0/", "/rules/thousand/13/", "/rules/chess/"])
def test_a_step_or_game_that_does_not_exist_is_not_found(path: str) -> None:
    assert Client().get(path).status_code == 404


def test_the_must_beat_step_lights_exactly_the_cards_the_engine_allows() -> None:
    html = page("/rules/thousand/7/")
    # Left holds 9S 9C QC KC TC 9D JD less what it played; J of clubs was led: it must beat.
    assert sorted(cards_in(html, "playable")) == ["KC", "QC", "TC"]
    assert sorted(cards_in(html, "dimmed")) == ["9C", "9D", "JS"]


def test_the_trick_step_shows_the_trick_the_engine_played_and_its_winner() -> None:
    html = page("/rules/thousand/2/")
    played = re.findall(
        r'<div class="card played( won)?"><span class="card-face \w+" data-card="(\w\w)"', html
    )
    assert played == [(" won", "AS"), ("", "9S"), ("", "QS")]
    assert "14 points" in html


def test_the_bidding_step_shows_the_auction_as_the_engine_ran_it() -> None:
    html = page("/rules/thousand/4/")
    facts = re.findall(r"<li>([^<]+)</li>", html[html.index('class="rules-facts"') :])
    assert facts[:7] == [
        "You: 100 (the opening bid)",
        "Left: pass",
        "Right: 110",
        "You: 120",
        "Right: pass",
        "Left holds the clubs marriage, so it could bid up to 180.",
        "You hold the hearts marriage: you could bid up to 220.",
    ]


def test_the_scoring_step_scores_the_seeds_example_with_the_engine() -> None:
    html = page("/rules/thousand/9/")
    rows = re.findall(
        r'<tr><th scope="row">(\w+)(?: <span class="role">[^<]*</span>)?</th>'
        r"<td>(\d+)</td><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td><td[^>]*>\+?(-?\d+)</td><td>(\d+)</td></tr>",
        html,
    )
    assert rows == [
        ("You", "78", "60", "138", "0", "120", "120"),
        ("Left", "24", "0", "24", "0", "20", "20"),
        ("Right", "18", "0", "18", "0", "20", "20"),
    ]


def test_the_page_has_the_points_the_options_and_the_tips() -> None:
    html = page("/rules/thousand/1/")
    points = re.findall(r'<tr><th scope="row">([^<]+)</th><td>(\d+)</td></tr>', html)
    assert points == [
        ("Ace", "11"),
        ("Ten", "10"),
        ("King", "4"),
        ("Queen", "3"),
        ("Jack", "2"),
        ("Nine", "0"),
        ("Marriage of hearts", "100"),
        ("Marriage of diamonds", "80"),
        ("Marriage of clubs", "60"),
        ("Marriage of spades", "40"),
    ]
    options = html[html.index('id="variants"') : html.index('id="tips"')]
    assert re.findall(r"<dt>([^<]+)</dt>", options) == [
        "Play to",
        "Bids and contracts go up by",
        "Following a trick",
        "Opponents&#x27; points",
        "Four nines",
        "Four players: the dealer sitting out",
    ]
    assert re.findall(r'href="/rules/thousand/(\d+)/#step">See step', options) == [
        "10",
        "4",
        "7",
        "9",
        "4",
        "12",
    ]
    assert "Bid over 100 only with a marriage, or with a few aces and tens." in html


def test_the_lobby_links_to_the_rules_and_to_what_the_options_change() -> None:
    client = Client()
    client.force_login(get_user_model().objects.create_user(username="alice"))
    html = client.get("/play/").content.decode()
    assert '<a href="/rules/thousand/">How to play Thousand, step by step</a>' in html
    assert '<a href="/rules/thousand/#variants">What each option changes</a>' in html


def test_the_tables_rules_panel_links_each_option_to_its_step() -> None:
    alice = get_user_model().objects.create_user(username="alice")
    rules = Rules(target=500, following="classic").to_dict()
    match = services.create_practice_match(alice, "thousand", rules, "normal", seed=1)
    client = Client()
    client.force_login(alice)
    html = client.get(f"/play/{match.pk}/").content.decode()
    panel = html[
        html.index('id="rules-box"') : html.index("</details>", html.index('id="rules-box"'))
    ]
    assert re.findall(r'<li><a href="/rules/thousand/(\d+)/#step">([^<]+)</a></li>', panel) == [
        ("10", "Match to 500"),
        ("4", "Bids in steps of 10"),
        ("7", "Following: classic"),
        ("9", "Opponents round to 10, 5 down"),
        ("4", "Four 9s: re-deal before bidding"),
    ]
    assert '<a href="/rules/thousand/">How to play Thousand, step by step</a>' in panel


def test_each_tables_rules_panel_shows_its_own_options_in_its_viewers_language() -> None:
    """The panel is drawn once per set of options and language, then kept: each table still
    shows its own."""
    alice = get_user_model().objects.create_user(username="alice")
    client = Client()
    client.force_login(alice)

    def panel_of(rules: Rules, language: str) -> list[str]:
        match = services.create_practice_match(alice, "thousand", rules.to_dict(), "normal")
        html = client.get(f"/play/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        start = html.index('id="rules-box"')
        return re.findall(r'#step">([^<]+)</a>', html[start : html.index("</details>", start)])

    assert panel_of(Rules(target=500, following="classic"), "en")[:3] == [
        "Match to 500",
        "Bids in steps of 10",
        "Following: classic",
    ]
    assert panel_of(Rules(), "en")[:3] == [
        "Match to 1000",
        "Bids in steps of 10",
        "Following: must beat",
    ]
    assert panel_of(Rules(), "pl")[0] == "Gra do 1000"


@pytest.mark.parametrize("number", range(1, 8))
def test_each_rummy_step_has_its_page_with_the_picker(number: int) -> None:
    html = page(f"/rules/rummy/{number}/")
    start = html.index('<nav class="step-picker"')
    picker = html[start : html.index("</nav>", start)]
    links = re.findall(r'<a href="/rules/rummy/(\d+)/"( aria-current="step")?>', picker)
    assert [int(step) for step, _current in links] == list(range(1, 8))
    assert [int(step) for step, current in links if current] == [number]
    assert "<script" not in html[html.index('<main id="main">') :]


def facts(html: str) -> list[str]:
    return re.findall(r"<li>([^<]+)</li>", html[html.index('class="rules-facts"') :])


def test_the_rummy_sets_are_judged_by_the_engine() -> None:
    html = page("/rules/rummy/1/")
    verdicts = re.findall(r'<span class="rules-verdict">([^<]+)</span>', html)
    assert verdicts == [
        "✓ A group worth 21.",
        "✗ The group “red 7, blue 7, red 7” has red 7 twice; its colours must all differ.",
        "✓ A group worth 48.",
    ]


def test_the_rearranging_step_is_the_seeds_example_checked_by_the_engine() -> None:
    assert facts(page("/rules/rummy/5/"))[:2] == [
        "You played blue 7, black 7: 14 points.",
        "Red 4, 5, 6 is still a valid run.",
    ]


def test_the_joker_step_shows_the_engines_refusal_to_keep_the_joker() -> None:
    assert facts(page("/rules/rummy/6/"))[:2] == [
        "You played red 5, blue 8, black 8: 21 points.",
        "Keeping the joker instead: The joker you took must stay on the table.",
    ]


def test_the_initial_meld_and_its_refusal_in_polish() -> None:
    assert facts(page("/rules/rummy/4/", "pl"))[1] == "Twoje otwarcie jest warte 27, a potrzeba 30."


def test_the_rummy_scoring_step_scores_with_the_engine() -> None:
    html = page("/rules/rummy/7/")
    rows = re.findall(
        r'<tr><th scope="row">(\w+)</th><td>.*?</td><td>(\d+)</td><td[^>]*>([+-]?\d+)</td></tr>',
        html,
    )
    assert rows[:3] == [("You", "0", "+40"), ("Left", "8", "-8"), ("Right", "32", "-32")]
    # Then the blocked game: 8, 6 and 11 points, Left's 6 the fewest.
    assert rows[3:] == [("You", "8", "-2"), ("Left", "6", "+7"), ("Right", "11", "-5")]


def test_the_home_page_links_to_the_rules() -> None:
    assert '<a href="/rules/thousand/">The whole game, step by step, with pictures</a>' in page("/")


def test_the_rummy_rules_draw_the_tables_own_tiles() -> None:
    html = page("/rules/rummy/1/")
    assert re.findall(r'<span class="tile tile-(\w+)" data-tile="(\w+)">', html)[:4] == [
        ("red", "R7"),
        ("blue", "B7"),
        ("black", "K7"),
        ("red", "R7"),
    ]
    assert "games/rummy.css" in html


def test_the_rummy_tables_rules_panel_links_to_the_rules_page() -> None:
    alice = get_user_model().objects.create_user(username="alice")
    match = services.create_practice_match(alice, "rummy", {"games": 1}, "normal", seed=1)
    client = Client()
    client.force_login(alice)
    html = client.get(f"/play/{match.pk}/").content.decode()
    panel = html[
        html.index('id="rules-box"') : html.index("</details>", html.index('id="rules-box"'))
    ]
    assert '<a href="/rules/rummy/">How to play tile rummy</a>' in panel


def test_step_8_shows_the_led_king_on_the_table_and_not_still_in_the_hand() -> None:
    illustration = STEPS[7].build()
    led = [slot.card.code for slot in illustration.trick if slot.led and slot.card]
    hand = [shown.c.code for shown in illustration.rows[0].cards]
    assert led == ["KH"]
    assert "KH" not in hand
    assert "QH" in hand


@pytest.mark.parametrize(
    ("number", "words"),
    [
        (4, "all four nines"),
        (7, "a higher trump than one already played"),
        (10, "never goes past 490"),
    ],
)
def test_the_steps_say_what_the_rules_and_options_need(number: int, words: str) -> None:
    assert words in page(f"/rules/thousand/{number}/")


def test_rummy_step_1_names_its_three_sets_rightly() -> None:
    html = page("/rules/rummy/1/")
    assert "Three sets the game judges: two groups, and one that is not a group." in html
    assert len(re.findall(r'<li class="rules-set( invalid)?">', html)) == 3


def test_rummy_step_7_captions_its_blocked_game() -> None:
    html = page("/rules/rummy/7/")
    assert 'id="blocked-caption">A blocked game: the pool is empty' in html


def test_the_rummy_page_says_games_never_cost_or_win_coins() -> None:
    assert "a game never costs or wins coins" in page("/rules/rummy/")


def test_the_two_player_step_shows_the_musiks_the_choice_and_the_discards() -> None:
    html = page("/rules/thousand/11/")
    assert "Two players: two musiks and two cards laid away" in html
    assert cards_in(html, "laid") == ["JS", "9H"]
    lines = [
        re.sub(r"<[^>]+>", "", line)
        for line in re.findall(r"<li>(.*?)</li>", html[html.index('class="rules-facts"') :], re.S)
    ]
    assert lines[:3] == [
        "You took the second musik, unseen: Q♦queen of diamonds, K♥king of hearts. Both "
        "players see it.",
        "You laid away 9♥nine of hearts, J♠jack of spades, face down: your opponent never "
        "sees them.",
        "Now each player has 10 cards: 10 tricks of two.",
    ]
    assert 'aria-label="2 cards face down"' in html


def test_the_musik_points_step_scores_the_dealers_musik_with_the_engine() -> None:
    html = page("/rules/thousand/12/")
    assert facts(html)[0] == (
        "50 for the ace and 60 for the clubs marriage: the dealer scores 110 points."
    )
    lobby_variants = page("/rules/thousand/")
    assert "Four players: the dealer sitting out" in lobby_variants
    assert 'href="/rules/thousand/12/#step"' in lobby_variants
