"""The state of one hand (one deal), and how a hand starts.

A ``HandState`` is never changed once built: ``apply`` returns a new one. Its fields are
public for reading (the replay command, the bots' fast paths, tests); a web page or a bot's
decision must go through ``observation`` instead, which holds only what one seat may see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import (
    CARD_NAMES,
    FULL_DECK,
    NINES_MASK,
    marriage_total,
    names_of,
    parse_card,
    points_of,
)
from .rules import HOUSE_RULES, REDEAL, Rules

REDEAL_PHASE = "redeal"
BIDDING = "bidding"
GIVING = "giving"
CONTRACT_PHASE = "contract"
PLAYING = "playing"
OVER = "over"
REDEALT = "redealt"

ActionLog = tuple["ActionLog", int, str] | None
"""The actions so far, newest first, as nested ``(earlier_log, seat, action)`` cells: each
``apply`` adds a cell without copying the earlier ones."""

OPENING_BID = 100
OPENING_ACTION = f"bid:{OPENING_BID}"
PLAIN_LIMIT = 120
"""Highest bid or contract without a marriage."""


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the cards in playing order, who won it."""

    leader: int
    cards: tuple[int, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class Marriage:
    """A declared marriage: the seat, its suit, and the 1-based trick it was declared in."""

    seat: int
    suit: int
    trick: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome of a played hand, with the match situation applied (barrel, cap)."""

    hand_points: tuple[int, int, int]
    made: bool
    score_deltas: tuple[int, int, int]
    scores: tuple[int, int, int]
    winner: int | None


class HandState:
    """Everything about one hand. Build it with ``new_hand`` or ``deal_hand``.

    Sets of cards are bit sets (see ``cards``). ``history`` holds every action with the seat
    that made it, including the compulsory ``bid:100``.

    A hand always has three players, at hand positions 0, 1 and 2; every seat field and
    every per-player tuple is by position. With three players positions are table seats.
    With four (``rules.players == 4``) ``dealer`` is the table seat (0-3) of the dealer, who
    sits the hand out, and positions 0, 1, 2 are the three others in playing order from the
    dealer's left (see ``hand_seats``); position 2 is asked and bids last, as a dealer would.
    """

    __slots__ = (
        "_legal",
        "bid",
        "bidder",
        "contract",
        "dealer",
        "dealt",
        "declarer",
        "gives",
        "hands",
        "leader",
        "log",
        "marriage_points",
        "marriages",
        "musik",
        "passed",
        "phase",
        "played",
        "result",
        "rules",
        "scores",
        "taken",
        "to_ask",
        "to_move",
        "trick",
        "tricks",
        "trump",
    )

    rules: Rules
    dealer: int
    scores: tuple[int, int, int]
    dealt: tuple[int, int, int]
    musik: int
    phase: str
    to_move: int | None
    hands: tuple[int, int, int]
    log: ActionLog
    to_ask: tuple[int, ...]
    bid: int | None
    bidder: int | None
    passed: int
    declarer: int | None
    gives: tuple[int, ...]
    contract: int | None
    trump: int | None
    leader: int | None
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    marriages: tuple[Marriage, ...]
    marriage_points: tuple[int, int, int]
    taken: tuple[int, int, int]
    played: int
    result: HandResult | None
    _legal: tuple[str, ...] | None

    def copy(self) -> HandState:
        """A field-by-field copy, for ``apply`` to change and return."""
        new = object.__new__(HandState)
        new.rules = self.rules
        new.dealer = self.dealer
        new.scores = self.scores
        new.dealt = self.dealt
        new.musik = self.musik
        new.phase = self.phase
        new.to_move = self.to_move
        new.hands = self.hands
        new.log = self.log
        new.to_ask = self.to_ask
        new.bid = self.bid
        new.bidder = self.bidder
        new.passed = self.passed
        new.declarer = self.declarer
        new.gives = self.gives
        new.contract = self.contract
        new.trump = self.trump
        new.leader = self.leader
        new.trick = self.trick
        new.tricks = self.tricks
        new.marriages = self.marriages
        new.marriage_points = self.marriage_points
        new.taken = self.taken
        new.played = self.played
        new.result = self.result
        new._legal = None
        return new

    @property
    def is_over(self) -> bool:
        """True once the hand has been played out or re-dealt."""
        return self.phase == OVER or self.phase == REDEALT

    @property
    def trick_number(self) -> int:
        """The 1-based number of the trick being played (9 once all 8 are done)."""
        return len(self.tricks) + 1

    def deal_record(self) -> dict[str, object]:
        """The deal as a replay scenario without actions (rules, dealer, scores, hands, musik)."""
        return {
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "scores": list(self.scores),
            "hands": [list(names_of(hand)) for hand in self.dealt],
            "musik": list(names_of(self.musik)),
        }

    @property
    def history(self) -> tuple[tuple[int, str], ...]:
        """Every action so far with the seat that made it, the compulsory ``bid:100`` included."""
        entries = []
        log = self.log
        while log is not None:
            log, seat, action = log
            entries.append((seat, action))
        return tuple(reversed(entries))

    def actions(self) -> list[str]:
        """The actions chosen so far in canonical notation (without the compulsory bid:100)."""
        return [action for _, action in self.history if action != OPENING_ACTION]

    def __repr__(self) -> str:
        return (
            f"<HandState {self.phase} dealer={self.dealer} to_move={self.to_move} "
            f"hands={[' '.join(names_of(h)) for h in self.hands]}>"
        )


def qualifies_for_redeal(hand: int, rules: Rules) -> bool:
    """Whether a 7-card hand may ask for a re-deal before the bidding (rules 2.2)."""
    if rules.four_nines == REDEAL and hand & NINES_MASK == NINES_MASK:
        return True
    return points_of(hand) < 10 and marriage_total(hand) == 0


def start_hand(
    rules: Rules,
    dealer: int,
    hands: tuple[int, int, int],
    musik: int,
    scores: tuple[int, int, int] = (0, 0, 0),
) -> HandState:
    """A hand from bit sets, trusted to be a valid deal; ``new_hand`` checks its input."""
    state = object.__new__(HandState)
    state.rules = rules
    state.dealer = dealer
    state.scores = scores
    state.dealt = hands
    state.musik = musik
    state.hands = hands
    state.log = None
    state.bid = None
    state.bidder = None
    state.passed = 0
    state.declarer = None
    state.gives = ()
    state.contract = None
    state.trump = None
    state.leader = None
    state.trick = ()
    state.tricks = ()
    state.marriages = ()
    state.marriage_points = (0, 0, 0)
    state.taken = (0, 0, 0)
    state.played = 0
    state.result = None
    state._legal = None
    last = _last_to_bid(rules, dealer)
    order = ((last + 1) % 3, (last + 2) % 3, last)
    state.to_ask = tuple(seat for seat in order if qualifies_for_redeal(hands[seat], rules))
    if state.to_ask:
        state.phase = REDEAL_PHASE
        state.to_move = state.to_ask[0]
    else:
        open_bidding(state)
    return state


def _last_to_bid(rules: Rules, dealer: int) -> int:
    """The position asked and bidding last: the dealer, or the dealer's right with four."""
    return dealer if rules.players == 3 else 2


def open_bidding(state: HandState) -> None:
    """Makes the compulsory opening bid of 100 for the player on the dealer's left."""
    opener = (_last_to_bid(state.rules, state.dealer) + 1) % 3
    state.phase = BIDDING
    state.bid = OPENING_BID
    state.bidder = opener
    state.log = (state.log, opener, OPENING_ACTION)
    state.to_move = (opener + 1) % 3


def new_hand(
    dealer: int,
    hands: Sequence[Sequence[str]],
    musik: Sequence[str],
    scores: Sequence[int] = (0, 0, 0),
    rules: Rules = HOUSE_RULES,
) -> HandState:
    """A hand from an explicit deal in card notation; ``ValueError`` says what is wrong.

    ``hands`` and ``scores`` are by hand position: with four players, ``dealer`` is a table
    seat 0-3 and they are the three other seats' in playing order from the dealer's left.
    """
    if (
        not isinstance(dealer, int)
        or isinstance(dealer, bool)
        or dealer not in range(rules.players)
    ):
        seats = "0, 1 or 2" if rules.players == 3 else "0, 1, 2 or 3"
        raise ValueError(f"dealer must be {seats}, not {dealer!r}")
    if not isinstance(hands, Sequence) or isinstance(hands, str) or len(hands) != 3:
        raise ValueError("hands must be a list of three hands")
    if (
        not isinstance(scores, Sequence)
        or len(scores) != 3
        or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores)
    ):
        raise ValueError("scores must be a list of three whole numbers")
    seen: dict[int, str] = {}
    masks = []
    for label, cards, size in (
        ("hand 0", hands[0], 7),
        ("hand 1", hands[1], 7),
        ("hand 2", hands[2], 7),
        ("the musik", musik, 3),
    ):
        if not isinstance(cards, Sequence) or isinstance(cards, str):
            raise ValueError(f"{label} must be a list of cards")
        if len(cards) != size:
            raise ValueError(f"{label} must hold {size} cards, not {len(cards)}")
        mask = 0
        for name in cards:
            card = parse_card(name)
            if card in seen:
                raise ValueError(f"{CARD_NAMES[card]} is dealt twice ({seen[card]} and {label})")
            seen[card] = label
            mask |= 1 << card
        masks.append(mask)
    return start_hand(
        rules, dealer, (masks[0], masks[1], masks[2]), masks[3], (scores[0], scores[1], scores[2])
    )


def deal_hand(
    dealer: int,
    rng: random.Random,
    scores: tuple[int, int, int] = (0, 0, 0),
    rules: Rules = HOUSE_RULES,
) -> HandState:
    """A hand dealt by shuffling with the injected random generator (``scores`` by position,
    as for ``new_hand``)."""
    deck = list(range(24))
    rng.shuffle(deck)
    hands = (_mask(deck[0:7]), _mask(deck[7:14]), _mask(deck[14:21]))
    musik = FULL_DECK ^ hands[0] ^ hands[1] ^ hands[2]
    return start_hand(rules, dealer, hands, musik, scores)


def _mask(cards: list[int]) -> int:
    return (
        (1 << cards[0])
        | (1 << cards[1])
        | (1 << cards[2])
        | (1 << cards[3])
        | (1 << cards[4])
        | (1 << cards[5])
        | (1 << cards[6])
    )
