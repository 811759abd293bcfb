"""Tile rummy's options form: how many games a match has (the engine's ``MATCH_LENGTHS``).

The number of players and the computers' level are the lobby's own fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.rummy.engine import MATCH_LENGTHS

DEFAULT_GAMES = 1


def games_label(count: int) -> str:
    """ "1 game", "3 games" in the active language."""
    return ngettext("%(count)d game", "%(count)d games", count) % {"count": count}


_games_label_lazy = lazy(games_label, str)


class RummyOptionsForm(forms.Form):
    """The options of a new match of tile rummy."""

    games = forms.TypedChoiceField(
        label=_("Games in the match"),
        choices=[(count, _games_label_lazy(count)) for count in MATCH_LENGTHS],
        coerce=int,
        initial=DEFAULT_GAMES,
        widget=forms.RadioSelect,
        help_text=_("Points add up over the games; the highest total wins."),
    )

    def cleaned_options(self) -> dict[str, Any]:
        """The chosen options, as the spec stores them."""
        return {"games": self.cleaned_data["games"]}


def options_form(
    data: Mapping[str, Any] | None = None, prefix: str | None = None
) -> RummyOptionsForm:
    return RummyOptionsForm(data, prefix=prefix)
