"""The playout policy of the Expert's simulations and an exact solver for the last tricks,
for three players or two.

Both run on a ``Table`` of a sampled world, where every hand is known: the policy is a
quick version of the Normal player's card play that may look at all the cards.
"""

from __future__ import annotations

from ...engine.cards import CARD_POINTS, MARRIAGE_MASKS, SUIT_MASKS, SUIT_OF
from ...engine.tricks import trick_winner
from .cardplay import QUEEN_OF, marriage_cards
from .fastplay import Table, beats, legal_mask


def _min_points(mask: int, avoid: int) -> int:
    """The cheapest card of ``mask``, preferring cards outside ``avoid``; lowest rank first."""
    pool = mask & ~avoid or mask
    best = -1
    best_key = 99
    while pool:
        low = pool & -pool
        card = low.bit_length() - 1
        pool ^= low
        key = CARD_POINTS[card]
        if key < best_key:
            best, best_key = card, key
    return best


def _max_points(mask: int, avoid: int) -> int:
    """The richest card of ``mask``, preferring cards outside ``avoid`` (tens before aces)."""
    pool = mask & ~avoid or mask
    best = -1
    best_key = -1
    while pool:
        low = pool & -pool
        card = low.bit_length() - 1
        pool ^= low
        points = CARD_POINTS[card]
        key = 12 if points == 10 else points
        if key > best_key:
            best, best_key = card, key
    return best


def _sure_winner(table: Table, seat: int, card: int) -> bool:
    """Whether ``card`` led now wins the trick whatever the others hold (perfect view)."""
    suit = SUIT_OF[card]
    suit_mask = SUIT_MASKS[suit]
    trump = table.trump
    higher = suit_mask & ~((2 << card) - 1)
    for other, hand in enumerate(table.hands):
        if other == seat:
            continue
        if hand & higher:
            return False
        if trump >= 0 and suit != trump and not hand & suit_mask and hand & SUIT_MASKS[trump]:
            return False
    return True


def _survives(table: Table, card: int, next_seat: int) -> bool:
    """Whether ``card``, played second and winning, still wins after ``next_seat`` plays."""
    trick = [*table.trick, card]
    allowed = legal_mask(table.hands[next_seat], trick, table.trump, table.must_beat)
    best = trick[trick_winner(trick, table.trump)]
    while allowed:
        low = allowed & -allowed
        if beats(low.bit_length() - 1, best, table.trump):
            return False
        allowed ^= low
    return True


def choose_card(table: Table) -> int:
    """The playout policy's card for the player to move."""
    seat = table.to_move
    hand = table.hands[seat]
    allowed = table.legal()
    if allowed & (allowed - 1) == 0:
        return allowed.bit_length() - 1
    trick = table.trick
    keep = marriage_cards(hand)
    declarer = table.declarer
    players = table.players
    partner = -1 if seat == declarer or players == 2 else 3 - seat - declarer
    if not trick:
        if table.done and keep:
            for suit in (3, 2, 1, 0):
                if keep & MARRIAGE_MASKS[suit]:
                    return QUEEN_OF[suit]
        best_card = -1
        best_points = -1
        pool = allowed & ~keep
        while pool:
            low = pool & -pool
            card = low.bit_length() - 1
            pool ^= low
            if CARD_POINTS[card] > best_points and _sure_winner(table, seat, card):
                best_card, best_points = card, CARD_POINTS[card]
        if best_card >= 0:
            return best_card
        return _min_points(allowed, keep)
    trump = table.trump
    best_position = trick_winner(trick, trump)
    best = trick[best_position]
    winner = (table.leader + best_position) % players
    winning = 0
    pool = allowed
    while pool:
        low = pool & -pool
        if beats(low.bit_length() - 1, best, trump):
            winning |= low
        pool ^= low
    if len(trick) == players - 1:
        if winner == partner:
            return _max_points(allowed, keep)
        if winning:
            return _min_points(winning, keep)
        return _min_points(allowed, keep)
    next_seat = (seat + 1) % 3
    if winner == partner:
        if next_seat == partner or _survives(table, _min_points(allowed, keep), next_seat):
            return _max_points(allowed, keep)
        return _min_points(allowed, keep)
    safe = 0
    pool = winning
    while pool:
        low = pool & -pool
        card = low.bit_length() - 1
        if next_seat == partner or _survives(table, card, next_seat):
            safe |= low
        pool ^= low
    if safe:
        return _max_points(safe, keep) if next_seat == partner else _min_points(safe, keep)
    return _min_points(allowed, keep)


def play_out(table: Table) -> None:
    """Plays the hand to its end with the playout policy (``table`` is changed)."""
    last = table.last
    while table.done < last:
        table.play(choose_card(table))


def solve(table: Table) -> tuple[int, ...]:
    """The hand points at the end under best play for both sides, the declarer maximizing
    its points and the opponents minimizing them (each then maximizing its own).

    Exponential: only for the last two or three tricks."""
    if table.done == table.last:
        return table.hand_points()
    seat = table.to_move
    declaring = seat == table.declarer
    declarer = table.declarer
    allowed = table.legal()
    best: tuple[int, ...] | None = None
    while allowed:
        low = allowed & -allowed
        allowed ^= low
        child = table.copy()
        child.play(low.bit_length() - 1)
        points = solve(child)
        if best is None:
            best = points
        elif declaring:
            if points[declarer] > best[declarer]:
                best = points
        elif points[declarer] < best[declarer] or (
            points[declarer] == best[declarer] and points[seat] > best[seat]
        ):
            best = points
    assert best is not None
    return best
