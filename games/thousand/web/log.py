"""The hand's log: what happened, as one seat saw it, as HTML and as text read aloud."""

from __future__ import annotations

from collections.abc import Callable
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
    return _HandLog(view, names).lines()


class _HandLog:
    """The hand's history read action by action, one method per kind of action, with the
    counts the lines depend on (passes, cards given, cards played)."""

    def __init__(self, view: Observation, names: list[str]) -> None:
        self.view = view
        self.names = names
        self.language = get_language()
        self.passes = self.gives = self.plays = 0
        self.players = len(view.seats)

    def lines(self) -> list[LogEntry]:
        entries: list[LogEntry] = []
        for step, (actor, action) in enumerate(self.view.history):
            kind, _sep, argument = action.partition(":")
            told = _TOLD.get("open" if action == "bid:100" else kind)
            if told is None:
                continue
            for entry in told(self, actor, argument):
                entry.step = step
                entries.append(entry)
        return entries

    def line(self, template: str, **params: object) -> LogEntry:
        return _entry(self.language, template, params)

    def said(self, actor: int, mine: str, theirs: str, **params: object) -> LogEntry:
        """A line in the second person for the viewer's own action, else in the third."""
        if actor == self.view.seat:
            return self.line(mine, **params)
        return self.line(theirs, name=self.names[actor], **params)

    def opened(self, actor: int, argument: str) -> list[LogEntry]:
        return [
            self.said(
                actor,
                _("You open with the compulsory 100."),
                _("%(name)s opens with the compulsory 100."),
            )
        ]

    def bid(self, actor: int, argument: str) -> list[LogEntry]:
        return [
            self.said(actor, _("You bid %(value)s."), _("%(name)s bids %(value)s."), value=argument)
        ]

    def passed(self, actor: int, argument: str) -> list[LogEntry]:
        view = self.view
        self.passes += 1
        entries = [self.said(actor, _("You pass."), _("%(name)s passes."))]
        if self.passes != self.players - 1 or view.declarer is None:
            return entries
        if self.players == 2:
            # The musik is chosen after the auction: its cards are told with the choice.
            entries.append(
                self.said(
                    view.declarer,
                    _("You win the auction at %(value)s."),
                    _("%(name)s wins the auction at %(value)s."),
                    value=view.bid,
                )
            )
        elif view.musik is not None:
            text = (
                _("You win the auction at %(value)s. The musik: %(cards)s.")
                if view.declarer == view.seat
                else _("%(name)s wins the auction at %(value)s. The musik: %(cards)s.")
            )
            entries.append(
                self.line(
                    text, name=self.names[view.declarer], value=view.bid, cards=list(view.musik)
                )
            )
        return entries

    def kept(self, actor: int, argument: str) -> list[LogEntry]:
        return [self.line(_("You keep your cards."))]

    def redealt(self, actor: int, argument: str) -> list[LogEntry]:
        return [self.said(actor, _("You ask for a re-deal."), _("%(name)s asks for a re-deal."))]

    def gave(self, actor: int, argument: str) -> list[LogEntry]:
        view = self.view
        assert view.declarer is not None
        receiver = self.names[(view.declarer + 1 + self.gives) % 3]
        self.gives += 1
        if not argument:
            text = _("%(name)s gives a card to %(receiver)s.")
            return [self.line(text, name=self.names[actor], receiver=receiver)]
        if actor == view.seat:
            return [
                self.line(_("You give %(card)s to %(receiver)s."), card=argument, receiver=receiver)
            ]
        return [self.line(_("%(name)s gives you %(card)s."), name=self.names[actor], card=argument)]

    def chose(self, actor: int, argument: str) -> list[LogEntry]:
        cards = list(self.view.musik or ())
        if argument == "1":
            return [
                self.said(
                    actor,
                    _("You take the first musik: %(cards)s."),
                    _("%(name)s takes the first musik: %(cards)s."),
                    cards=cards,
                )
            ]
        return [
            self.said(
                actor,
                _("You take the second musik: %(cards)s."),
                _("%(name)s takes the second musik: %(cards)s."),
                cards=cards,
            )
        ]

    def discarded(self, actor: int, argument: str) -> list[LogEntry]:
        if argument and actor == self.view.seat:
            return [self.line(_("You lay away %(card)s, face down."), card=argument)]
        return [self.line(_("%(name)s lays a card away, face down."), name=self.names[actor])]

    def contracted(self, actor: int, argument: str) -> list[LogEntry]:
        return [
            self.said(
                actor,
                _("You announce a contract of %(value)s."),
                _("%(name)s announces a contract of %(value)s."),
                value=argument,
            )
        ]

    def played(self, actor: int, argument: str) -> list[LogEntry]:
        view = self.view
        entries = [
            self.said(actor, _("You play %(card)s."), _("%(name)s plays %(card)s."), card=argument)
        ]
        players = self.players
        if self.plays % players == 0:
            trick_number = self.plays // players + 1
            entries += [
                self.said(
                    actor,
                    _("You declare the %(suit)s marriage (%(value)s): trump is %(suit)s."),
                    _("%(name)s declares the %(suit)s marriage (%(value)s): trump is %(suit)s."),
                    suit=("suit", marriage.suit),
                    value=MARRIAGE_VALUES[marriage.suit],
                )
                for marriage in view.marriages
                if marriage.seat == actor and marriage.trick == trick_number
            ]
        self.plays += 1
        if self.plays % players == 0 and self.plays // players <= len(view.tricks):
            winner = view.tricks[self.plays // players - 1].winner
            entries.append(
                self.said(winner, _("You take the trick."), _("%(name)s takes the trick."))
            )
        return entries


_TOLD: dict[str, Callable[[_HandLog, int, str], list[LogEntry]]] = {
    "open": _HandLog.opened,
    "bid": _HandLog.bid,
    "pass": _HandLog.passed,
    "keep": _HandLog.kept,
    "redeal": _HandLog.redealt,
    "musik": _HandLog.chose,
    "give": _HandLog.gave,
    "discard": _HandLog.discarded,
    "contract": _HandLog.contracted,
    "play": _HandLog.played,
}
"""How each kind of action is told in the log."""


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
