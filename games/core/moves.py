"""A round's moves: a person's (a form POST or a WebSocket frame), a computer's, the next round
and resigning. Each one locks the match, checks the seat and the version it was made on, asks
the game's spec to apply the action, stores the round's new position, finishes the round or
the match when the action does, and commits (``games.core.changes``). Nothing here names a
card, a bid or a tile: the game's spec does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils.translation import gettext_lazy

from games.core.changes import Author, Change, commit, take_back
from games.core.refusals import MoveRejected, not_found
from games.core.server import process_name
from games.core.spec import IllegalMove
from games.core.tables import Table, locked_table, seed_text
from games.core.turns import ComputerTurn, Waiting, playing_level
from games.models import Match, Round
from games.precompiled import save_fields

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

    Person = User | AnonymousUser

_DIGITS = re.compile(r"[0-9]{1,9}")


def version_from(fields: Mapping[str, Any]) -> int:
    """The version a submitted move was made on, or a ``malformed`` refusal."""
    version = fields.get("version")
    if isinstance(version, str) and _DIGITS.fullmatch(version):
        version = int(version)
    if isinstance(version, bool) or not isinstance(version, int):
        raise MoveRejected(
            "malformed", gettext_lazy("The move does not say which table it was made on.")
        )
    return version


def play(match_id: int, fields: Mapping[str, Any], *, user: Person, socket: str = "") -> Table:
    """A person's move as submitted (a form POST or a WebSocket frame): the game's spec reads
    the action from ``fields``, and ``version`` says which table it was made on. ``socket``
    names the page's open socket when the page gets the new table in its HTTP answer (see
    ``push_match_updated``)."""
    version = version_from(fields)

    def move(change: Change, seat: int) -> None:
        spec = change.table.spec
        try:
            action = spec.table.parse_move(fields)
        except IllegalMove as error:
            raise MoveRejected("malformed", spec.table.reason(error)) from None
        _check_version(change.table, version)
        _apply_move(change, seat, action)

    return _at_seat(match_id, move, user=user, socket=socket).table


def submit_move(
    match_id: int,
    action: Any,
    expected_version: int,
    *,
    user: Person | None = None,
    computer_seat: int | None = None,
) -> Table:
    """Applies the engine ``action`` for ``user`` (a person) or ``computer_seat`` (the
    computer playing that seat). Raises ``MoveRejected`` and changes nothing if the move is
    not allowed or no longer fits the match."""
    return _engine_move(match_id, action, expected_version, user, computer_seat).table


@dataclass(frozen=True)
class ComputerMoved:
    """What a runner learns of its computer's move: the version it made, whether it renewed
    the runner's process's claim on the computers' turns, and the turn it leaves (read when
    it did)."""

    version: int
    leased: bool
    after: ComputerTurn | Waiting | None


def computer_move(match_id: int, turn: ComputerTurn, action: Any, lease: str) -> ComputerMoved:
    """The computer of ``turn`` plays ``action`` at ``turn.version``, renewing the claim of
    the process ``lease`` on the match's computer turns where it still holds or has run out."""
    change = _engine_move(match_id, action, turn.version, None, turn.seat, lease)
    return ComputerMoved(change.match.version, change.leased, change.after)


def _engine_move(
    match_id: int,
    action: Any,
    expected_version: int,
    user: Person | None,
    computer_seat: int | None,
    lease: str = "",
) -> Change:
    if isinstance(expected_version, bool) or not isinstance(expected_version, int):
        raise MoveRejected(
            "malformed", gettext_lazy("The move does not say which table it was made on.")
        )

    def move(change: Change, seat: int) -> None:
        _check_version(change.table, expected_version)
        _apply_move(change, seat, action, by_computer=computer_seat is not None)
        if lease:
            change.renew_lease(lease)

    return _at_seat(match_id, move, user=user, computer_seat=computer_seat)


def next_round(match_id: int, expected_version: int, *, user: Person, socket: str = "") -> Table:
    """Deals the next round once a seated person has read the last one's summary."""

    def deal_next(change: Change, seat: int) -> None:
        table = change.table
        _check_version(table, expected_version)
        if table.state is not None and not table.spec.rules.round_over(table.state):
            raise MoveRejected("round_in_progress", gettext_lazy("The hand is still being played."))
        deal(change)

    return _at_seat(match_id, deal_next, user=user, socket=socket).table


def resign(match_id: int, *, user: Person) -> Table:
    """A person gives the match up, whatever version their page showed (resigning does not
    depend on the cards). A practice match ends at once, keeping the round as it stands; at a
    friends' table a computer takes the seat for good and the match goes on for the others."""

    def give_up(change: Change, seat: int) -> None:
        table, match = change.table, change.match
        if match.is_friends and any(
            not s.played_by_computer and s.number != seat for s in table.seats
        ):
            person = table.seats[seat]
            person.left = True
            person.stand_in = True
            person.save(update_fields=["left", "stand_in"])
            return
        match.status = Match.Status.RESIGNED
        match.resigned_by = seat
        change.touch("status", "resigned_by")

    return _at_seat(match_id, give_up, user=user).table


def _at_seat(
    match_id: int,
    work: Callable[[Change, int], None],
    *,
    user: Person | None = None,
    computer_seat: int | None = None,
    socket: str = "",
) -> Change:
    """Does ``work`` on the locked table of ``match_id`` for the seat of ``user`` (or the
    computer playing ``computer_seat``), and commits it."""
    if (user is None) == (computer_seat is None):
        raise ValueError("a change is made either by a user or by a computer seat")
    with transaction.atomic():
        table = locked_table(match_id)
        if table is None:
            raise not_found()
        seat = table.seat_of(user) if user is not None else computer_seat
        if seat is None:
            raise not_found()
        _check_seat(table, seat, by_person=user is not None)
        author = Author.PERSON if user is not None else Author.COMPUTER
        change = Change(table, author, socket=socket)
        if user is not None and table.seats[seat].stand_in:
            take_back(table.seats[seat])
        work(change, seat)
        if user is not None and table.computer_to_move is not None:
            # A computer answers the person: this process claims its turns in the same update
            # and hands the runner the turn as the change leaves it.
            change.renew_lease(process_name())
        commit(change)
    return change


def _check_seat(table: Table, seat: int, *, by_person: bool) -> None:
    match = table.match
    if not by_person and not table.seats[seat].played_by_computer:
        # The person came back while the computer was thinking for them.
        raise MoveRejected("not_your_turn", gettext_lazy("It is not your turn."))
    if match.is_finished:
        raise MoveRejected("match_over", gettext_lazy("This match is over."))
    if match.is_waiting:
        raise MoveRejected("not_waiting", gettext_lazy("The match has not started yet."))
    if by_person and table.seats[seat].left:
        raise MoveRejected(
            "forbidden", gettext_lazy("You left this match: a computer plays your seat.")
        )


def _check_version(table: Table, expected: int) -> None:
    if expected != table.match.version:
        raise MoveRejected(
            "stale_version",
            gettext_lazy("The table changed before your move arrived: here it is now."),
        )


def _apply_move(change: Change, seat: int, action: Any, by_computer: bool = False) -> None:
    table = change.table
    spec = table.spec
    if table.round is None or spec.rules.round_over(table.state):
        raise MoveRejected("round_over", gettext_lazy("This hand is over: deal the next one."))
    if spec.rules.to_move(table.state) != seat:
        raise MoveRejected("not_your_turn", gettext_lazy("It is not your turn."))
    try:
        state = spec.rules.apply(table.state, seat, action)
    except IllegalMove as error:
        raise MoveRejected("illegal", spec.table.reason(error)) from None
    stand_in = by_computer and table.seats[seat].user_id is not None
    _record(change, state, stand_in)


def _record(change: Change, state: Any, stand_in: bool = False) -> None:
    """Stores ``state`` as the current round's new position, finishing the round (and maybe
    the match) when it is over, and lets a computer answer at once where it must. A move a
    computer made for an absent person (``stand_in``) is marked, so the table can say so."""
    table = change.table
    spec = table.spec
    current = table.round
    assert current is not None
    fields = ["actions", "updated"]
    if stand_in:
        current.stand_in_moves = [*current.stand_in_moves, len(current.actions)]
        fields.append("stand_in_moves")
    current.actions = spec.rules.actions(state)
    table.state = state
    if spec.rules.round_over(state):
        _finish_round(change, state)
        fields += ["status", "result"]
    save_fields(current, fields)
    if spec.rules.round_over(state):
        if current.status == Round.Status.VOID:
            deal(change)
        return
    _answer_at_once(change)


def _answer_at_once(change: Change) -> None:
    """A computer asked something whose pause would give away its hidden cards answers it
    within the same change (the spec says when). The answer needs no search."""
    table = change.table
    if not table.spec.rules.answers_at_once(table.state):
        return
    seat = table.computer_to_move
    if seat is None:
        return
    seed = seed_text(table.match, "at-once", table.round.number if table.round else 0, seat)
    action = table.spec.computers.choose(playing_level(table, seat), table.view_for(seat), seed)
    _apply_move(change, seat, action)


def _finish_round(change: Change, state: Any) -> None:
    table, match = change.table, change.match
    current = table.round
    assert current is not None
    end = table.spec.rules.finish_round(match.options, match.progress, match.scores, state)
    match.progress = end.progress
    match.scores = end.scores
    current.result = end.result
    current.status = Round.Status.VOID if end.void else Round.Status.OVER
    change.touch("progress", "scores")
    if end.match_over:
        match.status = Match.Status.FINISHED
        match.winner = end.winner
        change.touch("status", "winner")
    if table.results is not None:
        table.results.append(current)


def deal(change: Change) -> None:
    """Deals the match's next round (its first, at a new match)."""
    table, match = change.table, change.match
    number = 1 if table.round is None else table.round.number + 1
    setup = table.spec.rules.start_round(
        match.options, match.progress, match.scores, seed_text(match, "deal", number)
    )
    table.round = Round.objects.create(match=match, number=number, setup=setup)
    table.state = table.spec.rules.replay(setup, [])
    _answer_at_once(change)
