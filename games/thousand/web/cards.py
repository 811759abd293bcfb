"""Cards on the page: their faces, names read aloud, and the order of a hand on screen."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from games.core.drawn import Drawn
from games.thousand.engine import cards as engine_cards

SUIT_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
MARRIAGE_VALUES = dict(zip(engine_cards.SUITS, engine_cards.MARRIAGE_VALUES, strict=True))
CARD_POINTS = dict(zip(engine_cards.RANKS, engine_cards.RANK_POINTS, strict=True))
RED_SUITS = frozenset("DH")
RANK_ORDER = engine_cards.RANKS
SUIT_ORDER = "SHCD"
"""Hand order on screen: alternating colours, so neighbouring suits are easy to tell apart."""


def rank_label(rank: str) -> str:
    return _names(get_language()).ranks[rank]


def card_spoken(code: str) -> str:
    """A card's name as read aloud, e.g. "ace of hearts"."""
    return _names(get_language()).spoken[code]


def suit_plural(suit: str) -> str:
    return _names(get_language()).suits[suit]


def card_html(code: str) -> SafeString:
    """A card inline in text: its short face for the eye and its name for screen readers."""
    return _names(get_language()).inline[code]


@dataclass(frozen=True)
class _Names:
    ranks: dict[str, str]
    suits: dict[str, str]
    spoken: dict[str, str]
    inline: dict[str, SafeString]


@cache
def _names(language: str | None) -> _Names:
    """Every rank's, suit's and card's words in ``language``, the active language when it is
    asked: a table names dozens of cards, each name otherwise a dozen catalogue lookups."""
    ranks = {
        "9": "9",
        "J": pgettext("card rank (short)", "J"),
        "Q": pgettext("card rank (short)", "Q"),
        "K": pgettext("card rank (short)", "K"),
        "T": "10",
        "A": pgettext("card rank (short)", "A"),
    }
    rank_words = {
        "9": _("nine"),
        "J": _("jack"),
        "Q": _("queen"),
        "K": _("king"),
        "T": _("ten"),
        "A": _("ace"),
    }
    suits = {"S": _("spades"), "C": _("clubs"), "D": _("diamonds"), "H": _("hearts")}
    spoken = {
        code: _("%(rank)s of %(suit)s") % {"rank": rank_words[code[0]], "suit": suits[code[1]]}
        for code in engine_cards.CARD_NAMES
    }
    inline = {
        code: format_html(
            '<span class="card-inline {}" data-card="{}"><span aria-hidden="true">{}{}</span>'
            '<span class="visually-hidden">{}</span></span>',
            "red" if code[1] in RED_SUITS else "black",
            code,
            ranks[code[0]],
            SUIT_SYMBOLS[code[1]],
            spoken[code],
        )
        for code in engine_cards.CARD_NAMES
    }
    return _Names(ranks, suits, spoken, inline)


def suit_html(suit: str) -> SafeString:
    return format_html(
        '<span class="suit-inline {}"><span aria-hidden="true">{}</span>'
        '<span class="visually-hidden">{}</span></span>',
        "red" if suit in RED_SUITS else "black",
        SUIT_SYMBOLS[suit],
        suit_plural(suit),
    )


@dataclass
class CardView(Drawn):
    code: str
    rank: str
    suit: str
    suit_letter: str
    red: bool
    spoken: str
    action: str = ""
    """The action taking this card (``play:AH``, ``give:AH``), empty when it is not actionable."""
    dimmed: bool = False
    marriage: bool = False
    from_musik: bool = False
    received: bool = False
    arriving: bool = False
    """The card just came from the musik: it moves into the hand where motion is allowed."""

    @property
    def html(self) -> SafeString:
        """The card inline in a line of text."""
        return card_html(self.code)

    @property
    def face(self) -> SafeString:
        """The card's face as drawn in a hand, a trick or the musik."""
        return _face(get_language(), self.code, self.marriage)


@cache
def _face(language: str | None, code: str, marriage: bool) -> SafeString:
    """A card's face in ``language`` (the active language when it is asked), built once: a
    table draws a dozen faces for every viewer after every move."""
    dot = (
        format_html(
            '<span class="marriage-dot" title="{}"><span class="visually-hidden">{}</span></span>',
            _("Part of a marriage"),
            _("(marriage)"),
        )
        if marriage
        else ""
    )
    rank = rank_label(code[0])
    return format_html(
        '<span class="card-face {}" data-card="{}"><img class="card-art" src="{}" alt=""'
        ' width="120" height="168"><span class="rank" aria-hidden="true">{}</span>'
        '<span class="rank rank-end" aria-hidden="true">{}</span>'
        # The line break the face's template ended with: pages stay byte for byte the same.
        '<span class="visually-hidden">{}</span>{}</span>\n',
        "red" if code[1] in RED_SUITS else "black",
        code,
        static(f"games/cards/{code}.svg"),
        rank,
        rank,
        card_spoken(code),
        dot,
    )


def card_view(code: str) -> CardView:
    return CardView(
        code=code,
        rank=rank_label(code[0]),
        suit=SUIT_SYMBOLS[code[1]],
        suit_letter=code[1],
        red=code[1] in RED_SUITS,
        spoken=card_spoken(code),
    )


def hand_order(code: str) -> tuple[int, int]:
    return SUIT_ORDER.index(code[1]), -RANK_ORDER.index(code[0])


@dataclass
class MarriageView(Drawn):
    suit: SafeString
    value: int
