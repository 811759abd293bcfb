"""Migration 0018 on a database with rows: existing ratings, totals and results stay on the
game's own board (""), and a person may then hold a rating on the two-player board too."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from games.models import MatchResult, PlayerRating, PlayerTotals

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0017_invitations_rematch")]


def test_existing_rows_stay_on_the_games_own_board() -> None:
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    try:
        old = executor.loader.project_state(BEFORE).apps
        user = old.get_model("auth", "User").objects.create(username="alice")
        match = old.get_model("games", "Match").objects.create(
            game="thousand",
            owner_id=user.pk,
            status="finished",
            options={},
            scores=[1000, 0, 0],
            progress={},
        )
        old.get_model("games", "MatchResult").objects.create(
            match=match,
            user_id=user.pk,
            seat=0,
            game="thousand",
            mode="practice",
            players=3,
            place=1,
            won=True,
            score=1000,
            rounds=5,
            finished=timezone.now(),
        )
        old.get_model("games", "PlayerRating").objects.create(
            user_id=user.pk, game="thousand", mu=27.5, sigma=7.0, matches=1
        )
        old.get_model("games", "PlayerTotals").objects.create(
            user_id=user.pk, game="thousand", length="1000", matches=1, won=1, rounds=5
        )
    finally:
        MigrationExecutor(connection).migrate(leaves)

    alice = get_user_model().objects.get(username="alice")
    rating = PlayerRating.objects.get(user=alice)
    assert (rating.game, rating.board, rating.mu, rating.sigma) == ("thousand", "", 27.5, 7.0)
    assert list(PlayerTotals.objects.values_list("board", "matches")) == [("", 1)]
    assert list(MatchResult.objects.values_list("board", "score")) == [("", 1000)]
    PlayerRating.objects.create(user=alice, game="thousand", board="2", mu=25.0, sigma=8.0)
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerRating.objects.create(user=alice, game="thousand", board="", mu=25.0, sigma=8.0)
