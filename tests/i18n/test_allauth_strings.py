"""The allauth messages our catalogs translate are allauth's own message ids, so that the
translation is the one Django finds when allauth shows them."""

from __future__ import annotations

from pathlib import Path

import allauth
import polib
import pytest

from accounts.allauth_strings import ALLAUTH_MESSAGES


def allauth_message_ids() -> set[str]:
    catalog = Path(allauth.__file__).parent / "locale" / "pl" / "LC_MESSAGES" / "django.po"
    return {entry.msgid for entry in polib.pofile(str(catalog)) if not entry.obsolete}


def test_every_listed_message_is_one_allauth_shows() -> None:
    assert sorted(set(ALLAUTH_MESSAGES) - allauth_message_ids()) == []


@pytest.mark.parametrize(
    "message",
    [
        "The username and/or password you specified are not correct.",
        "Remember Me",
        "Forgot your password?",
    ],
)
def test_the_sign_in_pages_words_are_listed(message: str) -> None:
    assert message in ALLAUTH_MESSAGES
