"""Statistics from scripted matches, with exact numbers; voided matches left out; the profile
page shows them in a bounded number of queries."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from games.core.registry import all_specs, get_spec
from games.history import moderation
from games.history.statistics import Totals, statistics_of
from games.models import MatchResult

from .conftest import bobs_table_won_by_bob, resigned_match, won_match


@pytest.fixture
def alices_matches(alice: AbstractBaseUser, bob: AbstractBaseUser) -> list[Any]:
    """Oldest first: won (Normal, to 1000), resigned (Normal), won (Expert, to 500), second
    at Bob's table (people and a Normal computer), won (Expert, to 1000)."""
    return [
        won_match(alice, "normal"),
        resigned_match(alice, "normal"),
        won_match(alice, "expert", target=500),
        bobs_table_won_by_bob(bob, alice),
        won_match(alice, "expert"),
    ]


def lines(pairs: list[tuple[str, str]]) -> dict[str, str]:
    return dict(pairs)


def test_statistics_of_scripted_matches(alice: AbstractBaseUser, alices_matches: list[Any]) -> None:
    stats = statistics_of(alice, get_spec("thousand"))
    overall = lines(stats.overall)
    assert overall["Matches played"] == "5"
    assert overall["Matches won"] == "3"
    assert overall["Win rate"] == "60%"
    assert overall["Hands played"] == "4"  # the resigned match ended before its first hand
    assert overall["Hands as declarer"] == "3"
    assert overall["Contracts made"] == "3"
    assert overall["Contracts failed"] == "0"
    assert overall["Success rate as declarer"] == "100%"
    assert overall["Average contract"] == "100.0"
    assert overall["Highest contract made"] == "100"
    assert overall["Marriages in hearts (♥)"] == "3"
    assert overall["Marriages in spades (♠)"] == "0"
    assert overall["Average points per hand"] == "75.0"  # 300 points in 4 hands
    assert (stats.current_streak, stats.best_streak) == (1, 1)
    assert [(r.place, r.won, r.score) for r in stats.recent] == [
        (1, True, 1000),
        (3, False, 0),
        (1, True, 500),
        (2, False, 200),
        (1, True, 1000),
    ]


def test_statistics_split_by_length_and_level(
    alice: AbstractBaseUser, alices_matches: list[Any]
) -> None:
    stats = statistics_of(alice, get_spec("thousand"))
    assert stats.by_length.headings == ["All", "to 1000", "to 500"]
    by_length = dict(stats.by_length.rows)
    assert by_length["Matches played"] == ["5", "4", "1"]
    assert by_length["Matches won"] == ["3", "2", "1"]
    assert by_length["Win rate"] == ["60%", "50%", "100%"]
    assert stats.by_level.headings == ["All", "Normal", "Expert"]
    by_level = dict(stats.by_level.rows)
    assert by_level["Matches played"] == ["5", "3", "2"]
    assert by_level["Matches won"] == ["3", "1", "2"]
    assert by_level["Hands as declarer"] == ["3", "1", "2"]


def test_a_voided_match_leaves_the_statistics(
    alice: AbstractBaseUser, alices_matches: list[Any], carol: AbstractBaseUser
) -> None:
    last = alices_matches[-1]
    moderation.void_match(carol, last.pk, "collusion")
    stats = statistics_of(alice, get_spec("thousand"))
    overall = lines(stats.overall)
    assert overall["Matches played"] == "4"
    assert overall["Matches won"] == "2"
    assert overall["Hands as declarer"] == "2"
    assert dict(stats.by_level.rows)["Matches played"] == ["4", "3", "1"]
    assert (stats.current_streak, stats.best_streak) == (0, 1)
    assert MatchResult.objects.get(match=last).void is True


def test_streaks_count_wins_in_a_row(alice: AbstractBaseUser) -> None:
    resigned_match(alice)
    won_match(alice)
    won_match(alice)
    stats = statistics_of(alice, get_spec("thousand"))
    assert (stats.current_streak, stats.best_streak) == (2, 2)
    resigned_match(alice)
    stats = statistics_of(alice, get_spec("thousand"))
    assert (stats.current_streak, stats.best_streak) == (0, 2)


def test_the_profile_shows_the_statistics_and_charts_in_few_queries(
    alice: AbstractBaseUser,
    alice_client: Client,
    alices_matches: list[Any],
    django_assert_max_num_queries: Any,
) -> None:
    # the page's own 9, the header's coins and the cosmetics owned, then the totals, the
    # streak and the recent results of each game
    with django_assert_max_num_queries(11 + 3 * len(all_specs())):
        response = alice_client.get(reverse("profile"))
    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="statistics-thousand"' in page
    assert "<dt>Matches won</dt><dd>3</dd>" in page
    assert page.count("<rect ") == 5  # one bar per recent match
    assert "Best winning streak" in page


def test_the_profile_of_a_player_without_matches(
    alice_client: Client, alice: AbstractBaseUser
) -> None:
    page = alice_client.get(reverse("profile")).content.decode()
    assert "No finished match yet." in page


def test_hands_a_dealer_sat_out_at_four_players_are_not_hands_played() -> None:
    """A person's rows count 260 hands in their matches, 32 of them dealt by them at four
    players and sat out: 228 hands played, and the average is over those."""
    totals = Totals(matches=10, won=4, rounds=260, counters={"hands": 228, "points": 2280})
    shown = lines(totals.lines(get_spec("thousand")))
    assert shown["Hands played"] == "228"
    assert shown["Average points per hand"] == "10.0"
    rummy = lines(Totals(matches=2, won=1, rounds=7).lines(get_spec("rummy")))
    assert rummy["Games played"] == "7"
