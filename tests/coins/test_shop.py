"""The shop: a purchase takes the price and gives the item, both or neither; it is refused
with too few coins, for an item owned already, and for a free or unknown one; two at once
never spend the same coins (the wallet row is locked)."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection
from django.test import Client
from django.urls import reverse

from accounts import coins
from accounts.models import OwnedCosmetic

from .conftest import balance_of, client_of, fund, ledger_of


def owned(user: AbstractBaseUser) -> list[str]:
    return sorted(OwnedCosmetic.objects.filter(user=user).values_list("item", flat=True))


def test_a_purchase_takes_the_price_and_gives_the_item(
    alice: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    fund(alice, 100, carol)

    item = coins.buy(alice, "felt-navy")

    assert (item.slug, item.price) == ("felt-navy", 60)
    assert balance_of(alice) == 40
    assert owned(alice) == ["felt-navy"]
    assert ledger_of(alice) == [(100, "staff_grant", ""), (-60, "purchase", "felt-navy")]


def test_a_purchase_costing_the_whole_balance_leaves_it_at_zero(
    alice: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    fund(alice, 60, carol)

    item = coins.buy(alice, "felt-navy")

    assert item.price == 60
    assert balance_of(alice) == 0
    assert owned(alice) == ["felt-navy"]
    assert ledger_of(alice) == [(60, "staff_grant", ""), (-60, "purchase", "felt-navy")]


def test_too_few_coins_is_refused_and_changes_nothing(
    alice: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    fund(alice, 59, carol)

    with pytest.raises(coins.CoinError) as refused:
        coins.buy(alice, "felt-navy")

    assert refused.value.code == "too_few"
    assert str(refused.value) == (
        "“Midnight navy” costs 60 coins and you have 59: check in on more days to earn the rest."
    )
    assert balance_of(alice) == 59
    assert owned(alice) == []
    assert ledger_of(alice) == [(59, "staff_grant", "")]


def test_an_item_owned_already_is_not_sold_twice(
    alice: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    fund(alice, 200, carol)
    coins.buy(alice, "card-back-blue")

    with pytest.raises(coins.CoinError) as refused:
        coins.buy(alice, "card-back-blue")

    assert refused.value.code == "owned"
    assert str(refused.value) == "You own “Blue lattice” already: choose it on your profile."
    assert balance_of(alice) == 150
    assert owned(alice) == ["card-back-blue"]


@pytest.mark.parametrize(
    ("slug", "code", "message"),
    [
        ("felt-green", "owned", "“Club green” is free and yours already."),
        ("felt-gold-plated", "unknown", "The shop has no such item."),
        ("", "unknown", "The shop has no such item."),
    ],
)
def test_free_and_unknown_items_are_refused(
    alice: AbstractBaseUser, carol: AbstractBaseUser, slug: str, code: str, message: str
) -> None:
    fund(alice, 500, carol)

    with pytest.raises(coins.CoinError) as refused:
        coins.buy(alice, slug)

    assert (refused.value.code, str(refused.value)) == (code, message)
    assert balance_of(alice) == 500
    assert owned(alice) == []


def test_a_purchase_that_fails_half_way_leaves_no_trace(
    alice: AbstractBaseUser, carol: AbstractBaseUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    fund(alice, 100, carol)

    def broken(**fields: object) -> OwnedCosmetic:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(OwnedCosmetic.objects, "create", broken)
    with pytest.raises(RuntimeError):
        coins.buy(alice, "felt-navy")

    assert balance_of(alice) == 100
    assert ledger_of(alice) == [(100, "staff_grant", "")]
    assert owned(alice) == []


def test_the_shop_page_buys_and_says_so(
    alice: AbstractBaseUser, alice_client: Client, carol: AbstractBaseUser
) -> None:
    fund(alice, 70, carol)
    page = alice_client.get(reverse("shop")).content.decode()
    assert 'id="buy-felt-navy"' in page
    assert 'id="buy-felt-burgundy"' not in page  # 80 coins: out of reach, its price shown

    bought = alice_client.post(reverse("buy"), {"item": "felt-navy"}, follow=True)
    page = bought.content.decode()
    assert "“Midnight navy” is yours: choose it on your profile to use it." in page
    assert '<strong id="balance">10</strong> coins' in page

    again = alice_client.post(reverse("buy"), {"item": "felt-navy"}, follow=True)
    assert "You own “Midnight navy” already: choose it on your profile." in again.content.decode()
    too_dear = alice_client.post(reverse("buy"), {"item": "card-back-blue"}, follow=True)
    assert "“Blue lattice” costs 50 coins and you have 10" in too_dear.content.decode()
    assert balance_of(alice) == 10


def test_the_shop_is_for_signed_in_people_and_buys_only_by_post(
    client: Client, alice: AbstractBaseUser, alice_client: Client, carol: AbstractBaseUser
) -> None:
    fund(alice, 100, carol)
    for name in ("shop", "coins", "buy", "choose_looks"):
        response = client.post(reverse(name)) if name != "shop" else client.get(reverse(name))
        assert response.status_code == 302, name
        assert response["Location"].startswith(reverse("account_login")), name
    assert alice_client.get(reverse("buy"), {"item": "felt-navy"}).status_code == 405
    assert balance_of(alice) == 100


def race(attempts: int, buy: Callable[[int], int]) -> list[int]:
    """Runs ``buy(index)`` for each index in threads released together; returns each
    outcome."""
    barrier = threading.Barrier(attempts)
    statuses: list[int] = [0] * attempts

    def attempt(index: int) -> None:
        barrier.wait()
        try:
            statuses[index] = buy(index)
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt, args=(index,)) for index in range(attempts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return statuses


@pytest.fixture
def slow_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each change of coins waits a moment between reading the balance and writing it, so
    that purchases made at once overlap there (where, without the row lock, both would
    spend the coins they read)."""
    change = coins._change

    def slow_change(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.2)
        return change(*args, **kwargs)

    monkeypatch.setattr(coins, "_change", slow_change)


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("slow_changes")
def test_two_purchases_at_once_cannot_spend_the_same_coins(
    alice: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    """Two browsers of Alice's, at the same moment, each buy an 80-coin item with her 100
    coins: one purchase lands, the other is refused, and the balance is 20, never below."""
    fund(alice, 100, carol)
    items = ["felt-burgundy", "card-back-emerald", "tiles-mint", "felt-burgundy"]

    def purchase(item: str) -> int:
        response = client_of(alice).post(reverse("buy"), {"item": item}, follow=True)
        page = response.content.decode()
        return 1 if "is yours" in page else 0

    bought = race(len(items), lambda index: purchase(items[index]))

    assert Counter(bought) == {1: 1, 0: len(items) - 1}
    assert balance_of(alice) == 20
    assert len(owned(alice)) == 1
    assert [amount for amount, _reason, _item in ledger_of(alice)] == [100, -80]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("slow_changes")
def test_the_same_item_bought_twice_at_once_is_bought_once(
    alice: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    fund(alice, 1000, carol)

    outcomes = race(
        4,
        lambda _index: client_of(alice).post(reverse("buy"), {"item": "frame-gold"}).status_code,
    )

    assert outcomes == [302, 302, 302, 302]
    assert balance_of(alice) == 880
    assert owned(alice) == ["frame-gold"]
    assert [amount for amount, _reason, _item in ledger_of(alice)] == [1000, -120]
