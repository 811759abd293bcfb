"""'My matches' (newest first, filters, pages, few queries), the match page hand by hand, the
replay of a hand (only once the match is over), and sharing a finished match by link."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.core.registry import get_spec
from games.history.matches import PAGE_SIZE, round_states
from games.models import Match, MatchResult, Round, Seat
from games.thousand.engine import Rules

from .conftest import bobs_table_won_by_bob, practice, resigned_match, won_match


def finished_stub(user: AbstractBaseUser, number: int, won: bool) -> Match:
    """A finished match with a stored result, made directly (for lists, not for play)."""
    match = Match.objects.create(
        game="thousand",
        owner=user,
        options=Rules().to_dict(),
        status=Match.Status.FINISHED,
        scores=[1000 if won else 500, 800, 600],
        winner=0 if won else 1,
    )
    Match.objects.filter(pk=match.pk).update(created=timezone.now() - timedelta(hours=number))
    Seat.objects.create(match=match, number=0, user=user)
    Seat.objects.create(match=match, number=1, computer_level="expert")
    Seat.objects.create(match=match, number=2, computer_level="expert")
    MatchResult.objects.create(
        match=match,
        user=user,
        seat=0,
        game="thousand",
        mode="practice",
        length="1000",
        level="expert",
        players=3,
        place=1 if won else 2,
        won=won,
        score=match.scores[0],
        rounds=10,
        finished=timezone.now() - timedelta(hours=number),
    )
    return match


def listed_ids(response: Any) -> list[int]:
    return [row.match.pk for row in response.context["rows"]]


def test_my_matches_lists_newest_first_with_place_opponents_and_scores(
    alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client
) -> None:
    first = won_match(alice)
    second = bobs_table_won_by_bob(bob, alice)
    response = alice_client.get(reverse("my_matches"))
    assert listed_ids(response) == [second.pk, first.pk]
    rows = response.context["rows"]
    assert rows[0].place == 2
    assert rows[0].opponents == ["bob", "Zosia (Normal)"]
    assert rows[0].scores == [("bob", 1000), ("You", 200), ("Zosia", 50)]
    assert rows[1].place == 1
    assert rows[1].won
    assert rows[1].opponents == ["Janek (Normal)", "Zosia (Normal)"]
    page = response.content.decode()
    assert "2nd" in page
    assert "1st" in page
    assert "Match to 1000" in page


def test_my_matches_filters_by_result_mode_and_game(
    alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client
) -> None:
    won = won_match(alice)
    at_bobs = bobs_table_won_by_bob(bob, alice)
    resigned = resigned_match(alice)
    playing = practice(alice)
    url = reverse("my_matches")
    assert listed_ids(alice_client.get(url, {"result": "won"})) == [won.pk]
    assert listed_ids(alice_client.get(url, {"result": "lost"})) == [resigned.pk, at_bobs.pk]
    assert listed_ids(alice_client.get(url, {"result": "unfinished"})) == [playing.pk]
    assert listed_ids(alice_client.get(url, {"mode": "friends"})) == [at_bobs.pk]
    assert len(listed_ids(alice_client.get(url, {"game": "thousand"}))) == 4
    refused = alice_client.get(url, {"game": "chess"})
    assert listed_ids(refused) == []
    assert "Select a valid choice" in refused.content.decode()


def test_my_matches_are_paginated_in_a_bounded_number_of_queries(
    alice: AbstractBaseUser, alice_client: Client, django_assert_max_num_queries: Any
) -> None:
    stubs = [
        finished_stub(alice, number, won=number % 2 == 0) for number in range(2 * PAGE_SIZE + 5)
    ]
    alice_client.get(reverse("profile"))  # the day's first visit saves the session
    # session, user, count, page, seats with people, the user's results, the header's name
    # and coins
    with django_assert_max_num_queries(8):
        first = alice_client.get(reverse("my_matches"))
    assert listed_ids(first) == [match.pk for match in stubs[:PAGE_SIZE]]
    with django_assert_max_num_queries(8):
        second = alice_client.get(reverse("my_matches"), {"page": 2, "result": "won"})
    won = [match.pk for n, match in enumerate(stubs) if n % 2 == 0]
    assert listed_ids(second) == won[PAGE_SIZE:]
    assert "page=1" in second.content.decode()
    assert "result=won" in second.content.decode()


def test_the_match_page_shows_each_hand_and_the_running_scores(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = won_match(alice)
    response = alice_client.get(reverse("match_history", args=[match.pk]))
    record = response.context["record"]
    row = record.rounds[0]
    assert row.summary.cells == ("Zosia", "You", "100", "100", "made")
    assert row.cells == [
        (100, 1000, "120 in cards · 100 in marriages"),
        (0, 100, "0 in cards"),
        (0, 50, "0 in cards"),
    ]
    assert [(p.name, p.score, p.place) for p in record.players] == [
        ("You", 1000, 1),
        ("Janek", 100, 2),
        ("Zosia", 50, 3),
    ]
    page = response.content.decode()
    assert "<polyline" in page
    assert reverse("match_replay", args=[match.pk, 1]) in page


def test_strangers_get_a_404_for_the_match_page_and_its_replay(
    alice: AbstractBaseUser, bob_client: Client
) -> None:
    match = won_match(alice)
    assert bob_client.get(reverse("match_history", args=[match.pk])).status_code == 404
    assert bob_client.get(reverse("match_replay", args=[match.pk, 1])).status_code == 404
    assert Client().get(reverse("match_replay", args=[match.pk, 1])).status_code == 404


def test_an_unfinished_match_is_not_replayable_by_its_player(
    scripted_unfinished: Match, alice_client: Client
) -> None:
    response = alice_client.get(reverse("match_replay", args=[scripted_unfinished.pk, 1]))
    assert response.status_code == 403
    assert 'data-reason="match_in_progress"' in response.content.decode()
    assert "data-card=" not in response.content.decode()


@pytest.fixture
def scripted_unfinished(alice: AbstractBaseUser) -> Match:
    """Alice's match with its first hand being played."""
    return practice(alice)


def test_replay_steps_rebuild_exactly_the_stored_states(alice: AbstractBaseUser) -> None:
    match = won_match(alice)
    stored = Round.objects.get(match=match, number=1)
    spec = get_spec("thousand")
    states = round_states(spec, stored.setup, stored.actions)
    assert len(states) == len(stored.actions) + 1
    for step, state in enumerate(states):
        rebuilt = spec.rules.replay(stored.setup, stored.actions[:step])
        assert state.actions() == rebuilt.actions() == stored.actions[:step]
        assert state.hands == rebuilt.hands
        assert state.taken == rebuilt.taken
        assert state.phase == rebuilt.phase
    final = states[-1]
    assert list(final.result.score_deltas) == stored.result["score_deltas"]
    assert list(final.taken) == stored.result["card_points"]
    marks = spec.history.replay_marks(states)
    labels = [mark.label for mark in marks]
    assert labels == ["Deal", "Musik", *(f"Trick {n}" for n in range(1, 9)), "End"]
    assert marks[2].step == 5  # pass, pass, give, give, contract: then the first trick


def test_the_replay_page_shows_every_hand_step_by_step(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = won_match(alice)
    url = reverse("match_replay", args=[match.pk, 1])
    start = alice_client.get(url)
    assert start.status_code == 200
    view = start.context["replay"].view
    assert [len(seat.cards) for seat in view.seats] == [7, 7, 7]
    assert [card.code for card in view.musik] == ["9D", "JD", "TD"]
    assert 'data-card="AS"' in start.content.decode()  # another player's card, after the end
    trick = alice_client.get(url, {"step": 6}, HTTP_HX_REQUEST="true")
    view = trick.context["replay"].view
    assert view.seats[0].played.code == "AH"
    assert [len(seat.cards) for seat in view.seats] == [7, 8, 8]
    assert view.last.text == "alice plays ace of hearts."
    assert "<html" not in trick.content.decode()
    end = alice_client.get(url, {"step": 999})
    assert end.context["replay"].step == end.context["replay"].last == 29


def test_the_owner_shares_a_finished_match_by_a_read_only_link(
    alice: AbstractBaseUser, alice_client: Client, bob_client: Client
) -> None:
    match = won_match(alice)
    alice_client.post(reverse("match_share", args=[match.pk]), {"public": "1"})
    match.refresh_from_db()
    assert match.public
    assert match.share_token
    anonymous = Client()
    shared = anonymous.get(reverse("shared_match", args=[match.share_token]))
    assert shared.status_code == 200
    assert "Share this match" not in shared.content.decode()
    replay = anonymous.get(reverse("shared_replay", args=[match.share_token, 1]), {"step": 3})
    assert replay.status_code == 200
    alice_client.post(reverse("match_share", args=[match.pk]), {"public": "0"})
    assert anonymous.get(reverse("shared_match", args=[match.share_token])).status_code == 404


def test_only_the_owner_shares_and_only_a_finished_match(
    alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client, bob_client: Client
) -> None:
    at_bobs = bobs_table_won_by_bob(bob, alice)
    assert (
        alice_client.post(reverse("match_share", args=[at_bobs.pk]), {"public": "1"}).status_code
        == 404
    )
    assert not Match.objects.get(pk=at_bobs.pk).public
    playing = practice(alice)
    alice_client.post(reverse("match_share", args=[playing.pk]), {"public": "1"})
    assert not Match.objects.get(pk=playing.pk).public
