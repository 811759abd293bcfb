"""The computers' runner: off the request, one runner per match, moves dropped when stale."""

from __future__ import annotations

import time

import pytest
from django.test import Client
from django.urls import reverse

from games import bot_runner, services
from games.computer_players import choose
from games.models import Match

from .conftest import current

pytestmark = pytest.mark.django_db(transaction=True)


def wait_until_idle(seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while bot_runner.active_runners() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert bot_runner.active_runners() == 0


def test_without_a_socket_the_computers_play_until_it_is_alices_turn(
    scripted_match: Match, real_runner: None
) -> None:
    bot_runner.request_bot_moves(scripted_match.pk)
    bot_runner.request_bot_moves(scripted_match.pk)  # a second request joins the same runner
    assert bot_runner.active_runners() <= 1
    wait_until_idle()

    table = current(scripted_match)
    assert table.match.version >= 2
    assert table.state.to_move == 0
    assert services.computer_turn(scripted_match.pk) is None


def test_loading_the_table_resumes_the_computers(
    scripted_match: Match, alice_client: Client, real_runner: None
) -> None:
    alice_client.get(reverse("match_table", args=[scripted_match.pk]))
    wait_until_idle()
    assert current(scripted_match).state.to_move == 0


def test_a_computer_choosing_a_forbidden_move_stops_its_runner_without_changing_anything(
    scripted_match: Match, real_runner: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot_runner, "choose", lambda level, view, seed: "play:AS")
    bot_runner.request_bot_moves(scripted_match.pk)
    wait_until_idle()
    assert current(scripted_match).match.version == 0


def test_the_decision_can_run_in_a_worker_process(scripted_match: Match, settings: object) -> None:
    settings.BOT_COMPUTE = "process"  # type: ignore[attr-defined]
    turn = services.computer_turn(scripted_match.pk)
    assert turn is not None
    pool = bot_runner._executor()
    assert pool is not None
    try:
        action = pool.submit(choose, turn.level, turn.view, turn.seed).result(timeout=60)
    finally:
        pool.shutdown()
        bot_runner._forget_pool(pool)
    assert action in turn.view.legal
