"""Determinization for the two-player game (rules 4.1): deals of the unseen cards that
agree with everything a seat observed.

The unseen cards are the other player's hand, the musiks (both before one is chosen, then
the other one, which nobody sees) and, for the declarer's opponent, the declarer's two
discards. A world respects the voids and the cards ruled out by the must-beat rule, the
marriages declared and not declared, the chosen musik (its cards are the declarer's, held
or discarded, never in the other musik) and the auction (a bid above 120 needs marriages in
the dealt hand, a contract raised above 120 marriages in the ten cards kept).
"""

from __future__ import annotations

import random

from ...engine.cards import FULL_DECK, marriage_total
from .knowledge import PLAIN_LIMIT, Knowledge
from .world import World, marriage_sets, needed_marriages, pick

_TRIES = 60


def sample_two_player_world(know: Knowledge, rng: random.Random) -> World:
    """A world consistent with ``know`` (a seat of a two-player hand). If the auction's
    constraints cannot be met in a few tries, the last world meeting the play constraints
    is returned; if even those cannot, one that only keeps the hand sizes."""
    fallback: World | None = None
    for attempt in range(_TRIES):
        world = _attempt(know, rng, place_marriages=attempt % 2 == 0, strict=True)
        if world is None:
            continue
        if _auction_consistent(know, world):
            return world
        fallback = world
    if fallback is None:
        fallback = _attempt(know, rng, place_marriages=False, strict=False)
    assert fallback is not None
    return fallback


def _attempt(
    know: Knowledge, rng: random.Random, place_marriages: bool, strict: bool
) -> World | None:
    if know.musik_choice is None:
        return _before_the_musik(know, rng, place_marriages)
    if know.declarer == know.seat:
        return _as_declarer(know, rng, place_marriages, strict)
    return _as_opponent(know, rng, place_marriages, strict)


def _marriages_for(allowed: int, need: int, rng: random.Random) -> int:
    """A random set of marriages worth ``need`` among the ``allowed`` cards, or 0."""
    if need <= 0:
        return 0
    options = [mask for mask in marriage_sets(need) if mask & allowed == mask]
    return rng.choice(options) if options else 0


def _split_musiks(rest: int, rng: random.Random) -> tuple[int, int]:
    first = pick(rest, 2, rng)
    return first, rest & ~first


def _before_the_musik(know: Knowledge, rng: random.Random, place_marriages: bool) -> World:
    """Before a musik is chosen: the other hand as dealt and two musiks from the 14 cards
    this seat does not hold."""
    me, other = know.seat, 1 - know.seat
    free = FULL_DECK & ~know.hand
    hand = 0
    if place_marriages:
        hand = _marriages_for(free, needed_marriages(know, other), rng)
    hand |= pick(free & ~hand, know.hand_sizes[other] - hand.bit_count(), rng)
    musiks = _split_musiks(free & ~hand, rng)
    hands = [0, 0]
    hands[me], hands[other] = know.hand, hand
    return World(tuple(hands), tuple(hands), free & ~hand, (), musiks)


def _with_musiks(know: Knowledge, unchosen: int) -> tuple[int, ...]:
    assert know.musik_choice is not None
    musiks = [0, 0]
    musiks[know.musik_choice] = know.musik
    musiks[1 - know.musik_choice] = unchosen
    return tuple(musiks)


def _as_declarer(
    know: Knowledge, rng: random.Random, place_marriages: bool, strict: bool
) -> World | None:
    """The declarer's view: the opponent's hand and the musik nobody saw, from the cards
    it has not seen."""
    me, other = know.seat, 1 - know.seat
    unseen = know.unseen
    size = know.hand_sizes[other]
    must = know.must_hold[other] if strict else 0
    forbidden = know.forbidden[other] if strict else 0
    if place_marriages:
        allowed = (unseen & ~forbidden) | know.played_by[other]
        must |= _marriages_for(allowed, needed_marriages(know, other), rng) & unseen
    if must & forbidden or must.bit_count() > size:
        return None
    pool = unseen & ~must & ~forbidden
    if pool.bit_count() < size - must.bit_count():
        return None
    hand = must | pick(pool, size - must.bit_count(), rng)
    unchosen = unseen & ~hand
    discarded = 0
    for card in know.discards:
        discarded |= 1 << card
    hands = [0, 0]
    hands[me], hands[other] = know.hand, hand
    deal = [0, 0]
    deal[me] = (know.hand | know.played_by[me] | discarded) & ~know.musik
    deal[other] = hand | know.played_by[other]
    return World(
        tuple(hands),
        tuple(deal),
        know.musik | unchosen,
        (),
        _with_musiks(know, unchosen),
        know.discards,
    )


def _as_opponent(
    know: Knowledge, rng: random.Random, place_marriages: bool, strict: bool
) -> World | None:
    """The declarer's opponent's view: the declarer's hand, its discards and the musik
    nobody saw. The chosen musik's cards still out are in the declarer's hand or among its
    discards."""
    me = know.seat
    declarer = know.declarer
    assert declarer is not None
    unseen = know.unseen
    chosen_out = know.musik & unseen
    size = know.hand_sizes[declarer]
    discarded = know.discarded
    must = know.must_hold[declarer] if strict else 0
    forbidden = know.forbidden[declarer] if strict else 0
    if discarded == 0:
        must |= chosen_out
    if place_marriages:
        playable = (unseen & ~forbidden) | know.played_by[declarer]
        dealt_need = needed_marriages(know, declarer)
        must |= _marriages_for(playable & ~know.musik, dealt_need, rng) & unseen
        if know.contract is not None and know.bid is not None and know.contract > know.bid:
            kept_need = know.contract - PLAIN_LIMIT
            must |= _marriages_for(playable, kept_need, rng) & unseen
    if must & forbidden or must.bit_count() > size:
        return None
    pool = unseen & ~must & ~forbidden
    if pool.bit_count() < size - must.bit_count():
        return None
    hand = must | pick(pool, size - must.bit_count(), rng)
    out = unseen & ~hand
    # The chosen musik's cards out of the hand can only have been discarded.
    forced = out & know.musik
    if forced.bit_count() > discarded:
        return None
    discards_mask = forced | pick(out & ~forced, discarded - forced.bit_count(), rng)
    discards = [card for card in range(24) if discards_mask >> card & 1]
    rng.shuffle(discards)
    unchosen = out & ~discards_mask
    hands = [0, 0]
    hands[me], hands[declarer] = know.hand, hand
    deal = [0, 0]
    deal[me] = know.hand | know.played_by[me]
    deal[declarer] = (hand | know.played_by[declarer] | discards_mask) & ~know.musik
    return World(
        tuple(hands),
        tuple(deal),
        know.musik | unchosen,
        (),
        _with_musiks(know, unchosen),
        tuple(discards),
    )


def _auction_consistent(know: Knowledge, world: World) -> bool:
    """Whether every bid had the marriages it needed in its dealt hand, and a raised
    contract the marriages in the declarer's ten cards."""
    for seat in (0, 1):
        if seat != know.seat and marriage_total(world.deal[seat]) < needed_marriages(know, seat):
            return False
    declarer = know.declarer
    if (
        declarer is not None
        and declarer != know.seat
        and know.contract is not None
        and know.bid is not None
        and know.contract > know.bid
    ):
        kept = world.hands[declarer] | know.played_by[declarer]
        if marriage_total(kept) < know.contract - PLAIN_LIMIT:
            return False
    return True
