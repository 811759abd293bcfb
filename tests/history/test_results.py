"""A finished match writes each person's result and moves their rating, once, inside the
change that ends it; the matches finished before get theirs from the data migration."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.contrib.auth.models import AbstractBaseUser
from openskill.models import PlackettLuce

from games.history import ratings
from games.history.results import places, record_results, table_level
from games.models import Match, MatchResult, PlayerRating, PlayerTotals

from .conftest import bobs_table_won_by_bob, resigned_match, won_match

THOUSAND_WIN_DETAILS = {
    "hands": 1,
    "declared": 1,
    "made": 1,
    "contracts": 100,
    "max_contract_made": 100,
    "points": 100,
    "marriages_H": 1,
    "marriages_D": 0,
    "marriages_C": 0,
    "marriages_S": 0,
}


def test_places_put_the_winner_first_and_a_resigner_last() -> None:
    assert places([1000, 100, 50], 0, None) == [1, 2, 3]
    assert places([950, 1000, 1000], 1, None) == [3, 1, 2]
    assert places([300, 200, 200], None, None) == [1, 2, 2]
    assert places([300, 200, 100], None, 0) == [3, 1, 2]


def test_the_table_level_is_the_computers_shared_level() -> None:
    assert table_level(["", "expert", "expert"]) == "expert"
    assert table_level(["", "expert", "normal"]) == "mixed"
    assert table_level(["", "", ""]) == ""


def test_a_won_match_writes_the_result_with_the_hands_counters(alice: AbstractBaseUser) -> None:
    match = won_match(alice)
    result = MatchResult.objects.get(match=match)
    assert (result.user, result.seat, result.place, result.won, result.score) == (
        alice,
        0,
        1,
        True,
        1000,
    )
    assert (result.game, result.mode, result.length, result.level, result.players) == (
        "thousand",
        "practice",
        "1000",
        "normal",
        3,
    )
    assert result.rounds == 1
    assert result.details == THOUSAND_WIN_DETAILS
    totals = PlayerTotals.objects.get(user=alice)
    assert (totals.length, totals.level, totals.matches, totals.won, totals.rounds) == (
        "1000",
        "normal",
        1,
        1,
        1,
    )
    assert totals.counters == THOUSAND_WIN_DETAILS


def test_the_rating_moves_once_by_plackett_luce_with_computers_fixed(
    alice: AbstractBaseUser,
) -> None:
    match = won_match(alice, level="expert")
    model = PlackettLuce()
    expected = model.rate(
        [[model.rating()], [model.rating(mu=31.0, sigma=1.0)], [model.rating(mu=31.0, sigma=1.0)]],
        ranks=[1.0, 2.0, 3.0],
    )[0][0]
    rating = PlayerRating.objects.get(user=alice, game="thousand")
    assert rating.mu == pytest.approx(expected.mu)
    assert rating.sigma == pytest.approx(expected.sigma)
    assert rating.matches == 1
    result = MatchResult.objects.get(match=match)
    assert result.rating_before == pytest.approx(25.0)
    assert result.rating_after == pytest.approx(expected.mu)
    # Written once: a second call finds the rows and changes nothing.
    record_results(match, list(match.seats.all()))
    assert MatchResult.objects.filter(match=match).count() == 1
    assert PlayerRating.objects.get(user=alice).matches == 1


def test_a_resigned_match_is_lost_in_last_place(alice: AbstractBaseUser) -> None:
    match = resigned_match(alice)
    result = MatchResult.objects.get(match=match)
    assert (result.place, result.won, result.score, result.rounds) == (3, False, 0, 0)
    rating = PlayerRating.objects.get(user=alice)
    assert rating.mu < ratings.new_rating()[0]


def test_each_person_at_a_friends_table_gets_a_result(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = bobs_table_won_by_bob(bob, alice)
    rows = {row.user: row for row in MatchResult.objects.filter(match=match)}
    assert (rows[bob].place, rows[bob].won, rows[bob].score) == (1, True, 1000)
    assert (rows[alice].place, rows[alice].won, rows[alice].score) == (2, False, 200)
    assert rows[alice].mode == "friends"
    assert rows[alice].level == "normal"
    assert rows[alice].details["hands"] == 1
    assert rows[alice].details["declared"] == 0
    assert rows[alice].details["points"] == 0


def test_the_data_migration_gives_older_matches_their_results(alice: AbstractBaseUser) -> None:
    match = won_match(alice)
    expected = MatchResult.objects.values("place", "won", "score", "rounds", "details").get()
    expected_mu = PlayerRating.objects.get(user=alice).mu
    MatchResult.objects.all().delete()
    PlayerRating.objects.all().delete()
    PlayerTotals.objects.all().delete()
    migration = importlib.import_module("games.migrations.0008_results_of_finished_matches")
    migration.write_results(apps, None)
    assert MatchResult.objects.values("place", "won", "score", "rounds", "details").get() == (
        expected
    )
    assert MatchResult.objects.get().match == match
    assert PlayerRating.objects.get(user=alice).mu == pytest.approx(expected_mu)
    assert PlayerTotals.objects.get(user=alice).counters == THOUSAND_WIN_DETAILS
    assert Match.objects.get(pk=match.pk).results.count() == 1
