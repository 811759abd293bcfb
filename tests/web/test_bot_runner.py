"""The computers' runner: off the request, one runner per match, moves dropped when stale."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import threading
import time
import traceback
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services
from games.core import push
from games.core import server as server_loop
from games.core.computers import lease, pool
from games.core.computers import runner as bot_runner
from games.core.computers.machine import State
from games.core.registry import run_chooser
from games.models import Match
from games.thousand.engine import CARD_NAMES, Rules

from .conftest import computer_plays, current, script_deal
from .strict import FellBack, choose_strictly, interrupt_myself

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
    assert Match.objects.get(pk=scripted_match.pk).computer_lease == ""


def test_loading_the_table_resumes_the_computers(
    scripted_match: Match, alice_client: Client, real_runner: None
) -> None:
    alice_client.get(reverse("match_table", args=[scripted_match.pk]))
    wait_until_idle()
    assert current(scripted_match).state.to_move == 0


def test_a_request_arriving_as_the_runner_stops_starts_a_new_runner(
    real_runner: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    looks: list[int] = []

    def nothing_to_do(match_id: int) -> None:
        looks.append(match_id)

    class RequestOnNextRelease:
        """The runners' lock, with a request for moves made by another thread just after the
        runner's first release of it once it has found nothing to do."""

        def __init__(self) -> None:
            self.lock = threading.Lock()
            self.requested = False

        def __enter__(self) -> None:
            self.lock.acquire()

        def __exit__(self, *exc: object) -> None:
            self.lock.release()
            runner = threading.current_thread().name == "computer-players"
            if runner and looks and not self.requested:
                self.requested = True
                request = threading.Thread(target=bot_runner.request_bot_moves, args=(7,))
                request.start()
                request.join()

    monkeypatch.setattr(bot_runner, "computer_turn", nothing_to_do)
    monkeypatch.setattr(lease, "take_lease", lambda match_id: True)
    monkeypatch.setattr(lease, "release_lease", lambda match_id: None)
    monkeypatch.setattr(bot_runner, "_lock", RequestOnNextRelease())
    bot_runner.request_bot_moves(7)
    # One look when nothing is due (no lease taken), and at least one more for the request
    # that arrived meanwhile. (Between the first runner's end and the request's claim nobody
    # runs: idle alone could be seen too early.)
    deadline = time.monotonic() + 10
    while len(looks) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    wait_until_idle()
    assert len(looks) > 1


def test_a_computer_choosing_a_forbidden_move_stops_its_runner_without_changing_anything(
    scripted_match: Match, real_runner: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot_runner, "run_chooser", lambda path, level, view, seed: "play:AS")
    bot_runner.request_bot_moves(scripted_match.pk)
    wait_until_idle()
    assert current(scripted_match).match.version == 0


def test_a_refused_computer_move_is_logged_without_a_card(
    scripted_match: Match,
    real_runner: None,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(
        bot_runner, "run_chooser", lambda path, level, view, seed: "play:TC"
    )  # Left's card
    with caplog.at_level(logging.ERROR, logger="games.bot_runner"):
        bot_runner.request_bot_moves(scripted_match.pk)
        wait_until_idle()
    assert "seat 1" in caplog.text
    assert not any(card in caplog.text for card in CARD_NAMES)


def test_the_decision_can_run_in_a_worker_process(scripted_match: Match, settings: object) -> None:
    settings.BOT_COMPUTE = "process"  # type: ignore[attr-defined]
    turn = services.computer_turn(scripted_match.pk)
    assert isinstance(turn, services.ComputerTurn)
    workers = pool.executor()
    assert workers is not None
    try:
        action = workers.submit(
            choose_strictly, turn.chooser, turn.level, turn.view, turn.seed
        ).result(timeout=60)
    finally:
        workers.shutdown()
        pool.forget(workers)
    assert action in turn.view.legal


@pytest.mark.parametrize(
    ("level", "pause", "decided_in", "one_hop"),
    [
        ("normal", 0, "computers_", True),
        ("beginner", 0, "computers_", True),
        ("normal", 0.01, "computers_", False),
        ("expert", 0, "decisions_", False),
    ],
)
def test_a_quick_levels_decision_is_made_in_the_runners_thread_an_experts_in_the_pool(
    alice: Any,
    real_runner: None,
    settings: object,
    monkeypatch: pytest.MonkeyPatch,
    level: str,
    pause: float,
    decided_in: str,
    one_hop: bool,
) -> None:
    """A rule-following computer decides in about 0.1 ms, less than the round trip to a
    decision process: with no pause before its move, it decides in the same hop of the
    runner's thread that submits the move; the expert searches, in the decision processes."""
    settings.BOT_MOVE_DELAY = pause  # type: ignore[attr-defined]
    decisions = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="decisions")
    monkeypatch.setattr(pool, "executor", lambda: decisions)
    decided: list[tuple[str, bool]] = []

    def recorded(*args: Any) -> Any:
        submitting = any(frame.name == "_submit_in_a_row" for frame in traceback.extract_stack())
        decided.append((threading.current_thread().name, submitting))
        return run_chooser(*args)

    monkeypatch.setattr(bot_runner, "run_chooser", recorded)
    with monkeypatch.context() as creating:
        # No runner before the deal is scripted: it would decide on the deal replaced.
        creating.setattr(bot_runner, "request_bot_moves", lambda match_id, turn=None: None)
        match = script_deal(
            services.create_practice_match(alice, "thousand", Rules().to_dict(), level, seed=1)
        )
    turn = services.computer_turn(match.pk)
    assert isinstance(turn, services.ComputerTurn)
    assert turn.quick is (level != "expert")
    bot_runner.request_bot_moves(match.pk)
    wait_until_idle(30)
    decisions.shutdown()
    assert current(match).state.to_move == 0  # Left and Right played
    assert len(decided) == 2
    assert all(thread.startswith(decided_in) for thread, _ in decided), decided
    assert all(submitting is one_hop for _, submitting in decided), decided


def test_a_decision_that_falls_back_fails_the_strict_chooser() -> None:
    with pytest.raises(FellBack):
        choose_strictly("tests.web.strict_fallback.choose", "normal", None, "1")


def test_a_worker_process_lives_through_ctrl_c_and_the_pool_ends_at_exit(
    settings: object,
) -> None:
    settings.BOT_COMPUTE = "process"  # type: ignore[attr-defined]
    workers = pool.executor()
    assert workers is not None
    try:
        # The server stops the pool itself: a worker printing a KeyboardInterrupt traceback
        # (or dying) on Ctrl-C would break the pool instead.
        assert workers.submit(interrupt_myself).result(timeout=60) == "still here"
    finally:
        pool.shutdown()
    assert pool._pool is None


def test_only_one_process_holds_a_matchs_computer_turns(
    scripted_match: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert lease.take_lease(scripted_match.pk)
    assert lease.take_lease(scripted_match.pk)  # renewed by its holder
    monkeypatch.setattr(server_loop, "_process_name", "another-server:4242")
    assert not lease.take_lease(scripted_match.pk)
    # A holder that died stops renewing: its lease runs out and another process takes over.
    Match.objects.filter(pk=scripted_match.pk).update(
        computer_lease_until=timezone.now() - timedelta(seconds=1)
    )
    assert lease.take_lease(scripted_match.pk)
    lease.release_lease(scripted_match.pk)
    assert Match.objects.get(pk=scripted_match.pk).computer_lease == ""


def test_a_computers_move_renews_its_processs_lease_in_the_same_update(
    scripted_match: Match,
) -> None:
    def computers_move(lease: str) -> services.ComputerMoved:
        turn = services.computer_turn(scripted_match.pk)
        assert isinstance(turn, services.ComputerTurn)
        return services.computer_move(scripted_match.pk, turn, "pass", lease)

    assert computers_move("this-server:1").leased
    stored = Match.objects.get(pk=scripted_match.pk)
    assert stored.computer_lease == "this-server:1"
    assert stored.computer_lease_until > timezone.now() + timedelta(seconds=25)
    # Another process's claim that still holds is left alone: the move is made, not the claim.
    other = computers_move("another-server:4242")
    assert not other.leased
    assert other.version == stored.version + 1
    assert Match.objects.get(pk=scripted_match.pk).computer_lease == "this-server:1"


def notices(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, dict[str, Any]]]:
    """The notices sent to the matches' groups from now on, recorded instead of sent."""
    sent: list[tuple[int, dict[str, Any]]] = []
    monkeypatch.setattr(
        push, "send_to_group", lambda group, event: sent.append((int(group[6:]), event))
    )
    return sent


@pytest.mark.parametrize(("pause", "announced"), [(0, [2]), (0.9, [1, 2])])
def test_a_computers_move_its_runner_follows_at_once_with_the_next_is_not_announced(
    scripted_match: Match,
    settings: object,
    monkeypatch: pytest.MonkeyPatch,
    pause: float,
    announced: list[int],
) -> None:
    """With no pause, Left's bid is followed by Right's within milliseconds: nobody could see
    the table Left's left, and its viewers are not sent it (with a pause, they are)."""
    settings.BOT_MOVE_DELAY = pause  # type: ignore[attr-defined]
    sent = notices(monkeypatch)
    for expected_turn in (2, None):
        turn = services.computer_turn(scripted_match.pk)
        assert isinstance(turn, services.ComputerTurn)
        moved = services.computer_move(scripted_match.pk, turn, "pass", server_loop.process_name())
        after = moved.after
        assert (after.seat if isinstance(after, services.ComputerTurn) else None) == expected_turn
    assert [event["version"] for _, event in sent if event["type"] == "match.updated"] == announced


def test_a_computers_move_made_without_the_lease_is_announced(
    scripted_match: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process's runner holds the computers' turns: this one's move is announced, as
    that runner's next move may be a while coming."""
    sent = notices(monkeypatch)
    Match.objects.filter(pk=scripted_match.pk).update(
        computer_lease="another-server:4242",
        computer_lease_until=timezone.now() + timedelta(seconds=30),
    )
    turn = services.computer_turn(scripted_match.pk)
    assert isinstance(turn, services.ComputerTurn)
    assert (turn.seat, turn.version) == (1, 0)
    moved = services.computer_move(scripted_match.pk, turn, "pass", server_loop.process_name())
    assert not moved.leased
    assert [event["version"] for _, event in sent] == [1]


@pytest.mark.parametrize("failure", ["refused", "error"])
def test_a_runner_whose_next_move_fails_announces_the_table_its_last_move_left(
    scripted_match: Match, real_runner: None, monkeypatch: pytest.MonkeyPatch, failure: str
) -> None:
    sent = notices(monkeypatch)
    calls: list[int] = []

    def left_bids_then_right_fails(path: str, level: str, view: Any, seed: str) -> Any:
        calls.append(1)
        if len(calls) == 1:
            return run_chooser(path, level, view, seed)
        if failure == "error":
            raise RuntimeError("the decision broke")
        return "play:AS"  # not a move during the auction

    monkeypatch.setattr(bot_runner, "run_chooser", left_bids_then_right_fails)
    bot_runner.request_bot_moves(scripted_match.pk)
    wait_until_idle()
    assert current(scripted_match).match.version == 1
    assert [(match_id, event["version"]) for match_id, event in sent] == [(scripted_match.pk, 1)]


def test_a_persons_move_hands_the_computers_turn_to_this_processs_runner(
    alice: Any, scripted_match: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    requests: list[tuple[int, Any]] = []
    monkeypatch.setattr(
        bot_runner,
        "request_bot_moves",
        lambda match_id, turn=None: requests.append((match_id, turn)),
    )
    computer_plays(scripted_match, "pass", "bid:110")
    requests.clear()
    table = services.play(scripted_match.pk, {"action": "pass", "version": "2"}, user=alice)
    match_id, turn = requests[-1]
    assert match_id == scripted_match.pk
    # The turn at the version the move made, with the lease taken in the move's own update.
    assert isinstance(turn, services.ComputerTurn)
    assert (turn.version, turn.seat) == (table.match.version, table.computer_to_move)
    assert turn == services.computer_turn(scripted_match.pk)
    assert Match.objects.get(pk=scripted_match.pk).computer_lease == server_loop.process_name()


def test_a_persons_move_that_leaves_the_computers_nothing_to_do_asks_no_runner(
    alice: Any, scripted_match: Match, runner_requests: list[int]
) -> None:
    computer_plays(scripted_match, "pass", "pass")  # Alice takes the musik at 100
    runner_requests.clear()
    table = services.submit_move(scripted_match.pk, "give:QS", 2, user=alice)
    assert table.to_move == 0  # she gives her second card next
    assert runner_requests == []
    table = services.submit_move(scripted_match.pk, "give:KS", 3, user=alice)
    assert table.to_move == 0  # then she declares her contract
    assert runner_requests == []


def calls_to(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[int]:
    """The matches ``owner.name`` is called for from now on; each call goes through."""
    calls: list[int] = []
    original = getattr(owner, name)

    def recording(match_id: int) -> Any:
        calls.append(match_id)
        return original(match_id)

    monkeypatch.setattr(owner, name, recording)
    return calls


def _alices_move_answered(alice: Any, match: Match, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Lets the computers play up to Alice's turn, then makes her move and returns the
    runner's own looks at the table while the computers answer it."""
    bot_runner.request_bot_moves(match.pk)
    wait_until_idle()
    before = current(match)
    assert before.to_move == 0
    looks = calls_to(monkeypatch, bot_runner, "computer_turn")
    action = run_chooser(before.spec.computers.chooser, "normal", before.view_for(0), "alice")
    services.submit_move(match.pk, action, before.match.version, user=alice)
    wait_until_idle()
    after = current(match)
    # Both computers answered, and it is Alice's turn again.
    assert after.match.version >= before.match.version + 3
    assert after.to_move == 0
    assert Match.objects.get(pk=match.pk).computer_lease == ""
    return looks


def test_answering_a_persons_move_the_runner_reads_no_table_but_those_its_moves_left(
    alice: Any, scripted_match: Match, real_runner: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _alices_move_answered(alice, scripted_match, monkeypatch) == []


def test_the_computers_last_move_gives_the_lease_back_in_its_own_update(
    alice: Any, scripted_match: Match, real_runner: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No statement of its own to let go: another process's change from then on finds the
    lease free (its own runner plays), and one before it made this runner's move stale."""
    releases: list[int] = []
    monkeypatch.setattr(lease, "release_lease", releases.append)
    assert _alices_move_answered(alice, scripted_match, monkeypatch) == []
    assert releases == []


def test_a_look_at_a_table_where_no_computer_is_due_takes_no_lease(
    scripted_match: Match, real_runner: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot_runner.request_bot_moves(scripted_match.pk)
    wait_until_idle()
    assert current(scripted_match).to_move == 0
    taken = calls_to(monkeypatch, lease, "take_lease")
    bot_runner.request_bot_moves(scripted_match.pk)  # as a socket opening at Alice's turn
    wait_until_idle()
    assert taken == []


def test_after_a_restart_the_computers_play_on_without_anyone_opening_the_table(
    scripted_match: Match, real_runner: None
) -> None:
    bot_runner.resume_all()
    wait_until_idle()
    table = current(scripted_match)
    assert table.match.version >= 2
    assert table.state.to_move == 0


def test_the_servers_first_connection_resumes_the_computers_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    resumed = threading.Event()
    calls: list[int] = []

    def resume() -> None:
        calls.append(1)
        resumed.set()

    monkeypatch.setattr(bot_runner, "resume_all", resume)
    monkeypatch.setattr(server_loop, "_server_loop", None)
    loop = asyncio.new_event_loop()
    try:
        for _ in range(3):  # every connection tells the loop; only the first resumes
            bot_runner.remember_server_loop(loop)
        assert resumed.wait(timeout=30)
    finally:
        loop.close()
    assert calls == [1]


def test_a_persons_move_made_as_the_runner_lets_go_hands_it_the_computers_turn(
    alice: Any, scripted_match: Match, real_runner: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice moves again while the runner that answered her is letting go: the runner plays
    on from the turn her move left, without a look at the table of its own."""
    bot_runner.request_bot_moves(scripted_match.pk)
    wait_until_idle()
    stop = bot_runner.MatchRunner._stop
    moves: list[int] = []

    def alice_moves(table: services.Table) -> None:
        action = run_chooser(table.spec.computers.chooser, "normal", table.view_for(0), "alice")
        moves.append(
            services.submit_move(
                table.match.pk, action, table.match.version, user=alice
            ).match.version
        )

    def alice_moves_again() -> None:
        table = current(scripted_match)
        if len(moves) == 1 and table.to_move == 0:
            alice_moves(table)

    def stop_as_alice_moves_again(runner: bot_runner.MatchRunner) -> State:
        # The runner lets go on the event loop; Alice's move comes from a request's thread.
        request = threading.Thread(target=alice_moves_again)
        request.start()
        request.join()
        return stop(runner)

    looks = calls_to(monkeypatch, bot_runner, "computer_turn")
    monkeypatch.setattr(bot_runner.MatchRunner, "_stop", stop_as_alice_moves_again)
    alice_moves(current(scripted_match))
    wait_until_idle()
    assert len(moves) == 2
    after = current(scripted_match)
    assert after.match.version >= moves[1] + 2  # both computers answered her second move too
    assert after.to_move == 0 or after.state.is_over
    assert looks == []


def test_a_forked_server_process_holds_leases_under_a_name_of_its_own() -> None:
    """A server that loads the site, then forks its workers: each worker is a process of its
    own for the leases (one name for all would let two of them play the same turn)."""
    parent = server_loop.process_name()
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        os.write(write, f"{server_loop.process_name()} {bot_runner.active_runners()}".encode())
        os._exit(0)
    os.waitpid(child, 0)
    name, runners = os.read(read, 300).decode().split()
    os.close(read)
    os.close(write)
    assert name != parent
    assert name.split(":")[1] == str(child)
    assert runners == "0"
    assert server_loop.process_name() == parent
