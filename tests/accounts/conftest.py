"""Personas: Alice has a full account with an email address, Bob a full account without one,
Charlie is a guest who pressed "Play now"."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.test import Client
from pytest_django.fixtures import Settings

from accounts.guests import create_guest

PASSWORD = "a long enough pass phrase"


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> None:
    # allauth keeps its rate-limit counters in the cache, which outlives a test.
    cache.clear()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def alice(db: None) -> AbstractBaseUser:
    user = get_user_model().objects.create_user("alice", "alice@example.com", PASSWORD)
    EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
    profile = user.profile
    profile.display_name = "Alice"
    profile.save()
    return user


@pytest.fixture
def bob(db: None) -> AbstractBaseUser:
    return get_user_model().objects.create_user("bob", "", PASSWORD)


@pytest.fixture
def charlie(db: None) -> AbstractBaseUser:
    return create_guest()


@pytest.fixture
def alice_client(client: Client, alice: AbstractBaseUser) -> Client:
    client.force_login(alice)
    return client


@pytest.fixture
def charlie_client(client: Client, charlie: AbstractBaseUser) -> Client:
    client.force_login(charlie)
    return client
