"""The computer players: sensible decisions in scripted positions, always legal, repeatable,
and a fallback that keeps the match going when a player fails."""

from __future__ import annotations

import ast
import inspect
import logging
import random
import time
from pathlib import Path

import pytest

import games.thousand.bots as bots
from games.thousand.bots import LEVELS, choose_action, fallback_action
from games.thousand.bots.clock import Clock
from games.thousand.engine import (
    BIDDING,
    GIVING,
    PLAYING,
    HandState,
    IllegalAction,
    Observation,
    Rules,
    apply,
    deal_hand,
    legal_actions,
    new_hand,
    observation,
)

from .helpers import bot_positions

BOTS_DIR = Path(bots.__file__).parent
SEARCHED = 40
"""Worlds the Expert samples in the scripted positions: a fixed count, so that the tests do
not depend on the machine's speed."""


def scripted(
    hands: list[list[str]], musik: list[str], actions: list[str], dealer: int = 2
) -> HandState:
    state = new_hand(dealer, hands, musik)
    for action in actions:
        state = apply(state, action)
    return state


# Seat 0 opens (dealer 2) with both marriages of spades and hearts; clubs 9 and J in musik.
MARRIAGES_DEAL = (
    [
        ["AS", "TS", "KS", "QS", "AH", "KH", "QH"],
        ["9S", "JS", "QC", "KC", "TC", "AC", "9D"],
        ["JD", "QD", "KD", "TD", "9H", "JH", "TH"],
    ],
    ["AD", "9C", "JC"],
)


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_the_declarer_gives_pointless_cards_from_a_short_suit_and_keeps_its_marriages(
    level: str,
) -> None:
    state = scripted(*MARRIAGES_DEAL, ["pass", "pass"])
    assert state.phase == GIVING
    rng = random.Random(1)
    first = choose_action(level, observation(state, 0), rng, worlds=SEARCHED)
    state = apply(state, first)
    second = choose_action(level, observation(state, 0), rng, worlds=SEARCHED)
    assert {first, second} == {"give:9C", "give:JC"}


@pytest.mark.parametrize("level", ["beginner", "normal"])
def test_it_declares_a_marriage_as_soon_as_it_may(level: str) -> None:
    actions = ["pass", "pass", "give:9C", "give:JC", "contract:120"]
    actions += ["play:AD", "play:9D", "play:JD"]  # seat 0 wins the first trick
    state = scripted(*MARRIAGES_DEAL, actions)
    assert state.to_move == 0
    assert state.phase == PLAYING
    action = choose_action(level, observation(state, 0), random.Random(2), worlds=SEARCHED)
    best = ("play:QH", "play:KH")
    assert action in (best if level == "normal" else (*best, "play:QS", "play:KS"))


# Seat 0 opens at 100 with little; seat 1 holds the clubs, seat 2 no club.
FEEDING_DEAL = (
    [
        ["9C", "JC", "9S", "JS", "QS", "KS", "9H"],
        ["AC", "TC", "KC", "QC", "AS", "TS", "AH"],
        ["AD", "TD", "KD", "TH", "KH", "QH", "JH"],
    ],
    ["9D", "JD", "QD"],
)


def test_an_opponent_feeds_a_ten_to_its_partners_winning_trick() -> None:
    actions = ["pass", "pass", "give:9D", "give:JD", "contract:100", "play:9C", "play:AC"]
    state = scripted(*FEEDING_DEAL, actions)
    assert state.to_move == 2
    action = choose_action("normal", observation(state, 2), random.Random(3))
    assert action in ("play:TD", "play:TH", "play:AD")


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_it_does_not_bid_over_100_with_a_weak_hand(level: str) -> None:
    weak = [
        ["AS", "TS", "KS", "QS", "AH", "KH", "QH"],
        ["9S", "JS", "9C", "JC", "9D", "JD", "KD"],
        ["KC", "TC", "AC", "QC", "QD", "TD", "AD"],
    ]
    state = scripted(weak, ["9H", "JH", "TH"], [], dealer=0)
    assert state.phase == BIDDING
    assert state.to_move == 2
    state = apply(state, "pass")
    assert state.to_move == 0
    # Seat 0 may bid up to 260 with its two marriages: it does bid.
    assert choose_action(
        level, observation(state, 0), random.Random(4), worlds=SEARCHED
    ).startswith("bid:")
    weak_seat = scripted(weak, ["9H", "JH", "TH"], [], dealer=1)
    # Dealer 1: seat 2 opens at 100; seat 0 bids; seat 1 (nothing) must pass.
    weak_seat = apply(weak_seat, "bid:110")
    assert weak_seat.to_move == 1
    assert (
        choose_action(level, observation(weak_seat, 1), random.Random(5), worlds=SEARCHED) == "pass"
    )


def test_the_expert_takes_a_forced_win() -> None:
    # Found by search: only TH makes seat 1's contract, whatever the hidden cards are.
    hands = [
        ["JS", "AS", "JC", "QC", "QD", "JH", "KH"],
        ["QS", "KS", "TS", "9C", "9D", "TD", "QH"],
        ["9S", "TC", "AC", "JD", "KD", "AD", "9H"],
    ]
    actions = [
        "pass",
        "pass",
        "give:9C",
        "give:9D",
        "contract:100",
        "play:AH",
        "play:9H",
        "play:JH",
        "play:QS",
        "play:9S",
        "play:AS",
        "play:9D",
        "play:TD",
        "play:AD",
        "play:AC",
        "play:QC",
        "play:KC",
        "play:9C",
        "play:JC",
        "play:KS",
        "play:TS",
        "play:JD",
        "play:JS",
    ]
    state = scripted(hands, ["KC", "TH", "AH"], actions, dealer=0)
    assert state.to_move == 1
    assert set(legal_actions(state)) == {"play:QH", "play:TH"}
    for seed in range(3):
        assert (
            choose_action("expert", observation(state, 1), random.Random(seed), worlds=SEARCHED)
            == "play:TH"
        )


@pytest.mark.parametrize(
    ("levels", "hands"),
    [
        (("beginner", "beginner", "beginner"), 150),
        (("normal", "normal", "normal"), 150),
        (("normal", "beginner", "normal"), 100),
        (("expert", "normal", "beginner"), 12),
    ],
)
def test_every_level_plays_only_legal_actions(
    levels: tuple[str, str, str], hands: int, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(7)
    finished = 0
    with caplog.at_level(logging.ERROR, logger="games.thousand.bots"):
        for state in bot_positions(17, hands, levels, budget=0.01):
            if not legal_actions(state):
                finished += 1
                continue
            seat = state.to_move
            assert seat is not None
            view = observation(state, seat)
            action = choose_action(levels[seat], view, rng, budget=0.01)
            assert action in view.legal
    assert finished == hands
    assert not caplog.records


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_hand(level: str) -> None:
    def play() -> list[str]:
        *_, last = bot_positions_fixed(level)
        return last.actions()

    assert play() == play()


def bot_positions_fixed(level: str) -> list[HandState]:
    rng = random.Random(99)
    state = new_hand(*_deal_for_determinism())
    positions = [state]
    while legal_actions(state):
        seat = state.to_move
        assert seat is not None
        action = choose_action(level, observation(state, seat), rng, worlds=6)
        state = apply(state, action)
        positions.append(state)
    return positions


def _deal_for_determinism() -> tuple[int, list[list[str]], list[str]]:
    return (1, *FEEDING_DEAL)


def _position() -> Observation:
    state = scripted(*FEEDING_DEAL, ["pass", "pass", "give:9D", "give:JD", "contract:100"])
    return observation(state, 0)


def _hidden_names(view: Observation) -> set[str]:
    seen = set(view.hand) | set(view.musik or ()) | {g for g in view.gives if g}
    for trick in view.tricks:
        seen |= set(trick.cards)
    seen |= set(view.trick)
    from games.thousand.engine import CARD_NAMES

    return set(CARD_NAMES) - seen


def test_a_failing_player_falls_back_to_a_legal_action_and_logs_no_card(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(view: Observation, rng: random.Random, clock: Clock) -> str:
        raise RuntimeError("the search broke")

    monkeypatch.setitem(bots._PLAYERS, "expert", broken)
    view = _position()
    with caplog.at_level(logging.ERROR, logger="games.thousand.bots"):
        action = choose_action("expert", view, random.Random(1))
    assert action == fallback_action(view)
    assert action in view.legal
    (record,) = caplog.records
    assert record.name == "games.thousand.bots"
    assert "raised an exception" in record.getMessage()
    logged = caplog.text
    assert not any(name in logged.split() or name in logged for name in _hidden_names(view))
    assert not any(name in record.getMessage() for name in view.hand)


def test_a_player_that_runs_out_of_time_falls_back(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def endless(view: Observation, rng: random.Random, clock: Clock) -> str:
        while True:
            clock.check()

    monkeypatch.setattr(bots, "HARD_LIMIT", 0.05)
    monkeypatch.setitem(bots._PLAYERS, "expert", endless)
    view = _position()
    with caplog.at_level(logging.ERROR, logger="games.thousand.bots"):
        action = choose_action("expert", view, random.Random(1), budget=0.01)
    assert action in view.legal
    assert "ran out of time" in caplog.text


def test_a_late_or_illegal_answer_is_replaced(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def slow(view: Observation, rng: random.Random, clock: Clock) -> str:
        time.sleep(0.08)
        return view.legal[-1]

    monkeypatch.setattr(bots, "HARD_LIMIT", 0.05)
    monkeypatch.setitem(bots._PLAYERS, "normal", slow)
    monkeypatch.setitem(bots._PLAYERS, "beginner", lambda view, rng, clock: "play:AS")
    view = _position()
    with caplog.at_level(logging.ERROR, logger="games.thousand.bots"):
        assert choose_action("normal", view, random.Random(1), budget=0.01) in view.legal
        assert choose_action("beginner", view, random.Random(1)) in view.legal
    assert "answered too late" in caplog.text
    assert "chose an illegal action" in caplog.text


def test_it_refuses_an_unknown_level_and_a_seat_not_to_move() -> None:
    view = _position()
    with pytest.raises(ValueError, match="level"):
        choose_action("grandmaster", view, random.Random(1))
    state = scripted(*FEEDING_DEAL, ["pass", "pass", "give:9D", "give:JD", "contract:100"])
    with pytest.raises(ValueError, match="turn"):
        choose_action("normal", observation(state, 1), random.Random(1))


def test_the_fallback_is_always_legal() -> None:
    for state in bot_positions(3, 30, ("beginner", "normal", "beginner")):
        seat = state.to_move
        if seat is not None and legal_actions(state):
            view = observation(state, seat)
            action = fallback_action(view)
            try:
                apply(state, action)
            except IllegalAction:  # pragma: no cover - a failure
                pytest.fail(f"fallback {action} is illegal")


# What the bots may take from the engine: the observation type, the card tables and
# constants, the rules options and scoring arithmetic. Nothing that builds or steps a real
# hand (HandState, apply, legal_actions, observation, deals, matches).
ALLOWED_ENGINE_IMPORTS = {
    "games.thousand.engine": {"Observation"},
    "games.thousand.engine.cards": None,
    "games.thousand.engine.rules": None,
    "games.thousand.engine.actions": {"DISCARD_ACTIONS", "GIVE_ACTIONS", "PLAY_ACTIONS"},
    "games.thousand.engine.scoring": {"round_opponent_points"},
    "games.thousand.engine.tricks": {"trick_winner"},
    "games.thousand.engine.state": {
        "BIDDING",
        "CONTRACT_PHASE",
        "DISCARDING",
        "GIVING",
        "MUSIK_PHASE",
        "PLAYING",
        "REDEAL_PHASE",
    },
}


def _absolute(module: str, level: int) -> str:
    if level == 0:
        return module
    base = ["games", "thousand", "bots"]
    return ".".join(base[: len(base) - level + 1] + ([module] if module else []))


def test_the_bots_take_nothing_from_the_engine_that_could_see_a_real_hand() -> None:
    for path in sorted(BOTS_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("games.thousand.engine"), path.name
                    assert not alias.name.startswith("django"), path.name
            elif isinstance(node, ast.ImportFrom):
                module = _absolute(node.module or "", node.level)
                assert not module.startswith("django"), path.name
                if module.startswith("games.thousand.engine"):
                    assert module in ALLOWED_ENGINE_IMPORTS, (path.name, module)
                    allowed = ALLOWED_ENGINE_IMPORTS[module]
                    names = {alias.name for alias in node.names}
                    assert allowed is None or names <= allowed, (path.name, names)


def test_choose_action_takes_only_the_observation_and_a_random_generator() -> None:
    parameters = inspect.signature(choose_action).parameters
    assert list(parameters) == ["level", "view", "rng", "budget", "worlds"]
    assert parameters["view"].annotation in (Observation, "Observation")
    assert parameters["budget"].kind is inspect.Parameter.KEYWORD_ONLY


@pytest.mark.parametrize("level", LEVELS)
def test_the_decision_depends_only_on_what_the_seat_sees(level: str) -> None:
    # Two deals that differ only in cards seat 0 cannot see (swapped between seat 1's hand
    # and the musik) give seat 0 the same observation, so the same decision.
    hands, musik = FEEDING_DEAL
    other_hands = [hands[0], [*hands[1][:6], "QD"], hands[2]]
    other_musik = ["9D", "JD", "AH"]
    first = new_hand(1, hands, musik)
    second = new_hand(1, other_hands, other_musik)
    assert observation(first, 0) == observation(second, 0)
    for state in (first, second):
        assert state.to_move == 0
    actions = {
        choose_action(level, observation(state, 0), random.Random(5), worlds=6)
        for state in (first, second)
    }
    assert len(actions) == 1


@pytest.mark.parametrize(
    "rules",
    [
        Rules(following="classic", four_nines="abandon"),
        Rules(target=500, bid_step=5, rounding="five"),
    ],
    ids=["classic-following-abandon", "short-match-steps-of-5"],
)
def test_every_level_is_legal_under_the_variant_rules(
    rules: Rules, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(4)
    for number in range(12):
        scores = (rng.randrange(-100, 480), rng.randrange(0, 480), rng.randrange(0, 480))
        state = deal_hand(number % 3, rng, scores, rules)
        levels = (LEVELS[number % 3], LEVELS[(number + 1) % 3], LEVELS[(number + 2) % 3])
        while legal_actions(state):
            seat = state.to_move
            assert seat is not None
            view = observation(state, seat)
            with caplog.at_level(logging.ERROR, logger="games.thousand.bots"):
                action = choose_action(levels[seat], view, rng, worlds=4)
            assert not caplog.records, "a computer player fell back"
            assert action in view.legal
            state = apply(state, action)
