"""The best-scores ranking (period, match length, own place off the first page) and the skill
ratings (uncertainty, a minimum of matches): people in good standing only."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.history import moderation, ratings
from games.history.ranking import PAGE_SIZE, period_start
from games.models import Match, MatchResult, PlayerRating, Seat
from games.thousand.engine import Rules

from .conftest import bobs_table_won_by_bob, make_user, won_match


def win(user: AbstractBaseUser, score: int, *, days_ago: int = 0, length: str = "1000") -> Match:
    """A won match with its result stored directly."""
    match = Match.objects.create(
        game="thousand",
        owner=user,
        options=Rules().to_dict(),
        status=Match.Status.FINISHED,
        winner=0,
    )
    Seat.objects.create(match=match, number=0, user=user)
    MatchResult.objects.create(
        match=match,
        user=user,
        seat=0,
        game="thousand",
        mode="practice",
        length=length,
        level="normal",
        players=3,
        place=1,
        won=True,
        score=score,
        rounds=10,
        finished=timezone.now() - timedelta(days=days_ago),
    )
    return match


def names(response: Any) -> list[tuple[int, str, int]]:
    return [(row["rank"], row["name"], row["best"]) for row in response.context["rows"]]


@pytest.mark.django_db
def test_each_players_best_score_ranks_and_equal_scores_share_a_place(client: Client) -> None:
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    win(ann, 1020)
    win(ann, 1100)
    win(ben, 1050)
    win(cat, 1050)
    response = client.get(reverse("rankings"))
    assert names(response) == [(1, "ann", 1100), (2, "ben", 1050), (2, "cat", 1050)]
    assert response.context["rows"][0]["matches"] == 2


def test_own_rank_is_shown_off_the_first_page_in_bounded_queries(
    alice: AbstractBaseUser, alice_client: Client, django_assert_max_num_queries: Any
) -> None:
    for number in range(PAGE_SIZE + 5):
        win(make_user(f"player{number}"), 1200 - number)
    win(alice, 1000)
    alice_client.get(reverse("profile"))  # the day's first visit saves the session
    with django_assert_max_num_queries(13):
        response = alice_client.get(reverse("rankings"))
    assert len(response.context["rows"]) == PAGE_SIZE
    assert response.context["own"].rank == PAGE_SIZE + 6
    assert "Your place: <strong>31</strong>, with 1000 points." in response.content.decode()
    second = alice_client.get(reverse("rankings"), {"page": 2})
    assert names(second)[-1] == (31, "alice", 1000)
    assert second.context["rows"][-1]["me"]


@pytest.mark.django_db
def test_period_and_length_filters(client: Client) -> None:
    ann, ben = make_user("ann"), make_user("ben")
    win(ann, 1100, days_ago=400)
    win(ben, 1010)
    win(ben, 600, length="500")
    assert names(client.get(reverse("rankings"), {"period": "week"})) == [
        (1, "ben", 1010),
    ]
    assert names(client.get(reverse("rankings"), {"length": "500"})) == [(1, "ben", 600)]
    assert names(client.get(reverse("rankings"), {"period": "all", "length": "1000"})) == [
        (1, "ann", 1100),
        (2, "ben", 1010),
    ]


def test_the_week_starts_on_monday_and_the_month_on_the_first() -> None:
    wednesday = timezone.make_aware(timezone.datetime(2026, 12, 2, 15, 30))
    assert period_start("week", wednesday).date().isoformat() == "2026-11-30"
    assert period_start("month", wednesday).date().isoformat() == "2026-12-01"
    assert period_start("all", wednesday) is None


@pytest.mark.django_db
def test_guests_suspended_users_and_void_matches_stay_out(client: Client) -> None:
    staff = make_user("staff")
    guest, suspended, voided, kept = (make_user(n) for n in ("guest", "sus", "void", "kept"))
    guest.profile.is_guest = True
    guest.profile.save()
    win(guest, 1300)
    win(suspended, 1200)
    voided_match = win(voided, 1100)
    win(kept, 1000)
    moderation.suspend(staff, suspended, "cheating")
    moderation.void_match(staff, voided_match.pk, "a bug dealt the cards twice")
    assert names(client.get(reverse("rankings"))) == [(1, "kept", 1000)]
    guest.profile.is_guest = False  # the guest saves the account
    guest.profile.save()
    assert names(client.get(reverse("rankings"))) == [(1, "guest", 1300), (2, "kept", 1000)]


def test_ratings_appear_after_the_minimum_of_matches_with_their_uncertainty(
    alice: AbstractBaseUser, alice_client: Client, settings: Any
) -> None:
    settings.RATING_MIN_MATCHES = 2
    won_match(alice)
    response = alice_client.get(reverse("rankings"))
    assert list(response.context["rated"].object_list) == []
    own = response.context["own_rating"]
    assert own.matches == 1
    assert "Your rating: <strong>" in response.content.decode()
    won_match(alice)
    response = alice_client.get(reverse("rankings"))
    rating = PlayerRating.objects.get(user=alice)
    assert list(response.context["rated"].object_list) == [rating]
    assert rating.matches == 2
    assert rating.sigma < 25 / 3
    assert f"{rating.mu:.1f} ± {rating.sigma:.1f}" in response.content.decode()
    assert response.context["own_rating_rank"] == 1
    alice.profile.is_guest = True  # a guest's rating is kept but not listed
    alice.profile.save()
    assert list(alice_client.get(reverse("rankings")).context["rated"].object_list) == []


def test_voiding_a_match_takes_its_rating_change_back(
    alice: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    first = won_match(alice)
    after_first = PlayerRating.objects.get(user=alice).mu
    second = won_match(alice)
    change = MatchResult.objects.get(match=second)
    moderation.void_match(carol, second.pk, "test match")
    rating = PlayerRating.objects.get(user=alice)
    assert rating.mu == pytest.approx(after_first)
    assert change.rating_after - change.rating_before > 0
    assert rating.matches == 1
    assert MatchResult.objects.get(match=first).void is False


def test_voiding_a_match_leaves_every_rating_as_if_it_had_never_been_played(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    """Bob beats Alice (voided later); Dan then beats Bob, and Alice wins a practice match.
    Without the first match, Dan met a newcomer Bob: Dan's rating changes too, and every
    sigma is what the two counted matches alone give."""
    dan = make_user("dan")
    voided = bobs_table_won_by_bob(bob, alice)
    later = bobs_table_won_by_bob(dan, bob)
    won_match(alice)
    moderation.void_match(carol, voided.pk, "the deal was shown to a watcher")

    newcomer = ratings.new_rating()
    normal = ratings.computer_rating("normal")
    dan_after, bob_after, _computer = ratings.rate(
        [
            ratings.Player(*newcomer, 1, True),
            ratings.Player(*newcomer, 2, True),
            ratings.Player(*normal, 3, False),
        ]
    )
    alice_after, _second, _third = ratings.rate(
        [
            ratings.Player(*newcomer, 1, True),
            ratings.Player(*normal, 2, False),
            ratings.Player(*normal, 3, False),
        ]
    )
    held = {
        rating.user_id: (rating.mu, rating.sigma, rating.matches)
        for rating in PlayerRating.objects.filter(game="thousand")
    }
    assert held == {
        dan.pk: (pytest.approx(dan_after[0]), pytest.approx(dan_after[1]), 1),
        bob.pk: (pytest.approx(bob_after[0]), pytest.approx(bob_after[1]), 1),
        alice.pk: (pytest.approx(alice_after[0]), pytest.approx(alice_after[1]), 1),
    }
    bob_later = MatchResult.objects.get(match=later, user=bob)
    assert (bob_later.rating_before, bob_later.rating_after) == (
        pytest.approx(newcomer[0]),
        pytest.approx(bob_after[0]),
    )
    assert MatchResult.objects.get(match=voided, user=bob).void is True


def test_the_rating_list_shows_the_number_it_orders_by_and_marks_provisional_ratings(
    alice_client: Client,
) -> None:
    """Ann's estimate is higher but less sure: Ben's 30 - 3 * 2 = 24 comes before Ann's
    33 - 3 * 5 = 18, and only Ann's rating, over 25/6 uncertain, is provisional."""
    ann, ben = make_user("ann"), make_user("ben")
    PlayerRating.objects.create(user=ann, game="thousand", mu=33.0, sigma=5.0, matches=12)
    PlayerRating.objects.create(user=ben, game="thousand", mu=30.0, sigma=2.0, matches=40)
    page = alice_client.get(reverse("rankings"), {"game": "thousand"}).content.decode()
    table = page[page.index('id="ratings"') : page.index("</table>", page.index('id="ratings"'))]
    rows = table.split("<tr")[2:]
    assert [(row.count('class="provisional"'), "ben" in row) for row in rows] == [
        (0, True),
        (1, False),
    ]
    assert "<strong>24.0</strong> <span" in rows[0]
    assert "(30.0 ± 2.0)" in rows[0]
    assert '<strong>18.0</strong><abbr class="provisional"' in rows[1]
