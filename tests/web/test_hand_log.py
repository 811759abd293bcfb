"""The lines of the hand's log, drawn once per language and line and kept: what is kept must
never be another language's words, nor a person's name taken for markup."""

from __future__ import annotations

from django.utils.safestring import SafeString
from django.utils.translation import override

from games.thousand.web.log import log_entry


def test_a_line_is_drawn_in_the_language_asked_each_time() -> None:
    with override("en"):
        english = log_entry("%(name)s plays %(card)s.", name="Ala", card="AS")
    with override("pl"):
        polish = log_entry("%(name)s plays %(card)s.", name="Ala", card="AS")
    with override("en"):
        again = log_entry("%(name)s plays %(card)s.", name="Ala", card="AS")
    assert english.text == again.text == "Ala plays ace of spades."
    assert polish.text == "Ala plays as pik."
    assert english.html == again.html


def test_a_name_that_reads_like_markup_stays_text_after_the_same_markup_was_drawn() -> None:
    markup = '<b class="x">Ala</b>'
    with override("en"):
        safe = log_entry("%(name)s passes.", name=SafeString(markup))
        plain = log_entry("%(name)s passes.", name=markup)
    assert safe.html == '<b class="x">Ala</b> passes.'
    assert plain.html == "&lt;b class=&quot;x&quot;&gt;Ala&lt;/b&gt; passes."
    assert plain.text == '<b class="x">Ala</b> passes.'


def test_each_line_is_its_own_to_mark() -> None:
    """The table marks a line a computer played for an absent person on the line itself."""
    with override("en"):
        first = log_entry("%(name)s passes.", name="Ala")
        second = log_entry("%(name)s passes.", name="Ala")
    first.by_computer = True
    assert second.by_computer is False
