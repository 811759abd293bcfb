"""Two-player Thousand counts apart (issue 26): its own rating board, rankings, statistics and
export, never mixed with three- and four-player matches of the same people; tile rummy keeps one
board."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse
from openskill.models import PlackettLuce

from games import services
from games.core.registry import get_spec
from games.history import moderation
from games.history.statistics import statistics_of
from games.models import Match, MatchResult, PlayerRating, Round
from games.thousand.engine import Rules, new_hand
from tests.web.test_two_players import TWO_DEALER, TWO_HANDS, TWO_MUSIKS

from .conftest import bobs_table_won_by_bob, play_out

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("_quick_computers")]

MODEL = PlackettLuce()


def two_player_table(bob: AbstractBaseUser, alice: AbstractBaseUser, scores: list[int]) -> Match:
    """A two-player friends' table of Bob's (seat 0) that Alice joins (seat 1), from ``scores``
    on a known deal, played out by everyone's first legal action."""
    match = services.create_friends_table(bob, "thousand", Rules(players=2).to_dict(), 2, seed=4)
    services.join_table(match.pk, alice)
    services.start_table(match.pk, user=bob)
    return two_player_deal(Match.objects.get(pk=match.pk), scores, {0: bob, 1: alice})


def two_player_deal(match: Match, scores: list[int], users: dict[int, Any] | None = None) -> Match:
    """A two-player ``match`` from ``scores`` on a known deal, played out by everyone's first
    legal action (``users``: seat → person; default the owner at seat 0)."""
    match.scores = scores
    match.save(update_fields=["scores"])
    state = new_hand(TWO_DEALER, TWO_HANDS, TWO_MUSIKS, tuple(scores), Rules(players=2))
    Round.objects.filter(match=match).update(setup=state.deal_record())
    match.progress = {**match.progress, "dealer": TWO_DEALER}
    match.save(update_fields=["progress"])
    return play_out(match, users)


def two_players_alice_wins(alice: AbstractBaseUser, bob: AbstractBaseUser) -> Match:
    """Alice wins with 1000, Bob second with 120."""
    match = two_player_table(bob, alice, [0, 900])
    assert (match.winner, match.scores) == (1, [120, 1000])
    return match


def rating(user: AbstractBaseUser, board: str) -> tuple[float, float, int]:
    row = PlayerRating.objects.get(user=user, game="thousand", board=board)
    return row.mu, row.sigma, row.matches


def two_player_ratings() -> tuple[Any, Any]:
    """(Alice, Bob) after one two-player match Alice won, both new."""
    alice, bob = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1.0, 2.0])
    return alice[0], bob[0]


def three_player_ratings() -> tuple[Any, Any]:
    """(Bob, Alice) after Bob's three-player table: Bob first, Alice second, a Normal computer
    (25 ± 1) third, both new."""
    bob, alice, _computer = MODEL.rate(
        [[MODEL.rating()], [MODEL.rating()], [MODEL.rating(mu=25.0, sigma=1.0)]],
        ranks=[1.0, 2.0, 3.0],
    )
    return bob[0], alice[0]


def test_a_two_player_and_a_three_player_match_rate_on_two_boards(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    two = two_players_alice_wins(alice, bob)
    three = bobs_table_won_by_bob(bob, alice)
    alice_two, bob_two = two_player_ratings()
    bob_three, alice_three = three_player_ratings()
    assert rating(alice, "2") == pytest.approx((alice_two.mu, alice_two.sigma, 1))
    assert rating(bob, "2") == pytest.approx((bob_two.mu, bob_two.sigma, 1))
    assert rating(alice, "") == pytest.approx((alice_three.mu, alice_three.sigma, 1))
    assert rating(bob, "") == pytest.approx((bob_three.mu, bob_three.sigma, 1))
    assert PlayerRating.objects.count() == 4
    assert set(MatchResult.objects.filter(match=two).values_list("board", "players")) == {("2", 2)}
    assert set(MatchResult.objects.filter(match=three).values_list("board", "players")) == {("", 3)}
    # Each board starts everyone afresh: the three-player match did not start from the
    # two-player rating.
    later = MatchResult.objects.get(match=three, user=alice)
    assert later.rating_before == pytest.approx(25.0)
    assert later.rating_after == pytest.approx(alice_three.mu)


def test_a_two_player_practice_match_counts_on_the_two_player_board(
    alice: AbstractBaseUser,
) -> None:
    match = services.create_practice_match(
        alice, "thousand", Rules(players=2).to_dict(), "expert", players=2, seed=3
    )
    services.resign(match.pk, user=alice)
    lost, _computer = MODEL.rate(
        [[MODEL.rating()], [MODEL.rating(mu=31.0, sigma=1.0)]], ranks=[2.0, 1.0]
    )
    assert rating(alice, "2") == pytest.approx((lost[0].mu, lost[0].sigma, 1))
    assert not PlayerRating.objects.filter(board="").exists()


def test_the_rankings_show_each_board_as_its_own_table(
    alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client, settings: Any
) -> None:
    settings.RATING_MIN_MATCHES = 1
    two_players_alice_wins(alice, bob)
    bobs_table_won_by_bob(bob, alice)
    alice_two, bob_two = two_player_ratings()
    bob_three, alice_three = three_player_ratings()

    two = alice_client.get(reverse("rankings"), {"game": "thousand:2"})
    assert two.context["board_name"] == "Thousand — 2 players"
    assert "Thousand — 2 players: ranking" in two.content.decode()
    assert '<option value="thousand:2" selected>Thousand — 2 players</option>' in (
        two.content.decode()
    )
    listed = [(row.user, row.mu, row.sigma) for row in two.context["rated"].object_list]
    assert listed == [
        (alice, pytest.approx(alice_two.mu), pytest.approx(alice_two.sigma)),
        (bob, pytest.approx(bob_two.mu), pytest.approx(bob_two.sigma)),
    ]
    assert [(row["user_id"], row["best"]) for row in two.context["rows"]] == [(alice.pk, 1000)]
    assert two.context["own_rating"].board == "2"

    three = alice_client.get(reverse("rankings"), {"game": "thousand", "period": "week"})
    assert three.context["board_name"] == "Thousand"
    assert (
        '<nav class="history-boards" id="boards" aria-label="Rated apart">'
        '<strong aria-current="page">Thousand</strong> · '
        '<a href="?game=thousand%3A2&amp;period=week">Thousand — 2 players</a></nav>'
    ) in three.content.decode()
    listed = [(row.user, row.mu, row.sigma) for row in three.context["rated"].object_list]
    assert listed == [
        (bob, pytest.approx(bob_three.mu), pytest.approx(bob_three.sigma)),
        (alice, pytest.approx(alice_three.mu), pytest.approx(alice_three.sigma)),
    ]
    assert [(row["user_id"], row["best"]) for row in three.context["rows"]] == [(bob.pk, 1000)]
    assert three.context["own_rating"].board == ""
    assert three.context["own_rating_rank"] == 2
    rummy = alice_client.get(reverse("rankings"), {"game": "rummy"})
    assert rummy.context["boards"] == []
    assert 'id="boards"' not in rummy.content.decode()


def test_voiding_a_two_player_match_re_rates_only_its_board(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    voided = two_players_alice_wins(alice, bob)
    three = bobs_table_won_by_bob(bob, alice)
    # The second two-player match: Bob wins.
    assert two_player_table(bob, alice, [900, 0]).winner == 0
    before = {
        (row.user_id, row.board): (row.mu, row.sigma, row.matches)
        for row in PlayerRating.objects.all()
    }
    three_results = list(
        MatchResult.objects.filter(match=three).values_list("rating_before", "rating_after")
    )

    moderation.void_match(carol, voided.pk, "a bug")

    # Only the later two-player match counts now: Bob won it, both new.
    bob_now, alice_now = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1.0, 2.0])
    assert rating(alice, "2") == pytest.approx((alice_now[0].mu, alice_now[0].sigma, 1))
    assert rating(bob, "2") == pytest.approx((bob_now[0].mu, bob_now[0].sigma, 1))
    assert rating(alice, "2") != pytest.approx(before[(alice.pk, "2")])
    assert rating(alice, "") == before[(alice.pk, "")]
    assert rating(bob, "") == before[(bob.pk, "")]
    assert (
        list(MatchResult.objects.filter(match=three).values_list("rating_before", "rating_after"))
        == three_results
    )


def test_the_players_page_shows_a_rating_and_chart_per_board(
    alice: AbstractBaseUser, bob: AbstractBaseUser, client: Client
) -> None:
    two_players_alice_wins(alice, bob)
    bobs_table_won_by_bob(bob, alice)
    answer = client.get(reverse("player", args=[alice.pk]))
    records = answer.context["page"].games
    assert [(record.name, record.matches, record.places) for record in records] == [
        ("Thousand", 1, [(2, 1)]),
        ("Thousand — 2 players", 1, [(1, 1)]),
    ]
    assert [record.rating.board for record in records] == ["", "2"]
    page = answer.content.decode()
    assert page.count("<polyline") == 2
    assert "Thousand — 2 players</h2>" in page


def test_the_statistics_split_the_two_player_board_apart(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    two_players_alice_wins(alice, bob)
    bobs_table_won_by_bob(bob, alice)
    stats = statistics_of(alice, get_spec("thousand"))
    assert stats.by_board is not None
    assert stats.by_board.headings == ["All", "Thousand", "Thousand — 2 players"]
    by_board = dict(stats.by_board.rows)
    assert by_board["Matches played"] == ["2", "1", "1"]
    assert by_board["Matches won"] == ["1", "0", "1"]
    assert stats.splits[0][1] == "Rated apart"
    voided = MatchResult.objects.get(user=alice, board="2").match
    moderation.void_match(bob, voided.pk, "a bug")
    stats = statistics_of(alice, get_spec("thousand"))
    assert stats.by_board is not None
    assert dict(stats.by_board.rows)["Matches played"] == ["1", "1", "0"]


def test_tile_rummy_keeps_one_board() -> None:
    history = get_spec("rummy").history
    assert history.boards == ("",)
    assert history.board({}, 2) == ""
    assert get_spec("thousand").history.board(Rules(players=4).to_dict(), 4) == ""


def test_the_own_data_export_lists_ratings_per_board(
    alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client
) -> None:
    two_players_alice_wins(alice, bob)
    bobs_table_won_by_bob(bob, alice)
    alice_two, _bob_two = two_player_ratings()
    data = json.loads(alice_client.get(reverse("download_own_data")).content)
    assert [(row["game"], row["board"], row["matches"]) for row in data["ratings"]] == [
        ("thousand", "", 1),
        ("thousand", "2", 1),
    ]
    assert data["ratings"][1]["mu"] == pytest.approx(alice_two.mu)
    assert sorted(row["board"] for row in data["results"]) == ["", "2"]
    assert sorted(row["board"] for row in data["totals"]) == ["", "2"]
