from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from allauth.account.utils import user_pk_to_url_str
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core import mail
from django.test import Client

from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db

User = get_user_model()


def signup_data(**changes: str) -> dict[str, str]:
    data = {
        "username": "dorota",
        "display_name": "Dorota Wąs",
        "email": "",
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    data.update(changes)
    return data


def test_the_sign_up_form_asks_for_username_display_name_email_and_password(
    client: Client,
) -> None:
    response = client.get("/accounts/signup/")
    assert response.status_code == 200
    assert list(response.context["form"].fields) == [
        "username",
        "display_name",
        "email",
        "password1",
        "password2",
    ]
    content = response.content.decode()
    assert '<label for="id_display_name">Display name:</label>' in content
    assert '<label for="id_email">Email (optional):</label>' in content


def test_signing_up_creates_a_full_account_signed_in_and_goes_to_the_lobby(
    client: Client,
) -> None:
    response = client.post("/accounts/signup/", signup_data())

    assert response.status_code == 302
    assert response["Location"] == "/play/"
    user = User.objects.get()
    assert user.get_username() == "dorota"
    assert user.check_password(PASSWORD)
    assert user.profile.display_name == "Dorota Wąs"
    assert user.profile.is_guest is False
    assert int(client.session["_auth_user_id"]) == user.pk


def test_without_a_display_name_the_username_is_used(client: Client) -> None:
    client.post("/accounts/signup/", signup_data(display_name=""))
    assert User.objects.get().profile.display_name == "dorota"


def test_signing_up_with_an_email_records_it_and_mails_a_confirmation(
    client: Client, mailoutbox: list[mail.EmailMessage]
) -> None:
    client.post("/accounts/signup/", signup_data(email="dorota@example.com"))

    address = EmailAddress.objects.get()
    assert (address.email, address.primary, address.verified) == (
        "dorota@example.com",
        True,
        False,
    )
    assert [message.to for message in mailoutbox] == [["dorota@example.com"]]


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"display_name": "alice"}, "display_name", "This display name is already taken."),
        (
            {"display_name": "Admin"},
            "display_name",
            "“Admin” is not available: display names must not look like the site's staff or "
            "its computer players.",
        ),
        ({"display_name": "D"}, "display_name", "A display name needs at least 3 characters."),
        ({"username": "ALICE"}, "username", "A user with that username already exists."),
        (
            {"username": "guest-1234"},
            "username",
            "Usernames starting with “guest-” are kept for guest accounts.",
        ),
        (
            {"password2": "not the same"},
            "password2",
            "You must type the same password each time.",
        ),
        (
            {"password1": "elevenchars", "password2": "elevenchars"},
            "password1",
            "This password is too short. It must contain at least 12 characters.",
        ),
    ],
)
def test_an_invalid_sign_up_says_why_and_creates_nothing(
    client: Client, alice: AbstractBaseUser, changes: dict[str, str], field: str, message: str
) -> None:
    response = client.post("/accounts/signup/", signup_data(**changes))

    assert response.status_code == 200
    assert response.context["form"].errors[field] == [message]
    assert list(User.objects.all()) == [alice]


def test_a_password_of_twelve_characters_is_long_enough(client: Client) -> None:
    response = client.post(
        "/accounts/signup/", signup_data(password1="twelve chars", password2="twelve chars")
    )
    assert response.status_code == 302
    assert User.objects.get(username="dorota").check_password("twelve chars")


def test_a_signed_in_player_opening_sign_up_goes_to_the_lobby(alice_client: Client) -> None:
    response = alice_client.get("/accounts/signup/")
    assert response["Location"] == "/play/"


@pytest.mark.parametrize("login", ["alice", "ALICE", "alice@example.com", "Alice@Example.com"])
def test_signing_in_works_with_the_username_or_the_email(
    client: Client, alice: AbstractBaseUser, login: str
) -> None:
    response = client.post("/accounts/login/", {"login": login, "password": PASSWORD})

    assert response.status_code == 302
    assert response["Location"] == "/play/"
    assert int(client.session["_auth_user_id"]) == alice.pk


def test_signing_in_goes_on_to_the_page_asked_for(client: Client, alice: AbstractBaseUser) -> None:
    response = client.post(
        "/accounts/login/?next=/account/profile/", {"login": "alice", "password": PASSWORD}
    )
    assert response["Location"] == "/account/profile/"


def test_a_wrong_password_is_refused_with_a_message(
    client: Client, alice: AbstractBaseUser
) -> None:
    response = client.post("/accounts/login/", {"login": "alice", "password": "wrong"})

    assert response.status_code == 200
    assert response.context["form"].errors == {
        "__all__": ["The username and/or password you specified are not correct."]
    }
    assert "_auth_user_id" not in client.session
    assert b'role="alert"' in response.content


def test_the_login_form_labels_its_fields(client: Client) -> None:
    content = client.get("/accounts/login/").content.decode()
    assert '<label for="id_login">Username or email:</label>' in content
    assert '<label for="id_password">Password:</label>' in content
    assert '<button type="submit" class="button">Sign In</button>' in content


def test_signing_out_takes_a_post_and_goes_home(alice_client: Client) -> None:
    page = alice_client.get("/accounts/logout/")
    assert page.status_code == 200
    assert "_auth_user_id" in alice_client.session

    response = alice_client.post("/accounts/logout/")

    assert response.status_code == 302
    assert response["Location"] == "/"
    assert "_auth_user_id" not in alice_client.session


def reset_link(message: mail.EmailMessage) -> str:
    match = re.search(r"http://testserver(/accounts/password/reset/key/\S+/)", message.body)
    assert match, message.body
    return match.group(1)


def test_a_forgotten_password_is_reset_through_the_emailed_link(
    client: Client, alice: AbstractBaseUser, mailoutbox: list[mail.EmailMessage]
) -> None:
    response = client.post("/accounts/password/reset/", {"email": "ALICE@example.com"})
    assert response["Location"] == "/accounts/password/reset/done/"
    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == ["alice@example.com"]
    assert mailoutbox[0].subject == "[Card & Tile Room] Choose a new password"
    assert "In case you forgot, your username is alice." in mailoutbox[0].body

    # The emailed link moves the key into the session and hides it from the address bar.
    form_url = client.get(reset_link(mailoutbox[0]))["Location"]
    assert form_url == f"/accounts/password/reset/key/{user_pk_to_url_str(alice)}-set-password/"
    assert client.get(form_url).status_code == 200
    new_password = "a brand new pass phrase"
    done = client.post(form_url, {"password1": new_password, "password2": new_password})
    assert done["Location"] == "/accounts/password/reset/key/done/"

    alice.refresh_from_db()
    assert alice.check_password(new_password)
    response = Client().post("/accounts/login/", {"login": "alice", "password": new_password})
    assert response["Location"] == "/play/"


def test_a_used_reset_link_no_longer_works(
    client: Client, alice: AbstractBaseUser, mailoutbox: list[mail.EmailMessage]
) -> None:
    client.post("/accounts/password/reset/", {"email": "alice@example.com"})
    link = reset_link(mailoutbox[0])
    form_url = client.get(link)["Location"]
    client.post(form_url, {"password1": "first new phrase", "password2": "first new phrase"})

    response = Client().get(link, follow=True)

    assert response.context["token_fail"] is True
    assert b"Bad Token" in response.content


def test_a_reset_for_an_unknown_address_reveals_nothing_and_mails_no_link(
    client: Client, mailoutbox: list[mail.EmailMessage]
) -> None:
    response = client.post("/accounts/password/reset/", {"email": "nobody@example.com"})
    assert response["Location"] == "/accounts/password/reset/done/"
    assert [message.to for message in mailoutbox] == [["nobody@example.com"]]
    assert "/accounts/password/reset/key/" not in mailoutbox[0].body


def test_a_guest_with_an_address_somehow_still_gets_no_reset_link(
    client: Client, charlie: AbstractBaseUser, mailoutbox: list[mail.EmailMessage]
) -> None:
    EmailAddress.objects.create(user=charlie, email="charlie@example.com", verified=True)

    client.post("/accounts/password/reset/", {"email": "charlie@example.com"})

    assert len(mailoutbox) == 1
    assert "/accounts/password/reset/key/" not in mailoutbox[0].body
