"""The illustrations of Thousand's rules page, each built from real engine states: one scripted
deal, played through ``games.thousand.engine`` by its own ``apply``, whose positions (the deal,
a trick, the auction, the musik and the gives, the contract, a must-beat, a marriage) are drawn
with the table's own card pictures; the scoring examples are the engine's ``score_hand``.
Whatever the engine says is what the page shows: a rule changed in the engine changes the
illustration too."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.thousand.engine import (
    HOUSE_RULES,
    HandState,
    Rules,
    apply,
    legal_actions,
    new_hand,
    score_hand,
)
from games.thousand.engine.cards import CARD_NAMES, CARD_POINTS, RANK_POINTS, RANKS, cards_of
from games.thousand.engine.state import OPENING_ACTION
from games.thousand.web.cards import MARRIAGE_VALUES, card_view, hand_order, suit_html
from games.thousand.web.rules_drawing import (
    Illustration,
    Row,
    ScoreRow,
    ShownCard,
    Slot,
    cards_html,
    html_sentence,
)

# The deal every illustration comes from. You (position 0) sit on the dealer's (Right's)
# left and hold the hearts marriage; Left holds the clubs marriage, Right those of spades
# and diamonds.
DEALER = 2
HANDS = (
    ("KH", "QH", "AH", "TH", "AS", "AD", "9C"),
    ("9S", "JS", "TC", "KC", "QC", "JD", "9D"),
    ("TS", "KS", "QS", "AC", "TD", "KD", "QD"),
)
MUSIK = ("9H", "JH", "JC")
AUCTION = ("pass", "bid:110", "bid:120", "pass")
GIVES = ("give:9C", "give:9H")
CONTRACT = "contract:140"
FIRST_TRICK = ("play:AS", "play:9S", "play:QS")
SECOND_TRICK = ("play:KH", "play:JD", "play:9H")
THIRD_TRICK = ("play:JC", "play:KC", "play:AC")

ME, LEFT, RIGHT = 0, 1, 2
POSITIONS = ("me", "left", "right")


def names() -> tuple[str, str, str]:
    return (
        _("You"),
        pgettext("the player on your left", "Left"),
        pgettext("the player on your right", "Right"),
    )


def _state(actions: tuple[str, ...] = ()) -> HandState:
    """The scripted hand after ``actions`` (the engine refuses any the rules forbid)."""
    state = new_hand(DEALER, HANDS, MUSIK)
    for action in actions:
        state = apply(state, action)
    return state


def _codes(mask: int) -> list[str]:
    return sorted((CARD_NAMES[card] for card in cards_of(mask)), key=hand_order)


def _hand_row(
    state: HandState,
    position: int,
    *,
    playable: bool = False,
    marked: tuple[str, ...] = (),
) -> Row:
    """A player's hand face up; with ``playable``, lit and dimmed as the engine allows."""
    allowed = {action.split(":", 1)[1] for action in legal_actions(state) if ":" in action}
    cards = []
    for code in _codes(state.hands[position]):
        view = card_view(code)
        view.marriage = _in_marriage(code, state.hands[position])
        shown = ShownCard(view)
        if playable:
            shown.state = "playable" if code in allowed else "dimmed"
        if code in marked:
            shown.state = "given"
        cards.append(shown)
    return Row(names()[position], cards, mine=position == ME)


def _in_marriage(code: str, hand: int) -> bool:
    held = {CARD_NAMES[card] for card in cards_of(hand)}
    return code[0] in "KQ" and {"K" + code[1], "Q" + code[1]} <= held


def _backs_row(state: HandState, position: int, note: str = "") -> Row:
    return Row(names()[position], backs=bin(state.hands[position]).count("1"), note=note)


def _trick(state: HandState, cards: tuple[str, ...], leader: int, winner: int | None) -> list[Slot]:
    slots = []
    for offset, code in enumerate(cards):
        position = (leader + offset) % 3
        slots.append(
            Slot(
                POSITIONS[position],
                names()[position],
                card_view(code),
                won=position == winner,
                led=offset == 0,
            )
        )
    return slots


def the_table() -> Illustration:
    state = _state()
    return Illustration(
        caption=_("The deal: your 7 cards, the others' 7 face down, and the musik."),
        rows=[
            _hand_row(state, ME),
            _backs_row(state, LEFT),
            _backs_row(state, RIGHT, note=_("Dealer")),
            Row(_("Musik"), backs=len(MUSIK)),
        ],
        facts=[
            _("You sit on the dealer's left: you open the bidding at 100."),
        ],
    )


def a_trick() -> Illustration:
    state = _state(AUCTION + GIVES + (CONTRACT,) + FIRST_TRICK)
    trick = state.tricks[0]
    assert trick.leader == trick.winner == ME
    points = sum(CARD_POINTS[card] for card in trick.cards)
    played = [CARD_NAMES[card] for card in trick.cards]
    return Illustration(
        caption=_("The first trick of the hand."),
        trick=_trick(state, tuple(played), trick.leader, trick.winner),
        facts=[
            html_sentence(
                _("You led %(card)s; the others had no higher spade."),
                card=card_view(played[0]).html,
            ),
            html_sentence(
                ngettext(
                    "You took the trick: %(cards)s, %(points)s point.",
                    "You took the trick: %(cards)s, %(points)s points.",
                    points,
                ),
                cards=cards_html(played),
                points=points,
            ),
        ],
    )


def card_values() -> Illustration:
    total = sum(CARD_POINTS)
    values = [
        (card_view(rank + "H"), points) for rank, points in zip(RANKS, RANK_POINTS, strict=True)
    ]
    values.reverse()
    return Illustration(
        caption=_("From the strongest to the weakest, with their points."),
        values=values,
        facts=[
            ngettext("All 24 cards: %(total)s point.", "All 24 cards: %(total)s points.", total)
            % {"total": total}
        ],
    )


def _bid_words(action: str) -> str:
    if action == "pass":
        return _("pass")
    return action.split(":", 1)[1]


def _highest(actions: tuple[str, ...] | list[str], kind: str) -> int:
    return max(int(action.split(":")[1]) for action in actions if action.startswith(kind + ":"))


def bidding() -> Illustration:
    start = _state()
    auction = []
    for position, action in _state(AUCTION).history:
        words = _bid_words(action)
        if action == OPENING_ACTION:
            words = _("%(amount)s (the opening bid)") % {"amount": words}
        auction.append(_("%(name)s: %(bid)s") % {"name": names()[position], "bid": words})
    after = _state(AUCTION)
    assert after.declarer == ME
    return Illustration(
        caption=_("The auction of this hand, bid by bid."),
        rows=[_hand_row(start, ME)],
        badges=[_("You won the auction at %(amount)s") % {"amount": after.bid}],
        facts=[
            *auction,
            _("Left holds the clubs marriage, so it could bid up to %(limit)s.")
            % {"limit": _highest(legal_actions(start), "bid")},
            _("You hold the hearts marriage: you could bid up to %(limit)s.")
            % {"limit": _highest(legal_actions(_state(AUCTION[:2])), "bid")},
        ],
    )


def musik_and_giving() -> Illustration:
    taken = _state(AUCTION)
    count = bin(_state(AUCTION + GIVES).hands[LEFT]).count("1")
    gift_codes = [action.split(":")[1] for action in GIVES]
    left, right = gift_codes
    return Illustration(
        caption=_("The musik turned up, in the declarer's hand, and the two cards given."),
        rows=[
            Row(_("Musik"), [ShownCard(card_view(code)) for code in MUSIK]),
            _hand_row(taken, ME, marked=tuple(gift_codes)),
        ],
        facts=[
            html_sentence(
                _("You gave %(card)s to the player on your left."), card=card_view(left).html
            ),
            html_sentence(
                _("You gave %(card)s to the player on your right."), card=card_view(right).html
            ),
            ngettext("Now everyone has %(count)s card.", "Now everyone has %(count)s cards.", count)
            % {"count": count},
        ],
    )


def the_contract() -> Illustration:
    state = _state(AUCTION + GIVES)
    contracts = legal_actions(state)
    low = min(int(action.split(":")[1]) for action in contracts)
    high = _highest(contracts, "contract")
    return Illustration(
        caption=_("The declarer's 8 cards, before naming the contract."),
        rows=[_hand_row(state, ME)],
        badges=[_("Contract %(value)s") % {"value": CONTRACT.split(":")[1]}],
        facts=[
            _("You may play for %(low)s to %(high)s: your bid, up to 120 plus the hearts marriage.")
            % {"low": low, "high": high},
        ],
    )


def following() -> Illustration:
    before = AUCTION + GIVES + (CONTRACT,) + FIRST_TRICK + SECOND_TRICK
    state = _state((*before, THIRD_TRICK[0]))
    allowed = [action.split(":")[1] for action in legal_actions(state)]
    after = _state(before + THIRD_TRICK)
    assert after.tricks[-1].winner == RIGHT
    return Illustration(
        caption=html_sentence(
            _("You led %(card)s. What may Left play?"),
            card=card_view(THIRD_TRICK[0].split(":")[1]).html,
        ),
        trick=_trick(state, (THIRD_TRICK[0].split(":")[1],), ME, None),
        rows=[_hand_row(state, LEFT, playable=True)],
        facts=[
            html_sentence(
                _("Left must beat it with a higher club: %(cards)s."), cards=cards_html(allowed)
            ),
            html_sentence(
                _("Right had only %(card)s in clubs: it played it and took the trick."),
                card=card_view(THIRD_TRICK[2].split(":")[1]).html,
            ),
        ],
    )


def marriage_and_trump() -> Illustration:
    before = AUCTION + GIVES + (CONTRACT,) + FIRST_TRICK
    # The hand as it is once the king is led: the king is on the table, not in the hand.
    leading = _state((*before, SECOND_TRICK[0]))
    after = _state(before + SECOND_TRICK)
    marriage = after.marriages[0]
    assert marriage.seat == ME
    suit = "SCDH"[marriage.suit]
    return Illustration(
        caption=_("The second trick: you lead the king of hearts holding the queen."),
        rows=[_hand_row(leading, ME)],
        trick=_trick(
            after, tuple(a.split(":")[1] for a in SECOND_TRICK), ME, after.tricks[-1].winner
        ),
        badges=[html_sentence(_("Trump: %(suit)s"), suit=suit_html(suit))],
        facts=[
            html_sentence(
                _("You declared the %(suit)s marriage: +%(value)s; %(suit)s are trump now."),
                suit=suit_html(suit),
                value=MARRIAGE_VALUES[suit],
            ),
            _("Left had neither a heart nor a trump: any card."),
            _("Right had to follow with its only heart."),
        ],
    )


def _score_rows(
    rules: Rules,
    scores: tuple[int, int, int],
    declarer: int,
    contract: int,
    cards: tuple[int | None, int | None, int | None],
    marriages: tuple[int | None, int | None, int | None],
    hand_points: tuple[int, int, int],
) -> list[ScoreRow]:
    result = score_hand(rules, scores, declarer, contract, hand_points)
    rows = []
    for position in range(3):
        if position == declarer:
            role = _("declarer, contract %(value)s") % {"value": contract}
        elif scores[position] >= rules.barrel:
            role = _("on the barrel")
        else:
            role = ""
        rows.append(
            ScoreRow(
                names()[position],
                role,
                cards[position],
                marriages[position],
                hand_points[position],
                scores[position],
                result.score_deltas[position],
                result.scores[position],
            )
        )
    return rows


def scoring() -> Illustration:
    return Illustration(
        caption=_("The example of this step, scored by the game."),
        scores_caption=_("A hand: points and scores"),
        scores=_score_rows(
            HOUSE_RULES, (0, 0, 0), ME, 120, (78, 24, 18), (60, 0, 0), (138, 24, 18)
        ),
        facts=[_("24 rounds down to 20, and 18 rounds up to 20.")],
    )


def barrel_and_end() -> Illustration:
    barrel = _score_rows(
        HOUSE_RULES, (820, 430, 610), RIGHT, 120, (35, 40, 45), (0, 0, 80), (35, 40, 125)
    )
    end = score_hand(HOUSE_RULES, (880, 520, 700), ME, 120, (130, 10, 20))
    assert end.winner == ME
    return Illustration(
        caption=_("Two hands near the end of a match, scored by the game."),
        scores_caption=_("You are on the barrel: your 35 points do not count."),
        scores=barrel,
        facts=[
            _(
                "In a later hand, with 880 points, you win the bidding at 120 and make it: "
                "%(score)s points, and you win the match."
            )
            % {"score": end.scores[ME]},
        ],
    )
