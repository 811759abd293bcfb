"""The Expert's fast trick-play simulation agrees with the engine: same legal cards, same
trick winners, same marriages, same hand points and score changes."""

from __future__ import annotations

import random

import pytest

from games.thousand.bots.fastplay import Table, legal_mask, score_deltas
from games.thousand.bots.rollout import choose_card, solve
from games.thousand.engine import (
    PLAYING,
    HandState,
    Rules,
    apply,
    deal_hand,
    legal_actions,
    score_hand,
)
from games.thousand.engine.cards import CARD_BY_NAME

from .helpers import random_positions


def _table(state: HandState) -> Table:
    assert state.declarer is not None
    assert state.contract is not None
    assert state.leader is not None
    return Table(
        list(state.hands),
        state.declarer,
        state.contract,
        state.leader,
        list(state.trick),
        -1 if state.trump is None else state.trump,
        len(state.tricks),
        list(state.taken),
        list(state.marriage_points),
        state.rules.following == "must_beat",
    )


def _engine_mask(state: HandState) -> int:
    mask = 0
    for action in legal_actions(state):
        mask |= 1 << CARD_BY_NAME[action[5:]]
    return mask


def _agrees_to_the_end(state: HandState, rng: random.Random) -> None:
    table = _table(state)
    while state.phase == PLAYING:
        assert table.to_move == state.to_move
        mask = _engine_mask(state)
        assert (
            legal_mask(table.hands[table.to_move], table.trick, table.trump, table.must_beat)
            == mask
        )
        assert table.legal() == mask
        card = rng.choice([c for c in range(24) if mask >> c & 1])
        state = apply(state, f"play:{'9JQKTA'[card % 6]}{'SCDH'[card // 6]}")
        table.play(card)
        assert table.leader == state.leader or state.phase != PLAYING
        assert table.taken == list(state.taken)
        assert table.marriages == list(state.marriage_points)
        assert table.trump == (-1 if state.trump is None else state.trump)
    assert table.over
    assert state.result is not None
    assert table.hand_points() == state.result.hand_points
    assert state.declarer is not None
    assert state.contract is not None
    deltas = score_deltas(
        state.rules, state.scores, state.declarer, state.contract, table.hand_points()
    )
    assert deltas == state.result.score_deltas


def test_it_agrees_with_the_engine_from_random_positions() -> None:
    rng = random.Random(11)
    checked = 0
    for state in random_positions(seed=5, hands=120):
        if state.phase == PLAYING and rng.random() < 0.3:
            _agrees_to_the_end(state, rng)
            checked += 1
    assert checked > 200


@pytest.mark.parametrize(
    "rules",
    [Rules(following="classic"), Rules(target=500, bid_step=5, rounding="five")],
    ids=["classic-following", "short-match"],
)
def test_it_agrees_with_the_engine_under_variant_rules(rules: Rules) -> None:
    rng = random.Random(3)
    for number in range(60):
        scores = (rng.randrange(-200, 1000), rng.randrange(-200, 1000), rng.randrange(0, 480))
        state = deal_hand(number % 3, rng, scores, rules)
        while state.phase != PLAYING and legal_actions(state):
            legal = legal_actions(state)
            state = apply(state, "keep" if "keep" in legal else rng.choice(legal))
        if state.phase == PLAYING:
            _agrees_to_the_end(state, rng)


def test_scoring_agrees_with_the_engine_on_the_barrel_and_the_cap() -> None:
    rng = random.Random(8)
    for rules in (Rules(), Rules(target=500, rounding="five")):
        for _ in range(500):
            scores = (rng.randrange(-300, 1000), rng.randrange(300, 1000), rng.randrange(0, 1000))
            points = (rng.randrange(0, 280), rng.randrange(0, 120), rng.randrange(0, 120))
            declarer = rng.randrange(3)
            contract = rng.randrange(10, 29) * 10
            expected = score_hand(rules, scores, declarer, contract, points).score_deltas
            assert score_deltas(rules, scores, declarer, contract, points) == expected


def _engine_minimax(state: HandState) -> int:
    """The declarer's hand points under best play, by brute force through the engine."""
    if state.phase != PLAYING:
        assert state.result is not None
        assert state.declarer is not None
        return state.result.hand_points[state.declarer]
    results = [_engine_minimax(apply(state, action)) for action in legal_actions(state)]
    return max(results) if state.to_move == state.declarer else min(results)


def test_the_endgame_solver_agrees_with_brute_force_through_the_engine() -> None:
    rng = random.Random(21)
    checked = 0
    for state in random_positions(seed=9, hands=150):
        if state.phase == PLAYING and len(state.tricks) >= 6 and rng.random() < 0.5:
            assert state.declarer is not None
            assert solve(_table(state))[state.declarer] == _engine_minimax(state)
            checked += 1
    assert checked > 100


def test_the_playout_policy_plays_only_legal_cards() -> None:
    rng = random.Random(4)
    for state in random_positions(seed=12, hands=80):
        if state.phase == PLAYING and rng.random() < 0.3:
            table = _table(state)
            while not table.over:
                card = choose_card(table)
                assert table.legal() >> card & 1
                table.play(card)
