"""Thousand's options form, generated from the engine's rule choices.

Each option of ``Rules.options()`` becomes a radio field; this module only gives the words.
A choice the engine gains without words here is an error at import, not a silent omission.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.thousand.engine import Rules

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise

LABELS: dict[str, _StrPromise] = {
    "target": _("Play to"),
    "bid_step": _("Bids and contracts go up by"),
    "following": _("Following a trick"),
    "rounding": _("Opponents' points"),
    "four_nines": _("Four nines"),
    "musik_points": _("Four players: the dealer sitting out"),
}
CHOICE_LABELS: dict[str, dict[Any, _StrPromise]] = {
    "target": {1000: _("1000 points"), 500: _("500 points (a shorter match)")},
    "bid_step": {10: _("10 (house rule)"), 5: _("5")},
    "following": {
        "must_beat": _("Must beat (house rule): follow suit and beat if you can"),
        "classic": _("Classic: follow suit, else trump, with any card of it"),
    },
    "rounding": {
        "ten_down": _("Rounded to 10, a 5 rounds down (house rule): 25 → 20, 26 → 30"),
        "five": _("Rounded to 5: 23 → 25, 22 → 20"),
    },
    "four_nines": {
        "redeal": _("Ask for a re-deal before the bidding (house rule)"),
        "abandon": _("The declarer holding them after the musik may abandon the hand"),
    },
    "musik_points": {
        False: _("Scores nothing (house rule)"),
        True: _("Scores the musik's points: 50 for each ace, and a marriage in it"),
    },
}
HELP: dict[str, _StrPromise] = {
    "target": _("From 800 (400 in a match to 500) a player scores only as declarer."),
    "following": _(
        "Must beat: play a higher card of the suit led if you have one; without the suit, "
        "play a trump, higher than a trump already played if you can."
    ),
    "four_nines": _(
        "Under the house rule a hand under 10 points without a marriage may also ask for a re-deal."
    ),
    "musik_points": _("An option of a table of four players only."),
}
TABLE_OPTIONS = ("players",)
"""Options chosen with the table (how many sit at it), not in this form."""
FOUR_PLAYERS = 4
"""The table size that has the musik points option (rules 4.2)."""


def _coerce_bool(value: object) -> bool:
    """A posted yes/no option back to a bool ("False" is a true string)."""
    return value in (True, "True")


def _field(name: str, choices: tuple[Any, ...]) -> forms.Field:
    labels = CHOICE_LABELS[name]
    default = choices[0]
    # The posted text back to the engine's own type for this rule (its default's).
    kind: Callable[[Any], Any] = _coerce_bool if isinstance(default, bool) else type(default)
    return forms.TypedChoiceField(
        label=LABELS[name],
        choices=[(value, labels[value]) for value in choices],
        coerce=kind,
        initial=default,
        widget=forms.RadioSelect,
        help_text=HELP.get(name) or "",
        # A yes/no option left out is "no": older forms and links post without it.
        required=not isinstance(default, bool),
        empty_value=default,
    )


class ThousandOptionsForm(forms.Form):
    """The rules of a new match; every default is the house rule."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, choices in Rules.options_for(FOUR_PLAYERS).items():
            if name not in TABLE_OPTIONS:
                self.fields[name] = _field(name, choices)

    def clean(self) -> dict[str, Any]:
        """Refuses the musik points at a table of other than four players: the players are
        chosen in the practice or friends' form posted with this one (``mode``)."""
        cleaned = super().clean() or {}
        if cleaned.get("musik_points") and self._players() != FOUR_PLAYERS:
            self.add_error(
                "musik_points",
                _(
                    "The dealer scores from the musik only at a table of four players: "
                    "choose 4 players, or let the dealer score nothing."
                ),
            )
        return cleaned

    def _players(self) -> int:
        """The number of players posted with the options (3, the default, if none)."""
        field = "table-players" if self.data.get("mode") == "friends" else "players"
        posted = self.data.get(field) or "3"
        posted = str(posted)
        return int(posted) if posted.isascii() and posted.isdigit() and len(posted) < 3 else 3

    def cleaned_options(self) -> dict[str, Any]:
        """The chosen options, for ``Rules.from_dict``."""
        return {name: self.cleaned_data[name] for name in self.fields}


def options_form(
    data: Mapping[str, Any] | None = None, prefix: str | None = None
) -> ThousandOptionsForm:
    return ThousandOptionsForm(data, prefix=prefix)
