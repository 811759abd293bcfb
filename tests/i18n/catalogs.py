"""Reading the site's translation catalogs (locale/<language>/LC_MESSAGES/django.po)."""

from __future__ import annotations

import re
from pathlib import Path

import polib
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"
TRANSLATED_LANGUAGES = tuple(code for code, _name in settings.LANGUAGES if code != "en")

# %(name)s, %s, %d and %% in Python's %-format; {name}, {} and {0} in str.format.
PERCENT_PLACEHOLDER = re.compile(r"%(?:\([^)]+\))?[-#0 +]*\d*(?:\.\d+)?[sdirfgxXeEcu%]")
BRACE_PLACEHOLDER = re.compile(r"(?<!\{)\{[A-Za-z_0-9]*(?:![rsa])?(?::[^{}]*)?\}(?!\})")


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "django.po"


def mo_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "django.mo"


def catalog(language: str) -> polib.POFile:
    return polib.pofile(str(po_path(language)), wrapwidth=0)


def live_entries(language: str) -> list[polib.POEntry]:
    """The entries of the catalog that the source still uses (not the obsolete ones)."""
    return [entry for entry in catalog(language) if not entry.obsolete]


def placeholders(entry: polib.POEntry, text: str) -> list[str]:
    """The placeholders in ``text`` (the entry's id or one of its translations), sorted:
    named ones (``%(name)s``, ``{name}``, ``{}``) wherever they appear, and unnamed %-format
    ones (``%s``, ``%d``) in a python-format message, where a lone % is not plain text."""
    found = [
        match
        for match in PERCENT_PLACEHOLDER.findall(text)
        if match != "%%" and (match.startswith("%(") or "python-format" in entry.flags)
    ]
    found += BRACE_PLACEHOLDER.findall(text)
    return sorted(found)


def entry_name(entry: polib.POEntry) -> str:
    context = f"[{entry.msgctxt}] " if entry.msgctxt else ""
    return context + entry.msgid
