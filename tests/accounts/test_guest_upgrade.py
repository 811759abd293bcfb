from __future__ import annotations

import re
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.contenttypes.models import ContentType
from django.core import mail
from django.test import Client

from accounts.models import Profile

pytestmark = pytest.mark.django_db

User = get_user_model()
NEW_PASSWORD = "plenty of playing cards"


def upgrade_data(**changes: str) -> dict[str, str]:
    data = {
        "username": "charlie",
        "display_name": "Charlie Chaplin",
        "email": "",
        "password1": NEW_PASSWORD,
        "password2": NEW_PASSWORD,
    }
    data.update(changes)
    return data


def snapshot(user: AbstractBaseUser) -> dict[str, Any]:
    user.refresh_from_db()
    profile = Profile.objects.get(user=user)
    return {
        "username": user.get_username(),
        "password": user.password,
        "email": user.email,
        "display_name": profile.display_name,
        "is_guest": profile.is_guest,
        "addresses": list(EmailAddress.objects.filter(user=user).values_list("email", flat=True)),
    }


def test_the_upgrade_form_starts_with_the_guest_name(
    charlie_client: Client, charlie: AbstractBaseUser
) -> None:
    response = charlie_client.get("/account/upgrade/")
    assert response.status_code == 200
    assert response.context["form"]["display_name"].value() == charlie.profile.display_name


def test_upgrading_keeps_the_same_user_and_what_points_at_it(
    charlie_client: Client, charlie: AbstractBaseUser
) -> None:
    played = LogEntry.objects.create(
        user=charlie,
        content_type=ContentType.objects.get_for_model(Profile),
        object_id=str(charlie.profile.pk),
        object_repr="a match Charlie played as a guest",
        action_flag=ADDITION,
    )

    response = charlie_client.post("/account/upgrade/", upgrade_data())

    assert response.status_code == 302
    assert response["Location"] == "/account/profile/"
    assert User.objects.count() == 1
    upgraded = User.objects.get()
    assert upgraded.pk == charlie.pk
    assert upgraded.get_username() == "charlie"
    assert upgraded.check_password(NEW_PASSWORD)
    assert upgraded.profile.is_guest is False
    assert upgraded.profile.display_name == "Charlie Chaplin"
    played.refresh_from_db()
    assert played.user_id == charlie.pk


def test_the_upgraded_account_stays_signed_in(
    charlie_client: Client, charlie: AbstractBaseUser
) -> None:
    charlie_client.post("/account/upgrade/", upgrade_data())

    response = charlie_client.get("/account/profile/")

    assert response.status_code == 200
    assert response.context["user"].pk == charlie.pk
    assert [str(message) for message in response.context["messages"]] == [
        "Your account is saved. From now on, sign in as “charlie”."
    ]


def test_the_guest_name_can_be_kept(charlie_client: Client, charlie: AbstractBaseUser) -> None:
    guest_name = charlie.profile.display_name
    charlie_client.post("/account/upgrade/", upgrade_data(display_name=guest_name))
    assert Profile.objects.get(user=charlie).display_name == guest_name


def test_the_upgraded_account_signs_in_with_its_new_username(
    client: Client, charlie_client: Client
) -> None:
    charlie_client.post("/account/upgrade/", upgrade_data())

    response = Client().post("/accounts/login/", {"login": "charlie", "password": NEW_PASSWORD})

    assert response.status_code == 302
    assert response["Location"] == "/play/"


def test_an_email_given_at_upgrade_is_recorded_and_confirmation_is_mailed(
    charlie_client: Client, charlie: AbstractBaseUser, mailoutbox: list[mail.EmailMessage]
) -> None:
    charlie_client.post("/account/upgrade/", upgrade_data(email="Charlie@Example.com"))

    address = EmailAddress.objects.get(user=charlie)
    assert (address.email, address.primary, address.verified) == (
        "charlie@example.com",
        True,
        False,
    )
    charlie.refresh_from_db()
    assert charlie.email == "charlie@example.com"
    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == ["charlie@example.com"]
    assert mailoutbox[0].subject == "[Card & Tile Room] Confirm your email address"
    assert "/accounts/confirm-email/" in mailoutbox[0].body


def test_the_emailed_link_confirms_the_address(
    charlie_client: Client, charlie: AbstractBaseUser, mailoutbox: list[mail.EmailMessage]
) -> None:
    charlie_client.post("/account/upgrade/", upgrade_data(email="charlie@example.com"))
    link = re.search(r"http://testserver(/accounts/confirm-email/\S+/)", mailoutbox[0].body)
    assert link

    assert charlie_client.get(link.group(1)).status_code == 200
    charlie_client.post(link.group(1))

    assert EmailAddress.objects.get(user=charlie).verified is True


def test_no_email_means_no_address_and_no_mail(
    charlie_client: Client, charlie: AbstractBaseUser, mailoutbox: list[mail.EmailMessage]
) -> None:
    charlie_client.post("/account/upgrade/", upgrade_data())
    assert not EmailAddress.objects.filter(user=charlie).exists()
    assert mailoutbox == []


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"username": "alice"}, "username", "A user with that username already exists."),
        (
            {"username": "guest-mine"},
            "username",
            "Usernames starting with “guest-” are kept for guest accounts.",
        ),
        ({"username": "jo"}, "username", "Ensure this value has at least 3 characters (it has 2)."),
        ({"display_name": "ALICE"}, "display_name", "This display name is already taken."),
        (
            {"display_name": "Computer Expert"},
            "display_name",
            "“Computer Expert” is not available: display names must not look like the site's "
            "staff or its computer players.",
        ),
        ({"display_name": ""}, "display_name", "This field is required."),
        (
            {"email": "ALICE@example.com"},
            "email",
            "A user is already registered with this email address.",
        ),
        ({"email": "not-an-address"}, "email", "Enter a valid email address."),
        (
            {"password1": "short", "password2": "short"},
            "password1",
            "This password is too short. It must contain at least 12 characters.",
        ),
        (
            {"password1": "charlie123", "password2": "charlie123"},
            "password1",
            "The password is too similar to the username.",
        ),
        (
            {"password2": "something else entirely"},
            "password2",
            "You must type the same password each time.",
        ),
    ],
)
def test_an_invalid_upgrade_says_why_and_changes_nothing(
    charlie_client: Client,
    charlie: AbstractBaseUser,
    alice: AbstractBaseUser,
    mailoutbox: list[mail.EmailMessage],
    changes: dict[str, str],
    field: str,
    message: str,
) -> None:
    before = snapshot(charlie)

    response = charlie_client.post("/account/upgrade/", upgrade_data(**changes))

    assert response.status_code == 200
    assert message in response.context["form"].errors[field]
    assert snapshot(charlie) == before
    assert before["is_guest"] is True
    assert mailoutbox == []
    # The error is tied to its input for screen readers.
    assert f'id="id_{field}_error"'.encode() in response.content
    assert re.search(
        rf'aria-describedby="[^"]*\bid_{field}_error\b[^"]*"[^>]*id="id_{field}"'.encode(),
        response.content,
    )


def test_a_full_account_has_nothing_to_upgrade(alice_client: Client) -> None:
    response = alice_client.post("/account/upgrade/", upgrade_data(username="alice2"))
    assert response.status_code == 302
    assert response["Location"] == "/account/profile/"
    assert not User.objects.filter(username="alice2").exists()


def test_the_upgrade_page_needs_a_signed_in_guest(client: Client) -> None:
    response = client.get("/account/upgrade/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/account/upgrade/"
