"""What a seat may see, and a search of rendered HTML for every card it may not see."""

from __future__ import annotations

import re

from games.thousand.engine import CARD_NAMES, PublicView
from games.thousand.web.cards import RANK_ORDER, SUIT_SYMBOLS, card_spoken, rank_label


def visible_cards(view: PublicView) -> set[str]:
    """Every card ``view``'s seat may see now (rules section 6): a player's observation, or
    the view of a four-player dealer sitting out (no hand)."""
    seen = set(getattr(view, "hand", ())) | set(view.trick)
    seen |= {card for card in view.gives if card is not None}
    seen |= {card for card in getattr(view, "discards", ()) if card is not None}
    seen |= set(view.musik or ())
    for trick in view.tricks:
        seen |= set(trick.cards)
    return seen


def card_traces(card: str) -> list[re.Pattern[str]]:
    """Every way a card shows in the site's HTML: notation, face, and spoken name."""
    assert card[0] in RANK_ORDER
    return [
        re.compile(rf"(?<![A-Za-z0-9]){card}(?![A-Za-z0-9])"),
        re.compile(re.escape(f"{rank_label(card[0])}{SUIT_SYMBOLS[card[1]]}")),
        re.compile(re.escape(card_spoken(card)), re.IGNORECASE),
    ]


# The random keys a page holds (its socket's, a watch link's, a shared replay's) are URL-safe
# characters and may hold a card's notation between a "-" or "_" by chance: blanked before the
# search, each where it stands. No card is ever drawn inside one of them.
RANDOM_KEY = re.compile(r'(data-socket="|/watch/|/shared/)[A-Za-z0-9_-]+')


def without_keys(html: str) -> str:
    """``html`` with its random keys blanked out, so that only what it shows is searched."""
    return RANDOM_KEY.sub(r"\1", html)


def hidden_cards_shown(html: str, view: PublicView) -> set[str]:
    """The cards ``view``'s seat may not see that ``html`` shows anyway."""
    html = without_keys(html)
    text = re.sub(r"<[^>]+>", "", html)
    hidden = set(CARD_NAMES) - visible_cards(view)
    return {
        card
        for card in hidden
        if any(trace.search(html) or trace.search(text) for trace in card_traces(card))
    }


def shown_cards(html: str) -> set[str]:
    """The cards ``html`` shows by their notation (to prove the search finds what is there)."""
    html = without_keys(html)
    return {card for card in CARD_NAMES if card_traces(card)[0].search(html)}
