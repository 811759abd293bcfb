"""The table, the lobby, the account pages, the rules and the e-mails in each language: the
page is marked with its language and shows the catalog's words, not the English ones."""

from __future__ import annotations

import gettext
import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.utils.html import escape

from games import services
from games.models import Match
from games.thousand.engine import Rules

from .catalogs import TRANSLATED_LANGUAGES, mo_path

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_computer_moves")]

# Words each page always shows, by their English message ids.
PAGES = {
    "lobby": ["Start the match", "Rule variants", "Or play with friends", "Computer players"],
    "table": ["Rules of this match", "Resign", "Your table", "Following: must beat"],
    "profile": ["Your profile", "Display name", "Save display name", "Manage email addresses"],
    "login": ["Sign In", "Username or email", "Password", "No account yet?"],
    "signup": ["Sign Up", "Username", "Password (again)", "Just want to play?"],
    "rules": ["How to play Thousand", "Marriages and trump", "Tips", "Card or marriage"],
}


def translated(language: str, message: str) -> str:
    """The message in our catalog for ``language`` (not Django's or allauth's, which some
    messages also have in some languages)."""
    with mo_path(language).open("rb") as compiled:
        words = gettext.GNUTranslations(compiled).gettext(message)
    assert words != message, f"{message!r} is not translated into {language}"
    return words


def assert_page_speaks(html: str, language: str, messages: list[str]) -> None:
    assert re.search(rf'<html lang="{language}">', html)
    for message in messages:
        assert escape(translated(language, message)) in html, message


@pytest.fixture
def alice(db: None) -> AbstractBaseUser:
    user = get_user_model().objects.create_user(
        username="alice", email="alice@example.com", password="a-long-password-7"
    )
    user.emailaddress_set.create(email="alice@example.com", primary=True, verified=True)
    return user


def speaking(language: str, user: AbstractBaseUser | None = None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_the_lobby_speaks_the_viewers_language(language: str, alice: AbstractBaseUser) -> None:
    html = speaking(language, alice).get("/play/").content.decode()
    assert_page_speaks(html, language, PAGES["lobby"])


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_the_table_speaks_the_viewers_language(language: str, alice: AbstractBaseUser) -> None:
    match = services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal", seed=3)
    html = speaking(language, alice).get(f"/play/{match.pk}/").content.decode()
    assert_page_speaks(html, language, PAGES["table"])


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
@pytest.mark.parametrize(
    ("page", "path", "signed_in"),
    [
        ("profile", "/account/profile/", True),
        ("login", "/accounts/login/", False),
        ("signup", "/accounts/signup/", False),
        ("rules", "/rules/thousand/8/", False),
    ],
)
def test_the_account_and_rules_pages_speak_the_viewers_language(
    language: str, page: str, path: str, signed_in: bool, alice: AbstractBaseUser
) -> None:
    html = speaking(language, alice if signed_in else None).get(path).content.decode()
    assert_page_speaks(html, language, PAGES[page])


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_a_refused_sign_in_says_why_in_the_viewers_language(
    language: str, alice: AbstractBaseUser
) -> None:
    response = speaking(language).post(
        "/accounts/login/", {"login": "alice", "password": "not-her-password"}
    )
    assert response.status_code == 200
    reason = translated(language, "The username and/or password you specified are not correct.")
    assert escape(reason) in response.content.decode()


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_the_password_reset_email_is_in_the_language_it_was_asked_in(
    language: str, alice: AbstractBaseUser, mailoutbox: list[object]
) -> None:
    speaking(language).post("/accounts/password/reset/", {"email": "alice@example.com"})
    (message,) = mailoutbox
    site_name = translated(language, "Card & Tile Room")
    subject = f"[{site_name}] {translated(language, 'Choose a new password')}"
    assert message.subject == subject  # type: ignore[attr-defined]
    body = message.body  # type: ignore[attr-defined]
    assert translated(language, "Hello from %(site_name)s!") % {"site_name": site_name} in body
    assert (
        translated(language, "In case you forgot, your username is %(username)s.")
        % {"username": "alice"}
        in body
    )


def test_the_polish_pages_use_the_seeds_words(alice: AbstractBaseUser) -> None:
    rules = speaking("pl").get("/rules/thousand/4/").content.decode()
    assert '<span class="step-number">Krok 4</span> Licytacja: kto gra i za ile</h2>' in rules
    assert "musik" in rules
    assert "Beczka i koniec gry" in rules
    lobby = speaking("pl", alice).get("/play/").content.decode()
    assert "Cztery dziewiątki" in lobby
    assert "Gracze komputerowi" in lobby


def test_dates_and_relative_times_follow_the_viewers_language(alice: AbstractBaseUser) -> None:
    match = services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal", seed=3)
    Match.objects.filter(pk=match.pk).update(updated=match.updated - timedelta(hours=2, minutes=5))
    polish = speaking("pl", alice).get("/play/").content.decode()
    assert "2\xa0godziny, 5\xa0minut temu" in polish
    english = speaking("en", alice).get("/play/").content.decode()
    assert "2\xa0hours, 5\xa0minutes ago" in english
