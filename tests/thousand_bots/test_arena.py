"""The arena command end to end on tiny samples, and its statistics."""

from __future__ import annotations

import ast
import math
import random
from pathlib import Path

import pytest

from games.stats import mean_interval, proportion_interval
from games.thousand.__main__ import main
from games.thousand.arena import ARENA_LEVELS, Faults, HandRecord, faults_of, run
from games.thousand.arena_report import Summary
from games.thousand.bots import LEVELS, choose_action, expert_2026_12
from games.thousand.engine import (
    HandState,
    apply,
    deal_hand,
    legal_actions,
    new_hand,
    observation,
)


def test_the_arena_plays_duplicate_hands_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["arena", "beginner", "normal", "expert", "--hands", "2", "--jobs", "1", "--budget", "0.01"]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "6 hands played, 0 bot fallbacks logged" in out
    for level in ("beginner", "normal", "expert"):
        assert f"  {level}" in out
    assert "normal - beginner:" in out
    assert "expert - normal:" in out
    assert "illegal actions refused by the engine: beginner 0, normal 0, expert 0" in out
    assert "wall-clock time per decision with a choice" in out
    assert "processor time per decision with a choice" in out


def test_the_arena_plays_whole_matches_on_two_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["arena", "normal", "beginner", "beginner", "--matches", "1", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "3 matches" in out
    assert "won" in out


def test_the_arena_refuses_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "normal", "normal", "wizard", "--hands", "1"]) == 2
    assert "unknown level" in capsys.readouterr().err


def test_the_same_seed_gives_the_same_records() -> None:
    def records() -> list[tuple[object, ...]]:
        out = []
        for record in run(("normal", "beginner", "normal"), 4, seed=9, jobs=1):
            assert isinstance(record, HandRecord)
            out.append((record.deal, record.rotation, record.levels, record.deltas))
        return out

    first = records()
    assert len(first) == 12
    assert first == records()


def test_duplicate_deals_rotate_every_player_through_every_seat() -> None:
    seats: dict[int, set[int]] = {}
    for record in run(("expert", "normal", "normal"), 2, seed=1, jobs=1, budget=0.005):
        assert isinstance(record, HandRecord)
        seats.setdefault(record.deal, set()).add(record.levels.index("expert"))
    assert seats == {0: {0, 1, 2}, 1: {0, 1, 2}}


def test_intervals() -> None:
    interval = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert interval.mean == 2.5
    assert interval.half_width == pytest.approx(1.96 * math.sqrt(5 / 3) / 2)
    share = proportion_interval(50, 100)
    assert share.mean == 0.5
    assert 0.09 < share.half_width < 0.1
    assert math.isnan(mean_interval([]).mean)


def test_the_duplicate_margin_compares_levels_deal_by_deal() -> None:
    summary = Summary()
    for deal, (strong, weak) in enumerate([(30, 10), (50, 20)]):
        for rotation in range(3):
            deltas = [weak, weak, weak]
            deltas[rotation] = strong
            summary.add(
                HandRecord(
                    deal,
                    rotation,
                    tuple("expert" if s == rotation else "normal" for s in range(3)),  # type: ignore[arg-type]
                    None,
                    None,
                    None,
                    (deltas[0], deltas[1], deltas[2]),
                    [],
                    [],
                    0,
                )
            )
    margin = summary.margin("expert", "normal")
    assert margin.mean == 25.0
    assert margin.count == 2


def test_the_frozen_expert_plays_only_in_the_arena(capsys: pytest.CaptureFixture[str]) -> None:
    assert "expert-2026-12" not in LEVELS
    assert "expert-2026-12" in ARENA_LEVELS
    view = observation(deal_hand(0, random.Random(1)), 1)
    with pytest.raises(ValueError, match="level must be one of beginner, normal, expert"):
        choose_action("expert-2026-12", view, random.Random(1))
    code = main(
        [
            *("arena", "expert", "expert-2026-12", "normal"),
            *("--hands", "2", "--jobs", "1", "--budget", "0.01"),
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "6 hands played, 0 bot fallbacks logged" in out
    assert "expert - expert-2026-12:" in out
    assert "expert-2026-12 - normal:" in out
    assert "illegal actions refused by the engine: normal 0, expert-2026-12 0, expert 0" in out


def test_the_frozen_expert_is_a_copy_that_imports_nothing_of_the_live_players() -> None:
    frozen = Path(expert_2026_12.__file__).parent
    for path in frozen.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 2:
                # Two dots: games.thousand.bots itself. Only the clock it is given is shared.
                assert node.module == "clock", f"{path.name} imports bots.{node.module}"


def _hand(dealer: int, actions: list[str]) -> HandState:
    # Seat 0 holds the marriage of diamonds, the king of hearts and no ace; seat 1 holds the
    # king of clubs, seat 2 the king of spades; the musik holds the three queens.
    state = new_hand(
        dealer,
        [
            ["KD", "QD", "TD", "9D", "KH", "9H", "TC"],
            ["KC", "AC", "AD", "JD", "AH", "TH", "9S"],
            ["KS", "AS", "TS", "JS", "9C", "JC", "JH"],
        ],
        ["QC", "QS", "QH"],
    )
    for action in actions:
        state = apply(state, action)
    return state


def test_the_faults_name_a_contract_raised_on_a_marriage_without_an_ace_and_its_gifts() -> None:
    # Dealer 1: seat 2 opens at 100, seat 0 raises to 110 and the others pass.
    state = _hand(1, ["bid:110", "pass", "pass", "give:QC", "give:QS", "contract:110"])
    while legal_actions(state):
        state = apply(state, legal_actions(state)[0])
    assert state.result is not None
    faults = faults_of(state)
    assert faults is not None
    assert faults.raised
    assert faults.marriages == 1
    assert not faults.ace
    # QC completes seat 1's clubs marriage and QS seat 2's spades: two marriage cards given,
    # none of them out of a marriage of the declarer's own.
    assert faults.completing_gifts == 2
    assert faults.breaking_gifts == 0
    points = state.result.hand_points[0]
    assert faults.shortfall == (0 if state.result.made else 110 - points)


def test_the_faults_name_marriages_broken_by_gifts_and_the_compulsory_bid_is_no_raise() -> None:
    # Dealer 2: seat 0 opens at 100, the others pass, and it gives away the queens of its
    # marriage of diamonds and of the hearts marriage the musik completed.
    state = _hand(2, ["pass", "pass", "give:QD", "give:QH", "contract:100"])
    while legal_actions(state):
        state = apply(state, legal_actions(state)[0])
    faults = faults_of(state)
    assert faults is not None
    assert not faults.raised
    assert faults.completing_gifts == 0
    assert faults.breaking_gifts == 2


def test_the_report_counts_the_faults_by_declarer_level() -> None:
    summary = Summary()
    no_ace = Faults(True, 1, False, 1, 0, 30)
    two = Faults(True, 2, True, 0, 1, 0)
    for deal, (faults, made, contract) in enumerate([(no_ace, False, 120), (two, True, 200)]):
        summary.add(
            HandRecord(
                deal,
                0,
                ("expert", "normal", "normal"),
                0,
                contract,
                made,
                (contract if made else -contract, 0, 0),
                [],
                [],
                0,
                faults,
            )
        )
    report = summary.report()
    assert (
        "expert         raised on a marriage without an ace: 1 hands, made 0.0% ± 79.3, "
        "contract 120.0, short 30.0" in report
    )
    assert (
        "expert         raised on two marriages or more: 1 hands, made 100.0% ± 79.3, "
        "contract 200.0, short nan" in report
    )
    assert (
        "expert         marriage cards given: 1 completing the receiver's marriage, "
        "1 out of its own, in 2 hands declared" in report
    )
