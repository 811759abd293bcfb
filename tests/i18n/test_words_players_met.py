"""Words players tripped over (issue 27, items 13 and 14): relative times and "Email" in
Vietnamese, the history's "Bid" as a noun, opponents' names that are not a trick in Polish,
Galician steps that are not the pass, and coins counted with each language's plural."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import ngettext

from accounts.cosmetics import CATALOGUE
from games import services
from games.core.registry import get_spec
from games.models import Match
from games.thousand.engine import Rules
from games.thousand.web import rules_pictures as thousand_rules

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_computer_moves")]


@pytest.fixture
def lan(db: None) -> AbstractBaseUser:
    return get_user_model().objects.create_user(username="lan", email="lan@example.com")


@pytest.fixture
def vi_client(lan: AbstractBaseUser) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="vi")
    client.force_login(lan)
    return client


def test_the_lobby_says_how_long_ago_in_vietnamese(
    lan: AbstractBaseUser, vi_client: Client
) -> None:
    match = services.create_practice_match(lan, "thousand", Rules().to_dict(), "normal")
    Match.objects.filter(pk=match.pk).update(updated=timezone.now() - timedelta(minutes=7))
    page = vi_client.get(reverse("lobby")).content.decode()
    assert "7\xa0phút trước" in page
    assert "minutes" not in page


def test_the_vietnamese_profile_names_the_email(vi_client: Client) -> None:
    page = vi_client.get(reverse("profile")).content.decode()
    assert "<dt>Địa chỉ email</dt>" in page


@pytest.mark.parametrize(
    ("language", "noun"),
    [("pl", "Licytacja"), ("ro", "Licitație"), ("vi", "Mức gọi"), ("gl", "Oferta")],
)
def test_the_history_heads_its_bid_column_with_the_noun(language: str, noun: str) -> None:
    with translation.override(language):
        assert str(get_spec("thousand").history.round_columns()[2]) == noun


def test_polish_opponents_are_not_named_like_a_trick() -> None:
    with translation.override("pl"):
        assert thousand_rules.names() == ("Ty", "Gracz z lewej", "Gracz z prawej")


def test_galician_steps_are_not_the_pass() -> None:
    with translation.override("gl"):
        assert translation.gettext("Step %(number)s") == "Etapa %(number)s"
        assert translation.gettext("pass") == "paso"


@pytest.mark.parametrize(
    ("count", "words"),
    [
        (1, "1 monedă"),
        (5, "5 monede"),
        (19, "19 monede"),
        (20, "20 de monede"),
        (101, "101 monede"),
    ],
)
def test_romanian_counts_coins_with_its_three_plurals(count: int, words: str) -> None:
    with translation.override("ro"):
        assert ngettext("%(price)s coin", "%(price)s coins", count) % {"price": count} == words


def test_the_romanian_shop_prices_follow_the_plural(db: None) -> None:
    person = get_user_model().objects.create_user(username="ioana")
    client = Client(HTTP_ACCEPT_LANGUAGE="ro")
    client.force_login(person)
    page = client.get(reverse("shop")).content.decode()
    priced = [item.price for item in CATALOGUE if item.price >= 20 and item.price % 100 >= 20]
    assert priced
    for price in priced:
        assert f'<span class="item-price">{price} de monede</span>' in page


@pytest.mark.parametrize(
    ("language", "date", "date_and_time"),
    [
        ("pl", "03.12.2026", "03.12.2026 14:05"),
        ("ro", "03.12.2026", "03.12.2026, 14:05"),
        ("vi", "03/12/2026", "03/12/2026 14:05"),
        ("gl", "03/12/2026", "03/12/2026 14:05"),
    ],
)
def test_dates_are_written_as_each_language_writes_them(
    language: str, date: str, date_and_time: str
) -> None:
    when = datetime(2026, 12, 3, 14, 5)
    with translation.override(language):
        assert formats.date_format(when, "SHORT_DATE_FORMAT") == date
        assert formats.date_format(when, "SHORT_DATETIME_FORMAT") == date_and_time
