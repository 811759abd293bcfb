"""A decision that fails, answers illegally or overruns its time falls back to the simple
action and logs it on ``games.rummy.bots`` without naming any tile."""

from __future__ import annotations

import logging
import random
import re
from dataclasses import replace

import pytest

import games.rummy.bots as bots
from games.rummy.bots import choose_action
from games.rummy.engine import Observation

from .positions import view

TILE_NAME = re.compile(r"\b([RBKO]([1-9]|1[0-3])|J)\b")


def _only_public(records: list[logging.LogRecord]) -> list[str]:
    messages = [record.getMessage() for record in records]
    for message in messages:
        assert not TILE_NAME.search(message), message
    return messages


def test_an_exception_falls_back_to_drawing_and_logs_no_tile(
    monkeypatch: pytest.MonkeyPatch, fallbacks: list[logging.LogRecord]
) -> None:
    def broken(view: Observation, rng: random.Random, budget: object) -> str:
        raise ValueError("R7 B7 K7 is in the rack")

    monkeypatch.setitem(bots._PLAYERS, "normal", broken)
    assert choose_action("normal", view("R7 B7 K7 J"), random.Random(1)) == "draw"
    assert _only_public(fallbacks) == [
        "the normal computer player raised ValueError (seat 0, turn 10, 4 tiles in its rack); "
        "playing the simple fallback action instead"
    ]
    fallbacks.clear()


def test_an_illegal_answer_falls_back_to_passing_when_the_pool_is_empty(
    monkeypatch: pytest.MonkeyPatch, fallbacks: list[logging.LogRecord]
) -> None:
    monkeypatch.setitem(bots._PLAYERS, "beginner", lambda view, rng, budget: "play:R7 B7 O7")
    assert choose_action("beginner", view("R7 B7 K7", pool=0), random.Random(1)) == "pass"
    assert _only_public(fallbacks) == [
        "the beginner computer player chose an illegal action (seat 0, turn 10, "
        "3 tiles in its rack); playing the simple fallback action instead"
    ]
    fallbacks.clear()


def test_running_out_of_time_falls_back(
    monkeypatch: pytest.MonkeyPatch, fallbacks: list[logging.LogRecord]
) -> None:
    monkeypatch.setattr(bots, "HARD_LIMIT", 0.0)
    assert choose_action("expert", view("R7 B7 K7 O1", "R4 R5 R6"), random.Random(1)) == "draw"
    assert _only_public(fallbacks) == [
        "the expert computer player ran out of time (seat 0, turn 10, 4 tiles in its rack); "
        "playing the simple fallback action instead"
    ]
    fallbacks.clear()


def test_a_drawing_answer_with_an_empty_pool_is_illegal(
    monkeypatch: pytest.MonkeyPatch, fallbacks: list[logging.LogRecord]
) -> None:
    monkeypatch.setitem(bots._PLAYERS, "normal", lambda view, rng, budget: "draw")
    assert choose_action("normal", view("R1", pool=0), random.Random(1)) == "pass"
    assert len(_only_public(fallbacks)) == 1
    fallbacks.clear()


def test_an_unknown_level_or_another_seats_turn_is_refused() -> None:
    with pytest.raises(ValueError, match="level must be one of"):
        choose_action("grandmaster", view("R1"), random.Random(1))
    with pytest.raises(ValueError, match="not this seat's turn"):
        choose_action("normal", replace(view("R1"), to_move=1), random.Random(1))
