"""The hand's log: what happened, as one seat saw it, as HTML and as text read aloud."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.core.drawn import Drawn
from games.thousand.engine import Observation
from games.thousand.web.cards import MARRIAGE_VALUES, card_html, card_spoken, suit_html, suit_plural


@dataclass
class LogEntry(Drawn):
    html: SafeString
    text: str
    step: int = -1
    """The index in the hand's history of the action this line tells about."""
    by_computer: bool = False
    """The move was made by a computer standing in for an absent person."""


def hand_log(view: Observation, names: list[str]) -> list[LogEntry]:
    """What happened in this hand, as this seat saw it, oldest first."""
    language = get_language()

    def line(template: str, **params: object) -> LogEntry:
        return _entry(language, template, params)

    entries: list[LogEntry] = []
    me = view.seat
    passes = 0
    plays = 0
    gives = 0
    for step, (actor, action) in enumerate(view.history):
        first = len(entries)
        who = names[actor]
        mine = actor == me
        kind, _sep, argument = action.partition(":")
        if action == "bid:100":
            entries.append(
                line(
                    _("You open with the compulsory 100.")
                    if mine
                    else _("%(name)s opens with the compulsory 100."),
                    name=who,
                )
            )
        elif kind == "bid":
            entries.append(
                line(
                    _("You bid %(value)s.") if mine else _("%(name)s bids %(value)s."),
                    name=who,
                    value=argument,
                )
            )
        elif kind == "pass":
            passes += 1
            entries.append(line(_("You pass.") if mine else _("%(name)s passes."), name=who))
            if passes == 2 and view.musik is not None and view.declarer is not None:
                text = (
                    _("You win the auction at %(value)s. The musik: %(cards)s.")
                    if view.declarer == me
                    else _("%(name)s wins the auction at %(value)s. The musik: %(cards)s.")
                )
                entries.append(
                    line(text, name=names[view.declarer], value=view.bid, cards=list(view.musik))
                )
        elif kind == "keep":
            entries.append(line(_("You keep your cards.")))
        elif kind == "redeal":
            entries.append(
                line(
                    _("You ask for a re-deal.") if mine else _("%(name)s asks for a re-deal."),
                    name=who,
                )
            )
        elif kind == "give":
            assert view.declarer is not None
            receiver = (view.declarer + 1 + gives) % 3
            gives += 1
            if not argument:
                text = _("%(name)s gives a card to %(receiver)s.")
                entries.append(line(text, name=who, receiver=names[receiver]))
            elif mine:
                text = _("You give %(card)s to %(receiver)s.")
                entries.append(line(text, card=argument, receiver=names[receiver]))
            else:
                text = _("%(name)s gives you %(card)s.")
                entries.append(line(text, name=who, card=argument))
        elif kind == "contract":
            entries.append(
                line(
                    _("You announce a contract of %(value)s.")
                    if mine
                    else _("%(name)s announces a contract of %(value)s."),
                    name=who,
                    value=argument,
                )
            )
        elif kind == "play":
            trick_number = plays // 3 + 1
            entries.append(
                line(
                    _("You play %(card)s.") if mine else _("%(name)s plays %(card)s."),
                    name=who,
                    card=argument,
                )
            )
            if plays % 3 == 0:
                for marriage in view.marriages:
                    if marriage.seat == actor and marriage.trick == trick_number:
                        text = (
                            _("You declare the %(suit)s marriage (%(value)s): trump is %(suit)s.")
                            if mine
                            else _(
                                "%(name)s declares the %(suit)s marriage (%(value)s): "
                                "trump is %(suit)s."
                            )
                        )
                        entries.append(
                            line(
                                text,
                                name=who,
                                suit=("suit", marriage.suit),
                                value=MARRIAGE_VALUES[marriage.suit],
                            )
                        )
            plays += 1
            if plays % 3 == 0 and plays // 3 <= len(view.tricks):
                winner = view.tricks[plays // 3 - 1].winner
                entries.append(
                    line(
                        _("You take the trick.")
                        if winner == me
                        else _("%(name)s takes the trick."),
                        name=names[winner],
                    )
                )
        for entry in entries[first:]:
            entry.step = step
    return entries


def log_entry(template: str, **params: object) -> LogEntry:
    """A log line as HTML (cards and suits drawn) and as plain text (read aloud)."""
    return _entry(get_language(), template, params)


def _entry(language: str, template: str, params: dict[str, object]) -> LogEntry:
    # Marked safe or not is part of the key: a name that reads like markup stays text.
    frozen = tuple(
        (key, tuple(value) if isinstance(value, list) else value, isinstance(value, SafeString))
        for key, value in params.items()
    )
    html, text = _drawn(language, template, frozen)
    return LogEntry(html=html, text=text)


@lru_cache(maxsize=16384)
def _drawn(
    language: str, template: str, params: tuple[tuple[str, object, bool], ...]
) -> tuple[SafeString, str]:
    """``log_entry``'s two texts, drawn once per language (the cards' names are translated)
    and line: a table is drawn again after every move, with the same lines as before and one
    more."""
    html_params: dict[str, object] = {}
    text_params: dict[str, object] = {}
    for key, value, _safe in params:
        if key == "card" and isinstance(value, str):
            html_params[key] = card_html(value)
            text_params[key] = card_spoken(value)
        elif key == "cards" and isinstance(value, tuple):
            html_params[key] = SafeString(" ".join(card_html(code) for code in value))
            text_params[key] = ", ".join(card_spoken(code) for code in value)
        elif isinstance(value, tuple) and value[0] == "suit":
            html_params[key] = suit_html(value[1])
            text_params[key] = suit_plural(value[1])
        else:
            html_params[key] = value
            text_params[key] = value
    escaped = {
        key: value if isinstance(value, SafeString) else format_html("{}", value)
        for key, value in html_params.items()
    }
    html = (
        SafeString(format_html("{}", template) % escaped) if params else format_html("{}", template)
    )
    return html, template % text_params if params else template
