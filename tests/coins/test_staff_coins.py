"""Staff give or take away coins with a reason: a ledger row for the person, and an entry in
the moderation log, in the same transaction; a removal never takes more than the balance;
only staff may do it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import coins
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


def test_the_admin_shows_the_ledger_and_changes_nothing(
    alice: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    carol.is_superuser = True
    carol.save()
    moderation.change_coins(carol, alice, 25, "welcome")
    admin = Client()
    admin.force_login(carol)
    entry = CoinEntry.objects.get()

    listing = admin.get(reverse("admin:accounts_coinentry_changelist"))
    refused_delete = admin.post(
        reverse("admin:accounts_coinentry_delete", args=[entry.pk]), {"post": "yes"}
    )
    refused_add = admin.get(reverse("admin:accounts_coinentry_add"))

    assert listing.status_code == 200
    assert "Given by staff" in listing.content.decode()
    assert (refused_delete.status_code, refused_add.status_code) == (403, 403)
    assert ledger_of(alice) == [(25, "staff_grant", "")]


def test_staff_cannot_give_themselves_coins(carol: AbstractBaseUser, carol_client: Client) -> None:
    refused = carol_client.post(
        reverse("staff_coins", args=[carol.pk]), {"amount": "1000", "reason": "me"}, follow=True
    )

    assert "You cannot change your own coins." in refused.content.decode()
    assert balance_of(carol) == 0
    assert coins_log() == []


def test_a_guest_who_only_checks_in_is_not_a_stale_guest(gus: AbstractBaseUser) -> None:
    long_ago = timezone.now() - timedelta(days=200)
    get_user_model().objects.filter(pk=gus.pk).update(date_joined=long_ago, last_login=long_ago)
    assert list(moderation.stale_guests(180)) == [gus]

    coins.check_in(gus)

    assert list(moderation.stale_guests(180)) == []
    assert moderation.remove_stale_guests(180) == 0
    assert balance_of(gus) == 10
