from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from pytest_django.fixtures import Settings

from accounts.models import Profile

pytestmark = pytest.mark.django_db

User = get_user_model()


def test_play_now_creates_one_guest_signs_it_in_and_goes_to_the_lobby(client: Client) -> None:
    response = client.post("/play-now/")

    assert response.status_code == 302
    assert response["Location"] == "/play/"
    guest = User.objects.get()
    assert int(client.session["_auth_user_id"]) == guest.pk
    assert guest.profile.is_guest is True
    assert re.fullmatch(r"Guest [1-9]\d{3}", guest.profile.display_name)
    assert guest.has_usable_password() is False


def test_play_now_greets_the_guest_by_name_in_the_lobby(client: Client) -> None:
    response = client.post("/play-now/", follow=True)
    guest = User.objects.get()
    assert [str(message) for message in response.context["messages"]] == [
        f"Welcome, {guest.profile.display_name}! You are playing as a guest. Save your account "
        "any time with a username and a password to keep your matches."
    ]


def test_opening_play_now_only_shows_the_button(client: Client) -> None:
    response = client.get("/play-now/")

    assert response.status_code == 200
    assert User.objects.count() == 0
    assert "_auth_user_id" not in client.session
    assert b'action="/play-now/"' in response.content
    assert b'<button type="submit" class="button">Play now as a guest</button>' in response.content


def test_play_now_when_signed_in_creates_nothing_and_goes_to_the_lobby(client: Client) -> None:
    client.post("/play-now/")
    first_guest = User.objects.get()

    response = client.post("/play-now/")

    assert response["Location"] == "/play/"
    assert list(User.objects.all()) == [first_guest]
    assert int(client.session["_auth_user_id"]) == first_guest.pk


def test_play_now_for_a_full_account_creates_nothing(alice_client: Client) -> None:
    response = alice_client.post("/play-now/")
    assert response["Location"] == "/play/"
    assert User.objects.count() == 1


def test_play_now_needs_the_csrf_token() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post("/play-now/")
    assert response.status_code == 403
    assert User.objects.count() == 0


def test_play_now_goes_on_to_a_page_of_this_site(client: Client) -> None:
    response = client.post("/play-now/", {"next": "/account/profile/"})
    assert response["Location"] == "/account/profile/"


def test_play_now_ignores_a_next_page_on_another_site(client: Client) -> None:
    response = client.post("/play-now/", {"next": "https://evil.example/steal"})
    assert response["Location"] == "/play/"


def test_play_now_refuses_other_methods(client: Client) -> None:
    assert client.put("/play-now/").status_code == 405
    assert User.objects.count() == 0


def test_play_now_is_rate_limited_per_address(settings: Settings) -> None:
    settings.ACCOUNT_RATE_LIMITS = {"guest_start": "2/m/ip"}
    statuses = [Client().post("/play-now/").status_code for _ in range(3)]

    assert statuses == [302, 302, 429]
    assert User.objects.count() == 2


def test_the_rate_limit_page_explains_itself(settings: Settings) -> None:
    settings.ACCOUNT_RATE_LIMITS = {"guest_start": "1/m/ip"}
    Client().post("/play-now/")
    response = Client().post("/play-now/")
    assert response.status_code == 429
    assert b"Please wait a minute and try again." in response.content


def test_two_guests_get_different_names(client: Client) -> None:
    Client().post("/play-now/")
    Client().post("/play-now/")
    names = list(Profile.objects.values_list("display_name_key", flat=True))
    assert len(names) == len(set(names)) == 2


def test_a_guest_cannot_sign_in_with_a_password(client: Client, charlie: AbstractBaseUser) -> None:
    response = client.post(
        "/accounts/login/", {"login": charlie.get_username(), "password": "anything at all"}
    )
    assert response.status_code == 200
    assert response.context["form"].errors == {
        "__all__": ["The username and/or password you specified are not correct."]
    }
    assert "_auth_user_id" not in client.session


def test_a_guest_given_a_password_behind_the_sites_back_still_cannot_sign_in(
    client: Client, charlie: AbstractBaseUser
) -> None:
    charlie.set_password("sneaky pass phrase")
    charlie.save()

    response = client.post(
        "/accounts/login/", {"login": charlie.get_username(), "password": "sneaky pass phrase"}
    )

    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_a_signed_in_guest_opening_sign_up_is_offered_the_upgrade(
    charlie_client: Client,
) -> None:
    response = charlie_client.get("/accounts/signup/")
    assert response.status_code == 302
    assert response["Location"] == "/account/upgrade/"


def test_a_signed_in_guest_cannot_sign_up_a_second_account(charlie_client: Client) -> None:
    response = charlie_client.post(
        "/accounts/signup/",
        {
            "username": "dora",
            "password1": "a long enough pass phrase",
            "password2": "a long enough pass phrase",
        },
    )
    assert response["Location"] == "/account/upgrade/"
    assert not User.objects.filter(username="dora").exists()


def test_a_signed_in_guest_may_still_open_the_login_page_and_is_warned(
    charlie_client: Client, charlie: AbstractBaseUser
) -> None:
    response = charlie_client.get("/accounts/login/")
    assert response.status_code == 200
    assert (
        f"You are playing as the guest {charlie.profile.display_name}." in response.content.decode()
    )


def test_a_guest_cannot_set_a_password_outside_the_upgrade(
    charlie_client: Client, charlie: AbstractBaseUser
) -> None:
    response = charlie_client.post(
        "/accounts/password/set/",
        {"password1": "a long enough pass phrase", "password2": "a long enough pass phrase"},
    )
    assert response.status_code == 200
    charlie.refresh_from_db()
    assert charlie.has_usable_password() is False


def test_a_guest_cannot_add_an_email_address_outside_the_upgrade(
    charlie_client: Client, charlie: AbstractBaseUser
) -> None:
    response = charlie_client.post(
        "/accounts/email/", {"action_add": "", "email": "charlie@example.com"}
    )
    assert response.status_code == 200
    assert not charlie.emailaddress_set.exists()


def test_the_logout_page_warns_a_guest_that_the_account_will_be_lost(
    charlie_client: Client,
) -> None:
    response = charlie_client.get("/accounts/logout/")
    assert "once you sign out, you cannot come back to it" in response.content.decode()
    assert b'href="/account/upgrade/"' in response.content


def test_play_now_makes_the_guests_profile_once_with_its_name_and_language(
    client: Client,
) -> None:
    with CaptureQueriesContext(connection) as queries:
        client.post("/play-now/", HTTP_ACCEPT_LANGUAGE="pl")
    profile = Profile.objects.get()
    assert (profile.is_guest, profile.language) == (True, "pl")
    assert re.fullmatch(r"Gość [1-9]\d{3}", profile.display_name)
    written = [
        q["sql"].split()[0] for q in queries.captured_queries if "accounts_profile" in q["sql"]
    ]
    assert written == ["SELECT", "INSERT"]  # the name is free; no rename, no language update
