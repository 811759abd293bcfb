"""A fast perfect-information simulation of trick play on bit sets, for the Expert's search.

It restates the engine's trick rules (following, trumps, marriages, trick winners, scoring)
on plain integers so that thousands of playouts fit in a decision's time budget. The tests
in ``tests/thousand_bots`` check it against the engine on random positions so that it
cannot drift from the rules. It is only ever run on *sampled* worlds, never the real hand.
"""

from __future__ import annotations

from ...engine.cards import ABOVE, CARD_POINTS, MARRIAGE_MASKS, MARRIAGE_VALUES, SUIT_MASKS, SUIT_OF
from ...engine.rules import Rules
from ...engine.scoring import round_opponent_points
from ...engine.tricks import trick_winner

MARRIAGE_OF = tuple(MARRIAGE_MASKS[card // 6] if card % 6 in (2, 3) else 0 for card in range(24))
"""For a king or queen, the mask of its marriage; 0 for any other card."""


def legal_mask(hand: int, trick: list[int], trump: int, must_beat: bool) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (rules 2.6), as the engine says."""
    if not trick:
        return hand
    led_mask = SUIT_MASKS[SUIT_OF[trick[0]]]
    following = hand & led_mask
    if following:
        if must_beat:
            top = trick[0]
            for card in trick:
                if card > top and led_mask >> card & 1:
                    top = card
            return following & ABOVE[top] or following
        return following
    if trump < 0:
        return hand
    trump_mask = SUIT_MASKS[trump]
    trumps = hand & trump_mask
    if not trumps:
        return hand
    if must_beat:
        top = -1
        for card in trick:
            if trump_mask >> card & 1 and card > top:
                top = card
        if top >= 0:
            return trumps & ABOVE[top] or trumps
    return trumps


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` played now would beat ``best``, the card winning the trick so far."""
    if SUIT_OF[card] == SUIT_OF[best]:
        return card > best
    return SUIT_OF[card] == trump


class Table:
    """A trick-play position with every hand known: a sampled world, or a test position.

    Three hands (8 tricks) or two (10 tricks), by hand position. Mutable and cheap to copy;
    ``play`` applies one card exactly as the engine would.
    """

    __slots__ = (
        "contract",
        "declarer",
        "done",
        "hands",
        "last",
        "leader",
        "marriages",
        "must_beat",
        "players",
        "taken",
        "to_move",
        "trick",
        "trump",
    )

    def __init__(
        self,
        hands: list[int],
        declarer: int,
        contract: int,
        leader: int,
        trick: list[int],
        trump: int,
        done: int,
        taken: list[int],
        marriages: list[int],
        must_beat: bool = True,
    ) -> None:
        self.hands = hands
        self.declarer = declarer
        self.contract = contract
        self.leader = leader
        self.trick = trick
        self.trump = trump
        self.done = done
        self.taken = taken
        self.marriages = marriages
        self.must_beat = must_beat
        self.players = len(hands)
        self.last = 8 if self.players == 3 else 10
        self.to_move = (leader + len(trick)) % self.players

    def copy(self) -> Table:
        new = object.__new__(Table)
        new.hands = self.hands[:]
        new.players = self.players
        new.last = self.last
        new.declarer = self.declarer
        new.contract = self.contract
        new.leader = self.leader
        new.trick = self.trick[:]
        new.trump = self.trump
        new.done = self.done
        new.taken = self.taken[:]
        new.marriages = self.marriages[:]
        new.must_beat = self.must_beat
        new.to_move = self.to_move
        return new

    @property
    def over(self) -> bool:
        return self.done == self.last

    def legal(self) -> int:
        """The cards the player to move may play."""
        return legal_mask(self.hands[self.to_move], self.trick, self.trump, self.must_beat)

    def play(self, card: int) -> None:
        """Plays ``card`` (trusted to be legal) for the player to move."""
        seat = self.to_move
        hand = self.hands[seat]
        trick = self.trick
        if not trick:
            marriage = MARRIAGE_OF[card]
            if marriage and self.done and hand & marriage == marriage:
                suit = SUIT_OF[card]
                self.trump = suit
                self.marriages[seat] += MARRIAGE_VALUES[suit]
        self.hands[seat] = hand ^ (1 << card)
        trick.append(card)
        players = self.players
        if len(trick) < players:
            self.to_move = (seat + 1) % players
            return
        winner = (self.leader + trick_winner(trick, self.trump)) % players
        points = CARD_POINTS[trick[0]] + CARD_POINTS[card]
        self.taken[winner] += (points + CARD_POINTS[trick[1]]) if players == 3 else points
        self.trick = []
        self.leader = winner
        self.to_move = winner
        self.done += 1

    def hand_points(self) -> tuple[int, ...]:
        """Card points taken plus marriages declared, per seat."""
        taken, marriages = self.taken, self.marriages
        if self.players == 2:
            return (taken[0] + marriages[0], taken[1] + marriages[1])
        return (taken[0] + marriages[0], taken[1] + marriages[1], taken[2] + marriages[2])


def score_deltas(
    rules: Rules,
    scores: tuple[int, ...],
    declarer: int,
    contract: int,
    hand_points: tuple[int, ...],
) -> tuple[int, ...]:
    """Score changes of a finished hand, with the barrel and the 990 cap (rules 2.7 and 3)."""
    deltas = [0] * len(scores)
    barrel, cap = rules.barrel, rules.opponent_cap
    for seat in range(len(scores)):
        if seat == declarer:
            deltas[seat] = contract if hand_points[seat] >= contract else -contract
        elif scores[seat] < barrel:
            gained = round_opponent_points(hand_points[seat], rules.rounding)
            before = scores[seat]
            deltas[seat] = min(before + gained, max(before, cap)) - before
    return tuple(deltas)
