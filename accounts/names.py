"""Display names: what other players see. Their rules, their uniqueness key, and
``display_name(user)``, the one way the other apps show a person's name."""

from __future__ import annotations

import re
import secrets
import unicodedata
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.translation import gettext, gettext_noop, ngettext

if TYPE_CHECKING:
    pass

DISPLAY_NAME_MIN_LENGTH = 3
DISPLAY_NAME_MAX_LENGTH = 24
NAME_PUNCTUATION = frozenset(" _-.")

# Words no display name may contain, so that nobody passes for the site's staff or for one
# of its computer players. Compared after case folding and accent stripping, word by word,
# in English and in every language the site speaks (the terms are translated at check time).
RESERVED_WORDS = (
    # Translators: a word no display name may contain; translate it as a single word.
    gettext_noop("admin"),
    gettext_noop("administrator"),
    gettext_noop("staff"),
    gettext_noop("moderator"),
    gettext_noop("mod"),
    gettext_noop("computer"),
    gettext_noop("bot"),
    gettext_noop("robot"),
    gettext_noop("system"),
    gettext_noop("support"),
    gettext_noop("official"),
)
# The computer players' levels: a name made of nothing but one of them is reserved
# ("Expert", "expert 2"), while "Normal Nora" is fine.
COMPUTER_LEVEL_NAMES = (
    gettext_noop("Beginner"),
    gettext_noop("Normal"),
    gettext_noop("Expert"),
)
# Scripts whose letters are easily mistaken for one another (a Cyrillic "a" in "admin").
CONFUSABLE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK"})


def normalize_display_name(value: str) -> str:
    """The form a display name is stored in: NFC, no outer spaces, single inner spaces."""
    return " ".join(unicodedata.normalize("NFC", value).split())


def display_name_key(value: str) -> str:
    """The uniqueness key of a display name: "Łucja", "ŁUCJA" and "łucja" share one."""
    return unicodedata.normalize("NFKC", normalize_display_name(value)).casefold()


def validate_display_name(value: str) -> None:
    """Raise ``ValidationError`` with a message a person can act on if ``value`` (already
    normalized) is not an acceptable display name. Uniqueness is checked elsewhere."""
    length = len(value)
    if length < DISPLAY_NAME_MIN_LENGTH:
        raise ValidationError(
            ngettext(
                "A display name needs at least %(minimum)d character.",
                "A display name needs at least %(minimum)d characters.",
                DISPLAY_NAME_MIN_LENGTH,
            ),
            code="too_short",
            params={"minimum": DISPLAY_NAME_MIN_LENGTH},
        )
    if length > DISPLAY_NAME_MAX_LENGTH:
        raise ValidationError(
            ngettext(
                "A display name can have at most %(maximum)d character (this one has %(length)d).",
                "A display name can have at most %(maximum)d characters (this one has %(length)d).",
                DISPLAY_NAME_MAX_LENGTH,
            ),
            code="too_long",
            params={"maximum": DISPLAY_NAME_MAX_LENGTH, "length": length},
        )
    unwanted = _unwanted_characters(value)
    if unwanted:
        raise ValidationError(
            gettext(
                "A display name can contain letters, digits 0-9, spaces and the signs _ - . "
                "only, not %(characters)s."
            ),
            code="invalid_characters",
            params={"characters": " ".join(f"“{character}”" for character in unwanted)},
        )
    if not any(unicodedata.category(character).startswith("L") for character in value):
        raise ValidationError(
            gettext("A display name needs at least one letter."), code="no_letter"
        )
    words = _words(value)
    if any(len(_scripts(word) & CONFUSABLE_SCRIPTS) > 1 for word in words):
        raise ValidationError(
            gettext(
                "Please do not mix alphabets within a word (such as Latin and Cyrillic "
                "letters that look alike)."
            ),
            code="mixed_scripts",
        )
    if _looks_official(words):
        raise ValidationError(
            gettext(
                "“%(name)s” is not available: display names must not look like the site's "
                "staff or its computer players."
            ),
            code="reserved",
            params={"name": value},
        )


def random_numbered_name(prefix: str, digits: int) -> str:
    """``prefix`` and a random number of ``digits`` digits, such as "Guest 4821"."""
    number = 10 ** (digits - 1) + secrets.randbelow(9 * 10 ** (digits - 1))
    return f"{prefix} {number}"


def _unwanted_characters(value: str) -> list[str]:
    unwanted: list[str] = []
    previous_category = ""
    for character in value:
        category = unicodedata.category(character)
        allowed = (
            category.startswith("L")
            or "0" <= character <= "9"
            or character in NAME_PUNCTUATION
            # Combining accents belong to the letter before them.
            or (category.startswith("M") and previous_category[:1] in ("L", "M"))
        )
        if not allowed and character not in unwanted:
            unwanted.append(character)
        previous_category = category
    return unwanted


def _words(value: str) -> list[str]:
    # "AdminBob" is two words, as a reader sees it.
    spaced = "".join(
        f" {character}" if previous.islower() and character.isupper() else character
        for previous, character in zip(" " + value, value, strict=False)
    )
    return [word for word in re.split(r"[\s_.\-0-9]+", spaced) if word]


def _scripts(word: str) -> set[str]:
    return {
        unicodedata.name(character, "UNKNOWN").split(" ")[0]
        for character in word
        if unicodedata.category(character).startswith("L")
    }


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(character for character in decomposed if not unicodedata.combining(character))


def _translated_terms(terms: tuple[str, ...]) -> set[str]:
    plain_terms = {_plain(term) for term in terms}
    for language_code, _language_name in settings.LANGUAGES:
        with translation.override(language_code):
            plain_terms.update(_plain(gettext(term)) for term in terms)
    return plain_terms


def _looks_official(words: list[str]) -> bool:
    plain_words = [_plain(word) for word in words]
    reserved = _translated_terms(RESERVED_WORDS)
    if any(word in reserved for word in plain_words):
        return True
    squashed = "".join(plain_words)
    return squashed in reserved or squashed in _translated_terms(COMPUTER_LEVEL_NAMES)
