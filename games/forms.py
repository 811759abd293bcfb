"""The lobby's form for a new practice match, and reading a move out of a POST or a frame."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import ComputerLevel
from games.services import MoveRejected
from games.thousand.engine import Rules

NUMBERED_ACTIONS = ("bid", "contract")
_DIGITS = re.compile(r"[0-9]{1,9}")


class NewMatchForm(forms.Form):
    """Options of a practice match; every default is the house rule."""

    target = forms.TypedChoiceField(
        label=_("Play to"),
        choices=[(1000, _("1000 points")), (500, _("500 points (a shorter match)"))],
        coerce=int,
        initial=1000,
        widget=forms.RadioSelect,
        help_text=_("From 800 (400 in a match to 500) a player scores only as declarer."),
    )
    level = forms.ChoiceField(
        label=_("Computer players"),
        choices=ComputerLevel.choices,
        initial=ComputerLevel.NORMAL,
        widget=forms.RadioSelect,
        help_text=_(
            "Beginner makes the mistakes of a new player. Normal bids from its cards, counts "
            "cards and plays soundly. Expert thinks through the deals the hidden cards could "
            "be, like a strong player. None of them ever sees your cards."
        ),
    )
    bid_step = forms.TypedChoiceField(
        label=_("Bids and contracts go up by"),
        choices=[(10, _("10 (house rule)")), (5, _("5"))],
        coerce=int,
        initial=10,
        widget=forms.RadioSelect,
    )
    following = forms.ChoiceField(
        label=_("Following a trick"),
        choices=[
            ("must_beat", _("Must beat (house rule): follow suit and beat if you can")),
            ("classic", _("Classic: follow suit, else trump, with any card of it")),
        ],
        initial="must_beat",
        widget=forms.RadioSelect,
        help_text=_(
            "Must beat: play a higher card of the suit led if you have one; without the suit, "
            "play a trump, higher than a trump already played if you can."
        ),
    )
    rounding = forms.ChoiceField(
        label=_("Opponents' points"),
        choices=[
            ("ten_down", _("Rounded to 10, a 5 rounds down (house rule): 25 → 20, 26 → 30")),
            ("five", _("Rounded to 5: 23 → 25, 22 → 20")),
        ],
        initial="ten_down",
        widget=forms.RadioSelect,
    )
    four_nines = forms.ChoiceField(
        label=_("Four nines"),
        choices=[
            (
                "redeal",
                _("Ask for a re-deal before the bidding (house rule)"),
            ),
            ("abandon", _("The declarer holding them after the musik may abandon the hand")),
        ],
        initial="redeal",
        widget=forms.RadioSelect,
        help_text=_(
            "Under the house rule a hand under 10 points without a marriage may also ask for "
            "a re-deal."
        ),
    )

    def rules(self) -> Rules:
        """The engine's rules for the cleaned options."""
        data = self.cleaned_data
        return Rules(
            target=data["target"],
            bid_step=data["bid_step"],
            following=data["following"],
            rounding=data["rounding"],
            four_nines=data["four_nines"],
        )


def move_from_fields(data: Mapping[str, Any]) -> tuple[object, object]:
    """The canonical action and the version of a submitted move, for ``submit_move`` (which
    refuses anything malformed).

    A move is ``action`` (``play:AH``, ``pass``, ``next`` …, or ``bid`` / ``contract`` with
    the number in ``amount``) and ``version``, from a form POST or a WebSocket frame.
    """
    action = data.get("action")
    version = data.get("version")
    if isinstance(version, str) and _DIGITS.fullmatch(version):
        version = int(version)
    if isinstance(action, str) and action in NUMBERED_ACTIONS:
        amount = data.get("amount")
        if isinstance(amount, int) and not isinstance(amount, bool):
            amount = str(amount)
        if not isinstance(amount, str) or not _DIGITS.fullmatch(amount):
            raise MoveRejected(_("Choose a number first."), 400)
        action = f"{action}:{int(amount)}"
    return action, version
