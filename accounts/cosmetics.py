"""The shop's catalogue: cosmetics bought with coins, each only a CSS class.

The catalogue is code, not a table: every item needs its style sheet rules
(``games/static/games/cosmetics.css``) to exist at all, so an item added from the admin
would have no look; prices change with a release, as the style sheet does. Ownership and
the ledger keep only an item's ``slug``, which never changes once sold.

Nothing here reaches a game's rules: a cosmetic is a class on the viewer's own table (felt,
card backs, tiles) or on their avatar, which the other players see.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User


class Kind(StrEnum):
    FELT = "felt"
    CARD_BACK = "card_back"
    TILE_STYLE = "tile_style"
    AVATAR_FRAME = "avatar_frame"


KIND_NAMES: dict[Kind, Promise] = {
    Kind.FELT: _("Table felts"),
    Kind.CARD_BACK: _("Card backs"),
    Kind.TILE_STYLE: _("Tile styles (tile rummy)"),
    Kind.AVATAR_FRAME: _("Avatar frames"),
}
KIND_HELP: dict[Kind, Promise] = {
    Kind.FELT: _("The cloth of your Thousand table, as you see it."),
    Kind.CARD_BACK: _("The backs of the cards at your Thousand table, as you see them."),
    Kind.TILE_STYLE: _("The tiles at your tile rummy table, as you see them."),
    Kind.AVATAR_FRAME: _("The ring round your avatar: every player at your table sees it."),
}
PREFIX: dict[Kind, str] = {
    Kind.FELT: "felt",
    Kind.CARD_BACK: "card-back",
    Kind.TILE_STYLE: "tiles",
    Kind.AVATAR_FRAME: "frame",
}


@dataclass(frozen=True)
class Cosmetic:
    kind: Kind
    style: str
    """The end of the CSS class ("navy" in ``felt-navy``)."""
    name: Promise
    price: int
    """In coins; 0 for the look everyone has from the start."""

    @property
    def slug(self) -> str:
        """The item's name in the ledger and in ownership, and its CSS class."""
        return f"{PREFIX[self.kind]}-{self.style}"

    @property
    def css_class(self) -> str:
        return self.slug

    @property
    def is_free(self) -> bool:
        return self.price == 0


CATALOGUE: tuple[Cosmetic, ...] = (
    Cosmetic(Kind.FELT, "green", pgettext_lazy("table felt", "Club green"), 0),
    Cosmetic(Kind.FELT, "navy", pgettext_lazy("table felt", "Midnight navy"), 60),
    Cosmetic(Kind.FELT, "burgundy", pgettext_lazy("table felt", "Burgundy"), 80),
    Cosmetic(Kind.FELT, "walnut", pgettext_lazy("table felt", "Walnut"), 120),
    Cosmetic(Kind.FELT, "charcoal", pgettext_lazy("table felt", "Charcoal"), 150),
    Cosmetic(Kind.CARD_BACK, "classic", pgettext_lazy("card back", "Red lattice"), 0),
    Cosmetic(Kind.CARD_BACK, "blue", pgettext_lazy("card back", "Blue lattice"), 50),
    Cosmetic(Kind.CARD_BACK, "emerald", pgettext_lazy("card back", "Emerald diamonds"), 80),
    Cosmetic(Kind.CARD_BACK, "deco", pgettext_lazy("card back", "Black and gold"), 150),
    Cosmetic(Kind.TILE_STYLE, "ivory", pgettext_lazy("tile style", "Ivory"), 0),
    Cosmetic(Kind.TILE_STYLE, "marble", pgettext_lazy("tile style", "Marble"), 60),
    Cosmetic(Kind.TILE_STYLE, "mint", pgettext_lazy("tile style", "Mint"), 80),
    Cosmetic(Kind.TILE_STYLE, "night", pgettext_lazy("tile style", "Night"), 120),
    Cosmetic(Kind.AVATAR_FRAME, "none", pgettext_lazy("avatar frame", "Plain"), 0),
    Cosmetic(Kind.AVATAR_FRAME, "silver", pgettext_lazy("avatar frame", "Silver ring"), 70),
    Cosmetic(Kind.AVATAR_FRAME, "gold", pgettext_lazy("avatar frame", "Gold ring"), 120),
    Cosmetic(Kind.AVATAR_FRAME, "ruby", pgettext_lazy("avatar frame", "Ruby ring"), 160),
)
BY_SLUG: dict[str, Cosmetic] = {item.slug: item for item in CATALOGUE}
DEFAULTS: dict[Kind, Cosmetic] = {item.kind: item for item in CATALOGUE if item.is_free}
SLUG_MAX_LENGTH = 40


def find(slug: str) -> Cosmetic | None:
    return BY_SLUG.get(slug)


def of_kind(kind: Kind) -> list[Cosmetic]:
    return [item for item in CATALOGUE if item.kind == kind]


def chosen(user: User | AnonymousUser | None, kind: Kind) -> Cosmetic:
    """The item of ``kind`` that ``user`` chose on their profile (the free one if none).

    Reads the profile the caller loaded (the tables load every seat's with its user)."""
    profile = getattr(user, "profile", None) if user is not None else None
    slug = getattr(profile, kind.value, "") if profile is not None else ""
    item = BY_SLUG.get(slug)
    return item if item is not None and item.kind == kind else DEFAULTS[kind]
