"""Every change to a match goes through here: check → lock → apply → save → on_commit(push).

A person's move (an HTMX POST or a WebSocket frame) and a computer's move (the bot runner) all
reach ``submit_move``: it locks the match row, checks the version the move was made on, asks
the game's spec to apply the action, saves only the fields that changed, finishes the round or
the match when the action does, and after the commit tells the match's channel group
``{"type": "match.updated", "version": n}`` and makes sure the computers get to play. Dealing
the next round, resigning and the friends' tables' seats have their own functions here, on the
same path. Nothing here names a card, a bid or a tile: the game's spec does.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from datetime import timedelta
from enum import Enum
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from games import bot_runner
from games.core.cache import committed_table, stamp_of
from games.core.cache import remember as remember_table
from games.core.clock import clock_deadline
from games.core.presence import presence
from games.core.push import group_name, push_match_updated, push_presence, send_to_group
from games.core.refusals import STATUS_OF_REASON, MoveRejected, not_found
from games.core.registry import GameSpec, IllegalMove, get_spec
from games.core.tables import (
    CONSISTENT_READ_TRIES,
    Table,
    load_table,
    locked_table,
    match_for_user,
    matches_of,
    read_table,
    seed_text,
)
from games.core.turns import (
    ComputerTurn,
    Waiting,
    computer_level_label,
    computer_turn,
    plays_at_once,
    turn_of,
)
from games.history.results import record_results
from games.models import ComputerLevel, Match, Round, Seat, new_table_code
from games.precompiled import save_fields

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

    User = AbstractBaseUser | AnonymousUser

__all__ = [
    "CONSISTENT_READ_TRIES",
    "DEFAULT_TURN_SECONDS",
    "FREE_CODE_TRIES",
    "PERSON_SEAT",
    "STATUS_OF_REASON",
    "TURN_SECONDS_CHOICES",
    "ComputerTurn",
    "MoveRejected",
    "Table",
    "Waiting",
    "arrived",
    "clock_deadline",
    "clock_ran_out",
    "committed_table",
    "computer_level_label",
    "computer_turn",
    "create_friends_table",
    "create_practice_match",
    "departed",
    "fill_with_computers",
    "free_seat",
    "group_name",
    "join_table",
    "leave_waiting_table",
    "load_table",
    "match_for_user",
    "matches_of",
    "next_round",
    "play",
    "plays_at_once",
    "push_match_updated",
    "push_presence",
    "read_table",
    "remove_person",
    "renew_presence",
    "resign",
    "send_to_group",
    "stamp_of",
    "start_table",
    "submit_move",
    "table_by_code",
    "version_from",
]

logger = logging.getLogger(__name__)

PERSON_SEAT = 0
"""In a practice match the person sits in seat 0 and the computers in the other seats."""
DEFAULT_TURN_SECONDS = 60
TURN_SECONDS_CHOICES = (30, 60, 120, 300)
_DIGITS = re.compile(r"[0-9]{1,9}")


# -- creating matches ---------------------------------------------------------------------


def create_practice_match(
    owner: AbstractBaseUser,
    game: str,
    options: Mapping[str, Any],
    level: str,
    players: int | None = None,
    seed: int | None = None,
) -> Match:
    """A new match of ``owner`` against computers of ``level``, its first round dealt."""
    spec = get_spec(game)
    if level not in dict(spec.computer_levels):
        raise ValueError(f"unknown computer level {level!r}")
    players = players or spec.seat_counts[0]
    seats = [{"user": owner}] + [{"computer_level": level}] * (players - 1)
    return _create(owner, spec, options, seats, Match.Mode.PRACTICE, seed=seed)


def create_friends_table(
    owner: AbstractBaseUser,
    game: str,
    options: Mapping[str, Any],
    players: int,
    computers: Mapping[int, str] | None = None,
    turn_seconds: int = DEFAULT_TURN_SECONDS,
    seed: int | None = None,
) -> Match:
    """A friends' table waiting for players: ``owner`` in seat 0, computers of the chosen
    levels in ``computers`` (seat → level), the other seats open until friends join."""
    spec = get_spec(game)
    computers = dict(computers or {})
    levels = dict(spec.computer_levels)
    if any(seat <= 0 or seat >= players or lvl not in levels for seat, lvl in computers.items()):
        raise ValueError("computers sit in seats 1 and up, at a level the game has")
    if turn_seconds not in TURN_SECONDS_CHOICES:
        raise ValueError(f"the turn clock is one of {TURN_SECONDS_CHOICES}")
    seats: list[dict[str, Any]] = [{"user": owner}]
    for number in range(1, players):
        seats.append({"computer_level": computers[number]} if number in computers else {})
    return _create(
        owner, spec, options, seats, Match.Mode.FRIENDS, seed=seed, turn_seconds=turn_seconds
    )


def _create(
    owner: AbstractBaseUser,
    spec: GameSpec,
    options: Mapping[str, Any],
    seats: Sequence[Mapping[str, Any]],
    mode: str,
    seed: int | None = None,
    turn_seconds: int | None = None,
) -> Match:
    players = len(seats)
    if players not in spec.seat_counts:
        raise ValueError(f"{spec.key} is played by {spec.seat_counts} players, not {players}")
    stored = spec.check_options(options, players)
    with transaction.atomic():
        match = Match(
            game=spec.key,
            mode=mode,
            owner=owner,
            options=stored,
            scores=[0] * players,
            turn_seconds=turn_seconds,
        )
        if seed is not None:
            match.seed = seed
        match.progress = spec.new_progress(stored, players, match.seed)
        if mode == Match.Mode.FRIENDS:
            match.status = Match.Status.WAITING
            match.code = _free_code()
        match.save()
        table_seats = tuple(
            Seat.objects.create(match=match, number=number, **kind)
            for number, kind in enumerate(seats)
        )
        if match.status == Match.Status.PLAYING:
            table = Table(match, table_seats, None, None, spec)
            _deal(table)
            match.save()
        match_id, version = match.pk, match.version
        transaction.on_commit(lambda: _announce(match_id, version))
    return match


FREE_CODE_TRIES = 20
"""How many random codes a new friends' table tries, each one of about a billion."""


def _free_code() -> str:
    for _ in range(FREE_CODE_TRIES):
        code = new_table_code()
        if not Match.objects.filter(code=code).exists():
            return code
    raise RuntimeError(f"no free table code in {FREE_CODE_TRIES} tries")


# -- moves --------------------------------------------------------------------------------


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


def play(match_id: int, fields: Mapping[str, Any], *, user: User, socket: str = "") -> Table:
    """A person's move as submitted (a form POST or a WebSocket frame): the game's spec reads
    the action from ``fields``, and ``version`` says which table it was made on. ``socket``
    names the page's open socket when the page gets the new table in its HTTP answer (see
    ``push_match_updated``)."""
    version = version_from(fields)

    def change(table: Table, seat: int) -> None:
        try:
            action = table.spec.parse_move(fields)
        except IllegalMove as error:
            raise MoveRejected("malformed", table.spec.reason(error)) from None
        _check_version(table, version)
        _apply_move(table, seat, action)

    return _change(match_id, change, user=user, socket=socket)


def submit_move(
    match_id: int,
    action: Any,
    expected_version: int,
    *,
    user: User | None = None,
    computer_seat: int | None = None,
    lease: str = "",
) -> Table:
    """Applies the engine ``action`` for ``user`` (a person) or ``computer_seat`` (the
    computer playing that seat). Raises ``MoveRejected`` and changes nothing if the move is
    not allowed or no longer fits the match. ``lease``: the server process whose claim on the
    match's computer turns is renewed with the move, where it still holds or has run out
    (``Table.leased`` says whether it was)."""
    if isinstance(expected_version, bool) or not isinstance(expected_version, int):
        raise MoveRejected(
            "malformed", gettext_lazy("The move does not say which table it was made on.")
        )

    def change(table: Table, seat: int) -> None:
        _check_version(table, expected_version)
        _apply_move(table, seat, action, by_computer=computer_seat is not None)
        if lease:
            _renew_lease(table, lease)

    return _change(match_id, change, user=user, computer_seat=computer_seat)


def _renew_lease(table: Table, lease: str) -> None:
    """The claim of the process ``lease`` on the match's computer turns, renewed in the same
    update as the move where it holds or is free (the rule of ``bot_runner.take_lease``)."""
    match = table.match
    now = timezone.now()
    free = match.computer_lease_until is None or match.computer_lease_until < now
    if free or match.computer_lease == lease:
        match.computer_lease = lease
        match.computer_lease_until = now + timedelta(seconds=settings.BOT_LEASE_SECONDS)
        _touch(table, "computer_lease", "computer_lease_until")
        table.leased = True


def next_round(match_id: int, expected_version: int, *, user: User, socket: str = "") -> Table:
    """Deals the next round once a seated person has read the last one's summary."""

    def change(table: Table, seat: int) -> None:
        _check_version(table, expected_version)
        if table.state is not None and not table.spec.round_over(table.state):
            raise MoveRejected("round_in_progress", gettext_lazy("The hand is still being played."))
        _deal(table)

    return _change(match_id, change, user=user, socket=socket)


def resign(match_id: int, *, user: User) -> Table:
    """A person gives the match up, whatever version their page showed (resigning does not
    depend on the cards). A practice match ends at once, keeping the round as it stands; at a
    friends' table a computer takes the seat for good and the match goes on for the others."""

    def change(table: Table, seat: int) -> None:
        match = table.match
        if match.is_friends and any(
            not s.played_by_computer and s.number != seat for s in table.seats
        ):
            _hand_over(table, seat)
            return
        match.status = Match.Status.RESIGNED
        match.resigned_by = seat
        _touch(table, "status", "resigned_by")

    return _change(match_id, change, user=user, any_version=True)


def _hand_over(table: Table, seat: int) -> None:
    person = table.seats[seat]
    person.left = True
    person.stand_in = True
    person.save(update_fields=["left", "stand_in"])
    _touch(table)


def _check_version(table: Table, expected: int) -> None:
    if expected != table.match.version:
        raise MoveRejected(
            "stale_version",
            gettext_lazy("The table changed before your move arrived: here it is now."),
        )


def _apply_move(table: Table, seat: int, action: Any, by_computer: bool = False) -> None:
    spec = table.spec
    if table.round is None or spec.round_over(table.state):
        raise MoveRejected("round_over", gettext_lazy("This hand is over: deal the next one."))
    if spec.to_move(table.state) != seat:
        raise MoveRejected("not_your_turn", gettext_lazy("It is not your turn."))
    try:
        state = spec.apply(table.state, seat, action)
    except IllegalMove as error:
        raise MoveRejected("illegal", spec.reason(error)) from None
    stand_in = by_computer and table.seats[seat].user_id is not None
    _record(table, state, stand_in)


def _record(table: Table, state: Any, stand_in: bool = False) -> None:
    """Stores ``state`` as the current round's new position, finishing the round (and maybe
    the match) when it is over, and lets a computer answer at once where it must. A move a
    computer made for an absent person (``stand_in``) is marked, so the table can say so."""
    spec = table.spec
    current = table.round
    assert current is not None
    fields = ["actions", "updated"]
    if stand_in:
        current.stand_in_moves = [*current.stand_in_moves, len(current.actions)]
        fields.append("stand_in_moves")
    current.actions = spec.actions(state)
    table.state = state
    if spec.round_over(state):
        _finish_round(table, state)
        fields += ["status", "result"]
    save_fields(current, fields)
    if spec.round_over(state):
        if current.status == Round.Status.VOID:
            _deal(table)
        return
    _answer_at_once(table)


def _answer_at_once(table: Table) -> None:
    """A computer asked something whose pause would give away its hidden cards answers it
    within the same change (the spec says when). The answer needs no search."""
    if not table.spec.answers_at_once(table.state):
        return
    seat = table.computer_to_move
    if seat is None:
        return
    seed = seed_text(table.match, "at-once", table.round.number if table.round else 0, seat)
    action = table.spec.choose(table.seats[seat].playing_level, table.view_for(seat), seed)
    _apply_move(table, seat, action)


def _finish_round(table: Table, state: Any) -> None:
    match = table.match
    current = table.round
    assert current is not None
    end = table.spec.finish_round(match.options, match.progress, match.scores, state)
    match.progress = end.progress
    match.scores = end.scores
    current.result = end.result
    current.status = Round.Status.VOID if end.void else Round.Status.OVER
    changed = ["progress", "scores"]
    if end.match_over:
        match.status = Match.Status.FINISHED
        match.winner = end.winner
        changed += ["status", "winner"]
    _touch(table, *changed)
    if table.results is not None:
        table.results.append(current)


def _deal(table: Table) -> None:
    match = table.match
    number = 1 if table.round is None else table.round.number + 1
    setup = table.spec.start_round(
        match.options, match.progress, match.scores, seed_text(match, "deal", number)
    )
    table.round = Round.objects.create(match=match, number=number, setup=setup)
    table.state = table.spec.replay(setup, [])
    _answer_at_once(table)


def _touch(table: Table, *fields: str) -> None:
    """Marks match fields as changed; ``_change`` saves them with the version once."""
    pending: set[str] = table.match.__dict__.setdefault("_changed_fields", set())
    pending.update(fields)


def _change(
    match_id: int,
    change: Callable[[Table, int], None],
    *,
    user: User | None = None,
    computer_seat: int | None = None,
    any_version: bool = False,
    socket: str = "",
) -> Table:
    """Runs ``change`` on the locked table of ``match_id`` for the seat of ``user`` (or the
    computer playing ``computer_seat``); saves the version and the changed fields once, then
    announces the new version after the commit (``socket``: see ``push_match_updated``)."""
    if (user is None) == (computer_seat is None):
        raise ValueError("a change is made either by a user or by a computer seat")
    with transaction.atomic():
        table = locked_table(match_id)
        if table is None:
            raise not_found()
        match = table.match
        seat = table.seat_of(user) if user is not None else computer_seat
        if seat is None:
            raise not_found()
        if computer_seat is not None and not table.seats[computer_seat].played_by_computer:
            # The person came back while the computer was thinking for them.
            raise MoveRejected("not_your_turn", gettext_lazy("It is not your turn."))
        if match.is_finished:
            raise MoveRejected("match_over", gettext_lazy("This match is over."))
        if match.is_waiting:
            raise MoveRejected("not_waiting", gettext_lazy("The match has not started yet."))
        if user is not None and table.seats[seat].left:
            raise MoveRejected(
                "forbidden", gettext_lazy("You left this match: a computer plays your seat.")
            )
        if user is not None and table.seats[seat].stand_in:
            _take_back(table.seats[seat])
        change(table, seat)
        if user is not None and table.computer_to_move is not None:
            # A computer answers the person: this process claims its turns in the same update
            # and hands the runner the turn as the change leaves it.
            _renew_lease(table, bot_runner.process_name())
        _save(table, socket, by_person=user is not None)
    return table


def _take_back(seat: Seat) -> None:
    """The person is back: their own moves again, no stand-in computer."""
    seat.stand_in = False
    seat.save(update_fields=["stand_in"])


def _save(table: Table, socket: str = "", *, by_person: bool = False) -> None:
    """Saves the new version and the changed fields; after the commit, announces the version
    and tells the computers' runner what the change leaves them (``Runner``): a person's change
    that took the lease hands this process's runner the computer's turn it leaves, and one that
    leaves nothing due only wakes a runner waiting for a clock; a computer's move that renewed
    the lease tells its runner nothing, as the runner reads the next turn off the table."""
    match = table.match
    changed: set[str] = match.__dict__.pop("_changed_fields", set())
    match.version += 1
    _restart_clock(table)
    by_runner = not by_person and table.leased
    turn = turn_of(table) if by_person or by_runner else None
    if by_runner:
        table.after = turn
        if not isinstance(turn, ComputerTurn):
            # Nothing left for the computers to play (at most a clock to wait for, which needs
            # no claim): their runner's claim is given back in this same update.
            match.computer_lease, match.computer_lease_until = "", None
    save_fields(match, [*changed, "version", "turn_started", "updated"])
    if "status" in changed and match.is_finished:
        record_results(match, table.seats)
    if by_runner:
        runner = Runner.NONE
    elif not by_person:
        runner = Runner.LOOK
    elif turn is None:
        runner = Runner.WAKE
    else:
        runner = Runner.TAKE if table.leased else Runner.LOOK
    # A computer's move that its runner follows at once with the next computer's is not
    # announced: nobody could see its table before the next one replaces it.
    quiet = by_runner and plays_at_once(turn)
    # Read in the transaction, so that the table kept for the viewers is all of this version.
    table.finished_rounds()
    match_id, version, stamp = match.pk, match.version, stamp_of(match)

    def committed() -> None:
        remember_table(table)
        if not quiet:
            _announce(match_id, version, socket, turn, runner, stamp)

    transaction.on_commit(committed)


def _restart_clock(table: Table) -> None:
    """A friends' table's turn clock starts again with every change."""
    match = table.match
    if match.turn_seconds is None or match.status != Match.Status.PLAYING:
        match.turn_started = None
        return
    match.turn_started = timezone.now()


class Runner(Enum):
    """What a committed change asks of the computers' runner."""

    LOOK = "look"
    """Start a runner, or make the running one look at the match again."""
    TAKE = "take"
    """Hand this process's runner the turn the change read, with the lease it took."""
    WAKE = "wake"
    """Nothing is due: only a runner of this process waiting for a clock looks again."""
    NONE = "none"
    """The runner made this change, and reads the next turn off its table itself."""


def _announce(
    match_id: int,
    version: int,
    socket: str = "",
    turn: ComputerTurn | Waiting | None = None,
    runner: Runner = Runner.LOOK,
    stamp: str = "",
) -> None:
    """Runs after the commit: tells every open table, and the computers' runner what
    ``runner`` says."""
    push_match_updated(match_id, version, socket, stamp)
    if runner is Runner.TAKE:
        bot_runner.request_bot_moves(match_id, turn)
    elif runner is Runner.LOOK:
        bot_runner.request_bot_moves(match_id)
    elif runner is Runner.WAKE:
        bot_runner.wake(match_id)


# -- friends' tables ----------------------------------------------------------------------


def table_by_code(code: str) -> Match | None:
    """The friends' table with ``code`` (read aloud: case and spaces do not matter)."""
    cleaned = "".join(code.split()).upper()
    if not cleaned or len(cleaned) > 16:
        return None
    return Match.objects.filter(code=cleaned, mode=Match.Mode.FRIENDS).first()


def join_table(match_id: int, user: AbstractBaseUser) -> Table:
    """Seats ``user`` in the first open seat of a waiting friends' table (a person already
    seated there simply comes back to their seat)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or not match.is_friends:
            raise not_found()
        table = load_table(match)
        if table.seat_of(user) is not None:
            return table
        if not match.is_waiting:
            raise MoveRejected(
                "not_waiting", gettext_lazy("This table has started: its seats are taken.")
            )
        free = next((seat for seat in table.seats if seat.is_open), None)
        if free is None:
            raise MoveRejected("table_full", gettext_lazy("This table is full."))
        free.user = user
        try:
            with transaction.atomic():
                free.save(update_fields=["user"])
        except IntegrityError:
            raise MoveRejected("table_full", gettext_lazy("This table is full.")) from None
        table = load_table(match)
        _save(table)
    return table


def _owner_change(match_id: int, user: User, change: Callable[[Table], None]) -> Table:
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or not match.is_friends or match_for_user(user, match_id) is None:
            raise not_found()
        table = load_table(match)
        if match.owner_id != user.pk:
            raise MoveRejected(
                "forbidden", gettext_lazy("Only the person who made the table can do this.")
            )
        if not match.is_waiting:
            raise MoveRejected("not_waiting", gettext_lazy("The match has already started."))
        change(table)
        _save(table)
    return table


def fill_with_computers(match_id: int, level: str, *, user: User) -> Table:
    """The table's creator puts computers of ``level`` in every open seat."""

    def change(table: Table) -> None:
        if level not in dict(table.spec.computer_levels):
            raise MoveRejected("malformed", gettext_lazy("Choose a computer level."))
        for seat in table.seats:
            if seat.is_open:
                seat.computer_level = level
                seat.save(update_fields=["computer_level"])

    return _owner_change(match_id, user, change)


def free_seat(match_id: int, number: int, *, user: User) -> Table:
    """Before the start the creator opens a seat again: removes the person or the computer
    sitting there (never the creator's own seat)."""

    def change(table: Table) -> None:
        if not 0 < number < len(table.seats):
            raise MoveRejected("malformed", gettext_lazy("There is no such seat."))
        seat = table.seats[number]
        seat.user = None
        seat.computer_level = ""
        seat.save(update_fields=["user", "computer_level"])

    return _owner_change(match_id, user, change)


def start_table(match_id: int, *, user: User) -> Table:
    """The creator starts a friends' table once every seat is taken."""

    def change(table: Table) -> None:
        if any(seat.is_open for seat in table.seats):
            raise MoveRejected(
                "seats_open",
                gettext_lazy("Every seat needs a player: wait, or fill them with computers."),
            )
        table.match.status = Match.Status.PLAYING
        _touch(table, "status")
        _deal(table)

    return _owner_change(match_id, user, change)


def leave_waiting_table(match_id: int, *, user: User) -> None:
    """A person who joined a waiting table gets up again; the creator leaving closes it."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or not match.is_friends:
            raise not_found()
        table = load_table(match)
        seat = table.seat_of(user)
        if seat is None:
            raise not_found()
        if not match.is_waiting:
            raise MoveRejected("not_waiting", gettext_lazy("The match has already started."))
        if seat == PERSON_SEAT and match.owner_id == user.pk:
            match.delete()
            transaction.on_commit(lambda: push_presence(match_id))
            return
        person = table.seats[seat]
        person.user = None
        person.save(update_fields=["user"])
        _save(table)


def remove_person(match_id: int, user: AbstractBaseUser) -> None:
    """``user`` leaves the match for good, their account going: their seat stays, marked as a
    former guest's, a computer playing it on while the match goes on; a table they made passes
    to the next person at it. A change like any other (the version moves on, the table is told,
    the computers play), so a computer's move computed for the old seats is dropped."""
    with transaction.atomic():
        table = locked_table(match_id)
        number = None if table is None else table.seat_of(user)
        if table is None or number is None:
            return
        match = table.match
        seat = table.seats[number]
        seat.user = None
        seat.former_guest = True
        if not match.is_finished:
            seat.computer_level = ComputerLevel.NORMAL
        seat.save(update_fields=["user", "former_guest", "computer_level"])
        if match.owner_id == user.pk:
            heir = next(other for other in table.seats if other.user_id is not None)
            match.owner_id = heir.user_id
            _touch(table, "owner")
        _save(table)


# -- presence and the turn clock -----------------------------------------------------------


def arrived(match_id: int, user: User, socket: str) -> Seat | None:
    """A table socket of ``user`` opened: at a friends' table everyone sees them there (the
    seat's presence, ``games.core.presence``), and a person who comes back takes their seat
    back from the stand-in computer (a change of the match: its version moves on, so a
    computer's move computed meanwhile is dropped); presence alone does not move the version.
    Their seat, with the match as it is now (None: no such match or seat)."""
    seat = Seat.objects.select_related("match").filter(match_id=match_id, user=user).first()
    if seat is None or not seat.match.is_friends:
        return seat
    came = presence().arrive(match_id, seat.number, socket)
    if seat.stand_in and not seat.left and seat.match.status == Match.Status.PLAYING:
        with transaction.atomic():
            match = Match.objects.select_for_update().get(pk=match_id)
            seat = Seat.objects.get(pk=seat.pk)
            seat.match = match
            if seat.stand_in and not seat.left and match.status == Match.Status.PLAYING:
                _take_back(seat)
                match.version += 1
                match.save(update_fields=["version", "updated"])
                version = match.version
                transaction.on_commit(lambda: _announce(match_id, version))
                return seat
    if came:
        push_presence(match_id, socket)
    return seat


def departed(match_id: int, seat: int, socket: str) -> None:
    """A friends' table's socket of ``seat`` closed: the table is told when the seat has none
    left."""
    if presence().leave(match_id, seat, socket):
        push_presence(match_id, socket)


def renew_presence(match_id: int, seat: int, socket: str) -> None:
    """Keeps an open socket's presence from running out."""
    presence().renew(match_id, seat, socket)


def clock_ran_out(match_id: int, version: int) -> bool:
    """The turn clock ran out at ``version``: a computer stands in for the person to move,
    until they are back. False (nothing changed) if the match moved on or time is left."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.version != version or match.status != Match.Status.PLAYING:
            return False
        deadline = clock_deadline(match)
        if deadline is None or timezone.now() < deadline:
            return False
        table = load_table(match)
        seat = table.to_move
        if seat is None or table.seats[seat].played_by_computer:
            return False
        person = table.seats[seat]
        person.stand_in = True
        person.save(update_fields=["stand_in"])
        _save(table)
    return True
