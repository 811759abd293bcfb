"""The language: from Accept-Language on the first visit, then the header's picker, kept in
the cookie for everyone and in the profile of a signed-in person (guests too)."""

from __future__ import annotations

import re
import unicodedata

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from accounts.models import Profile

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


def page_language(response: object) -> str:
    match = re.search(r'<html lang="([\w-]+)">', response.content.decode())  # type: ignore[attr-defined]
    assert match, "no <html lang>"
    return match.group(1)


def make_user(username: str, password: str = "a-long-password-7") -> AbstractBaseUser:
    user = get_user_model().objects.create_user(username=username, password=password)
    return user


def test_the_first_visit_reads_the_browsers_accept_language() -> None:
    response = Client().get("/", HTTP_ACCEPT_LANGUAGE="vi-VN,vi;q=0.9,en;q=0.5")
    assert page_language(response) == "vi"
    assert response["Content-Language"] == "vi"


def test_a_browser_language_the_site_lacks_falls_back_to_english() -> None:
    response = Client().get("/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")
    assert page_language(response) == "en"


def test_every_page_has_the_picker_with_each_language_in_its_own_name() -> None:
    page = Client().get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    picker = page[page.index('<details class="language-picker"') :]
    picker = picker[: picker.index("</details>")]
    assert 'action="/language/"' in picker
    buttons = re.findall(
        r'<button type="submit" name="language" value="(\w+)" lang="\w+"[^>]*>([^<]+)</button>',
        picker,
    )
    assert [(code, unicodedata.normalize("NFC", name)) for code, name in buttons] == [
        ("en", "English"),
        ("pl", "Polski"),
        ("ro", "Română"),
        ("vi", "Tiếng Việt"),
        ("gl", "Galego"),
    ]
    assert 'value="/accounts/login/"' in picker  # back to this page
    assert "<script" not in picker


def test_a_visitor_who_picks_a_language_keeps_it_in_the_cookie() -> None:
    client = Client()
    response = client.post(
        "/language/", {"language": "ro", "next": "/accounts/login/"}, HTTP_ACCEPT_LANGUAGE="pl"
    )
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/"
    assert response.cookies[COOKIE].value == "ro"
    assert response.cookies[COOKIE]["max-age"] == 365 * 24 * 3600
    assert page_language(client.get("/", HTTP_ACCEPT_LANGUAGE="pl")) == "ro"


def test_the_picker_goes_back_only_to_a_page_of_this_site() -> None:
    response = Client().post("/language/", {"language": "gl", "next": "https://evil.example/"})
    assert response.status_code == 302
    assert response["Location"] == "/play/"


def test_a_language_the_site_lacks_is_refused_and_changes_nothing() -> None:
    alice = make_user("alice")
    client = Client()
    client.force_login(alice)
    response = client.post("/language/", {"language": "de", "next": "/"})
    assert response.status_code == 400
    assert response.content.decode() == "The site is not available in the language “de”."
    assert COOKIE not in response.cookies
    assert Profile.objects.get(user=alice).language == ""


def test_the_picker_takes_only_a_post() -> None:
    assert Client().get("/language/?language=pl").status_code == 405


def test_a_signed_in_persons_choice_is_kept_in_the_account_for_their_next_sign_in() -> None:
    make_user("alice")
    laptop = Client()
    laptop.post("/accounts/login/", {"login": "alice", "password": "a-long-password-7"})
    laptop.post("/language/", {"language": "pl", "next": "/"})
    assert Profile.objects.get(user__username="alice").language == "pl"

    phone = Client()  # another browser, which asks for English
    response = phone.post(
        "/accounts/login/",
        {"login": "alice", "password": "a-long-password-7"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.cookies[COOKIE].value == "pl"
    assert page_language(phone.get("/play/", HTTP_ACCEPT_LANGUAGE="en")) == "pl"


def test_the_account_language_outranks_an_older_cookie_in_that_browser() -> None:
    alice = make_user("alice")
    Profile.objects.filter(user=alice).update(language="gl")
    client = Client()
    client.cookies[COOKIE] = "vi"
    response = client.post("/accounts/login/", {"login": "alice", "password": "a-long-password-7"})
    assert response.cookies[COOKIE].value == "gl"  # the table's WebSocket reads the cookie
    assert page_language(client.get("/play/")) == "gl"


def test_an_account_without_a_language_gets_the_one_it_was_read_in_at_sign_in() -> None:
    make_user("alice")
    Client().post(
        "/accounts/login/",
        {"login": "alice", "password": "a-long-password-7"},
        HTTP_ACCEPT_LANGUAGE="ro",
    )
    assert Profile.objects.get(user__username="alice").language == "ro"


def test_a_guest_keeps_the_language_of_play_now_and_of_the_picker() -> None:
    client = Client()
    client.post("/play-now/", HTTP_ACCEPT_LANGUAGE="vi")
    guest = Profile.objects.get(is_guest=True)
    assert guest.language == "vi"
    client.post("/language/", {"language": "pl", "next": "/play/"})
    guest.refresh_from_db()
    assert guest.language == "pl"
    assert page_language(client.get("/play/", HTTP_ACCEPT_LANGUAGE="vi")) == "pl"


def test_signing_out_keeps_the_language_in_this_browser() -> None:
    make_user("alice")
    client = Client()
    client.post("/accounts/login/", {"login": "alice", "password": "a-long-password-7"})
    client.post("/language/", {"language": "ro", "next": "/"})
    client.post("/accounts/logout/")
    assert page_language(client.get("/", HTTP_ACCEPT_LANGUAGE="en")) == "ro"
