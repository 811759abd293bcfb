"""The replay command: a deal plus actions in, the resulting hand as one JSON line out.

Used by tests, bug reports and the site's own replays. See ``run_scenario`` for the format.

A scenario is ``HandState.deal_record()`` plus ``actions``. With ``"rules": {"players": 4}``
the ``dealer`` is a table seat 0-3 who sits the hand out, ``hands`` and ``scores`` are the
three other seats' in playing order from the dealer's left (hand positions 0, 1, 2), every
seat number in the output is a hand position, and the output adds ``seats``: the table seat
at each position. With ``"musik_points": true`` as well, ``dealer_score`` is the score of
the dealer sitting out (0 if left out) and the output adds ``musik_points`` and, once the
hand is over, ``dealer_delta``.

With ``"rules": {"players": 2}`` there are two hands of 10 cards, ``musik`` is the two
musiks (two lists of 2 cards), and the output adds ``musik_choice`` (1, 2 or ``null``) and
``discards``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from ..jsonlines import documents_in as json_documents
from .engine import (
    CARD_NAMES,
    OVER,
    HandState,
    IllegalAction,
    Rules,
    apply,
    hand_seats,
    legal_actions,
    musik_points,
    new_hand,
)
from .engine.cards import SUITS

_FIELDS = {"rules", "dealer", "scores", "hands", "musik", "dealer_score", "actions"}
_REQUIRED = ("dealer", "hands", "musik", "actions")


class MalformedScenario(ValueError):
    """The scenario itself is wrong (not JSON, a bad deal, a missing field)."""


def build_hand(scenario: object) -> tuple[HandState, list[str]]:
    """The starting hand and the action list of a scenario, or ``MalformedScenario``."""
    if not isinstance(scenario, dict):
        raise MalformedScenario("a scenario must be a JSON object")
    unknown = sorted(set(scenario) - _FIELDS)
    if unknown:
        raise MalformedScenario(f"unknown field {', '.join(map(repr, unknown))}")
    missing = [name for name in _REQUIRED if name not in scenario]
    if missing:
        raise MalformedScenario(f"missing field {', '.join(map(repr, missing))}")
    actions = scenario["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise MalformedScenario("actions must be a list of strings")
    try:
        rules = Rules.from_dict(scenario.get("rules", {}))
        state = new_hand(
            scenario["dealer"],
            scenario["hands"],
            scenario["musik"],
            scenario.get("scores"),
            rules,
            scenario.get("dealer_score", 0),
        )
    except (ValueError, TypeError) as error:
        raise MalformedScenario(str(error)) from None
    return state, actions


def describe(state: HandState) -> dict[str, Any]:
    """The replay output for a hand state (everything is visible: this is not a player view)."""
    out: dict[str, Any] = {
        "ok": True,
        "phase": state.phase,
        "to_move": state.to_move,
        "legal": sorted(legal_actions(state)),
        "declarer": state.declarer,
        "bid": state.bid,
        "contract": state.contract,
        "trump": None if state.trump is None else SUITS[state.trump],
        "tricks": [
            {"leader": t.leader, "cards": [CARD_NAMES[c] for c in t.cards], "winner": t.winner}
            for t in state.tricks
        ],
        "marriages": [
            {"seat": m.seat, "suit": SUITS[m.suit], "trick": m.trick} for m in state.marriages
        ],
    }
    if state.rules.players == 4:
        out["seats"] = list(hand_seats(state))
    if state.rules.musik_points:
        out["musik_points"] = musik_points(state.musik)
    if state.musiks:
        out["musik_choice"] = None if state.chosen is None else state.chosen + 1
        out["discards"] = [CARD_NAMES[card] for card in state.discards]
    if state.phase == OVER and state.result is not None:
        out["hand_points"] = list(state.result.hand_points)
        out["score_deltas"] = list(state.result.score_deltas)
        out["scores"] = list(state.result.scores)
        out["winner"] = state.result.winner
        if state.rules.musik_points:
            out["dealer_delta"] = state.result.dealer_delta
    return out


def run_scenario(scenario: object) -> dict[str, Any]:
    """Plays a scenario's actions and describes the result, or the first thing wrong."""
    try:
        state, actions = build_hand(scenario)
    except MalformedScenario as error:
        return {"ok": False, "error": str(error)}
    for index, action in enumerate(actions):
        try:
            state = apply(state, action)
        except IllegalAction as error:
            return {"ok": False, "index": index, "action": action, "error": str(error)}
    return describe(state)


def scenarios_in(text: str) -> Iterator[object]:
    """The scenarios of a document: one JSON value, or JSON Lines (one per non-blank line).

    A line that is not JSON yields a ``MalformedScenario`` in its place (see ``documents_in``).
    """
    return json_documents(text, MalformedScenario)


def replay_lines(text: str) -> Iterable[str]:
    """One output JSON line per scenario of ``text``."""
    for scenario in scenarios_in(text):
        if isinstance(scenario, MalformedScenario):
            result: dict[str, Any] = {"ok": False, "error": str(scenario)}
        else:
            result = run_scenario(scenario)
        yield json.dumps(result)
