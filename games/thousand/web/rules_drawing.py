"""What an illustration of Thousand's rules pages is made of (a player's cards, a trick, a table
of scores) and the sentences with card pictures in them: shared by the steps for three and four
players (``rules_pictures``) and those for two (``rules_two``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.thousand.web.cards import CardView, card_view


@dataclass
class ShownCard:
    """A card of an illustration: face up, marked playable, dimmed or given away."""

    c: CardView
    state: str = ""


@dataclass
class Row:
    """One player's cards (or a pile's) in an illustration."""

    label: str
    cards: list[ShownCard] = field(default_factory=list)
    backs: int = 0
    note: str = ""
    mine: bool = False
    """Your own cards: drawn below the trick, where your hand is at the table."""

    @property
    def back_range(self) -> range:
        """One item per card back to draw."""
        return range(self.backs)


@dataclass
class Slot:
    """One card of a trick, in front of its player."""

    position: str
    name: str
    card: CardView | None
    won: bool = False
    led: bool = False


@dataclass
class ScoreRow:
    name: str
    role: str
    card_points: int | None
    marriage_points: int | None
    hand_points: int
    score_before: int
    delta: int
    score: int


@dataclass
class Illustration:
    caption: str
    rows: list[Row] = field(default_factory=list)
    trick: list[Slot] = field(default_factory=list)
    badges: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    values: list[tuple[CardView, int]] = field(default_factory=list)
    scores: list[ScoreRow] = field(default_factory=list)
    scores_caption: str = ""


def html_sentence(template: str, **params: str | int) -> SafeString:
    """A translated sentence with card and suit pictures in it: the sentence is escaped,
    then each parameter (pictures are already safe, names are escaped) put in its place."""
    escaped = {name: conditional_escape(str(value)) for name, value in params.items()}
    return mark_safe(conditional_escape(template) % escaped)


def cards_html(codes: list[str]) -> SafeString:
    return mark_safe(", ".join(str(card_view(code).html) for code in codes))


def rank_name(rank: str) -> str:
    """A rank's name in the points table ("Ace", "Ten" …)."""
    rank_names = {
        "A": _("Ace"),
        "T": _("Ten"),
        "K": _("King"),
        "Q": _("Queen"),
        "J": _("Jack"),
        "9": _("Nine"),
    }
    return rank_names[rank]
