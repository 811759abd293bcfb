"""Guessing passwords is throttled everywhere a password is accepted, and never locks the
owner out: the admin's login is the site's sign-in, and failed attempts count per address
and login together."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from .conftest import PASSWORD

pytestmark = pytest.mark.django_db

ATTACKER = "203.0.113.66"
OWNER = "198.51.100.7"
FAILURES_ALLOWED = 5
WRONG = "username_password_mismatch"


def sign_in(client: Client, login: str, password: str, address: str, url: str = "") -> object:
    return client.post(
        url or "/accounts/login/", {"login": login, "password": password}, REMOTE_ADDR=address
    )


def refusal_codes(response: object) -> list[str | None]:
    form = response.context["form"]  # type: ignore[attr-defined]
    return [error.code for error in form.non_field_errors().as_data()]


def test_the_admin_login_takes_no_password_itself(admin_user: AbstractBaseUser) -> None:
    client = Client()
    response = client.post(
        "/admin/login/?next=/admin/", {"username": "admin", "password": "password"}
    )
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")
    assert "_auth_user_id" not in client.session


def test_wrong_admin_passwords_then_the_right_one_is_refused(admin_user: AbstractBaseUser) -> None:
    client = Client()
    login_url = client.get("/admin/login/?next=/admin/")["Location"]
    for _ in range(FAILURES_ALLOWED):
        wrong = sign_in(client, "admin", "guess", ATTACKER, login_url)
        assert refusal_codes(wrong) == [WRONG]

    right = sign_in(client, "admin", "password", ATTACKER, login_url)

    assert right.status_code == 200
    assert refusal_codes(right) == ["too_many_login_attempts"]
    assert "_auth_user_id" not in client.session
    assert client.get("/admin/").status_code == 302


def test_the_admin_signs_in_through_the_site_and_reaches_the_admin(
    admin_user: AbstractBaseUser,
) -> None:
    client = Client()
    login_url = client.get("/admin/login/?next=/admin/")["Location"]
    signed_in = sign_in(client, "admin", "password", OWNER, login_url)
    assert signed_in.status_code == 302
    assert client.get(signed_in["Location"], follow=True).status_code == 200
    assert client.get("/admin/").status_code == 200


def test_signed_in_non_staff_are_refused_by_the_admin_login(alice: AbstractBaseUser) -> None:
    client = Client()
    client.force_login(alice)
    assert client.get("/admin/login/").status_code == 403


def test_the_owner_signs_in_from_another_address_while_the_attackers_is_throttled(
    alice: AbstractBaseUser,
) -> None:
    attacker = Client()
    for _ in range(FAILURES_ALLOWED):
        assert refusal_codes(sign_in(attacker, "alice", "guess", ATTACKER)) == [WRONG]
    throttled = sign_in(attacker, "alice", PASSWORD, ATTACKER)
    assert refusal_codes(throttled) == ["too_many_login_attempts"]
    assert "_auth_user_id" not in attacker.session

    owner = Client()
    signed_in = sign_in(owner, "alice", PASSWORD, OWNER)

    assert signed_in.status_code == 302
    assert int(owner.session["_auth_user_id"]) == alice.pk
    # The owner's success frees nothing for the attacker's address.
    assert refusal_codes(sign_in(attacker, "alice", PASSWORD, ATTACKER)) == [
        "too_many_login_attempts"
    ]


def test_one_address_cannot_try_many_logins_quickly(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    attacker = Client()
    logins = [f"user{n}" for n in range(10)]
    for login in logins:
        assert refusal_codes(sign_in(attacker, login, "guess", ATTACKER)) == [WRONG]
    assert refusal_codes(sign_in(attacker, "bob", PASSWORD, ATTACKER)) == [
        "too_many_login_attempts"
    ]
    assert sign_in(Client(), "bob", PASSWORD, OWNER).status_code == 302


def test_without_a_trusted_proxy_a_forged_forwarded_address_changes_nothing(
    alice: AbstractBaseUser,
) -> None:
    attacker = Client()
    for n in range(FAILURES_ALLOWED):
        wrong = attacker.post(
            "/accounts/login/",
            {"login": "alice", "password": "guess"},
            REMOTE_ADDR=ATTACKER,
            HTTP_X_FORWARDED_FOR=f"192.0.2.{n}",
        )
        assert refusal_codes(wrong) == [WRONG]
    right = attacker.post(
        "/accounts/login/",
        {"login": "alice", "password": PASSWORD},
        REMOTE_ADDR=ATTACKER,
        HTTP_X_FORWARDED_FOR="192.0.2.99",
    )
    assert refusal_codes(right) == ["too_many_login_attempts"]
