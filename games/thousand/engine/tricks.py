"""Trick play: following, marriages, trick winners (rules 2.6)."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import PLAY_ACTIONS, SUIT_NAMES, IllegalAction, gettext_noop
from .cards import (
    ABOVE,
    CARD_NAMES,
    CARD_POINTS,
    KING,
    MARRIAGE_MASKS,
    MARRIAGE_VALUES,
    QUEEN,
    SUIT_MASKS,
    SUIT_OF,
    cards_of,
    names_of,
)
from .rules import MUST_BEAT
from .scoring import finish_hand
from .state import HandState, Marriage, Trick

_LOW_PLAYS = tuple(tuple(PLAY_ACTIONS[card] for card in cards_of(mask)) for mask in range(4096))
_HIGH_PLAYS = tuple(
    tuple(PLAY_ACTIONS[card + 12] for card in cards_of(mask)) for mask in range(4096)
)
"""Play actions for each set of spades and clubs (low) or diamonds and hearts (high)."""


def highest(cards: tuple[int, ...], suit: int) -> int:
    """The strongest card of ``suit`` among ``cards``, or -1 if there is none."""
    best = -1
    for card in cards:
        if SUIT_OF[card] == suit and card > best:
            best = card
    return best


def trick_winner(cards: Sequence[int], trump: int | None) -> int:
    """The position (0, 1, 2) in ``cards`` of the card that wins the trick (so far, for a trick
    still being played)."""
    best = 0
    best_card = cards[0]
    for position in range(1, len(cards)):
        card = cards[position]
        if SUIT_OF[card] == SUIT_OF[best_card]:
            if card > best_card:
                best, best_card = position, card
        elif SUIT_OF[card] == trump:
            best, best_card = position, card
    return best


def legal_play_mask(state: HandState) -> int:
    """The set of cards the player to move may play."""
    assert state.to_move is not None
    hand = state.hands[state.to_move]
    trick = state.trick
    if not trick:
        return hand
    led = SUIT_OF[trick[0]]
    following = hand & SUIT_MASKS[led]
    must_beat = state.rules.following == MUST_BEAT
    if following:
        if must_beat:
            return following & ABOVE[highest(trick, led)] or following
        return following
    trump = state.trump
    if trump is None:
        return hand
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return hand
    if must_beat:
        top_trump = highest(trick, trump)
        if top_trump >= 0:
            return trumps & ABOVE[top_trump] or trumps
    return trumps


def legal_plays(state: HandState) -> tuple[str, ...]:
    """A ``play`` action for each card the player to move may play."""
    mask = legal_play_mask(state)
    return _LOW_PLAYS[mask & 4095] + _HIGH_PLAYS[mask >> 12]


def refusal(state: HandState, card: int) -> IllegalAction:
    """Why ``card`` may not be played now, naming the cards that may."""
    assert state.to_move is not None
    hand = state.hands[state.to_move]
    if not hand & (1 << card):
        return IllegalAction(gettext_noop("You do not hold {card}."), card=CARD_NAMES[card])
    allowed = ", ".join(names_of(legal_play_mask(state)))
    led = SUIT_OF[state.trick[0]]
    following = hand & SUIT_MASKS[led]
    if following:
        if SUIT_OF[card] == led:
            return IllegalAction(
                gettext_noop("You must play a higher {suit}: you hold {cards}."),
                suit=SUIT_NAMES[led],
                cards=allowed,
            )
        return IllegalAction(
            gettext_noop("You must follow suit with a {suit}: you hold {cards}."),
            suit=SUIT_NAMES[led],
            cards=allowed,
        )
    assert state.trump is not None
    if SUIT_OF[card] == state.trump:
        return IllegalAction(
            gettext_noop("You must play a higher trump: you hold {cards}."), cards=allowed
        )
    return IllegalAction(
        gettext_noop("You have no {suit}, so you must play a trump: you hold {cards}."),
        suit=SUIT_NAMES[led],
        cards=allowed,
    )


def apply_play(state: HandState, card: int) -> HandState:
    """Plays a card for the player to move; leading a K or Q of a held marriage declares it."""
    seat = state.to_move
    assert seat is not None
    bit = 1 << card
    listed = state._legal
    if not (legal_play_mask(state) & bit if listed is None else PLAY_ACTIONS[card] in listed):
        raise refusal(state, card)
    hands = state.hands
    hand = hands[seat]
    count = len(hands)
    new = state.copy()
    if count == 2:
        new.hands = (hand ^ bit, hands[1]) if seat == 0 else (hands[0], hand ^ bit)
    elif seat == 0:
        new.hands = (hand ^ bit, hands[1], hands[2])
    elif seat == 1:
        new.hands = (hands[0], hand ^ bit, hands[2])
    else:
        new.hands = (hands[0], hands[1], hand ^ bit)
    new.log = (state.log, seat, PLAY_ACTIONS[card])
    new.played = state.played | bit
    trick = state.trick
    if not trick:
        new.leader = seat
        rank = card % 6
        if (
            rank in (KING, QUEEN)
            and state.tricks
            and hand & MARRIAGE_MASKS[SUIT_OF[card]] == MARRIAGE_MASKS[SUIT_OF[card]]
        ):
            suit = SUIT_OF[card]
            new.trump = suit
            new.marriages = (*state.marriages, Marriage(seat, suit, len(state.tricks) + 1))
            points = list(state.marriage_points)
            points[seat] += MARRIAGE_VALUES[suit]
            new.marriage_points = tuple(points)
        new.trick = (card,)
        new.to_move = (seat + 1) % count
        return new
    if len(trick) + 1 < count:
        new.trick = (trick[0], card)
        new.to_move = (seat + 1) % count
        return new
    cards = (*trick, card)
    leader = state.leader
    assert leader is not None
    winner = (leader + trick_winner(cards, new.trump)) % count
    taken = list(state.taken)
    taken[winner] += CARD_POINTS[card] + CARD_POINTS[trick[0]]
    if count == 3:
        taken[winner] += CARD_POINTS[trick[1]]
    new.taken = tuple(taken)
    new.tricks = (*state.tricks, Trick(leader, cards, winner))
    new.trick = ()
    new.leader = winner
    new.to_move = winner
    if not new.hands[winner]:
        finish_hand(new)
    return new
