"""New matches: a practice match against computers, dealt at once, and a friends' table that
waits for its players (``games.core.friends``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import Exists, OuterRef

from games.core.changes import Author, Change, announce
from games.core.moves import deal
from games.core.names import display_name
from games.core.registry import get_spec
from games.core.spec import AnySpec
from games.core.tables import Table
from games.core.watchers import new_watch_token
from games.models import Match, Seat, new_table_code

if TYPE_CHECKING:
    from django.contrib.auth.models import User

PERSON_SEAT = 0
"""In a practice match the person sits in seat 0 and the computers in the other seats."""


DEFAULT_TURN_SECONDS = 60


TURN_SECONDS_CHOICES = (30, 60, 120, 300)


def create_practice_match(
    owner: User,
    game: str,
    options: Mapping[str, Any],
    level: str,
    players: int | None = None,
    seed: int | None = None,
) -> Match:
    """A new match of ``owner`` against computers of ``level``, its first round dealt."""
    spec = get_spec(game)
    if level not in dict(spec.computers.levels):
        raise ValueError(f"unknown computer level {level!r}")
    players = players or spec.rules.seat_counts[0]
    seats = [{"user": owner}] + [{"computer_level": level}] * (players - 1)
    return _create(owner, spec, options, seats, Match.Mode.PRACTICE, seed=seed)


def create_friends_table(
    owner: User,
    game: str,
    options: Mapping[str, Any],
    players: int,
    computers: Mapping[int, str] | None = None,
    turn_seconds: int = DEFAULT_TURN_SECONDS,
    seed: int | None = None,
    listed: bool = False,
    watchable: bool = False,
) -> Match:
    """A friends' table waiting for players: ``owner`` in seat 0, computers of the chosen
    levels in ``computers`` (seat → level), the other seats open until friends join; a
    ``listed`` table is shown in the lobby for anyone to join, a ``watchable`` one gets a
    watch link (``games.core.watchers``)."""
    spec = get_spec(game)
    computers = dict(computers or {})
    levels = dict(spec.computers.levels)
    if any(seat <= 0 or seat >= players or lvl not in levels for seat, lvl in computers.items()):
        raise ValueError("computers sit in seats 1 and up, at a level the game has")
    if turn_seconds not in TURN_SECONDS_CHOICES:
        raise ValueError(f"the turn clock is one of {TURN_SECONDS_CHOICES}")
    seats: list[dict[str, Any]] = [{"user": owner}]
    for number in range(1, players):
        seats.append({"computer_level": computers[number]} if number in computers else {})
    return _create(
        owner,
        spec,
        options,
        seats,
        Match.Mode.FRIENDS,
        seed=seed,
        turn_seconds=turn_seconds,
        listed=listed,
        watch_token=new_watch_token() if watchable else None,
    )


def create_rematch_table(
    owner: User, old: Match, seats: Sequence[Mapping[str, Any]], seed: int | None = None
) -> Match:
    """A friends' table waiting for players, a rematch of the finished ``old``: its game,
    options and turn clock, the ``seats`` given (people, computers or open); watchable if
    ``old`` was, by a link of its own."""
    return _create(
        owner,
        get_spec(old.game),
        old.options,
        seats,
        Match.Mode.FRIENDS,
        seed=seed,
        turn_seconds=old.turn_seconds,
        watch_token=new_watch_token() if old.watch_token else None,
        rematch_of=old,
    )


def _create(
    owner: User,
    spec: AnySpec,
    options: Mapping[str, Any],
    seats: Sequence[Mapping[str, Any]],
    mode: str,
    seed: int | None = None,
    turn_seconds: int | None = None,
    listed: bool = False,
    watch_token: str | None = None,
    rematch_of: Match | None = None,
) -> Match:
    players = len(seats)
    if players not in spec.rules.seat_counts:
        raise ValueError(f"{spec.key} is played by {spec.rules.seat_counts} players, not {players}")
    stored = spec.rules.check_options(options, players)
    with transaction.atomic():
        match = Match(
            game=spec.key,
            mode=mode,
            owner=owner,
            options=stored,
            scores=[0] * players,
            turn_seconds=turn_seconds,
            listed=listed,
            watch_token=watch_token,
            rematch_of=rematch_of,
        )
        if seed is not None:
            match.seed = seed
        match.progress = spec.rules.new_progress(stored, players, match.seed)
        if mode == Match.Mode.FRIENDS:
            match.status = Match.Status.WAITING
            match.code = _free_code()
        match.save()
        table_seats = tuple(
            Seat.objects.create(match=match, number=number, **kind)
            for number, kind in enumerate(seats)
        )
        if match.status == Match.Status.PLAYING:
            deal(Change(Table(match, table_seats, None, None, spec), Author.TABLE))
            match.save()
        match_id, version = match.pk, match.version
        transaction.on_commit(lambda: announce(match_id, version))
    return match


FREE_CODE_TRIES = 20
"""How many random codes a new friends' table tries, each one of about a billion."""


def _free_code() -> str:
    for _ in range(FREE_CODE_TRIES):
        code = new_table_code()
        if not Match.objects.filter(code=code).exists():
            return code
    raise RuntimeError(f"no free table code in {FREE_CODE_TRIES} tries")


OPEN_TABLES_SHOWN = 20


@dataclass(frozen=True)
class OpenTable:
    """A listed friends' table with a free seat, as the lobby shows it."""

    code: str
    game: str
    host: str
    about: str
    free_seats: int
    players: int


def open_tables(viewer: User) -> list[OpenTable]:
    """The listed friends' tables still waiting, with a seat free, that ``viewer`` does not
    sit at, newest first; a full or started table leaves the list."""
    waiting = (
        Match.objects.filter(mode=Match.Mode.FRIENDS, status=Match.Status.WAITING, listed=True)
        .filter(
            Exists(
                Seat.objects.filter(
                    match=OuterRef("pk"), user__isnull=True, computer_level="", former_guest=False
                )
            )
        )
        .exclude(seats__user=viewer)
        .select_related("owner__profile")
        .prefetch_related("seats")
        .order_by("-created")[:OPEN_TABLES_SHOWN]
    )
    listed = []
    for match in waiting:
        spec = get_spec(match.game)
        seats = list(match.seats.all())
        listed.append(
            OpenTable(
                code=match.code or "",
                game=str(spec.name),
                host=display_name(match.owner),
                about=spec.table.listing(match),
                free_seats=sum(1 for seat in seats if seat.is_open),
                players=len(seats),
            )
        )
    return listed
