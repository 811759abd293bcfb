"""The arena command end to end on tiny samples, and its statistics."""

from __future__ import annotations

import math

import pytest

from games.thousand.__main__ import main
from games.thousand.arena import (
    HandRecord,
    Summary,
    mean_interval,
    proportion_interval,
    run,
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
