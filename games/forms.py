"""The lobby's forms: a practice match or a friends' table of any game, the game's own options
coming from its spec (generated from the engine's choices)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.core.spec import AnySpec
from games.models import MAX_SEATS
from games.services import DEFAULT_TURN_SECONDS, TURN_SECONDS_CHOICES

FRIEND = "friend"


class PracticeForm(forms.Form):
    """Who plays a practice match: how many and the computers' level."""

    def __init__(self, spec: AnySpec, data: Mapping[str, Any] | None = None) -> None:
        super().__init__(data)
        self.spec = spec
        if len(spec.rules.seat_counts) > 1:
            self.fields["players"] = _players_field(spec)
        self.fields["level"] = forms.ChoiceField(
            label=_("Computer players"),
            choices=_level_choices(spec),
            initial=spec.computers.stand_in,
            widget=forms.RadioSelect,
            help_text=_("None of them ever sees your cards or tiles."),
        )

    @property
    def players(self) -> int:
        return int(self.cleaned_data.get("players") or self.spec.rules.seat_counts[0])


class FriendsTableForm(forms.Form):
    """A friends' table: how many sit at it, the turn clock, and computers in some seats."""

    def __init__(self, spec: AnySpec, data: Mapping[str, Any] | None = None) -> None:
        super().__init__(data, prefix="table")
        self.spec = spec
        if len(spec.rules.seat_counts) > 1:
            self.fields["players"] = _players_field(spec)
        self.fields["clock"] = forms.TypedChoiceField(
            label=_("Time for a turn"),
            choices=[
                (
                    seconds,
                    ngettext("%(seconds)s second", "%(seconds)s seconds", seconds)
                    % {"seconds": seconds},
                )
                for seconds in TURN_SECONDS_CHOICES
            ],
            coerce=int,
            initial=DEFAULT_TURN_SECONDS,
            help_text=_(
                "When a player's time runs out, a computer (Normal) plays that turn for them, "
                "until they are back."
            ),
        )
        seat_choices = [
            (FRIEND, _("A friend")),
            *[
                (value, _("Computer · %(level)s") % {"level": label})
                for value, label in spec.computers.levels
            ],
        ]
        for number in range(1, MAX_SEATS):
            self.fields[f"seat_{number}"] = forms.ChoiceField(
                label=_("Seat %(number)s") % {"number": number + 1},
                choices=seat_choices,
                initial=FRIEND,
                required=False,
            )
        self.fields["listed"] = forms.BooleanField(
            label=_("List the table in the lobby: anyone may take a free seat"),
            required=False,
        )
        self.fields["watchable"] = forms.BooleanField(
            label=_("Others may watch"),
            help_text=_(
                "Anyone with the table's watch link sees it live: the cards and tiles played, "
                "never a hand or a rack."
            ),
            required=False,
        )

    @property
    def players(self) -> int:
        return int(self.cleaned_data.get("players") or self.spec.rules.seat_counts[0])

    def computers(self) -> dict[int, str]:
        """The seats given to computers, with their levels."""
        chosen = {}
        for number in range(1, self.players):
            level = self.cleaned_data.get(f"seat_{number}") or FRIEND
            if level != FRIEND:
                chosen[number] = level
        return chosen


def _level_choices(spec: AnySpec) -> list[tuple[str, object]]:
    """The computers' levels, each label with what to expect of it ("Expert — plays ahead")."""
    notes = spec.computers.notes
    return [
        (value, format_lazy("{} — {}", label, notes[value]) if value in notes else label)
        for value, label in spec.computers.levels
    ]


def _players_field(spec: AnySpec) -> forms.Field:
    return forms.TypedChoiceField(
        label=_("Players"),
        choices=[(count, str(count)) for count in sorted(spec.rules.seat_counts)],
        coerce=int,
        initial=spec.rules.seat_counts[0],
        required=False,
        empty_value=None,
        widget=forms.RadioSelect,
    )


class JoinForm(forms.Form):
    code = forms.CharField(
        label=_("Table code"),
        max_length=16,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )
