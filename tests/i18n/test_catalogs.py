"""The catalogs are complete, keep every placeholder, cover every marked string of the
source, and the compiled catalogs the site reads are those of the .po files."""

from __future__ import annotations

import gettext
import os
import re
import shutil
from pathlib import Path

import polib
import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.test import override_settings

from .catalogs import (
    TRANSLATED_LANGUAGES,
    catalog,
    entry_name,
    live_entries,
    mo_path,
    placeholders,
)


def missing_translations(language: str) -> list[str]:
    missing = []
    for entry in live_entries(language):
        forms = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        if "fuzzy" in entry.flags or not all(form.strip() for form in forms):
            missing.append(entry_name(entry))
    return missing


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_every_message_has_a_translation_that_is_not_fuzzy(language: str) -> None:
    assert missing_translations(language) == []


def test_a_fuzzy_or_empty_translation_counts_as_missing(tmp_path: Path) -> None:
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    po.append(polib.POEntry(msgid="Pass", msgstr="Pas"))
    po.append(polib.POEntry(msgid="Bid", msgstr="Licytuj", flags=["fuzzy"]))
    po.append(polib.POEntry(msgid="Trump", msgstr=""))
    po.append(
        polib.POEntry(
            msgid="%(n)s trick",
            msgid_plural="%(n)s tricks",
            msgstr_plural={0: "%(n)s lewa", 1: "%(n)s lewy", 2: ""},
            flags=["python-format"],
        )
    )
    path = tmp_path / "xx" / "LC_MESSAGES" / "django.po"
    path.parent.mkdir(parents=True)
    po.save(str(path))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("tests.i18n.catalogs.LOCALE", tmp_path)
        assert missing_translations("xx") == ["Bid", "Trump", "%(n)s trick"]


def placeholder_mismatches(language: str) -> list[str]:
    """Translations whose placeholders differ from their message's. A plural's first form
    may leave the count out ("one trick"), or keep the singular's placeholders."""
    problems = []
    for entry in live_entries(language):
        if entry.msgid_plural:
            wanted = placeholders(entry, entry.msgid_plural)
            for index, form in sorted(entry.msgstr_plural.items()):
                allowed = [wanted]
                if index == 0:
                    allowed.append(placeholders(entry, entry.msgid))
                if form and placeholders(entry, form) not in allowed:
                    problems.append(f"{entry_name(entry)} [{index}]: {form}")
        elif entry.msgstr and placeholders(entry, entry.msgstr) != placeholders(entry, entry.msgid):
            problems.append(f"{entry_name(entry)}: {entry.msgstr}")
    return problems


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_translations_keep_exactly_the_placeholders_of_their_message(language: str) -> None:
    assert placeholder_mismatches(language) == []


@pytest.mark.parametrize(
    ("msgid", "msgstr", "flags"),
    [
        ("Welcome, %(name)s!", "Witaj!", ["python-format"]),
        ("Welcome, %(name)s!", "Witaj, %(name)s i %(other)s!", ["python-format"]),
        ("Welcome, %(name)s!", "Witaj, %(imie)s!", ["python-format"]),
        ("{value} is out of range.", "Wartość poza zakresem.", ["python-brace-format"]),
        ("{value} is out of range.", "{value} {value} poza zakresem.", ["python-brace-format"]),
        ("Place %s", "Miejsce", ["python-format"]),
    ],
)
def test_a_dropped_added_or_renamed_placeholder_is_reported(
    tmp_path: Path, msgid: str, msgstr: str, flags: list[str]
) -> None:
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    po.append(polib.POEntry(msgid=msgid, msgstr=msgstr, flags=flags))
    path = tmp_path / "xx" / "LC_MESSAGES" / "django.po"
    path.parent.mkdir(parents=True)
    po.save(str(path))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("tests.i18n.catalogs.LOCALE", tmp_path)
        assert placeholder_mismatches("xx") == [f"{msgid}: {msgstr}"]


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_the_compiled_catalog_holds_exactly_the_translations_of_the_po_file(
    language: str,
) -> None:
    with mo_path(language).open("rb") as compiled:
        mo = gettext.GNUTranslations(compiled)
    expected: dict[object, str] = {}
    for entry in live_entries(language):
        if "fuzzy" in entry.flags:
            continue
        # gettext keys a message with a context as "context\x04message".
        key = f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid
        if entry.msgid_plural:
            for index, form in entry.msgstr_plural.items():
                if form:
                    expected[(key, index)] = form
        elif entry.msgstr:
            expected[key] = entry.msgstr
    compiled_messages = {key: text for key, text in mo._catalog.items() if key != ""}  # type: ignore[attr-defined]
    assert compiled_messages == expected, "run the update command of the README"
    header = catalog(language).metadata["Plural-Forms"]
    assert mo._info["plural-forms"] == header  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def marked_in_the_source(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """The messages makemessages finds in the source today, run afresh into a scratch
    directory (the catalogs themselves are left alone)."""
    if shutil.which("xgettext") is None:
        pytest.skip("GNU gettext is not installed")
    scratch = tmp_path_factory.mktemp("source")
    for name in ("accounts", "config", "games", "templates"):
        (scratch / name).symlink_to(Path(django_settings.BASE_DIR) / name)
    (scratch / "locale").mkdir()
    cwd = Path.cwd()
    os.chdir(scratch)
    try:
        with override_settings(LOCALE_PATHS=[scratch / "locale"]):
            call_command("makemessages", locale=["pl"], symlinks=True, verbosity=0)
    finally:
        os.chdir(cwd)
    fresh = polib.pofile(str(scratch / "locale" / "pl" / "LC_MESSAGES" / "django.po"))
    return {entry_name(entry) for entry in fresh}


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_the_catalog_holds_every_message_the_source_marks(
    language: str, marked_in_the_source: set[str]
) -> None:
    known = {entry_name(entry) for entry in live_entries(language)}
    assert sorted(marked_in_the_source - known) == [], "run the update command of the README"


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_each_language_has_only_the_sites_catalog(language: str) -> None:
    """No stale catalog beside ours (a ``messages.mo`` that nothing reads or updates)."""
    folder = mo_path(language).parent
    assert sorted(path.name for path in folder.iterdir()) == ["django.mo", "django.po"]


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_numbers_are_written_one_way_in_each_language(language: str) -> None:
    """The pages write 1000 without a thousands separator (Django's default), so the
    translations do too: no "1.000" in a sentence beside "1000" in a table."""
    grouped = re.compile(r"(?<![\d.])\d{1,3}[.\u00a0]\d{3}\b")
    found = [
        text
        for entry in live_entries(language)
        for text in (entry.msgstr, *entry.msgstr_plural.values())
        if grouped.search(text)
    ]
    assert found == []
