"""The replay command, in process and end to end, and the benchmark command."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.thousand.engine import Rules, apply, new_hand
from games.thousand.replay import describe, run_scenario

from .helpers import worked_example

ROOT = Path(__file__).resolve().parents[2]

README_DEAL: dict[str, Any] = {
    "dealer": 2,
    "hands": [
        ["AS", "TS", "KS", "QS", "9H", "JH", "AD"],
        ["9S", "JS", "AC", "TC", "KC", "QC", "TD"],
        ["KD", "9D", "JD", "AH", "TH", "KH", "QH"],
    ],
    "musik": ["9C", "JC", "QD"],
}
LOW_AT_SEAT_1: dict[str, Any] = {
    "dealer": 2,
    "hands": [
        ["AS", "TS", "KS", "QS", "AC", "TC", "9H"],
        ["9S", "9C", "9D", "JS", "JC", "JD", "QH"],
        ["KC", "QC", "AD", "TD", "KD", "QD", "JH"],
    ],
    "musik": ["KH", "TH", "AH"],
}


def scenario(
    actions: list[str], base: dict[str, Any] = README_DEAL, **extra: Any
) -> dict[str, Any]:
    return {**base, **extra, "actions": actions}


def replay(argument: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games.thousand", "replay", argument],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def output_lines(stdin: str) -> list[dict[str, Any]]:
    """The JSON lines printed for ``stdin``, checking that nothing went wrong on the way."""
    result = replay("-", stdin)
    assert (result.returncode, result.stderr) == (0, "")
    return [json.loads(line) for line in result.stdout.splitlines()]


WORKED_EXAMPLE_OUTPUT = {
    "ok": True,
    "phase": "over",
    "to_move": None,
    "legal": [],
    "declarer": 0,
    "bid": 100,
    "contract": 120,
    "trump": "C",
    "tricks": [
        {"leader": 0, "cards": ["AS", "QS", "TS"], "winner": 0},
        {"leader": 0, "cards": ["QC", "AC", "TC"], "winner": 1},
        {"leader": 1, "cards": ["QH", "TH", "AH"], "winner": 0},
        {"leader": 0, "cards": ["JC", "9H", "JD"], "winner": 0},
        {"leader": 0, "cards": ["QD", "KD", "AD"], "winner": 2},
        {"leader": 2, "cards": ["TD", "KC", "9D"], "winner": 0},
        {"leader": 0, "cards": ["9C", "KS", "KH"], "winner": 0},
        {"leader": 0, "cards": ["JS", "9S", "JH"], "winner": 0},
    ],
    "marriages": [{"seat": 0, "suit": "C", "trick": 2}],
    "hand_points": [138, 24, 18],
    "score_deltas": [120, 20, 20],
    "scores": [120, 20, 20],
    "winner": None,
}


def test_a_finished_hand_is_described_with_every_field_in_order() -> None:
    result = run_scenario(worked_example())
    assert result == WORKED_EXAMPLE_OUTPUT
    assert list(result) == list(WORKED_EXAMPLE_OUTPUT)


def test_a_four_player_hand_is_described_by_hand_position_with_the_table_seats() -> None:
    # Seat 1 deals and sits out; seats 2, 3 and 0 play the worked example from 30, 40 and 10.
    result = run_scenario(
        {**worked_example(rules={"players": 4}, scores=[30, 40, 10]), "dealer": 1}
    )
    before_result = list(WORKED_EXAMPLE_OUTPUT)[: list(WORKED_EXAMPLE_OUTPUT).index("hand_points")]
    expected = {
        **{key: WORKED_EXAMPLE_OUTPUT[key] for key in before_result},
        "seats": [2, 3, 0],
        "hand_points": [138, 24, 18],
        "score_deltas": [120, 20, 20],
        "scores": [150, 60, 30],
        "winner": None,
    }
    assert result == expected
    assert list(result) == list(expected)


@pytest.mark.parametrize(
    ("dealer", "seats"), [(0, [1, 2, 3]), (1, [2, 3, 0]), (2, [3, 0, 1]), (3, [0, 1, 2])]
)
def test_a_four_player_deal_is_asked_and_bid_from_the_dealer_s_left(
    dealer: int, seats: list[int]
) -> None:
    four = {"players": 4}
    asked = run_scenario(scenario([], LOW_AT_SEAT_1, rules=four, dealer=dealer))
    assert (asked["phase"], asked["to_move"], asked["seats"]) == ("redeal", 1, seats)
    bidding = run_scenario(scenario(["keep", "bid:110"], LOW_AT_SEAT_1, rules=four, dealer=dealer))
    assert (bidding["bid"], bidding["to_move"], bidding["seats"]) == (110, 2, seats)


def test_a_stored_four_player_hand_replays_from_its_deal_record_and_actions() -> None:
    state = new_hand(
        3, README_DEAL["hands"], README_DEAL["musik"], (250, -40, 790), Rules(players=4), 560
    )
    for action in ["pass", "bid:110", "pass", "give:9C", "give:JC", "contract:120", "play:AH"]:
        state = apply(state, action)
    record = state.deal_record()
    assert record == {
        "rules": {**Rules().to_dict(), "players": 4},
        "dealer": 3,
        "scores": [250, -40, 790],
        "hands": [sorted_like(hand) for hand in README_DEAL["hands"]],
        "musik": sorted_like(README_DEAL["musik"]),
        "dealer_score": 560,
    }
    replayed = run_scenario({**json.loads(json.dumps(record)), "actions": state.actions()})
    assert replayed == describe(state)
    assert (replayed["to_move"], replayed["declarer"], replayed["seats"]) == (0, 2, [0, 1, 2])


def sorted_like(cards: list[str]) -> list[str]:
    """Cards in the engine's order (by suit, then rank), as a deal record lists them."""
    return sorted(cards, key=lambda card: ("SCDH".index(card[1]), "9JQKTA".index(card[0])))


def test_a_hand_in_play_has_no_result_fields_yet() -> None:
    actions = ["pass", "bid:110", "pass", "give:9C", "give:JC", "contract:120", "play:AH"]
    assert run_scenario(scenario(actions)) == {
        "ok": True,
        "phase": "playing",
        "to_move": 0,
        "legal": ["play:9H", "play:JH"],
        "declarer": 2,
        "bid": 110,
        "contract": 120,
        "trump": None,
        "tricks": [],
        "marriages": [],
    }


@pytest.mark.parametrize(
    ("actions", "phase", "to_move", "legal", "bid"),
    [
        ([], "redeal", 1, ["keep", "redeal"], None),
        (["redeal"], "redealt", None, [], None),
        (["keep"], "bidding", 1, ["bid:110", "bid:120", "pass"], 100),
        (["keep", "bid:110", "pass", "pass"], "giving", 1, None, 110),
        (["keep", "pass", "pass", "give:9H", "give:TC"], "contract", 0, None, 100),
    ],
)
def test_each_phase_is_described_with_who_moves_and_the_sorted_legal_actions(
    actions: list[str], phase: str, to_move: int | None, legal: list[str] | None, bid: int | None
) -> None:
    result = run_scenario(scenario(actions, LOW_AT_SEAT_1))
    assert (result["phase"], result["to_move"], result["bid"]) == (phase, to_move, bid)
    assert result["legal"] == sorted(result["legal"])
    if legal is not None:
        assert result["legal"] == legal
    assert "hand_points" not in result


def test_the_contract_phase_lists_the_sorted_contracts() -> None:
    result = run_scenario(scenario(["pass", "pass", "give:9H", "give:JH"]))
    assert result["legal"] == ["contract:100", "contract:110", "contract:120", "contract:130",
                               "contract:140", "contract:150", "contract:160"]  # fmt: skip


def test_the_first_illegal_action_is_reported_with_its_index() -> None:
    result = run_scenario(scenario(["pass", "pass", "give:9C", "give:9C", "contract:120"]))
    assert result == {"ok": False, "index": 3, "action": "give:9C", "error": "You do not hold 9C."}


def test_an_action_after_the_end_of_the_hand_is_illegal() -> None:
    actions = [*worked_example()["actions"], "play:AS"]
    assert run_scenario(scenario(actions, worked_example())) == {
        "ok": False,
        "index": 29,
        "action": "play:AS",
        "error": "The hand is over.",
    }


def test_rules_and_scores_are_optional_and_used_when_given() -> None:
    result = run_scenario(
        worked_example(rules={"target": 500, "rounding": "five"}, scores=[380, 400, 100])
    )
    assert (result["score_deltas"], result["scores"], result["winner"]) == (
        [120, 0, 20],
        [500, 400, 120],
        0,
    )


def with_hands(*hands: list[str]) -> dict[str, Any]:
    return scenario([], hands=list(hands))


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (with_hands(["10H", "TS", "KS", "QS", "9H", "JH", "AD"], README_DEAL["hands"][1],
                    README_DEAL["hands"][2]),
         "'10H' is not a card (rank 9 J Q K T A, then suit S C D H)"),
        (with_hands(README_DEAL["hands"][0], README_DEAL["hands"][0], README_DEAL["hands"][2]),
         "AS is dealt twice (hand 0 and hand 1)"),
        (scenario([], musik=["9C", "JC", "AS"]), "AS is dealt twice (hand 0 and the musik)"),
        (with_hands(README_DEAL["hands"][0], README_DEAL["hands"][1][:6], README_DEAL["hands"][2]),
         "hand 1 must hold 7 cards, not 6"),
        (scenario([], musik=["9C", "JC"]), "the musik must hold 3 cards, not 2"),
        (with_hands(README_DEAL["hands"][0], README_DEAL["hands"][1]),
         "hands must be a list of three hands"),
        ({"dealer": 2, "hands": README_DEAL["hands"]}, "missing field 'musik', 'actions'"),
        ({**scenario([]), "seed": 7}, "unknown field 'seed'"),
        (scenario([], rules={"players": 5}), "rules: players must be 3, 4 or 2, not 5"),
        (scenario([], rules={"seats": 4}), "rules: unknown option 'seats'"),
        (scenario([], rules={"target": 700}), "rules: target must be 1000 or 500, not 700"),
        (scenario([], dealer=3), "dealer must be 0, 1 or 2, not 3"),
        (scenario([], dealer=4, rules={"players": 4}), "dealer must be 0, 1, 2 or 3, not 4"),
        (scenario([], scores=[0, 0]), "scores must be a list of three whole numbers"),
        ({**scenario([]), "actions": "pass"}, "actions must be a list of strings"),
        ([README_DEAL], "a scenario must be a JSON object"),
    ],
)  # fmt: skip
def test_a_malformed_scenario_gets_an_error_and_no_traceback(bad: object, error: str) -> None:
    assert run_scenario(bad) == {"ok": False, "error": error}


def test_the_command_replays_a_scenario_file(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(worked_example()), encoding="utf-8")
    result = replay(str(path))
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.count("\n") == 1
    assert json.loads(result.stdout) == WORKED_EXAMPLE_OUTPUT


def test_the_command_reads_a_pretty_printed_scenario_from_standard_input() -> None:
    assert output_lines(json.dumps(worked_example(), indent=2)) == [WORKED_EXAMPLE_OUTPUT]


def test_the_command_replays_json_lines_and_goes_on_after_errors() -> None:
    lines = [
        json.dumps(scenario(["pass", "pass"])),
        "",
        json.dumps(scenario(["pass", "bid:230"])),
        '{"dealer": 2,',
        json.dumps(scenario([], musik=["9C", "JC", "AS"])),
        json.dumps(worked_example()),
        json.dumps({**worked_example(rules={"players": 4}), "dealer": 0}),
    ]
    out = output_lines("\n".join(lines) + "\n")
    assert len(out) == 6
    assert (out[0]["ok"], out[0]["phase"], out[0]["declarer"]) == (True, "giving", 0)
    assert out[1] == {
        "ok": False,
        "index": 1,
        "action": "bid:230",
        "error": "With the marriages you hold you may bid at most 220.",
    }
    assert out[2]["ok"] is False
    assert out[2]["error"].startswith("line 4 is not valid JSON: ")
    assert out[3] == {"ok": False, "error": "AS is dealt twice (hand 0 and the musik)"}
    assert out[4] == WORKED_EXAMPLE_OUTPUT
    assert out[5] == {**WORKED_EXAMPLE_OUTPUT, "seats": [1, 2, 3]}


def test_a_bad_first_line_does_not_stop_the_lines_after_it() -> None:
    out = output_lines("not json\n" + json.dumps(scenario(["pass"])) + "\n")
    assert out[0] == {
        "ok": False,
        "error": "line 1 is not valid JSON: Expecting value: line 1 column 1 (char 0)",
    }
    assert (out[1]["ok"], out[1]["to_move"]) == (True, 2)
    assert len(out) == 2


def test_a_pretty_printed_scenario_with_a_typo_gets_a_single_error() -> None:
    text = json.dumps(worked_example(), indent=2).replace('"dealer": 2,', '"dealer": 2')
    out = output_lines(text)
    assert len(out) == 1
    assert out[0]["ok"] is False
    assert out[0]["error"].startswith("not valid JSON: ")


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", "the input is empty"),
        ("  \n\n", "the input is empty"),
        ("[" * 100_000, "not valid JSON: it is nested too deeply"),
    ],
)
def test_the_command_answers_empty_or_absurd_input_with_an_error_line(
    text: str, error: str
) -> None:
    assert output_lines(text) == [{"ok": False, "error": error}]


def test_an_odd_action_string_is_an_illegal_action_not_a_crash() -> None:
    out = output_lines(json.dumps(scenario(["bid:²", "pass"])))
    assert out == [
        {"ok": False, "index": 0, "action": "bid:²", "error": "bid needs a number, as in bid:110."}
    ]


def test_an_unreadable_file_is_reported_on_standard_error(tmp_path: Path) -> None:
    result = replay(str(tmp_path / "missing.json"))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"cannot read {tmp_path / 'missing.json'}: ")
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("options", "players"), [([], 3), (["--players", "2"], 2)])
def test_the_benchmark_prints_hands_and_actions_per_second(
    options: list[str], players: int
) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "games.thousand", "bench", "--hands", "200", *options],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert re.fullmatch(
        rf"200 complete random hands of {players} players, \d+ actions \(seed 1\)\n"
        r"  wall clock +\d+\.\d\d s: [\d,]+ hands/s, [\d,]+ actions/s\n"
        r"  processor +\d+\.\d\d s: [\d,]+ hands/s, [\d,]+ actions/s\n",
        result.stdout,
    )


TWO_PLAYER_HAND: dict[str, Any] = {
    "rules": {"players": 2},
    "dealer": 1,
    "hands": [
        ["AH", "TH", "KH", "QH", "AS", "TS", "KS", "9S", "AC", "9D"],
        ["9H", "JH", "QS", "JS", "KC", "QC", "TC", "JC", "AD", "TD"],
    ],
    "musik": [["KD", "QD"], ["9C", "JD"]],
    "scores": [300, 850],
}
"""The scripted hand of ``test_two_players``: seat 0 declares 200 after taking the first
musik and discarding 9S and 9D, and makes 236; seat 1, on the barrel, takes 122."""
TWO_PLAYER_ACTIONS = [
    "bid:110",
    "bid:120",
    "pass",
    "musik:1",
    "discard:9S",
    "discard:9D",
    "contract:200",
    "play:AS",
    "play:JS",
    "play:QH",
    "play:JH",
    "play:AH",
    "play:9H",
    "play:KD",
    "play:AD",
    "play:QC",
    "play:AC",
    "play:TS",
    "play:QS",
    "play:KS",
    "play:JC",
    "play:TD",
    "play:QD",
    "play:TC",
    "play:KH",
    "play:KC",
    "play:TH",
]


def test_a_two_player_hand_is_described_with_its_musik_choice_and_discards() -> None:
    result = run_scenario({**TWO_PLAYER_HAND, "actions": TWO_PLAYER_ACTIONS})
    assert result["ok"] is True
    assert (result["declarer"], result["bid"], result["contract"]) == (0, 120, 200)
    assert (result["musik_choice"], result["discards"]) == (1, ["9S", "9D"])
    assert result["trump"] == "C"
    assert [m["suit"] for m in result["marriages"]] == ["H", "D", "C"]
    assert len(result["tricks"]) == 10
    assert result["hand_points"] == [236, 122]
    assert result["score_deltas"] == [200, 0]
    assert result["scores"] == [500, 850]
    assert "seats" not in result


def test_a_two_player_hand_is_described_at_the_choice_of_a_musik() -> None:
    result = run_scenario({**TWO_PLAYER_HAND, "actions": TWO_PLAYER_ACTIONS[:3]})
    assert (result["phase"], result["to_move"], result["legal"]) == (
        "musik",
        0,
        ["musik:1", "musik:2"],
    )
    assert (result["musik_choice"], result["discards"]) == (None, [])


def test_the_replay_command_plays_two_player_scenarios_as_json_lines() -> None:
    lines = output_lines(
        json.dumps({**TWO_PLAYER_HAND, "actions": TWO_PLAYER_ACTIONS})
        + "\n"
        + json.dumps({**TWO_PLAYER_HAND, "actions": ["pass", "musik:3"]})
        + "\n"
    )
    assert lines[0]["hand_points"] == [236, 122]
    assert lines[1] == {"ok": False, "index": 1, "action": "musik:3", "error": "3 is out of range."}
