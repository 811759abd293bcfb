from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ValidationError

from accounts.names import (
    display_name_key,
    normalize_display_name,
    random_numbered_name,
    validate_display_name,
)
from games.core.names import display_name


def error_of(name: str) -> ValidationError:
    with pytest.raises(ValidationError) as caught:
        validate_display_name(name)
    return caught.value


@pytest.mark.parametrize(
    "name",
    [
        "Bob",
        "Łucja Wąs",
        "Nguyễn Thị Hằng",
        "Ștefan Țurcanu",
        "Xosé Núñez",
        "Żółć_99",
        "card-shark.pl",
        "Ελένη",
        "Ольга",
        "王小明",
        "Normal Nora",
        "Guest 4821",
        "x" * 24,
    ],
)
def test_it_accepts_letters_of_any_script_digits_spaces_and_the_allowed_signs(name: str) -> None:
    validate_display_name(name)


def test_it_collapses_inner_whitespace_and_strips_the_ends() -> None:
    assert normalize_display_name("  Łucja \t  Wąs\u00a0 ") == "Łucja Wąs"


def test_it_composes_decomposed_accents_so_they_count_once() -> None:
    decomposed = "Nguye\u0302\u0303n"  # e + circumflex + tilde, as some keyboards send it
    assert normalize_display_name(decomposed) == "Nguyễn"
    assert len(normalize_display_name(decomposed)) == 6


def test_the_key_ignores_case_in_every_alphabet() -> None:
    assert display_name_key("ŁUCJA") == display_name_key("łucja") == "łucja"
    assert display_name_key("NGUYỄN") == display_name_key("nguyễn")
    assert display_name_key("Straße") == display_name_key("STRASSE")


def test_it_rejects_a_name_of_two_characters_with_the_minimum_in_the_message() -> None:
    error = error_of("Al")
    assert error.code == "too_short"
    assert error.messages == ["A display name needs at least 3 characters."]


def test_it_rejects_a_name_of_25_characters_and_says_how_long_it_is() -> None:
    error = error_of("x" * 25)
    assert error.code == "too_long"
    assert error.messages == ["A display name can have at most 24 characters (this one has 25)."]


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("bob@home", "“@”"),
        ("<b>bob</b>", "“<” “>” “/”"),
        ("bob!!", "“!”"),
        ("zero\u200bwidth", "“\u200b”"),
        ("emoji 🂡 ace", "“🂡”"),
    ],
)
def test_it_names_the_characters_it_does_not_accept(name: str, shown: str) -> None:
    error = error_of(name)
    assert error.code == "invalid_characters"
    assert error.messages == [
        "A display name can contain letters, digits 0-9, spaces and the signs _ - . only, "
        f"not {shown}."
    ]


@pytest.mark.parametrize("name", ["1234", "___", "- . -"])
def test_it_wants_at_least_one_letter(name: str) -> None:
    error = error_of(name)
    assert error.code == "no_letter"
    assert error.messages == ["A display name needs at least one letter."]


def test_it_rejects_latin_and_cyrillic_letters_mixed_in_one_word() -> None:
    error = error_of("B\u043eb")  # a Cyrillic "o" between two Latin letters
    assert error.code == "mixed_scripts"
    assert error.messages == [
        "Please do not mix alphabets within a word (such as Latin and Cyrillic letters "
        "that look alike)."
    ]


@pytest.mark.parametrize(
    "name",
    [
        "admin",
        "ADMIN",
        "Admin_2",
        "a.d.m.i.n",
        "Ádmin",
        "AdminBob",
        "the staff",
        "Moderator Max",
        "Computer",
        "Computer Expert",
        "Expert",
        "expert 2",
        "Beginner",
        "NORMAL",
        "bot 7",
        "Support-Team",
    ],
)
def test_it_rejects_names_that_pass_for_staff_or_computer_players(name: str) -> None:
    error = error_of(name)
    assert error.code == "reserved"
    assert error.messages == [
        f"“{name}” is not available: display names must not look like the site's staff or "
        "its computer players."
    ]


@pytest.mark.parametrize("name", ["Badminton", "Abbott", "Expert Ela", "Botticelli", "Modesta"])
def test_it_lets_ordinary_names_that_merely_contain_a_reserved_word_through(name: str) -> None:
    validate_display_name(name)


def test_display_name_shows_the_profile_name(alice: AbstractBaseUser) -> None:
    assert display_name(alice) == "Alice"


def test_display_name_of_a_guest_is_its_generated_name(charlie: AbstractBaseUser) -> None:
    assert display_name(charlie).startswith("Guest ")


def test_display_name_of_nobody_is_anonymous() -> None:
    assert display_name(AnonymousUser()) == "Anonymous"
    assert display_name(None) == "Anonymous"


def test_random_numbered_names_have_exactly_the_digits_asked_for() -> None:
    for digits in (4, 5, 9):
        prefix, number = random_numbered_name("Guest", digits).split(" ")
        assert prefix == "Guest"
        assert len(number) == digits
        assert number[0] != "0"
