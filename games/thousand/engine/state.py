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
MUSIK_PHASE = "musik"
"""Two players: the declarer chooses one of the two musiks."""
DISCARDING = "discarding"
"""Two players: the declarer discards two of its twelve cards."""
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
DEALT = {2: 10, 3: 7}
"""Cards dealt to each player, by the number of players in the hand."""


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
    """The outcome of a played hand, with the match situation applied (barrel, cap).

    The tuples are by hand position. ``dealer_delta`` is what the dealer sitting the hand
    out scores from the musik (four players with ``musik_points``), 0 otherwise.
    """

    hand_points: tuple[int, ...]
    made: bool
    score_deltas: tuple[int, ...]
    scores: tuple[int, ...]
    winner: int | None
    dealer_delta: int = 0


class HandState:
    """Everything about one hand. Build it with ``new_hand`` or ``deal_hand``.

    Sets of cards are bit sets (see ``cards``). ``history`` holds every action with the seat
    that made it, including the compulsory ``bid:100``.

    A hand has three players, at hand positions 0, 1 and 2, or two at positions 0 and 1
    (``rules.players == 2``); every seat field and every per-player tuple is by position.
    With two or three players positions are table seats. With four (``rules.players == 4``)
    ``dealer`` is the table seat (0-3) of the dealer, who sits the hand out, and positions
    0, 1, 2 are the three others in playing order from the dealer's left (see
    ``hand_seats``); position 2 is asked and bids last, as a dealer would.

    ``musik`` holds every card not dealt to a player: the musik of three cards, or with two
    players both musiks, which ``musiks`` holds apart (first, second); ``chosen`` is the
    index of the musik the declarer took and ``discards`` the cards it laid away.
    ``dealer_score`` is the match score of the dealer sitting the hand out (four players),
    else ``None``; it scores from the musik only with ``musik_points``.
    """

    __slots__ = (
        "_legal",
        "bid",
        "bidder",
        "chosen",
        "contract",
        "dealer",
        "dealer_score",
        "dealt",
        "declarer",
        "discards",
        "gives",
        "hands",
        "leader",
        "log",
        "marriage_points",
        "marriages",
        "musik",
        "musiks",
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
    dealer_score: int | None
    scores: tuple[int, ...]
    dealt: tuple[int, ...]
    musik: int
    musiks: tuple[int, ...]
    chosen: int | None
    discards: tuple[int, ...]
    phase: str
    to_move: int | None
    hands: tuple[int, ...]
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
    marriage_points: tuple[int, ...]
    taken: tuple[int, ...]
    played: int
    result: HandResult | None
    _legal: tuple[str, ...] | None

    def copy(self) -> HandState:
        """A field-by-field copy, for ``apply`` to change and return."""
        new = object.__new__(HandState)
        new.rules = self.rules
        new.dealer = self.dealer
        new.dealer_score = self.dealer_score
        new.scores = self.scores
        new.dealt = self.dealt
        new.musik = self.musik
        new.musiks = self.musiks
        new.chosen = self.chosen
        new.discards = self.discards
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
        """The 1-based number of the trick being played (one more than the hand's tricks,
        8 or 10, once all are done)."""
        return len(self.tricks) + 1

    def deal_record(self) -> dict[str, object]:
        """The deal as a replay scenario without actions (rules, dealer, scores, hands, musik;
        the two musiks as two lists with two players; the sitting-out dealer's score with
        four)."""
        record: dict[str, object] = {
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "scores": list(self.scores),
            "hands": [list(names_of(hand)) for hand in self.dealt],
            "musik": (
                [list(names_of(musik)) for musik in self.musiks]
                if self.musiks
                else list(names_of(self.musik))
            ),
        }
        if self.dealer_score is not None:
            record["dealer_score"] = self.dealer_score
        return record

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
    hands: tuple[int, ...],
    musik: int,
    scores: tuple[int, ...],
    musiks: tuple[int, ...] = (),
    dealer_score: int = 0,
) -> HandState:
    """A hand from bit sets, trusted to be a valid deal; ``new_hand`` checks its input."""
    state = object.__new__(HandState)
    state.rules = rules
    state.dealer = dealer
    state.dealer_score = dealer_score if rules.players == 4 else None
    state.scores = scores
    state.dealt = hands
    state.musik = musik
    state.musiks = musiks
    state.chosen = None
    state.discards = ()
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
    state.marriage_points = (0,) * len(hands)
    state.taken = (0,) * len(hands)
    state.played = 0
    state.result = None
    state._legal = None
    count = len(hands)
    last = _last_to_bid(rules, dealer)
    order = tuple((last + step) % count for step in range(1, count + 1))
    state.to_ask = tuple(seat for seat in order if qualifies_for_redeal(hands[seat], rules))
    if state.to_ask:
        state.phase = REDEAL_PHASE
        state.to_move = state.to_ask[0]
    else:
        open_bidding(state)
    return state


def _last_to_bid(rules: Rules, dealer: int) -> int:
    """The position asked and bidding last: the dealer, or the dealer's right with four."""
    return 2 if rules.players == 4 else dealer


def open_bidding(state: HandState) -> None:
    """Makes the compulsory opening bid of 100 for the player on the dealer's left (with two
    players, the one who did not deal)."""
    count = len(state.hands)
    opener = (_last_to_bid(state.rules, state.dealer) + 1) % count
    state.phase = BIDDING
    state.bid = OPENING_BID
    state.bidder = opener
    state.log = (state.log, opener, OPENING_ACTION)
    state.to_move = (opener + 1) % count


def _zeros(count: int) -> tuple[int, ...]:
    return (0,) * count


def new_hand(
    dealer: int,
    hands: Sequence[Sequence[str]],
    musik: Sequence[str] | Sequence[Sequence[str]],
    scores: Sequence[int] | None = None,
    rules: Rules = HOUSE_RULES,
    dealer_score: int = 0,
) -> HandState:
    """A hand from an explicit deal in card notation; ``ValueError`` says what is wrong.

    ``hands`` and ``scores`` are by hand position (scores 0 when left out): with four
    players, ``dealer`` is a table seat 0-3 and they are the three other seats' in playing
    order from the dealer's left. With two players there are two hands of 10 cards and
    ``musik`` is the two musiks, two lists of 2 cards; otherwise three hands of 7 and a
    musik of 3. ``dealer_score`` is the match score of a four-player dealer, who sits the
    hand out (and scores from the musik with ``musik_points``).
    """
    count = rules.hand_players
    if (
        not isinstance(dealer, int)
        or isinstance(dealer, bool)
        or dealer not in range(rules.players)
    ):
        raise ValueError(f"dealer must be {_choices(rules.players)}, not {dealer!r}")
    words = {2: "two", 3: "three"}[count]
    if not isinstance(hands, Sequence) or isinstance(hands, str) or len(hands) != count:
        raise ValueError(f"hands must be a list of {words} hands")
    if scores is None:
        scores = _zeros(count)
    if (
        not isinstance(scores, Sequence)
        or len(scores) != count
        or not all(_whole(s) for s in scores)
    ):
        raise ValueError(f"scores must be a list of {words} whole numbers")
    if not _whole(dealer_score):
        raise ValueError("dealer_score must be a whole number")
    parts: list[tuple[str, object, int]] = [
        (f"hand {position}", hands[position], DEALT[count]) for position in range(count)
    ]
    if count == 2:
        if (
            not isinstance(musik, Sequence)
            or isinstance(musik, str)
            or len(musik) != 2
            or any(isinstance(part, str) for part in musik)
        ):
            raise ValueError("the musik must be a list of two musiks of 2 cards each")
        parts += [("musik 1", musik[0], 2), ("musik 2", musik[1], 2)]
    else:
        parts.append(("the musik", musik, 3))
    seen: dict[int, str] = {}
    masks = []
    for label, cards, size in parts:
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
    musik_mask = 0
    for mask in masks[count:]:
        musik_mask |= mask
    return start_hand(
        rules,
        dealer,
        tuple(masks[:count]),
        musik_mask,
        tuple(scores),
        tuple(masks[count:]) if count == 2 else (),
        dealer_score,
    )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _choices(players: int) -> str:
    """``"0, 1 or 2"`` and the like: the seats of a table of ``players``."""
    seats = [str(seat) for seat in range(players)]
    return ", ".join(seats[:-1]) + " or " + seats[-1]


def deal_hand(
    dealer: int,
    rng: random.Random,
    scores: tuple[int, ...] | None = None,
    rules: Rules = HOUSE_RULES,
    dealer_score: int = 0,
) -> HandState:
    """A hand dealt by shuffling with the injected random generator (``scores`` by position,
    0 when left out, and ``dealer_score`` as for ``new_hand``)."""
    deck = list(range(24))
    rng.shuffle(deck)
    if scores is None:
        scores = _zeros(rules.hand_players)
    if rules.hand_players == 2:
        first, second = _mask(deck[20:22]), _mask(deck[22:24])
        return start_hand(
            rules,
            dealer,
            (_mask(deck[0:10]), _mask(deck[10:20])),
            first | second,
            scores,
            (first, second),
            dealer_score,
        )
    hands = (_mask(deck[0:7]), _mask(deck[7:14]), _mask(deck[14:21]))
    musik = FULL_DECK ^ hands[0] ^ hands[1] ^ hands[2]
    return start_hand(rules, dealer, hands, musik, scores, (), dealer_score)


def _mask(cards: list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask
