"""The solve and bench commands."""

from __future__ import annotations

import json
import pathlib

import pytest

from games.rummy.__main__ import main
from games.rummy.bench import percentile, play_games, report
from games.rummy.engine.tiles import FULL_SET
from games.rummy.engine.turn import check_turn
from games.rummy.solve_command import solve_lines

EXAMPLE = '{"table": [["R4","R5","R6","R7"]], "rack": ["B7","K7","R10"], "melded": true}'


def test_solve_prints_the_best_play_with_the_new_table() -> None:
    (line,) = solve_lines(EXAMPLE)
    assert json.loads(line) == {
        "ok": True,
        "found": True,
        "played": ["B7", "K7"],
        "points": 14,
        "changed": 1,
        "table": [["R4", "R5", "R6"], ["R7", "B7", "K7"]],
    }


def test_solve_reads_json_lines_and_says_when_there_is_no_play() -> None:
    text = '{"table": [], "rack": ["R1"], "melded": true}\n' + EXAMPLE + "\n"
    first, second = (json.loads(line) for line in solve_lines(text))
    assert first == {"ok": True, "found": False}
    assert second["played"] == ["B7", "K7"]


def test_malformed_positions_are_reported_and_the_next_line_is_read() -> None:
    lines = [
        "[1, 2]",
        '{"table": [], "rack": []}',
        '{"table": [], "rack": ["X1"], "melded": true}',
        '{"table": [], "rack": [], "melded": "yes"}',
        '{"table": [["R1","R2"]], "rack": [], "melded": true}',
        '{"table": [["R1","R2","R3"],["R1","R2","R3"]], "rack": ["R1"], "melded": true}',
        "not json",
        EXAMPLE,
    ]
    results = [json.loads(line) for line in solve_lines("\n".join(lines))]
    assert [result["ok"] for result in results] == [False] * 7 + [True]
    assert results[0]["error"] == "the input must be a JSON object"
    assert results[1]["error"] == "missing key 'melded'"
    assert "X1" in results[2]["error"]
    assert results[3]["error"] == "melded must be true or false"
    assert "too short" in results[4]["error"]
    assert "copies" in results[5]["error"]


def test_the_solve_command_reads_a_file(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "position.json"
    path.write_text(EXAMPLE, encoding="utf-8")
    assert main(["solve", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["played"] == ["B7", "K7"]


def test_bench_games_are_legal_and_conserve_the_tiles() -> None:
    record = play_games(1, seed=3, players=2, levels=("greedy", "normal"))
    assert record.games == 1
    assert record.positions
    assert record.turns
    for turn in record.turns:
        check_turn(turn.table_before, turn.rack, turn.melded, turn.table_after)
    last = record.turns[-1]
    assert sum(len(tiles) for tiles in last.table_after) <= len(FULL_SET)
    lines = report(record, 3, ("greedy", "normal"), 0.5, repeat=1)
    assert lines[0].startswith("1 seeded games (seed 3)")
    assert any("checks/s" in line for line in lines)


def test_percentile_is_the_nearest_rank() -> None:
    values = [float(value) for value in range(1, 21)]
    assert percentile(values, 0.5) == 10.0
    assert percentile(values, 0.95) == 19.0
    assert percentile(values, 1.0) == 20.0
    assert percentile([7.0], 0.95) == 7.0
