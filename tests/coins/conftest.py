"""Personas for the coins tests: Alice has a full account, Gus is a guest who pressed "Play
now", Carol is staff. After every test, every person's ledger adds up to their balance."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Sum
from django.test import Client

from accounts import coins
from accounts.guests import create_guest
from accounts.models import CoinEntry, Wallet
from tests.browser.conftest import (  # noqa: F401  (fixtures of the browser test)
    _no_csp_violations,
    browser_type_launch_args,
    live_server_url,
    screenshot_dir,
)


@pytest.fixture(autouse=True)
def _ledger_adds_up(db: None) -> Iterator[None]:
    yield
    sums = dict(
        CoinEntry.objects.values("user").annotate(total=Sum("amount")).values_list("user", "total")
    )
    balances = dict(Wallet.objects.values_list("user", "balance"))
    assert {user: sums.get(user, 0) for user in balances} == balances
    assert set(sums) <= set(balances)
    for wallet in Wallet.objects.all():
        last = CoinEntry.objects.filter(user=wallet.user_id).order_by("-pk").first()
        assert (last.balance_after if last else 0) == wallet.balance


@pytest.fixture
def alice(db: None) -> AbstractBaseUser:
    user = get_user_model().objects.create_user("alice", "", "a long enough pass phrase")
    profile = user.profile
    profile.display_name = "Alice"
    profile.save()
    return user


@pytest.fixture
def bob(db: None) -> AbstractBaseUser:
    user = get_user_model().objects.create_user("bob")
    profile = user.profile
    profile.display_name = "Bob"
    profile.save()
    return user


@pytest.fixture
def gus(db: None) -> AbstractBaseUser:
    return create_guest()


@pytest.fixture
def carol(db: None) -> AbstractBaseUser:
    return get_user_model().objects.create_user("carol", is_staff=True)


def client_of(user: AbstractBaseUser) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def alice_client(alice: AbstractBaseUser) -> Client:
    return client_of(alice)


@pytest.fixture
def carol_client(carol: AbstractBaseUser) -> Client:
    return client_of(carol)


def fund(user: AbstractBaseUser, amount: int, staff: AbstractBaseUser) -> None:
    """Gives ``user`` coins the way staff do (a ledger row with its reason)."""
    coins.staff_change(staff, user, amount, "test funds")


def balance_of(user: AbstractBaseUser) -> int:
    return coins.wallet_of(user).balance


def ledger_of(user: AbstractBaseUser) -> list[tuple[int, str, str]]:
    """Each row of ``user``'s ledger, oldest first: (amount, reason, item)."""
    return list(
        CoinEntry.objects.filter(user=user).order_by("pk").values_list("amount", "reason", "item")
    )
