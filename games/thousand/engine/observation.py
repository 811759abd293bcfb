"""What one seat may see (rules section 6): the only view of a hand a page or a bot gets.

A player gets the ``Observation`` of their hand position; the dealer who sits a four-player
hand out gets the ``sitting_out_view``: what is public (the ``spectator_view``) and, when it
scores from the musik (rules 4.2), the musik from the deal on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import CARD_NAMES, SUITS, names_of
from .play import legal_actions
from .rules import Rules
from .scoring import musik_points, on_barrel
from .seats import hand_seats, position_of, sitting_out
from .state import REDEAL_PHASE, HandResult, HandState


@dataclass(frozen=True, slots=True)
class SeenTrick:
    """A completed trick as everyone saw it (cards in notation, in playing order)."""

    leader: int
    cards: tuple[str, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class SeenMarriage:
    """A declared marriage: seat, suit letter, 1-based trick number."""

    seat: int
    suit: str
    trick: int


@dataclass(frozen=True, slots=True)
class PublicView:
    """What everybody at the table may see of a hand, the dealer sitting out included.
    Cards are in notation (``"AH"``), suits are letters, seats are hand positions.

    Every per-player tuple has a value for each hand position: three, or two with two
    players. ``dealer`` is the dealer's position, ``None`` when the dealer sits the hand out
    (four players); ``seats`` are the table seats at the positions. ``to_move`` is ``None``
    when the hand is over, and while another player is being asked the re-deal question (who
    is asked would tell about their cards). ``history`` lists the actions the viewer saw,
    with a card given to someone else shown as plain ``"give"``, a card another player
    discarded as plain ``"discard"``, and other players' ``keep`` answers left out.

    ``musik`` is the musik once turned up (three cards), or with two players the two cards of
    the musik the declarer chose, from the choice on; ``musik_choice`` is which one, 1 or 2.
    The other musik is never shown. ``gives`` holds the cards given to the left and to the
    right opponent and ``discards`` (two players) the declarer's discards, ``None`` where the
    viewer did not see the card. ``musik_points`` is the musik's worth to a four-player
    dealer who sits the hand out and scores from it (``rules.musik_points``), once the viewer
    may see the musik; ``None`` otherwise. ``dealer_score`` is the match score of the dealer
    who sits the hand out (four players), ``None`` at a table of two or three.
    """

    rules: Rules
    dealer: int | None
    seats: tuple[int, ...]
    phase: str
    to_move: int | None
    scores: tuple[int, ...]
    on_barrel: tuple[bool, ...]
    hand_sizes: tuple[int, ...]
    history: tuple[tuple[int, str], ...]
    bid: int | None
    bidder: int | None
    passed: tuple[int, ...]
    declarer: int | None
    musik: tuple[str, ...] | None
    musik_choice: int | None
    gives: tuple[str | None, ...]
    discards: tuple[str | None, ...]
    musik_points: int | None
    dealer_score: int | None
    contract: int | None
    trump: str | None
    trick_leader: int | None
    trick: tuple[str, ...]
    tricks: tuple[SeenTrick, ...]
    marriages: tuple[SeenMarriage, ...]
    taken: tuple[int, ...]
    marriage_points: tuple[int, ...]
    result: HandResult | None


@dataclass(frozen=True, slots=True)
class Observation(PublicView):
    """One player's view of a hand: the public view, from the player's position ``seat``,
    with their own ``hand`` and the actions ``legal`` for them now."""

    seat: int
    hand: tuple[str, ...]
    legal: tuple[str, ...]


def observation(state: HandState, seat: int) -> Observation:
    """Everything the player at hand position ``seat`` may see of the hand, and nothing more."""
    if seat not in range(len(state.hands)):
        allowed = "0 or 1" if len(state.hands) == 2 else "0, 1 or 2"
        raise ValueError(f"seat must be {allowed}, not {seat!r}")
    asking_another = state.phase == REDEAL_PHASE and state.to_move != seat
    return Observation(
        **_public(state, seat),
        seat=seat,
        hand=names_of(state.hands[seat]),
        legal=legal_actions(state) if state.to_move == seat and not asking_another else (),
    )


def spectator_view(state: HandState) -> PublicView:
    """What someone holding no cards in the hand may see. Played cards, the musik once turned
    up, trump, marriages and scores; no hand, no given or discarded card, nobody's re-deal
    question."""
    return PublicView(**_public(state, None))


def sitting_out_view(state: HandState) -> PublicView:
    """What the dealer sitting a four-player hand out may see: the ``spectator_view``, and
    when it scores from the musik (``rules.musik_points``) the musik and its worth from the
    deal on (it dealt the musik and counts it at once, rules 4.2)."""
    return PublicView(**_public(state, None, state.rules.musik_points))


def view_for_seat(state: HandState, table_seat: int) -> PublicView:
    """The view of a table seat: the ``Observation`` of its hand position, or for the dealer
    sitting the hand out the ``sitting_out_view``."""
    position = position_of(state, table_seat)
    return sitting_out_view(state) if position is None else observation(state, position)


def _turned_up(state: HandState) -> int | None:
    """The musik cards everyone sees: the musik once the auction is over, or with two
    players the chosen musik once chosen; ``None`` before."""
    if state.musiks:
        return None if state.chosen is None else state.musiks[state.chosen]
    return None if state.declarer is None else state.musik


def _public(state: HandState, seat: int | None, sees_musik: bool = False) -> dict[str, Any]:
    """The public view's fields as the viewer at position ``seat`` (``None``: no cards) saw;
    ``sees_musik`` for a dealer sitting out who sees the musik from the deal on."""
    declarer = state.declarer
    gives: list[str | None] = []
    for index, card in enumerate(state.gives):
        receiver = None if declarer is None else (declarer + 1 + index) % 3
        gives.append(
            CARD_NAMES[card] if seat is not None and seat in (declarer, receiver) else None
        )
    shown = state.musik if sees_musik else _turned_up(state)
    count = len(state.hands)
    return {
        "rules": state.rules,
        "dealer": None if sitting_out(state) is not None else state.dealer,
        "seats": hand_seats(state),
        "phase": state.phase,
        "to_move": None if state.phase == REDEAL_PHASE and state.to_move != seat else state.to_move,
        "scores": state.scores,
        "on_barrel": tuple(on_barrel(score, state.rules) for score in state.scores),
        "hand_sizes": tuple(hand.bit_count() for hand in state.hands),
        "history": _seen_history(state, seat),
        "bid": state.bid,
        "bidder": state.bidder,
        "passed": tuple(other for other in range(count) if state.passed & (1 << other)),
        "declarer": declarer,
        "musik": None if shown is None else names_of(shown),
        "musik_choice": None if state.chosen is None else state.chosen + 1,
        "gives": tuple(gives),
        "discards": tuple(
            CARD_NAMES[card] if seat is not None and seat == declarer else None
            for card in state.discards
        ),
        "musik_points": (
            musik_points(state.musik) if state.rules.musik_points and shown is not None else None
        ),
        "dealer_score": state.dealer_score,
        "contract": state.contract,
        "trump": None if state.trump is None else SUITS[state.trump],
        "trick_leader": state.leader if state.trick else None,
        "trick": tuple(CARD_NAMES[card] for card in state.trick),
        "tricks": tuple(
            SeenTrick(t.leader, tuple(CARD_NAMES[c] for c in t.cards), t.winner)
            for t in state.tricks
        ),
        "marriages": tuple(SeenMarriage(m.seat, SUITS[m.suit], m.trick) for m in state.marriages),
        "taken": state.taken,
        "marriage_points": state.marriage_points,
        "result": state.result,
    }


def _seen_history(state: HandState, seat: int | None) -> tuple[tuple[int, str], ...]:
    seen: list[tuple[int, str]] = []
    gives = 0
    for actor, action in state.history:
        if action == "keep" and actor != seat:
            continue
        if action.startswith("discard:") and actor != seat:
            action = "discard"
        elif action.startswith("give:"):
            assert state.declarer is not None
            receiver = (state.declarer + 1 + gives) % 3
            gives += 1
            if seat not in (actor, receiver):
                action = "give"
        seen.append((actor, action))
    return tuple(seen)
