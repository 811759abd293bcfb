"""What a seat knows, read from its ``Observation`` into bit sets: its cards, the cards seen,
and what the play so far proves about the other hands (voids, cards they cannot hold,
cards they must hold). Everything here comes from the observation alone."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Observation
from ...engine.cards import (
    ABOVE,
    CARD_BY_NAME,
    FULL_DECK,
    MARRIAGE_MASKS,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
)
from ...engine.rules import MUST_BEAT

PLAIN_LIMIT = 120


def mask_of_names(names: tuple[str, ...] | tuple[str | None, ...]) -> int:
    """The bit set of the named cards (``None`` entries are skipped)."""
    mask = 0
    for name in names:
        if name is not None:
            mask |= 1 << CARD_BY_NAME[name]
    return mask


@dataclass(slots=True)
class Knowledge:
    """One seat's knowledge of the hand, as bit sets. ``forbidden[p]`` are cards seat ``p``
    provably does not hold now, ``must_hold[p]`` cards it provably holds (both only for the
    other seats, and only among the cards this seat has not seen played).

    ``players`` is 3, or 2 for the two-player game, where ``musik`` is the musik the
    declarer chose (once chosen), ``musik_choice`` its index (0 or 1), ``discards`` the
    declarer's discards as far as this seat saw them (its own) and ``discarded`` how many
    there are."""

    seat: int
    players: int
    must_beat: bool
    phase: str
    hand: int
    declarer: int | None
    bid: int | None
    contract: int | None
    best_bids: tuple[int, ...]
    musik: int
    gifts: tuple[int | None, ...]
    played: int
    played_by: list[int]
    trick: list[int]
    leader: int | None
    done: int
    trump: int
    forbidden: list[int]
    must_hold: list[int]
    hand_sizes: tuple[int, ...]
    discards: tuple[int, ...]
    discarded: int
    musik_choice: int | None

    @property
    def unseen(self) -> int:
        """Cards this seat has not seen played, held or discarded: in the other hands, the
        musik (or musiks) or the discards it did not see."""
        seen = self.hand | self.played
        for card in self.discards:
            seen |= 1 << card
        return FULL_DECK & ~seen


def trump_for_trick(marriages: list[tuple[int, int, int]], number: int) -> int:
    """The trump during trick ``number`` (1-based), from the declared marriages' tricks."""
    trump = -1
    for _, suit, trick in marriages:
        if trick <= number:
            trump = suit
    return trump


def read(view: Observation) -> Knowledge:
    """The bit-set knowledge of the seat whose observation ``view`` is."""
    seat = view.seat
    players = len(view.hand_sizes)
    must_beat = view.rules.following == MUST_BEAT
    marriages = [(m.seat, SUITS.index(m.suit), m.trick) for m in view.marriages]
    forbidden = [0] * players
    must_hold = [0] * players
    played_by = [0] * players
    played = 0
    tricks: list[tuple[int, tuple[str, ...]]] = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        assert view.trick_leader is not None
        tricks.append((view.trick_leader, view.trick))
    for number, (leader, names) in enumerate(tricks, start=1):
        trump = trump_for_trick(marriages, number)
        cards: list[int] = []
        for position, name in enumerate(names):
            card = CARD_BY_NAME[name]
            player = (leader + position) % players
            if position == 0:
                _learn_from_lead(card, player, number, marriages, forbidden)
            else:
                forbidden[player] |= _ruled_out(cards, card, trump, must_beat)
            cards.append(card)
            played |= 1 << card
            played_by[player] |= 1 << card
    for player, suit, _ in marriages:
        must_hold[player] |= MARRIAGE_MASKS[suit]
    hand = mask_of_names(view.hand)
    musik = mask_of_names(view.musik) if view.musik is not None else 0
    gifts: tuple[int | None, ...] = tuple(
        None if name is None else CARD_BY_NAME[name] for name in view.gives
    )
    declarer = view.declarer
    # With two players the chosen musik is in the declarer's hand or among its discards: no
    # card of it is proved to be either, and the sampler places them. With three, the gifts
    # and the musik tell where some cards are.
    if players == 3 and declarer == seat:
        for index, gift in enumerate(gifts):
            if gift is not None:
                must_hold[(declarer + 1 + index) % 3] |= 1 << gift
    elif players == 3 and declarer is not None:
        # The musik went to the declarer: every musik card still out is the declarer's,
        # except that one of them may have been the card given to the other opponent.
        other = 3 - seat - declarer
        musik_out = musik & ~hand & ~played
        other_gift_given = len(gifts) > (other - declarer - 1) % 3
        if not other_gift_given or musik & played_by[other]:
            must_hold[declarer] |= musik_out
        if not other_gift_given:
            forbidden[other] |= musik_out
    discards = tuple(CARD_BY_NAME[name] for name in view.discards if name is not None)
    unseen = FULL_DECK & ~hand & ~played & ~mask_of_names(view.discards)
    for player in range(players):
        must_hold[player] &= unseen
        forbidden[player] &= unseen & ~must_hold[player]
    best_bids = [0] * players
    for player, action in view.history:
        if action.startswith("bid:"):
            best_bids[player] = max(best_bids[player], int(action[4:]))
    trump = -1 if view.trump is None else SUITS.index(view.trump)
    return Knowledge(
        seat=seat,
        players=players,
        must_beat=must_beat,
        phase=view.phase,
        hand=hand,
        declarer=declarer,
        bid=view.bid,
        contract=view.contract,
        best_bids=tuple(best_bids),
        musik=musik,
        gifts=gifts,
        played=played,
        played_by=played_by,
        trick=[CARD_BY_NAME[name] for name in view.trick],
        leader=_leader(view),
        done=len(view.tricks),
        trump=trump,
        forbidden=forbidden,
        must_hold=must_hold,
        hand_sizes=view.hand_sizes,
        discards=discards,
        discarded=len(view.discards),
        musik_choice=None if view.musik_choice is None else view.musik_choice - 1,
    )


def _learn_from_lead(
    card: int, player: int, number: int, marriages: list[tuple[int, int, int]], forbidden: list[int]
) -> None:
    # Leading a K or Q from the second trick on declares the marriage if its partner is held:
    # an undeclared lead proves the partner is not in that hand.
    if number < 2 or card % 6 not in (2, 3):
        return
    suit = SUIT_OF[card]
    if any(m == (player, suit, number) for m in marriages):
        return
    forbidden[player] |= MARRIAGE_MASKS[suit] & ~(1 << card)


def _ruled_out(before: list[int], card: int, trump: int, must_beat: bool) -> int:
    """The cards a player provably did not hold when playing ``card`` after ``before``."""
    led = SUIT_OF[before[0]]
    led_mask = SUIT_MASKS[led]
    top_led = max(c for c in before if SUIT_OF[c] == led)
    if SUIT_OF[card] == led:
        if must_beat and card < top_led:
            return ABOVE[top_led]
        return 0
    ruled = led_mask
    if trump < 0:
        return ruled
    trump_mask = SUIT_MASKS[trump]
    if SUIT_OF[card] != trump:
        return ruled | trump_mask
    if must_beat:
        trumps_before = [c for c in before if SUIT_OF[c] == trump]
        if trumps_before and card < max(trumps_before):
            ruled |= ABOVE[max(trumps_before)]
    return ruled


def _leader(view: Observation) -> int | None:
    if view.trick:
        return view.trick_leader
    if view.tricks:
        return view.tricks[-1].winner
    return view.declarer
