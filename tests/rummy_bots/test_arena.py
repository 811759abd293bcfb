"""The arena: fair rotations, its statistics, and the command end to end."""

from __future__ import annotations

import pytest

from games.rummy.__main__ import main
from games.rummy.bots.arena import GameRecord, mean_interval, percentile, rotations, summarize


def test_each_level_sits_in_each_seat_once_per_deal() -> None:
    assert rotations(("expert", "normal", "beginner")) == [
        ("expert", "normal", "beginner"),
        ("beginner", "expert", "normal"),
        ("normal", "beginner", "expert"),
    ]


def _game(deal: int, levels: tuple[str, ...], scores: tuple[int, ...]) -> GameRecord:
    winners = tuple(seat for seat, score in enumerate(scores) if score == max(scores))
    times = tuple((level, 0.01 * (seat + 1), 0.005) for seat, level in enumerate(levels))
    return GameRecord(deal, levels, scores, winners, 40, times, (), ())


def test_the_summary_pairs_the_margin_deal_by_deal() -> None:
    records = [
        _game(0, ("expert", "normal"), (30, -30)),
        _game(0, ("normal", "expert"), (-10, 10)),
        _game(1, ("expert", "normal"), (-20, 20)),
        _game(1, ("normal", "expert"), (-40, 40)),
    ]
    summary = summarize(("expert", "normal"), records)
    # Deal 0: expert +20, normal -20 on average, a margin of 40; deal 1: 10 - (-10) = 20.
    margin = summary.margin("expert", "normal")
    assert (margin.mean, margin.count) == (30.0, 2)
    assert margin.half_width == pytest.approx(1.96 * 14.142135623730951 / 2**0.5)
    assert summary.wins == {"expert": 3.0, "normal": 1.0}
    assert mean_interval(summary.points["expert"]).mean == 15.0


def test_the_summary_gives_each_levels_share_of_games_won_with_its_interval() -> None:
    records = [
        _game(0, ("expert", "greedy"), (30, -30)),
        _game(0, ("greedy", "expert"), (-10, 10)),
        _game(1, ("expert", "greedy"), (0, 0)),
        _game(1, ("greedy", "expert"), (-40, 40)),
    ]
    summary = summarize(("expert", "greedy"), records)
    # Expert's shares: 1, 1, 0.5 (a tie), 1; greedy's: 0, 0, 0.5, 0.
    won = summary.won("expert")
    assert (won.mean, won.count) == (87.5, 4)
    assert won.half_width == pytest.approx(100 * 1.96 * 0.25 / 2)
    assert summary.won("greedy").mean == 12.5
    assert summary.levels() == ["greedy", "expert"]


def test_percentile_is_the_nearest_rank() -> None:
    assert percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.95) == 5.0
    assert percentile([float(value) for value in range(1, 101)], 0.95) == 95.0


def test_the_arena_command_plays_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "beginner", "normal", "--games", "2", "--seed", "3", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "2 games of 2 players (beginner normal), 1 deals each played in 2 rotations" in out
    assert "  normal - beginner: " in out
    assert "illegal turns refused by the engine: beginner 0, normal 0" in out
    assert "fallbacks to the simple action: beginner 0, normal 0" in out


def test_the_arena_command_measures_a_level_against_the_greedy_yardstick(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["arena", "normal", "greedy", "--games", "2", "--seed", "3", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "2 games of 2 players (normal greedy), 1 deals each played in 2 rotations" in out
    assert "games won, % (95% CI; parity 50.0%)" in out
    assert "  normal - greedy: +0.00 ± " in out
    assert "illegal turns refused by the engine: greedy 0, normal 0" in out
    assert "fallbacks to the simple action: greedy 0, normal 0" in out


def test_the_arena_command_refuses_a_lineup_it_cannot_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["arena", "expert", "--games", "2"]) == 2
    assert main(["arena", "expert", "master", "--games", "2"]) == 2
    assert "give 2 to 4 levels" in capsys.readouterr().err


def test_the_report_counts_fallbacks_with_their_reasons() -> None:
    game = _game(0, ("expert", "normal"), (5, -5))
    reason = "the expert computer player ran out of time (seat 0, turn 3, 9 tiles in its rack)"
    fell_back = GameRecord(
        0, game.levels, game.scores, game.winners, 40, (), (), (("expert", reason),)
    )
    report = summarize(("expert", "normal"), [game, fell_back]).report()
    assert "fallbacks to the simple action: normal 0, expert 1" in report
    assert f"  1 x {reason}" in report
