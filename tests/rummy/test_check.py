"""The check command: ``python -m games.rummy check FILE``."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.rummy.__main__ import main
from games.rummy.check import check_lines

ISSUE_INPUT = (
    '{"table_before": [["R4","R5","R6","R7"]], "rack": ["B7","K7","R10"], "melded": true,\n'
    '"table_after": [["R4","R5","R6"],["R7","B7","K7"]]}'
)
ISSUE_OUTPUT = '{"ok": true, "legal": true, "played": ["B7","K7"], "points": 14}'


def verdicts(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in check_lines(text)]


def turn(before: object, rack: object, melded: object, after: object) -> str:
    return json.dumps(
        {"table_before": before, "rack": rack, "melded": melded, "table_after": after}
    )


def test_the_issues_example_prints_the_issues_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "turn.json"
    path.write_text(ISSUE_INPUT, encoding="utf-8")
    assert main(["check", str(path)]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert [json.loads(line) for line in printed] == [json.loads(ISSUE_OUTPUT)]


def test_the_command_reads_json_lines_from_standard_input() -> None:
    lines = "\n".join(
        [
            turn([], ["O3", "O4", "O6"], True, [["O3", "O4", "O6"]]),
            turn([], ["R10", "B10", "K10", "J"], False, [["J", "K10", "R10", "B10"]]),
        ]
    )
    done = subprocess.run(
        [sys.executable, "-m", "games.rummy", "check", "-"],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.splitlines() == [
        '{"ok": true, "legal": false, "error": "The run O3 O4 O6 has a gap."}',
        '{"ok": true, "legal": true, "played": ["R10", "B10", "K10", "J"], "points": 40}',
    ]


def test_played_tiles_are_sorted_by_colour_r_b_k_o_then_number_jokers_last() -> None:
    assert verdicts(turn([], ["O1", "J", "K1", "B1"], True, [["J", "O1", "K1", "B1"]])) == [
        {"ok": True, "legal": True, "played": ["B1", "K1", "O1", "J"], "points": 4}
    ]


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("[1, 2]", "the input must be a JSON object"),
        ('"turn"', "the input must be a JSON object"),
        ("{nope", "not valid JSON: Expecting property name enclosed in double quotes"),
        ('{"rack": [], "melded": true, "table_after": []}', "missing key 'table_before'"),
        (turn([], [], "yes", []), "melded must be true or false"),
        (turn([], [], 1, []), "melded must be true or false"),
        (turn([["R1", "R2", "R3"]], "R4", True, []), "rack must be a list of tiles"),
        (turn(["R1 R2 R3"], [], True, []), "table_before must be a list of sets"),
        (turn([], [], True, [["R1"], "R2"]), "table_after must be a list of sets"),
        (turn([], ["r4"], True, []), 'rack: "r4" is not a tile'),
        (turn([], ["R0"], True, []), 'rack: "R0" is not a tile'),
        (turn([], [], True, [["R14"]]), 'table_after: "R14" is not a tile'),
        (turn([], [4], True, []), "rack: 4 is not a tile"),
        (turn([["J", "J", "J"]], [], True, []), "table_before: the table is not valid"),
        (turn([["O3", "O4", "O6"]], [], True, []), "table_before: the table is not valid"),
        (
            turn([["R1", "R2", "R3"], ["R1", "R2", "R3"], ["R1", "B1", "K1"]], [], True, []),
            "table_before: the table holds 3 copies of R1",
        ),
    ],
)
def test_malformed_input_is_not_an_illegal_turn(text: str, error: str) -> None:
    [verdict] = verdicts(text)
    assert verdict["ok"] is False
    assert str(verdict["error"]).startswith(error)


def test_after_a_malformed_line_the_next_line_is_still_checked() -> None:
    text = "\n".join(["{broken", turn([], ["R1"], True, []), turn([], ["R1"], True, [])])
    result = verdicts(text)
    assert [verdict["ok"] for verdict in result] == [False, True, True]
    assert result[0]["error"] == (
        "line 1 is not valid JSON: Expecting property name enclosed in double quotes: "
        "line 1 column 2 (char 1)"
    )


def test_an_empty_input_and_an_unreadable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n"))
    assert main(["check", "-"]) == 0
    assert capsys.readouterr().out == '{"ok": false, "error": "the input is empty"}\n'
    assert main(["check", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
