"""Thousand's rules page, step by step as in the original help page ("Krok 1 … Krok 10").

Each step is a short text and an illustration built from real engine states: one scripted
deal, played through ``games.thousand.engine`` by its own ``apply``, whose positions (the
deal, a trick, the auction, the musik and the gives, the contract, a must-beat, a marriage)
are drawn with the table's own card pictures; the scoring examples are the engine's
``score_hand``. Whatever the engine says is what the page shows: a rule changed in the engine
changes the illustration too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from games.rules.steps import Step
from games.thousand.engine import (
    HOUSE_RULES,
    HandState,
    Rules,
    apply,
    legal_actions,
    new_hand,
    score_hand,
)
from games.thousand.engine.cards import (
    CARD_NAMES,
    CARD_POINTS,
    RANK_POINTS,
    RANKS,
    SUITS,
    cards_of,
)
from games.thousand.engine.cards import (
    MARRIAGE_VALUES as SUIT_MARRIAGE_VALUES,
)
from games.thousand.engine.state import OPENING_ACTION
from games.thousand.web.cards import (
    MARRIAGE_VALUES,
    CardView,
    card_view,
    hand_order,
    suit_html,
    suit_plural,
)
from games.thousand.web.forms import CHOICE_LABELS, HELP, LABELS

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


RULES_OF_THIS_GAME = (
    gettext_lazy(
        "Thousand is played a little differently in every home. Here the rules above apply, "
        "with the options below chosen when a match is made."
    ),
    gettext_lazy(
        "You must beat: in the suit led play a higher card, and without it a trump, higher "
        "than a trump already played, if you have one."
    ),
    gettext_lazy(
        "A marriage is declared from the second trick on, by leading its king or queen; the "
        "table declares it for you."
    ),
    gettext_lazy(
        "With four nines, or with under 10 points in your cards and no marriage, you may ask "
        "for a re-deal before the bidding."
    ),
    gettext_lazy("The barrel starts at 800 points (at 400 in a match to 500)."),
)

TIPS = (
    gettext_lazy("Bid over 100 only with a marriage, or with a few aces and tens."),
    gettext_lazy(
        "Give the opponents cards without points: nines and jacks of the suits you hold few of."
    ),
    gettext_lazy(
        "Before declaring a marriage, take a trick with an ace: only then may you lead the "
        "king or queen of the pair."
    ),
    gettext_lazy(
        "When the declarer's other opponent is taking the trick, give it a ten or an ace: the "
        "points stay on your side."
    ),
)

OPTION_STEPS = {
    "target": 10,
    "bid_step": 4,
    "following": 7,
    "rounding": 9,
    "four_nines": 4,
    "musik_points": 12,
}
"""The step each option of a match changes (the variants' links)."""


def _html(template: str, **params: str | int) -> SafeString:
    """A translated sentence with card and suit pictures in it: the sentence is escaped,
    then each parameter (pictures are already safe, names are escaped) put in its place."""
    escaped = {name: conditional_escape(str(value)) for name, value in params.items()}
    return mark_safe(conditional_escape(template) % escaped)


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


def _cards_html(codes: list[str]) -> SafeString:
    return mark_safe(", ".join(str(card_view(code).html) for code in codes))


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
            _html(
                _("You led %(card)s; the others had no higher spade."),
                card=card_view(played[0]).html,
            ),
            _html(
                ngettext(
                    "You took the trick: %(cards)s, %(points)s point.",
                    "You took the trick: %(cards)s, %(points)s points.",
                    points,
                ),
                cards=_cards_html(played),
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
            _html(_("You gave %(card)s to the player on your left."), card=card_view(left).html),
            _html(_("You gave %(card)s to the player on your right."), card=card_view(right).html),
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
        caption=_html(
            _("You led %(card)s. What may Left play?"),
            card=card_view(THIRD_TRICK[0].split(":")[1]).html,
        ),
        trick=_trick(state, (THIRD_TRICK[0].split(":")[1],), ME, None),
        rows=[_hand_row(state, LEFT, playable=True)],
        facts=[
            _html(
                _("Left must beat it with a higher club: %(cards)s."), cards=_cards_html(allowed)
            ),
            _html(
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
        badges=[_html(_("Trump: %(suit)s"), suit=suit_html(suit))],
        facts=[
            _html(
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


def variants() -> list[dict[str, object]]:
    """The options offered when a match is made, each with its choices and its step."""
    return [
        {
            "label": label,
            "choices": list(CHOICE_LABELS[name].values()),
            "help": HELP.get(name, ""),
            "step": OPTION_STEPS[name],
        }
        for name, label in LABELS.items()
    ]


def page_context() -> dict[str, object]:
    """The parts of the page around the steps: points, the rules here, options, tips."""
    return {
        "card_points": [
            (rank_name(rank), points)
            for rank, points in reversed(list(zip(RANKS, RANK_POINTS, strict=True)))
        ],
        "marriage_points": [
            (_("Marriage of %(suit)s") % {"suit": suit_plural(suit)}, value)
            for suit, value in reversed(list(zip(SUITS, SUIT_MARRIAGE_VALUES, strict=True)))
        ],
        "house_rules": RULES_OF_THIS_GAME,
        "tips": TIPS,
        "variants": variants(),
    }


STEPS = (
    Step(
        1,
        gettext_lazy("The table"),
        gettext_lazy(
            "Thousand is a card game for three: you and two other players, computers or "
            "friends, sitting on your left and on your right. The game uses 24 cards, from the "
            "nine to the ace in each suit. Everyone gets 7 cards, and the last 3 lie face down "
            "in the middle: that is the musik, which goes to the player who wins the bidding "
            "(step 4). At a table of four, the dealer deals to the other three and sits the "
            "hand out."
        ),
        the_table,
    ),
    Step(
        2,
        gettext_lazy("A trick: one round of cards"),
        gettext_lazy(
            "The game is played in tricks. One player puts a card in the middle of the table, "
            "and the other two, in turn, add one card each. Whoever played the strongest card "
            "takes all three: that is one trick. Whoever took the trick leads the next one. A "
            "hand has 8 tricks."
        ),
        a_trick,
    ),
    Step(
        3,
        gettext_lazy("What the cards are worth"),
        gettext_lazy(
            "What counts are the points of the cards you take in tricks. An ace is worth 11 "
            "points, a ten 10, a king 4, a queen 3, a jack 2 and a nine nothing. All the cards "
            "together make 120 points. The cards are strong in the same order: here the ten "
            "beats the king, the queen and the jack, and only the ace beats it."
        ),
        card_values,
    ),
    Step(
        4,
        gettext_lazy("Bidding: who plays, and for how much"),
        gettext_lazy(
            "Before the play, the players bid. The player on the dealer's left starts at 100. "
            "Then each in turn bids 10 more or says “pass”, and bids no more in this hand. The "
            "last one left is the declarer. Without a marriage in your hand (step 8) you may "
            "bid at most 120: set the number with the − and + buttons, then press “Bid”. "  # noqa: RUF001 (the button)
            "Before the bidding, a player holding all four nines, or under 10 points in cards "
            "and no marriage, may ask for a new deal."
        ),
        bidding,
    ),
    Step(
        5,
        gettext_lazy("The musik and a card for each opponent"),
        gettext_lazy(
            "The declarer turns the musik up, so that everyone sees its 3 cards, and takes it "
            "into the hand. That makes 10 cards, so the declarer gives one card to each "
            "opponent: first to the player on the left, then to the one on the right. Tap the "
            "card you want to give. Then everyone has 8 cards."
        ),
        musik_and_giving,
    ),
    Step(
        6,
        gettext_lazy("How much you play for"),
        gettext_lazy(
            "Now the declarer says how much they will play for, the contract: at least the "
            "bid, and more if the musik helped. Here too the limit is 120 without a marriage, "
            "and 120 plus their value with marriages. The declarer must then score that many "
            "points from cards and marriages. Choose the number and press “Play”."
        ),
        the_contract,
    ),
    Step(
        7,
        gettext_lazy("Playing a card: the suit, a higher card, trump"),
        gettext_lazy(
            "The declarer leads the first trick. You must play a card of the suit led, and a "
            "higher one than the highest already played, if you have one. Without that suit you "
            "must play a trump (step 8), if you have one, and a higher trump than one already "
            "played, if you have one. Only with neither the suit nor a trump may you play any "
            "card. The table lights up the cards you may play and dims "
            "the others."
        ),
        following,
    ),
    Step(
        8,
        gettext_lazy("Marriages and trump"),
        gettext_lazy(
            "A marriage is the king and the queen of one suit. It scores: hearts 100, diamonds "
            "80, clubs 60, spades 40. You declare it when you lead a trick: lead the king or "
            "the queen of the pair (the table marks them with a gold dot); not in the first "
            "trick. From then on that suit is trump: any trump beats any card of another suit, "
            "even an ace. The next marriage makes its own suit trump."
        ),
        marriage_and_trump,
    ),
    Step(
        9,
        gettext_lazy("Counting the points"),
        gettext_lazy(
            "After the 8 tricks, everyone counts the points of the cards in their tricks and of "
            "their marriages. A declarer who scored at least the contract gets exactly that "
            "number; with less, they lose as much. The opponents get their points rounded to "
            "tens (a 5 rounds down). For example: the declarer played 120 and scored 78 from "
            "cards and 60 from a marriage, 138 in all, so gets 120; the opponents, with 24 and "
            "18 points, get 20 each."
        ),
        scoring,
    ),
    Step(
        10,
        gettext_lazy("The barrel and the end of the match"),
        gettext_lazy(
            "The first to reach 1000 points wins. From 800 points a player is “on the barrel”: "
            "they score only as declarer, so they must win the bidding and make their "
            "contract. A player who is not the declarer never goes past 990. In the lobby you "
            "can choose a shorter match, to 500 points; the barrel then starts at 400, and a "
            "player who is not the declarer never goes past 490."
        ),
        barrel_and_end,
    ),
)
