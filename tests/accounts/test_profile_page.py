from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from accounts.models import Profile

pytestmark = pytest.mark.django_db


def test_the_profile_page_shows_the_name_and_the_account(alice_client: Client) -> None:
    response = alice_client.get("/account/profile/")

    assert response.status_code == 200
    content = response.content.decode()
    assert "Other players see you as <strong>Alice</strong>." in content
    assert "<dd>alice</dd>" in content
    assert "alice@example.com" in content
    assert 'href="/accounts/password/change/"' in content
    assert "You are playing as a guest" not in content


def test_a_guest_profile_offers_to_save_the_account(charlie_client: Client) -> None:
    content = charlie_client.get("/account/profile/").content.decode()
    assert "You are playing as a guest" in content
    assert 'href="/account/upgrade/"' in content
    assert 'href="/accounts/password/change/"' not in content


def test_changing_the_display_name(alice_client: Client, alice: AbstractBaseUser) -> None:
    response = alice_client.post("/account/profile/", {"display_name": "  Alicja   Nowak "})

    assert response.status_code == 302
    assert response["Location"] == "/account/profile/"
    assert Profile.objects.get(user=alice).display_name == "Alicja Nowak"
    page = alice_client.get("/account/profile/")
    assert [str(message) for message in page.context["messages"]] == [
        "Your display name is now “Alicja Nowak”."
    ]


def test_changing_only_the_case_of_ones_own_name_is_fine(
    alice_client: Client, alice: AbstractBaseUser
) -> None:
    alice_client.post("/account/profile/", {"display_name": "ALICE"})
    assert Profile.objects.get(user=alice).display_name == "ALICE"


def test_a_guest_can_rename_itself_and_stays_a_guest(
    charlie_client: Client, charlie: AbstractBaseUser
) -> None:
    charlie_client.post("/account/profile/", {"display_name": "Karol"})
    profile = Profile.objects.get(user=charlie)
    assert (profile.display_name, profile.is_guest) == ("Karol", True)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("BOB", "This display name is already taken."),
        ("bob", "This display name is already taken."),
        ("Al", "A display name needs at least 3 characters."),
        (
            "Staff",
            "“Staff” is not available: display names must not look like the site's "
            "staff or its computer players.",
        ),
        ("", "This field is required."),
    ],
)
def test_a_refused_display_name_says_why_and_changes_nothing(
    alice_client: Client,
    alice: AbstractBaseUser,
    bob: AbstractBaseUser,
    name: str,
    message: str,
) -> None:
    response = alice_client.post("/account/profile/", {"display_name": name})

    assert response.status_code == 200
    assert response.context["form"].errors == {"display_name": [message]}
    assert Profile.objects.get(user=alice).display_name == "Alice"
    content = response.content.decode()
    # The page still names the saved display name, and the error is tied to the input.
    assert "Other players see you as <strong>Alice</strong>." in content
    assert 'aria-invalid="true"' in content
    assert 'aria-describedby="id_display_name_helptext id_display_name_error"' in content


def test_the_profile_page_needs_a_signed_in_user(client: Client) -> None:
    response = client.get("/account/profile/")
    assert response["Location"] == "/accounts/login/?next=/account/profile/"


def test_the_profile_lists_an_unverified_address_as_such(
    alice_client: Client, alice: AbstractBaseUser
) -> None:
    EmailAddress.objects.create(user=alice, email="alice@work.example", verified=False)
    content = alice_client.get("/account/profile/").content.decode()
    assert "alice@example.com (verified)" in content
    assert "alice@work.example (not verified yet)" in content


@pytest.mark.parametrize(
    ("url", "heading"),
    [
        ("/account/profile/", "<h1>Your profile</h1>"),
        ("/accounts/email/", "<h1>Email Addresses</h1>"),
        ("/accounts/password/change/", "<h1>Change Password</h1>"),
        ("/accounts/logout/", "<h1>Sign Out</h1>"),
        ("/accounts/password/reset/", "<h1>Password Reset</h1>"),
    ],
)
def test_each_account_page_is_drawn_in_the_site_layout(
    alice_client: Client, url: str, heading: str
) -> None:
    response = alice_client.get(url)
    assert response.status_code == 200
    content = response.content.decode()
    assert heading in content
    assert 'id="main"' in content
    assert "/static/accounts/accounts.css" in content
