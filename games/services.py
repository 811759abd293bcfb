"""Every change to a match goes through here: check → lock → apply → save → on_commit(push).

A person's move (an HTMX POST or a WebSocket frame) and a computer's move (the bot runner)
all call ``submit_move``. It locks the match row, checks the version the move was made on,
applies the action through the engine, appends it to the hand's action log, finishes the hand
or the match when the action does, and after the commit tells the match's channel group
``{"type": "match.updated", "version": n}`` and makes sure the computers get to play.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.utils.translation import gettext, gettext_lazy

from games import bot_runner
from games.computer_players import choose
from games.models import ComputerLevel, Hand, HandResult, Match, Seat
from games.thousand.engine import (
    OVER,
    REDEAL_PHASE,
    REDEALT,
    HandState,
    IllegalAction,
    MatchState,
    Observation,
    Rules,
    after_hand,
    apply,
    deal_next,
    new_hand,
    new_match,
    observation,
)

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

logger = logging.getLogger(__name__)

NEXT_HAND = "next"
"""Not an engine action: a seated person asks for the next deal once a hand's summary is read."""
RESIGN = "resign"
"""Not an engine action: a seated person gives the match up, at any moment of it."""

MAX_ACTION_LENGTH = 20
PERSON_SEAT = 0
"""In a practice match the person sits in seat 0 and the computers in seats 1 and 2."""


class MoveRejected(Exception):
    """A move that changes nothing, with a message for the player and an HTTP status.

    400: the request itself is malformed or the rules forbid the action (the page never offers
    it, so it was forged); 404: no such match for this user; 409: the move does not fit the
    match as it stands now (stale version, not your turn, the match is over).
    """

    def __init__(self, message: Any, status: int) -> None:
        super().__init__(message)
        self._message = message
        self.status = status

    @property
    def message(self) -> str:
        """The message in the active language."""
        return str(self._message)


def _not_found() -> MoveRejected:
    return MoveRejected(gettext_lazy("There is no such match at your table."), 404)


def translate_illegal(error: IllegalAction) -> str:
    """The engine's reason in the active language (the suit name is translated too)."""
    params = dict(error.params)
    if isinstance(params.get("suit"), str):
        params["suit"] = gettext(str(params["suit"]))
    return gettext(error.template).format(**params)


def group_name(match_id: int) -> str:
    """The channel group of everyone watching a match."""
    return f"match-{match_id}"


def replay(hand: Hand) -> HandState:
    """The hand as it stands: its stored deal with its stored actions applied in order."""
    deal: dict[str, Any] = hand.deal
    state = new_hand(
        deal["dealer"],
        deal["hands"],
        deal["musik"],
        deal.get("scores", (0, 0, 0)),
        Rules.from_dict(deal.get("rules", {})),
    )
    for action in hand.actions:
        state = apply(state, action)
    return state


@dataclass(frozen=True)
class Table:
    """A match with its seats, its current hand and that hand's rebuilt state."""

    match: Match
    seats: tuple[Seat, Seat, Seat]
    hand: Hand
    state: HandState

    def seat_of(self, user: AbstractBaseUser | AnonymousUser | None) -> int | None:
        """The seat number of ``user`` at this table, or ``None`` for a stranger."""
        if user is None or not user.is_authenticated:
            return None
        for seat in self.seats:
            if seat.user_id == user.pk:
                return seat.number
        return None

    def view_for(self, seat: int) -> Observation:
        """All that ``seat`` may see of the current hand (with no action left once the match
        is over, which a resignation may end in the middle of a hand)."""
        view = observation(self.state, seat)
        return replace(view, legal=()) if self.match.is_finished else view

    @property
    def computer_to_move(self) -> int | None:
        """The computer seat whose turn it is, if any (the match going on)."""
        if self.match.is_finished or self.state.is_over or self.state.to_move is None:
            return None
        seat = self.seats[self.state.to_move]
        return seat.number if seat.is_computer else None


def load_table(match: Match) -> Table:
    """The table of ``match`` as stored (its seats, current hand and state)."""
    seats = tuple(match.seats.all())
    if len(seats) != 3:
        raise ValueError(f"match {match.pk} has {len(seats)} seats")
    hand = match.hands.order_by("-number").first()
    if hand is None:
        raise ValueError(f"match {match.pk} has no hand")
    return Table(match, (seats[0], seats[1], seats[2]), hand, replay(hand))


def matches_of(user: AbstractBaseUser) -> Any:
    """The matches where ``user`` has a seat, newest activity first."""
    return Match.objects.filter(seats__user=user).distinct().order_by("-updated")


def match_for_user(user: AbstractBaseUser | AnonymousUser, match_id: int) -> Match | None:
    """The match if ``user`` sits at it, else ``None`` (strangers learn nothing about it)."""
    if not user.is_authenticated:
        return None
    return matches_of(user).filter(pk=match_id).first()


def create_practice_match(
    owner: AbstractBaseUser, rules: Rules, level: str, seed: int | None = None
) -> Match:
    """A new match of ``owner`` against two computers of ``level``, its first hand dealt."""
    if level not in ComputerLevel.values:
        raise ValueError(f"unknown computer level {level!r}")
    with transaction.atomic():
        match = Match(owner=owner, rules=rules.to_dict(), dealer=0)
        if seed is not None:
            match.seed = seed
        match.dealer = new_match(random.Random(f"{match.seed}:first-dealer"), rules).dealer
        match.save()
        seats = (
            Seat.objects.create(match=match, number=PERSON_SEAT, user=owner),
            Seat.objects.create(match=match, number=1, computer_level=level),
            Seat.objects.create(match=match, number=2, computer_level=level),
        )
        _deal(match, seats, 1)
        match.save()  # a computer may have asked for a re-deal at once
        match_id, version = match.pk, match.version
        transaction.on_commit(lambda: _announce(match_id, version))
    return match


def submit_move(
    match_id: int,
    action: object,
    expected_version: object,
    *,
    user: AbstractBaseUser | AnonymousUser | None = None,
    computer_seat: int | None = None,
) -> Match:
    """Applies ``action`` for ``user`` (a person) or ``computer_seat`` (a computer player).

    ``expected_version`` is the match version the move was chosen on. Raises ``MoveRejected``
    and changes nothing if the move is malformed, not allowed, or no longer fits the match.
    """
    if not isinstance(action, str) or not action or len(action) > MAX_ACTION_LENGTH:
        raise MoveRejected(gettext_lazy("That is not a move."), 400)
    if isinstance(expected_version, bool) or not isinstance(expected_version, int):
        raise MoveRejected(gettext_lazy("The move does not say which table it was made on."), 400)
    if (user is None) == (computer_seat is None):
        raise ValueError("a move is made either by a user or by a computer seat")
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise _not_found()
        table = load_table(match)
        seat = table.seat_of(user) if user is not None else computer_seat
        if seat is None:
            raise _not_found()
        if computer_seat is not None and not table.seats[computer_seat].is_computer:
            raise ValueError(f"seat {computer_seat} is not a computer player")
        if match.is_finished:
            raise MoveRejected(gettext_lazy("This match is over."), 409)
        if action == RESIGN:
            _resign(table, seat, by_computer=computer_seat is not None)
        elif expected_version != match.version:
            raise MoveRejected(
                gettext_lazy("The table changed before your move arrived: here it is now."), 409
            )
        elif action == NEXT_HAND:
            _start_next_hand(table, seat)
        else:
            _apply_action(table, seat, action)
        match.version += 1
        match.save()
        version = match.version
        transaction.on_commit(lambda: _announce(match_id, version))
    return match


def _apply_action(table: Table, seat: int, action: str) -> None:
    state = table.state
    if state.is_over:
        raise MoveRejected(gettext_lazy("This hand is over: deal the next one."), 409)
    if state.to_move != seat:
        raise MoveRejected(gettext_lazy("It is not your turn."), 409)
    try:
        state = apply(state, action)
    except IllegalAction as error:
        raise MoveRejected(translate_illegal(error), 400) from None
    hand = table.hand
    hand.actions = state.actions()
    if state.phase == OVER:
        hand.status = Hand.Status.OVER
        _finish_hand(table, state)
    elif state.phase == REDEALT:
        hand.status = Hand.Status.REDEALT
        _finish_hand(table, state)
    hand.save()
    if state.phase == REDEALT:
        _deal(table.match, table.seats, hand.number + 1)
    elif state.phase == REDEAL_PHASE:
        _computers_answer_redeal(Table(table.match, table.seats, hand, state))


def _computers_answer_redeal(table: Table) -> None:
    """A computer asked the re-deal question answers it within the change that asked it.

    Only a player whose cards qualify is asked (rules 2.2): a table seen waiting for a
    computer's answer, or a version spent on it, would tell the others that its cards are
    weak. The answer needs no search, so it is made here, under the match's lock.
    """
    seat = table.computer_to_move
    if seat is None:
        return
    level = table.seats[seat].computer_level
    seed = f"{table.match.seed}:redeal:{table.hand.number}:{seat}"
    _apply_action(table, seat, choose(level, table.view_for(seat), seed))


def _resign(table: Table, seat: int, by_computer: bool) -> None:
    """Ends the match at once, whatever version the person saw: resigning does not depend on
    the cards. The hand in progress is kept as it stands, with everything played so far."""
    if by_computer:
        raise MoveRejected(gettext_lazy("Computer players do not resign."), 400)
    table.match.status = Match.Status.RESIGNED
    table.match.resigned_by = seat


def _start_next_hand(table: Table, seat: int) -> None:
    if table.seats[seat].is_computer:
        raise ValueError("computers do not deal the next hand")
    if not table.state.is_over:
        raise MoveRejected(gettext_lazy("The hand is still being played."), 409)
    _deal(table.match, table.seats, table.hand.number + 1)


def _match_state(match: Match) -> MatchState:
    scores = match.scores
    return MatchState(
        rules=Rules.from_dict(match.rules),
        scores=(scores[0], scores[1], scores[2]),
        dealer=match.dealer,
        hands_played=match.hands_played,
        redeals=match.redeals,
        winner=match.winner,
    )


def _finish_hand(table: Table, state: HandState) -> None:
    match = table.match
    after = after_hand(_match_state(match), state)
    match.scores = list(after.scores)
    match.dealer = after.dealer
    match.hands_played = after.hands_played
    match.redeals = after.redeals
    match.winner = after.winner
    if after.is_over:
        match.status = Match.Status.FINISHED
    result = state.result
    if result is None:
        return
    assert state.declarer is not None
    assert state.bid is not None
    assert state.contract is not None
    HandResult.objects.create(
        hand=table.hand,
        match=match,
        declarer=state.declarer,
        bid=state.bid,
        contract=state.contract,
        made=result.made,
        card_points=list(state.taken),
        marriage_points=list(state.marriage_points),
        hand_points=list(result.hand_points),
        score_deltas=list(result.score_deltas),
        scores=list(result.scores),
    )


def _deal(match: Match, seats: tuple[Seat, Seat, Seat], number: int) -> None:
    rng = random.Random(f"{match.seed}:deal:{number}")
    state = deal_next(_match_state(match), rng)
    hand = Hand.objects.create(
        match=match, number=number, dealer=state.dealer, deal=state.deal_record()
    )
    if state.phase == REDEAL_PHASE:
        _computers_answer_redeal(Table(match, seats, hand, state))


def _announce(match_id: int, version: int) -> None:
    """Runs after the commit: tell every open table, and let the computers play."""
    push_match_updated(match_id, version)
    bot_runner.request_bot_moves(match_id)


def push_match_updated(match_id: int, version: int) -> None:
    """Tells the match's group that it changed; each consumer renders for its own viewer."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(
            group_name(match_id), {"type": "match.updated", "version": version}
        )
    except Exception:
        # The move is saved whatever happens to the notice: pages re-sync on their own.
        logger.exception("could not push version %s of match %s", version, match_id)


@dataclass(frozen=True)
class ComputerTurn:
    """What a computer player needs to choose its move, and nothing more."""

    match_id: int
    version: int
    seat: int
    level: str
    view: Observation
    seed: str
    after_trick: bool
    """True when the previous move closed a trick, so a longer pause lets people see it."""


def computer_turn(match_id: int) -> ComputerTurn | None:
    """The computer player to move at ``match_id`` with its own observation, if any."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.is_finished:
        return None
    table = load_table(match)
    seat = table.computer_to_move
    if seat is None:
        return None
    state = table.state
    return ComputerTurn(
        match_id=match_id,
        version=match.version,
        seat=seat,
        level=table.seats[seat].computer_level,
        view=observation(state, seat),
        seed=f"{match.seed}:computer:{match.version}",
        after_trick=bool(state.tricks) and not state.trick,
    )
