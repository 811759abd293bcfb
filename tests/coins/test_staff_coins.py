"""Staff give or take away coins with a reason: a ledger row for the person, and an entry in
the moderation log, in the same transaction; a removal never takes more than the balance;
only staff may do it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from accounts.models import CoinEntry
from games.history import moderation
from games.models import ModerationAction

from .conftest import balance_of, ledger_of


def coins_log() -> list[tuple[str, str, str, dict[str, int]]]:
    return [
        (action.staff_name, action.target_name, action.reason, action.details)
        for action in ModerationAction.objects.filter(kind=ModerationAction.Kind.COINS).order_by(
            "pk"
        )
    ]


def test_staff_give_and_take_coins_with_a_reason_in_the_ledger_and_the_log(
    alice: AbstractBaseUser, carol: AbstractBaseUser, carol_client: Client
) -> None:
    url = reverse("staff_coins", args=[alice.pk])

    given = carol_client.post(
        url, {"amount": "50", "reason": "lost a match to a server restart"}, follow=True
    )
    taken = carol_client.post(url, {"amount": "-20", "reason": "given twice"}, follow=True)

    assert "Done: they have 50 coins now." in given.content.decode()
    assert "Done: they have 30 coins now." in taken.content.decode()
    assert '<p id="staff-balance">30 coins</p>' in taken.content.decode()
    assert balance_of(alice) == 30
    assert ledger_of(alice) == [(50, "staff_grant", ""), (-20, "staff_removal", "")]
    assert list(
        CoinEntry.objects.filter(user=alice).order_by("pk").values_list("note", "staff")
    ) == [("lost a match to a server restart", carol.pk), ("given twice", carol.pk)]
    assert coins_log() == [
        ("carol", "Alice", "lost a match to a server restart", {"amount": 50, "balance": 50}),
        ("carol", "Alice", "given twice", {"amount": -20, "balance": 30}),
    ]
    log = carol_client.get(reverse("staff_log")).content.decode()
    assert "Gave or took away coins" in log


def test_staff_cannot_take_more_than_the_person_has(
    alice: AbstractBaseUser, carol: AbstractBaseUser, carol_client: Client
) -> None:
    moderation.change_coins(carol, alice, 30, "welcome back")

    refused = carol_client.post(
        reverse("staff_coins", args=[alice.pk]), {"amount": "-31", "reason": "abuse"}, follow=True
    )

    assert "They have only 30 coins: you cannot take 31." in refused.content.decode()
    assert balance_of(alice) == 30
    assert len(coins_log()) == 1
    assert ledger_of(alice) == [(30, "staff_grant", "")]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"amount": "10", "reason": "  "}, "This field is required."),
        ({"amount": "0", "reason": "nothing"}, "Give or take at least one coin."),
        ({"amount": "100001", "reason": "a lot"}, "less than or equal to 100000"),
        ({"amount": "ten", "reason": "typo"}, "Enter a whole number."),
    ],
)
def test_a_change_needs_a_reason_and_a_sensible_amount(
    alice: AbstractBaseUser, carol_client: Client, fields: dict[str, str], message: str
) -> None:
    refused = carol_client.post(reverse("staff_coins", args=[alice.pk]), fields, follow=True)

    assert message in refused.content.decode()
    assert balance_of(alice) == 0
    assert coins_log() == []


def test_a_change_without_a_reason_is_refused_by_the_service_too(
    alice: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    with pytest.raises(moderation.ModerationError) as refused:
        moderation.change_coins(carol, alice, 10, " ")

    assert str(refused.value) == "Say why: the reason goes into the moderation log."
    assert balance_of(alice) == 0
    assert coins_log() == []


def test_only_staff_change_coins(
    client: Client, alice: AbstractBaseUser, alice_client: Client, bob: AbstractBaseUser
) -> None:
    url = reverse("staff_coins", args=[bob.pk])
    fields = {"amount": "500", "reason": "please"}

    assert alice_client.post(url, fields).status_code == 404
    assert alice_client.post(reverse("staff_coins", args=[alice.pk]), fields).status_code == 404
    visitor = client.post(url, fields)
    assert visitor.status_code == 302
    assert visitor["Location"].startswith(reverse("account_login"))
    assert (balance_of(alice), balance_of(bob)) == (0, 0)
    assert coins_log() == []
