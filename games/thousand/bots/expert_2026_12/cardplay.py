"""The Normal player's card play: counts the cards, draws trumps, declares marriages,
takes tricks cheaply and, as an opponent of three, feeds points to the other opponent's
trick. With two players it plays last to every trick it does not lead."""

from __future__ import annotations

from ...engine.cards import ABOVE, CARD_POINTS, MARRIAGE_MASKS, SUIT_MASKS, SUIT_OF, cards_of
from ...engine.tricks import trick_winner
from .evaluate import ACE_BIT
from .fastplay import beats
from .knowledge import Knowledge

QUEEN_OF = tuple(6 * suit + 2 for suit in range(4))


def marriage_cards(hand: int) -> int:
    """The kings and queens of the marriages held."""
    held = 0
    for mask in MARRIAGE_MASKS:
        if hand & mask == mask:
            held |= mask
    return held


class Reader:
    """Card counting for one decision: which cards each other seat may still hold."""

    def __init__(self, know: Knowledge, counting: bool = True) -> None:
        self.know = know
        self.unseen = know.unseen
        self.possible = [0] * know.players
        for seat in range(know.players):
            if seat != know.seat:
                forbidden = know.forbidden[seat] if counting else 0
                self.possible[seat] = self.unseen & ~forbidden
        self.counting = counting

    def may_be_void(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` may hold no card of ``suit``."""
        outstanding = self.unseen & SUIT_MASKS[suit]
        if not self.possible[seat] & SUIT_MASKS[suit]:
            return True
        if self.know.must_hold[seat] & SUIT_MASKS[suit]:
            return False
        return outstanding.bit_count() <= 1

    def may_beat(self, seat: int, trick: list[int], trump: int) -> bool:
        """Whether ``seat``, playing next to ``trick``, may take it over."""
        best = trick[trick_winner(trick, trump)]
        led = SUIT_OF[trick[0]]
        possible = self.possible[seat]
        if SUIT_OF[best] == led and possible & ABOVE[best]:
            return True
        if trump < 0 or not self.may_be_void(seat, led):
            return False
        trumps = possible & SUIT_MASKS[trump]
        if SUIT_OF[best] == trump:
            return bool(trumps & ABOVE[best])
        return bool(trumps)

    def sure_lead(self, card: int, against: list[int], trump: int) -> bool:
        """Whether ``card`` led wins the trick against the seats in ``against``."""
        suit = SUIT_OF[card]
        for seat in against:
            if self.possible[seat] & ABOVE[card]:
                return False
            if (
                trump >= 0
                and suit != trump
                and self.possible[seat] & SUIT_MASKS[trump]
                and self.may_be_void(seat, suit)
            ):
                return False
        return True


def _cost(hand: int, card: int, reader: Reader, keep: int) -> float:
    """What playing ``card`` away costs the player: its points, and more for a card worth
    keeping (part of a marriage, an ace, a ten guarded by its ace)."""
    cost = float(CARD_POINTS[card])
    if keep >> card & 1:
        cost += 60
    rank = card % 6
    suit = SUIT_OF[card]
    if rank == 5:
        cost += 8
    elif rank == 4 and hand & ACE_BIT[suit]:
        cost += 5
    elif rank == 4 and reader.unseen & ACE_BIT[suit]:
        cost -= 3
    return cost


def cheapest(hand: int, mask: int, reader: Reader, keep: int) -> int:
    return min(cards_of(mask), key=lambda card: (_cost(hand, card, reader, keep), card))


def richest(mask: int, keep: int) -> int:
    """The card with the most points, tens before aces, marriage cards last."""

    def key(card: int) -> tuple[int, int, int]:
        points = CARD_POINTS[card]
        return (0 if keep >> card & 1 else 1, 12 if points == 10 else points, -card)

    return max(cards_of(mask), key=key)


def choose_card(know: Knowledge, allowed: int, counting: bool = True) -> int:
    """The Normal player's card among ``allowed``."""
    if allowed & (allowed - 1) == 0:
        return allowed.bit_length() - 1
    reader = Reader(know, counting)
    me = know.seat
    declarer = know.declarer
    assert declarer is not None
    hand = know.hand
    keep = marriage_cards(hand)
    trump = know.trump
    players = know.players
    partner = -1 if me == declarer or players == 2 else 3 - me - declarer
    adversaries = [s for s in range(players) if s not in (me, partner)]
    trick = know.trick
    if not trick:
        return _lead(know, reader, allowed, keep, adversaries)
    best_position = trick_winner(trick, trump)
    best = trick[best_position]
    assert know.leader is not None
    winner = (know.leader + best_position) % players
    winning = sum(1 << card for card in cards_of(allowed) if beats(card, best, trump))
    if len(trick) == players - 1:
        if winner == partner:
            return richest(allowed, keep)
        if winning:
            return cheapest(hand, winning, reader, keep)
        return cheapest(hand, allowed, reader, keep)
    next_seat = (me + 1) % 3
    if winner == partner:
        if not reader.may_beat(next_seat, trick, trump):
            return richest(allowed, keep)
        return cheapest(hand, allowed, reader, keep)
    safe = [
        card
        for card in cards_of(winning)
        if next_seat == partner or not reader.may_beat(next_seat, [*trick, card], trump)
    ]
    if safe:
        mask = sum(1 << card for card in safe)
        return richest(mask, keep) if next_seat == partner else cheapest(hand, mask, reader, keep)
    return cheapest(hand, allowed, reader, keep)


def _lead(know: Knowledge, reader: Reader, allowed: int, keep: int, adversaries: list[int]) -> int:
    hand = know.hand
    trump = know.trump
    if know.done and keep:
        for suit in (3, 2, 1, 0):
            if keep & MARRIAGE_MASKS[suit]:
                return QUEEN_OF[suit]
    sure = [c for c in cards_of(allowed & ~keep) if reader.sure_lead(c, adversaries, trump)]
    if sure:
        if trump >= 0 and know.seat == know.declarer:
            trumps_out = any(reader.possible[s] & SUIT_MASKS[trump] for s in adversaries)
            sure_trumps = [c for c in sure if SUIT_OF[c] == trump]
            if trumps_out and sure_trumps:
                return max(sure_trumps)
        return max(sure, key=lambda card: (CARD_POINTS[card], card))
    return cheapest(hand, allowed, reader, keep)
