"""A game that gives no history hook of its own (the core tests' Nim) still gets its results,
ratings, statistics and a match page, from the hooks' defaults; only the replay is missing."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from games import services
from games.core.registry import get_spec
from games.history.statistics import statistics_of
from games.models import Match, MatchResult, PlayerRating
from tests.core.conftest import nim  # noqa: F401 (fixture)
from tests.core.nim import NimGame, choose
from tests.web.conftest import current, play_computers


def play_nim(alice: AbstractBaseUser) -> Match:
    match = services.create_practice_match(
        alice, "nim", {"rounds": 1, "heaps": "small"}, "beginner", players=2, seed=3
    )
    for _ in range(60):
        play_computers(match)
        table = current(match)
        if table.match.is_finished:
            return table.match
        action = choose("beginner", table.view_for(0), f"alice:{table.match.version}")
        services.submit_move(match.pk, action, table.match.version, user=alice)
    pytest.fail("the match did not end")


def test_a_game_without_history_hooks_gets_results_and_a_match_page(
    nim: NimGame,  # noqa: F811
    alice: AbstractBaseUser,
    alice_client: Client,
) -> None:
    match = play_nim(alice)
    result = MatchResult.objects.get(match=match)
    assert (result.game, result.length, result.level, result.details) == ("nim", "", "beginner", {})
    assert result.won == (match.winner == 0)
    assert PlayerRating.objects.get(user=alice, game="nim").matches == 1
    stats = statistics_of(alice, get_spec("nim"))
    assert dict(stats.overall) == {
        "Matches played": "1",
        "Matches won": "1" if result.won else "0",
        "Win rate": "100%" if result.won else "0%",
        "Hands played": "1",
    }
    page = alice_client.get(reverse("match_history", args=[match.pk]))
    assert page.status_code == 200
    record = page.context["record"]
    assert not record.replayable
    assert [row.summary.cells for row in record.rounds] == [()]
    assert alice_client.get(reverse("match_replay", args=[match.pk, 1])).status_code == 404
