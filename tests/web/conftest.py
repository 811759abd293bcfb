"""Personas and helpers for the site's tests: Alice plays, Bob is a stranger to her matches."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from games import services
from games.core import server as server_loop
from games.core.computers import runner as bot_runner
from games.core.registry import run_chooser
from games.models import Match
from games.thousand.engine import Rules, legal_actions, new_hand

T = TypeVar("T")

# The deal of the replay example in docs/thousand.md: the dealer is seat 2, so Alice (seat 0)
# opens with the compulsory 100 and Left (seat 1) speaks first. Every hand has a marriage: no
# re-deal.
SCRIPTED_DEALER = 2
SCRIPTED_HANDS = (
    ("AS", "TS", "KS", "QS", "9H", "JH", "AD"),
    ("9S", "JS", "AC", "TC", "KC", "QC", "TD"),
    ("KD", "9D", "JD", "AH", "TH", "KH", "QH"),
)
SCRIPTED_MUSIK = ("9C", "JC", "QD")


@pytest.fixture(autouse=True)
def _quick_computers(settings: object) -> None:
    settings.BOT_MOVE_DELAY = 0  # type: ignore[attr-defined]
    settings.BOT_COMPUTE = "thread"  # type: ignore[attr-defined]


REAL_REQUEST_BOT_MOVES = bot_runner.request_bot_moves


@pytest.fixture(autouse=True)
def runner_requests(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Records the requests for computer moves instead of starting runners."""
    requests: list[int] = []
    monkeypatch.setattr(
        bot_runner, "request_bot_moves", lambda match_id, turn=None: requests.append(match_id)
    )
    return requests


@pytest.fixture
def real_runner(runner_requests: list[int], monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """From here on, requests for computer moves start the real runner, on a loop of its own
    (not the loop an earlier test's server ran, which may still be running)."""
    monkeypatch.setattr(bot_runner, "request_bot_moves", REAL_REQUEST_BOT_MOVES)
    monkeypatch.setattr(server_loop, "_server_loop", None)
    yield
    # A database connection left by a runner's finished worker thread sits in a reference
    # cycle until the collector runs; collect it now, or PostgreSQL refuses to drop the test
    # database at the end of the session while the connection is still open.
    gc.collect()


def make_user(username: str) -> AbstractBaseUser:
    return get_user_model().objects.create_user(username=username)


@pytest.fixture
def alice(db: None) -> AbstractBaseUser:
    return make_user("alice")


@pytest.fixture
def bob(db: None) -> AbstractBaseUser:
    return make_user("bob")


@pytest.fixture
def alice_client(alice: AbstractBaseUser) -> Client:
    client = Client()
    client.force_login(alice)
    return client


@pytest.fixture
def bob_client(bob: AbstractBaseUser) -> Client:
    client = Client()
    client.force_login(bob)
    return client


def script_deal(
    match: Match,
    dealer: int = SCRIPTED_DEALER,
    hands: tuple[tuple[str, ...], ...] = SCRIPTED_HANDS,
    musik: tuple[str, ...] = SCRIPTED_MUSIK,
) -> Match:
    """Replaces the match's current (unplayed) deal with a known one."""
    current_round = match.rounds.order_by("-number").first()
    assert current_round is not None
    assert not current_round.actions
    state = new_hand(dealer, hands, musik, tuple(match.scores), Rules.from_dict(match.options))
    current_round.setup = state.deal_record()
    current_round.save()
    match.progress = {**match.progress, "dealer": dealer}
    match.save()
    return match


@pytest.fixture
def scripted_match(alice: AbstractBaseUser) -> Match:
    """Alice's match against two Normal computers on the scripted deal."""
    return script_deal(
        services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal", seed=1)
    )


def current(match: Match) -> services.Table:
    return services.load_table(Match.objects.get(pk=match.pk))


def play_computers(match: Match) -> int:
    """Plays every computer move due now, synchronously, as the runner would; returns how many."""
    moves = 0
    while isinstance(turn := services.computer_turn(match.pk), services.ComputerTurn):
        action = run_chooser(turn.chooser, turn.level, turn.view, turn.seed)
        services.submit_move(match.pk, action, turn.version, computer_seat=turn.seat)
        moves += 1
    return moves


def play_hand_out(
    match: Match, person: AbstractBaseUser, after_each: Callable[[], T] | None = None
) -> list[T]:
    """Plays a Thousand hand to its end with each first legal action: ``person`` at hand
    position 0, the computers elsewhere; ``after_each()`` after every move, its answers kept."""
    answers = []
    table = current(match)
    while not table.state.is_over:
        action = legal_actions(table.state)[0]
        if table.state.to_move == 0:
            services.submit_move(match.pk, action, table.match.version, user=person)
        else:
            computer_plays(match, action)
        if after_each is not None:
            answers.append(after_each())
        table = current(match)
    return answers


def computer_plays(match: Match, *actions: str) -> None:
    """Makes the computers to move take exactly ``actions``, one after the other."""
    for action in actions:
        table = current(match)
        seat = table.computer_to_move
        assert seat is not None, f"no computer is to move for {action}"
        services.submit_move(match.pk, action, table.match.version, computer_seat=seat)
