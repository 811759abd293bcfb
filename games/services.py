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

import asyncio
import copy
import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import Enum
from typing import TYPE_CHECKING, Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy

from games import bot_runner
from games.core.presence import presence
from games.core.registry import GameSpec, IllegalMove, get_spec
from games.history.results import record_results
from games.models import ComputerLevel, Match, Round, Seat, new_table_code
from games.precompiled import Precompiled, save_fields

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
    from django.utils.functional import _StrOrPromise

    User = AbstractBaseUser | AnonymousUser

logger = logging.getLogger(__name__)

PERSON_SEAT = 0
"""In a practice match the person sits in seat 0 and the computers in the other seats."""
DEFAULT_TURN_SECONDS = 60
TURN_SECONDS_CHOICES = (30, 60, 120, 300)
_DIGITS = re.compile(r"[0-9]{1,9}")

STATUS_OF_REASON = {
    "malformed": 400,
    "illegal": 400,
    "forbidden": 403,
    "not_found": 404,
    "stale_version": 409,
    "not_your_turn": 409,
    "match_over": 409,
    "round_over": 409,
    "round_in_progress": 409,
    "not_waiting": 409,
    "table_full": 409,
    "seats_open": 409,
}
"""How a view answers each refusal; the consumer sends the reason in an error frame."""


class MoveRejected(Exception):
    """A refused change, which changed nothing: a reason code for programs and a message for
    the player (``message`` is in the active language)."""

    def __init__(self, reason: str, message: _StrOrPromise) -> None:
        if reason not in STATUS_OF_REASON:
            raise ValueError(f"unknown refusal reason {reason!r}")
        super().__init__(message)
        self.reason = reason
        self._message = message

    @property
    def message(self) -> str:
        return str(self._message)

    @property
    def status(self) -> int:
        """The HTTP status a view answers with."""
        return STATUS_OF_REASON[self.reason]


def _not_found() -> MoveRejected:
    return MoveRejected("not_found", gettext_lazy("There is no such match at your table."))


def group_name(match_id: int) -> str:
    """The channel group of everyone watching a match."""
    return f"match-{match_id}"


@dataclass
class Table:
    """A match with its seats (users and profiles loaded), its current round and that round's
    rebuilt state: all a service or a presenter needs, loaded once."""

    match: Match
    seats: tuple[Seat, ...]
    round: Round | None
    state: Any
    spec: GameSpec
    results: list[Round] | None = field(default=None)
    leased: bool = False
    """Whether this change took or renewed a server process's claim on the computer turns
    (``_renew_lease``): a computer's move for its own process, a person's move that a
    computer answers for the process that served it."""
    after: ComputerTurn | Waiting | None = None
    """The turn a computer's move that renewed the lease left (``turn_of``), read in the
    change for its runner; None: the move gave the lease back."""

    def seat_of(self, user: User | None) -> int | None:
        """The seat number of ``user`` at this table, or ``None`` for a stranger."""
        if user is None or not user.is_authenticated:
            return None
        for seat in self.seats:
            if seat.user_id == user.pk:
                return seat.number
        return None

    def view_for(self, seat: int) -> Any:
        """All that ``seat`` may see of the current round."""
        return self.spec.observation(self.state, seat)

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is while the match goes on."""
        if self.match.status != Match.Status.PLAYING or self.state is None:
            return None
        return self.spec.to_move(self.state)

    @property
    def computer_to_move(self) -> int | None:
        """The seat a computer is to play now (a computer's, or a person's stand-in), if any."""
        seat = self.to_move
        if seat is None:
            return None
        return seat if self.seats[seat].played_by_computer else None

    def finished_rounds(self) -> list[Round]:
        """The match's finished rounds, oldest first (loaded once, only what presenters use)."""
        if self.results is None:
            self.results = list(
                Round.objects.filter(match=self.match)
                .exclude(status=Round.Status.PLAYING)
                .only("number", "status", "result", "setup")
                .order_by("number")
            )
        return self.results


def load_table(match: Match) -> Table:
    """The table of ``match`` as stored: its seats with their people, its current round."""
    seats = tuple(
        Seat.objects.filter(match=match).select_related("user__profile").order_by("number")
    )
    return _table_of(match, seats, _current_round(match))


# The reads made for every move and every viewer's table, compiled once (games.precompiled).
_SEATS = Precompiled(
    lambda match_id: (
        Seat.objects.filter(match_id=match_id)
        .select_related("match", "user__profile")
        .order_by("number")
    ),
    1,
)
_LOCKED_SEATS = Precompiled(
    lambda match_id: (
        Seat.objects.filter(match_id=match_id)
        .select_related("match", "user__profile")
        .select_for_update(of=("match",))
        .order_by("number")
    ),
    1,
)
_ROUNDS = Precompiled(
    lambda match_id: (
        Round.objects.filter(match_id=match_id)
        .annotate(read_at=F("match__version"))
        .order_by("number")
    ),
    1,
)
_CURRENT_ROUND = Precompiled(
    lambda match_id: Round.objects.filter(match_id=match_id).order_by("-number")[:1], 1
)


def _current_round(match: Match) -> Round | None:
    found = _CURRENT_ROUND(match.pk)
    return found[0] if found else None


def _match_of(seats: tuple[Seat, ...]) -> Match:
    """The match the seats were read with (``select_related``), one object for them all."""
    match = seats[0].match
    for seat in seats:
        seat.match = match
    return match


def _locked_table(match_id: int) -> Table | None:
    """``load_table`` of ``match_id`` with the match row locked until the transaction ends,
    the match read with its seats (None: no such match). When this process committed the
    match's last change, its round and finished rounds come from that table instead of the
    database: every change to a round raises the version, so the same version means the same
    rounds. The seats and their people are always read afresh."""
    seats = tuple(_LOCKED_SEATS(match_id))
    if not seats:
        return None
    match = _match_of(seats)
    last = committed_table(match_id, stamp_of(match))
    if last is None:
        return _table_of(match, seats, _current_round(match))
    # The committed table is shared with the threads rendering it: the change gets its own
    # round (a change assigns its fields, never mutates them) and list of finished rounds.
    current = None if last.round is None else copy.copy(last.round)
    results = None if last.results is None else list(last.results)
    return Table(match, seats, current, last.state, last.spec, results=results)


def _table_of(
    match: Match,
    seats: tuple[Seat, ...],
    current: Round | None,
    results: list[Round] | None = None,
) -> Table:
    """The table of ``match`` as read, its current round's position rebuilt."""
    spec = get_spec(match.game)
    state = None if current is None else spec.replay(current.setup, current.actions)
    return Table(match, seats, current, state, spec, results=results)


def read_table(user: User, match_id: int) -> Table | None:
    """The table of ``match_id`` for a person seated at it, as it was at one moment: the
    version and the position it labels always belong together, even while a move commits
    meanwhile (a table showing version v with the position of v + 1 would get the person's
    next move refused as stale). ``None`` for a stranger."""
    if not user.is_authenticated:
        return None
    return _consistent_table(match_id, user)


CONSISTENT_READ_TRIES = 5
"""How often a table is read without a lock before it is read under the match's lock."""


def _consistent_table(match_id: int, user: User | None = None) -> Table | None:
    """The table of ``match_id`` as it was at one moment (None: no such match, or ``user``
    has no seat at it).

    Two statements and no transaction (a table is read for every viewer after every move): the
    match with its seats, then the rounds, each with the match's version as that statement
    saw it. Every change to a round raises the version in the same transaction, so the rounds
    read at the version of the first statement are the rounds of that moment; a change that
    committed in between is seen by the version, and the table is read again. After
    ``CONSISTENT_READ_TRIES`` such reads it is read under the match's lock, which holds the
    changes off."""
    for _ in range(CONSISTENT_READ_TRIES):
        seats = tuple(_SEATS(match_id))
        if not seats or (user is not None and all(seat.user_id != user.pk for seat in seats)):
            return None
        match = _match_of(seats)
        rounds = _ROUNDS(match_id)
        if all(played.read_at == match.version for played in rounds):
            finished = [played for played in rounds if played.status != Round.Status.PLAYING]
            return _table_of(match, seats, rounds[-1] if rounds else None, finished)
    with transaction.atomic():
        table = _locked_table(match_id)
        if table is None or (user is not None and table.seat_of(user) is None):
            return None
        table.finished_rounds()
    return table


def matches_of(user: AbstractBaseUser) -> Any:
    """The matches where ``user`` has a seat, newest activity first."""
    return Match.objects.filter(seats__user=user).distinct().order_by("-updated")


def match_for_user(user: User, match_id: int) -> Match | None:
    """The match if ``user`` sits at it, else ``None`` (strangers learn nothing about it)."""
    if not user.is_authenticated:
        return None
    return Match.objects.filter(pk=match_id, seats__user=user).first()


def _seed_text(match: Match, *parts: object) -> str:
    return ":".join(str(part) for part in (match.seed, *parts))


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
    seed = _seed_text(table.match, "at-once", table.round.number if table.round else 0, seat)
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
        match.options, match.progress, match.scores, _seed_text(match, "deal", number)
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
        table = _locked_table(match_id)
        if table is None:
            raise _not_found()
        match = table.match
        seat = table.seat_of(user) if user is not None else computer_seat
        if seat is None:
            raise _not_found()
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
        _remember(table)
        if not quiet:
            _announce(match_id, version, socket, turn, runner, stamp)

    transaction.on_commit(committed)


COMMITTED_TABLES = 4096
"""How many matches' last committed tables a process keeps for the viewers' pushed tables."""
_committed_lock = threading.Lock()
_committed: OrderedDict[int, Table] = OrderedDict()


def _remember(table: Table) -> None:
    """Keeps the table a committed change left, for its viewers on this process and for the
    match's next change (``committed_table``). Nothing may change it from now on."""
    with _committed_lock:
        _committed[table.match.pk] = table
        _committed.move_to_end(table.match.pk)
        while len(_committed) > COMMITTED_TABLES:
            _committed.popitem(last=False)


def committed_table(match_id: int, stamp: str) -> Table | None:
    """The table of ``match_id`` as a change in this process committed it, if ``stamp`` (see
    ``stamp_of``) says it is the one at hand (the viewers' tables of that version are rendered
    from it instead of being read back). Shared between threads: read only."""
    with _committed_lock:
        table = _committed.get(match_id)
    return table if table is not None and stamp_of(table.match) == stamp else None


def stamp_of(match: Match) -> str:
    """The version with the moment it was saved: a match's version names its state, the
    moment tells apart the matches that had the same number in a database restored or
    emptied meanwhile (a test's)."""
    return f"{match.version}@{match.updated.isoformat()}"


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


def push_match_updated(match_id: int, version: int, socket: str = "", stamp: str = "") -> None:
    """Tells the match's group that it changed; each consumer renders for its own viewer.
    ``socket`` is the token of the open socket whose page gets this version in the HTTP
    answer to its own move: that consumer does not send the same table again.
    ``stamp`` (``stamp_of``) lets a consumer in the process that committed the change render
    the table the change left (``committed_table``) instead of reading it back."""
    event: dict[str, Any] = {"type": "match.updated", "version": version}
    if socket:
        event["answered"] = socket
    if stamp:
        event["stamp"] = stamp
    _group_send(match_id, event)


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
            raise _not_found()
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
            raise _not_found()
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
            raise _not_found()
        table = load_table(match)
        seat = table.seat_of(user)
        if seat is None:
            raise _not_found()
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
        table = _locked_table(match_id)
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


def push_presence(match_id: int, origin: str = "") -> None:
    """Tells the match's group that who is at the table changed (no new version); the socket
    ``origin`` that caused it already knows."""
    _group_send(match_id, {"type": "match.presence", "origin": origin})


def _group_send(match_id: int, event: dict[str, Any]) -> None:
    """Sends ``event`` to the match's group (``send_to_group``)."""
    send_to_group(group_name(match_id), event)


def send_to_group(group: str, event: dict[str, Any]) -> None:
    """Sends ``event`` to a channel group. In a server process the send is handed to the
    server's event loop and not waited for: a person's answer and the computers' next move
    need not wait for the loop's turn and Redis's round trips. Elsewhere (a shell, a test
    without a server loop) it is sent at once. A notice that fails is logged: the change is
    saved whatever happens to it, and pages re-sync when their socket reconnects."""
    layer = get_channel_layer()
    if layer is None:
        return
    loop = bot_runner.server_loop()
    if loop is not None:
        sent = asyncio.run_coroutine_threadsafe(layer.group_send(group, event), loop)
        sent.add_done_callback(lambda done: _log_failed_send(group, event, done))
        return
    try:
        async_to_sync(layer.group_send)(group, event)
    except Exception:
        logger.exception("could not push %s to %s", event["type"], group)


def _log_failed_send(group: str, event: dict[str, Any], done: Future[None]) -> None:
    error = None if done.cancelled() else done.exception()
    if error is not None:
        logger.error("could not push %s to %s", event["type"], group, exc_info=error)


def clock_deadline(match: Match) -> datetime | None:
    """When the turn clock of ``match`` runs out, if it runs."""
    if match.turn_seconds is None or match.turn_started is None:
        return None
    return match.turn_started + timezone.timedelta(seconds=match.turn_seconds)


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


# -- the computer players ------------------------------------------------------------------


@dataclass(frozen=True)
class ComputerTurn:
    """What a computer player needs to choose its move, and nothing more."""

    match_id: int
    version: int
    seat: int
    level: str
    chooser: str
    view: Any
    seed: str
    pause: float
    """How many usual pauses to wait before playing (longer after a trick closes)."""
    quick: bool = False
    """The level decides in well under a millisecond (``GameSpec.quick_levels``)."""


@dataclass(frozen=True)
class Waiting:
    """Nobody computes now; the turn clock of a person runs out at ``deadline``."""

    match_id: int
    version: int
    deadline: datetime


def plays_at_once(turn: ComputerTurn | Waiting | None) -> bool:
    """Whether a runner plays ``turn`` the moment it has it: a quick level's with no pause
    (``BOT_MOVE_DELAY`` 0), decided in the same hop that submits it."""
    return (
        isinstance(turn, ComputerTurn) and turn.quick and settings.BOT_MOVE_DELAY * turn.pause <= 0
    )


def computer_turn(match_id: int) -> ComputerTurn | Waiting | None:
    """The computer to move at ``match_id`` with its own observation; or the deadline of a
    person's turn clock; or ``None`` when there is nothing to wait for."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.PLAYING:
        return None
    kept = committed_table(match_id, stamp_of(match))
    if kept is None:
        # One moment's table: a move committing between the match's row and its round would
        # give a computer's turn at a version that never had it.
        table = _consistent_table(match_id)
        return None if table is None else turn_of(table)
    # The round as this process's last change left it, with the match's row as it is now.
    return turn_of(Table(match, kept.seats, kept.round, kept.state, kept.spec))


def turn_of(table: Table) -> ComputerTurn | Waiting | None:
    """``computer_turn`` of a table as loaded, or as a change has just left it."""
    match = table.match
    if match.status != Match.Status.PLAYING:
        return None
    seat = table.computer_to_move
    if seat is None:
        deadline = clock_deadline(match)
        if deadline is not None and table.to_move is not None:
            return Waiting(match.pk, match.version, deadline)
        return None
    view = table.view_for(seat)
    return ComputerTurn(
        match_id=match.pk,
        version=match.version,
        seat=seat,
        level=table.seats[seat].playing_level,
        chooser=table.spec.chooser,
        view=view,
        seed=_seed_text(match, "computer", match.version),
        pause=table.spec.after_computer_move(view),
        quick=table.seats[seat].playing_level in table.spec.quick_levels,
    )


def computer_level_label(level: str) -> str:
    """A computer level's name in the active language."""
    return str(ComputerLevel(level).label) if level in ComputerLevel.values else level
