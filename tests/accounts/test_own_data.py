"""A person's own data: everything about them in one JSON file (their own moves only, never a
card another seat held), and their account deleted for good, their seats at matches shared
with others kept as "a former player" (issue 29)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from accounts import coins
from games.models import Match, MatchResult, PlayerRating, Round, Seat
from tests.history.conftest import bobs_table_won_by_bob, won_match
from tests.web.conftest import _quick_computers  # noqa: F401  (fixture)

from .conftest import PASSWORD

CARD = re.compile(r"\b[9TJQKA][SCDH]\b")


def downloaded(client: Client) -> dict[str, Any]:
    answer = client.get(reverse("download_own_data"))
    assert answer.status_code == 200
    assert answer["Content-Disposition"].startswith('attachment; filename="')
    data: dict[str, Any] = json.loads(answer.content)
    return data


def cards_moved(moves: list[str]) -> set[str]:
    return {card for move in moves for card in CARD.findall(move)}


@pytest.mark.usefixtures("_quick_computers")
def test_the_download_holds_everything_about_the_person_and_only_their_own_moves(
    alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client
) -> None:
    shared = bobs_table_won_by_bob(bob, alice)
    won_match(alice)
    coins.check_in(alice, "Europe/Warsaw")
    data = downloaded(alice_client)

    assert data["account"]["username"] == "alice"
    assert data["account"]["display_name"] == "Alice"
    assert data["account"]["email_addresses"] == [
        {"email": "alice@example.com", "primary": True, "verified": True}
    ]
    assert [match["match"] for match in data["matches"]] == sorted(
        Seat.objects.filter(user=alice).values_list("match_id", flat=True)
    )
    assert len(data["results"]) == 2
    assert [rating["game"] for rating in data["ratings"]] == ["thousand"]
    assert [entry["amount"] for entry in data["coins"]] == [10]
    assert "setup" not in json.dumps(data)

    mine = next(match for match in data["matches"] if match["match"] == shared.pk)
    assert mine["my_seat"] == 1
    assert mine["others"] == [{"seat": 0, "player": "bob"}, {"seat": 2, "player": "normal"}]
    deal = Round.objects.filter(match=shared).order_by("number").first()
    assert deal is not None
    moves = [move for played in mine["rounds"] for move in played["my_moves"]]
    assert moves
    # Alice was not the declarer: every card she moved was dealt to her or given to her by
    # the declarer; none is a card another seat played.
    given = cards_moved([move for move in deal.actions if move.startswith("give:")])
    assert cards_moved(moves) <= set(deal.setup["hands"][1]) | given
    assert not cards_moved(moves) & set(deal.setup["hands"][0])
    all_moves = [move for played in Round.objects.filter(match=shared) for move in played.actions]
    assert len(moves) < len(all_moves)


def test_a_person_deletes_their_account_and_others_keep_their_matches(
    alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client
) -> None:
    shared = bobs_table_won_by_bob(bob, alice)
    alone = won_match(alice)
    refused = alice_client.post(
        reverse("delete_own_account"), {"understood": "on", "password": "not it"}
    )
    assert refused.status_code == 400
    assert "That is not your password." in refused.content.decode()
    assert get_user_model().objects.filter(pk=alice.pk).exists()

    gone = alice_client.post(
        reverse("delete_own_account"), {"understood": "on", "password": PASSWORD}, follow=True
    )
    assert gone.status_code == 200
    assert "Your account and everything of yours are deleted." in gone.content.decode()
    assert not get_user_model().objects.filter(pk=alice.pk).exists()
    assert not Match.objects.filter(pk=alone.pk).exists()
    assert not MatchResult.objects.filter(user_id=alice.pk).exists()
    assert not PlayerRating.objects.filter(user_id=alice.pk).exists()
    seat = Seat.objects.get(match=shared, number=1)
    assert (seat.user_id, seat.former_guest) == (None, True)
    assert MatchResult.objects.filter(match=shared, user=bob).exists()
    bob_client = Client()
    bob_client.force_login(bob)
    page = bob_client.get(reverse("match_history", args=[shared.pk])).content.decode()
    assert "a former player" in page
    assert alice_client.get(reverse("own_data")).status_code == 302


def test_a_guest_deletes_with_the_confirmation_alone_and_it_is_needed(
    charlie: AbstractBaseUser, charlie_client: Client
) -> None:
    page = charlie_client.get(reverse("own_data")).content.decode()
    assert 'name="password"' not in page
    refused = charlie_client.post(reverse("delete_own_account"), {})
    assert refused.status_code == 400
    assert get_user_model().objects.filter(pk=charlie.pk).exists()
    charlie_client.post(reverse("delete_own_account"), {"understood": "on"})
    assert not get_user_model().objects.filter(pk=charlie.pk).exists()
