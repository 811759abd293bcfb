"""The rules page's steps for two players (rules 4.1: two musiks, the choice, the discards)
and for the four-player musik points (rules 4.2), drawn from engine states like the others."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from games.rules.steps import Step
from games.thousand.engine import HandState, Rules, apply, legal_actions, musik_points, new_hand
from games.thousand.engine.cards import CARD_NAMES, cards_of
from games.thousand.web.cards import card_view, hand_order
from games.thousand.web.rules_drawing import Illustration, Row, ShownCard, cards_html, html_sentence

# You (position 0) face the dealer; you open at 100 and the dealer passes. The second musik
# brings you the king of hearts: with your queen, a marriage.
TWO_DEALER = 1
TWO_HANDS = (
    ("AS", "TS", "KS", "QS", "9H", "JH", "QH", "AD", "KD", "JS"),
    ("9S", "AC", "TC", "KC", "QC", "TD", "9D", "JD", "AH", "TH"),
)
TWO_MUSIKS = (("9C", "JC"), ("QD", "KH"))
TWO_AUCTION = ("pass", "musik:2")
TWO_DISCARDS = ("discard:9H", "discard:JS")

# Four players: the dealer (seat 3) sits out and scores the musik of an ace and the clubs
# marriage.
FOUR_HANDS = (
    ("TS", "KS", "QS", "9H", "JH", "QH", "AD"),
    ("KD", "JS", "9S", "AH", "TH", "KH", "9D"),
    ("AC", "TC", "JC", "9C", "QD", "JD", "TD"),
)
FOUR_MUSIK = ("AS", "KC", "QC")


def _two(actions: tuple[str, ...] = ()) -> HandState:
    state = new_hand(TWO_DEALER, TWO_HANDS, TWO_MUSIKS, (0, 0), Rules(players=2))
    for action in actions:
        state = apply(state, action)
    return state


def _codes(mask: int) -> list[str]:
    return sorted((CARD_NAMES[card] for card in cards_of(mask)), key=hand_order)


def two_musiks() -> Illustration:
    before = _two(TWO_AUCTION[:1])
    assert "musik:1" in legal_actions(before)
    taken = _two(TWO_AUCTION)
    laid = tuple(action.split(":")[1] for action in TWO_DISCARDS)
    after = _two(TWO_AUCTION + TWO_DISCARDS)
    hand = [
        ShownCard(card_view(code), "laid" if code in laid else "")
        for code in _codes(taken.hands[0])
    ]
    chosen = [ShownCard(card_view(code)) for code in TWO_MUSIKS[1]]
    opponent = pgettext("your opponent at a table of two", "Opponent")
    return Illustration(
        caption=_("Two players: the second musik taken, and two cards laid away."),
        rows=[
            Row(opponent, backs=bin(after.hands[1]).count("1")),
            Row(_("First musik"), backs=2, note=_("never shown")),
            Row(_("Second musik"), chosen),
            Row(_("You"), hand, mine=True),
        ],
        badges=[_("You won the auction at %(amount)s") % {"amount": taken.bid}],
        facts=[
            html_sentence(
                _("You took the second musik, unseen: %(cards)s. Both players see it."),
                cards=cards_html(list(TWO_MUSIKS[1])),
            ),
            html_sentence(
                _("You laid away %(cards)s, face down: your opponent never sees them."),
                cards=cards_html(list(laid)),
            ),
            ngettext(
                "Now each player has %(count)s card: %(count)s tricks of two.",
                "Now each player has %(count)s cards: %(count)s tricks of two.",
                bin(after.hands[0]).count("1"),
            )
            % {"count": bin(after.hands[0]).count("1")},
        ],
    )


def dealers_musik() -> Illustration:
    state = new_hand(3, FOUR_HANDS, FOUR_MUSIK, (0, 0, 0), Rules(players=4, musik_points=True))
    points = musik_points(state.musik)
    return Illustration(
        caption=_("Four players: the musik the dealer sitting out scores from."),
        rows=[
            Row(_("Musik"), [ShownCard(card_view(code)) for code in FOUR_MUSIK], note=_("Dealer"))
        ],
        facts=[
            ngettext(
                "50 for the ace and 60 for the clubs marriage: the dealer scores %(points)s point.",
                "50 for the ace and 60 for the clubs marriage: the dealer scores %(points)s "
                "points.",
                points,
            )
            % {"points": points},
        ],
    )


TWO_STEPS = (
    Step(
        11,
        gettext_lazy("Two players: two musiks and two cards laid away"),
        gettext_lazy(
            "At a table of two, each player gets 10 cards and the last 4 lie face down as two "
            "musiks of 2. The player who did not deal opens at 100; the auction ends at the "
            "first pass. The declarer chooses one musik without seeing either, turns it up for "
            "both to see and takes it: 12 cards. The other musik is never shown. Then the "
            "declarer lays two cards away, face down, one at a time: they count for nobody, "
            "and the opponent never sees them. The contract and the play follow as at three, "
            "with 10 tricks of two cards."
        ),
        two_musiks,
    ),
    Step(
        12,
        gettext_lazy("Four players: the musik's points for the dealer"),
        gettext_lazy(
            "At a table of four, the dealer sits the hand out. With the option “the dealer "
            "sitting out scores the musik”, chosen in the lobby, the dealer sees the musik "
            "from the deal on and scores its points: 50 for each ace in it, and the value of a "
            "marriage in it. The barrel applies as to an opponent."
        ),
        dealers_musik,
    ),
)
