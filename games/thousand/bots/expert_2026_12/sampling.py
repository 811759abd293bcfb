"""Determinization: deals of the unseen cards that agree with everything a seat observed.

A sampled ``World`` places every card: the other hands as they are now, the musik, and the
deal and given cards that would have led here. It respects the voids and the cards ruled
out by the must-beat rule, the marriages declared (their partners are still held) and not
declared (a K or Q led alone), the musik (the declarer's, but for a card it may have given
to the other opponent), the cards given that this seat saw, and the auction (a bid or a
contract above 120 needs marriages worth the difference). The two-player game has its own
sampler (``sampling_two``).
"""

from __future__ import annotations

import random

from ...engine.cards import FULL_DECK, cards_of, marriage_total
from .knowledge import PLAIN_LIMIT, Knowledge
from .sampling_two import sample_two_player_world
from .world import World, marriage_sets, needed_marriages, pick

_TRIES = 60


def sample_world(know: Knowledge, rng: random.Random) -> World:
    """A world consistent with ``know``. Tries to satisfy every inference; if the auction's
    constraints cannot be met in a few tries (they always can in a real game), the last
    world meeting the play constraints is returned."""
    if know.players == 2:
        return sample_two_player_world(know, rng)
    if know.declarer is None:
        return _sample_auction(know, rng)
    fallback: World | None = None
    for attempt in range(_TRIES):
        world = _sample_after_auction(know, rng, strict=True, place_marriages=attempt % 2 == 0)
        if world is None:
            continue
        if _auction_consistent(know, world):
            return world
        fallback = world
    if fallback is None:
        fallback = _sample_after_auction(know, rng, strict=False)
    assert fallback is not None
    return fallback


def _auction_consistent(know: Knowledge, world: World) -> bool:
    for seat in range(3):
        if seat == know.seat:
            continue
        if marriage_total(world.deal[seat]) < needed_marriages(know, seat):
            return False
    declarer = know.declarer
    if (
        declarer is not None
        and declarer != know.seat
        and know.contract is not None
        and know.bid is not None
        and know.contract > know.bid
    ):
        eight = world.hands[declarer] | know.played_by[declarer]
        if marriage_total(eight) < know.contract - PLAIN_LIMIT:
            return False
    return True


def _sample_auction(know: Knowledge, rng: random.Random) -> World:
    """Before the musik is turned up: 7 + 7 + 3 unseen cards, marriages where bids need them."""
    me = know.seat
    others = [(me + 1) % 3, (me + 2) % 3]
    pool = FULL_DECK & ~know.hand
    world: World | None = None
    for _ in range(_TRIES):
        hands = [0, 0, 0]
        hands[me] = know.hand
        free = pool
        rng.shuffle(others)
        for seat in others:
            need = needed_marriages(know, seat)
            if need:
                options = [m for m in marriage_sets(need) if free & m == m]
                if options:
                    hands[seat] = rng.choice(options)
                    free &= ~hands[seat]
        for seat in others:
            extra = pick(free, 7 - hands[seat].bit_count(), rng)
            hands[seat] |= extra
            free &= ~extra
        deal = (hands[0], hands[1], hands[2])
        world = World(deal, deal, free, ())
        if _auction_consistent(know, world):
            return world
    assert world is not None
    return world


def _sample_after_auction(
    know: Knowledge, rng: random.Random, strict: bool, place_marriages: bool = True
) -> World | None:
    """After the auction: split the unseen cards between the two other hands.

    With ``strict`` false the play inferences are ignored (only used if the knowledge
    somehow admits no world, so that a bot always has something to search)."""
    me = know.seat
    declarer = know.declarer
    assert declarer is not None
    unseen = FULL_DECK & ~know.hand & ~know.played
    sizes = know.hand_sizes
    a, b = (me + 1) % 3, (me + 2) % 3
    gifts = list(know.gifts)
    if not strict:
        hands = [0, 0, 0]
        hands[me] = know.hand
        hands[a] = pick(unseen, sizes[a], rng)
        hands[b] = unseen & ~hands[a]
        return _with_history(know, hands, gifts, None, rng)
    must = list(know.must_hold)
    forbidden = list(know.forbidden)
    other_gift: int | None = None
    if place_marriages:
        for seat in (a, b):
            _place_marriages(know, seat, unseen, must, forbidden, rng)
    if me != declarer:
        other_gift = _place_musik(know, unseen, must, forbidden, rng)
        if other_gift == -2:
            return None
        if other_gift == -1:
            other_gift = None
    if must[a] & must[b] or must[a] & forbidden[a] or must[b] & forbidden[b]:
        return None
    free = unseen & ~must[a] & ~must[b]
    need_a = sizes[a] - must[a].bit_count()
    need_b = sizes[b] - must[b].bit_count()
    if need_a < 0 or need_b < 0 or need_a + need_b != free.bit_count():
        return None
    only_a = free & forbidden[b] & ~forbidden[a]
    only_b = free & forbidden[a] & ~forbidden[b]
    if free & forbidden[a] & forbidden[b]:
        return None
    both = free & ~only_a & ~only_b
    extra = need_a - only_a.bit_count()
    if extra < 0 or extra > both.bit_count():
        return None
    to_a = pick(both, extra, rng)
    hands = [0, 0, 0]
    hands[me] = know.hand
    hands[a] = must[a] | only_a | to_a
    hands[b] = must[b] | (both & ~to_a) | only_b
    return _with_history(know, hands, gifts, other_gift, rng)


def _place_musik(
    know: Knowledge, unseen: int, must: list[int], forbidden: list[int], rng: random.Random
) -> int:
    """For an opponent: puts the musik cards still out in the declarer's hand, but for one
    that may have been given to the other opponent. Returns that card, -1 for none, or -2
    if no placement fits."""
    declarer = know.declarer
    assert declarer is not None
    other = 3 - know.seat - declarer
    musik_out = know.musik & unseen
    index = (other - declarer - 1) % 3
    if len(know.gifts) <= index:
        must[declarer] |= musik_out
        return -1
    played_musik = know.musik & know.played_by[other]
    if played_musik:
        must[declarer] |= musik_out
        return played_musik.bit_length() - 1
    possible = musik_out & ~forbidden[other] & ~must[declarer]
    forced = musik_out & (forbidden[declarer] | must[other])
    if forced:
        if forced.bit_count() > 1 or not forced & possible:
            return -2
        choice = forced.bit_length() - 1
    else:
        choices = [(card, 0.6 if card % 6 < 2 else 0.15) for card in cards_of(possible)]
        # If the declarer's hand has no room for all the musik cards still out (with the
        # cards it alone can hold), one of them must have gone to the other opponent.
        crowded = must[declarer] | musik_out | (unseen & forbidden[other])
        choice = _weighted(
            choices, 0.0 if crowded.bit_count() > know.hand_sizes[declarer] else 2.1, rng
        )
    if choice >= 0:
        must[other] |= 1 << choice
        must[declarer] |= musik_out & ~(1 << choice)
    else:
        must[declarer] |= musik_out
    return choice


def _place_marriages(
    know: Knowledge,
    seat: int,
    unseen: int,
    must: list[int],
    forbidden: list[int],
    rng: random.Random,
) -> None:
    """Gives ``seat`` the marriages its bid (and, for the declarer, its contract) needed."""
    declarer = know.declarer
    other = 3 - know.seat - seat
    needs = [(needed_marriages(know, seat), True)]
    if (
        seat == declarer
        and know.contract is not None
        and know.bid is not None
        and know.contract > know.bid
    ):
        needs.append((know.contract - PLAIN_LIMIT, False))
    for need, dealt in needs:
        if need <= 0:
            continue
        allowed = (unseen & ~forbidden[seat] & ~must[other]) | know.played_by[seat]
        if seat == declarer:
            allowed |= _mask_of_gifts(know.gifts)
        if seat == declarer and dealt:
            allowed &= ~know.musik
        if seat != declarer:
            allowed &= ~know.musik
        options = [m for m in marriage_sets(need) if m & allowed == m]
        if options:
            must[seat] |= rng.choice(options) & unseen


def _mask_of_gifts(gifts: tuple[int | None, ...] | list[int | None]) -> int:
    mask = 0
    for gift in gifts:
        if gift is not None:
            mask |= 1 << gift
    return mask


def _weighted(choices: list[tuple[int, float]], none_weight: float, rng: random.Random) -> int:
    total = none_weight + sum(weight for _, weight in choices)
    roll = rng.random() * total
    for card, weight in choices:
        roll -= weight
        if roll < 0:
            return card
    return -1


def _with_history(
    know: Knowledge,
    hands: list[int],
    gifts: list[int | None],
    other_gift: int | None,
    rng: random.Random,
) -> World:
    """Completes a world with the dealt hands and given cards that lead to ``hands``."""
    declarer = know.declarer
    assert declarer is not None
    missing = [index for index, gift in enumerate(gifts) if gift is None]
    if not missing:
        return _world(know, hands, gifts)
    index = missing[0]
    if other_gift is not None:
        gifts[index] = other_gift
        return _world(know, hands, gifts)
    # Any card of the receiver's (not from the musik) may have been the given one: prefer
    # one that leaves every hand as dealt able to make its bids.
    receiver = (declarer + 1 + index) % 3
    held = hands[receiver] | know.played_by[receiver]
    candidates = cards_of(held & ~know.musik or held)
    rng.shuffle(candidates)
    world = None
    for card in candidates:
        gifts[index] = card
        world = _world(know, hands, gifts)
        if _auction_consistent(know, world):
            return world
    assert world is not None
    return world


def _world(know: Knowledge, hands: list[int], gifts: list[int | None]) -> World:
    declarer = know.declarer
    given = _mask_of_gifts(gifts)
    deal = [0, 0, 0]
    for seat in range(3):
        held = hands[seat] | know.played_by[seat]
        if seat == declarer:
            deal[seat] = (held | given) & ~know.musik
        else:
            deal[seat] = held & ~given
    return World(
        (hands[0], hands[1], hands[2]),
        (deal[0], deal[1], deal[2]),
        know.musik,
        tuple(g for g in gifts if g is not None),
    )
