"""Computer players in the two-player game (rules 4.1): always legal without falling back,
sensible discards, sampled worlds that agree with the observation (the opponent's hand, the
other musik and the discards it did not see), and a fast simulation that agrees with the
engine."""

from __future__ import annotations

import logging
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.thousand.__main__ import main
from games.thousand.arena import HandRecord, run
from games.thousand.bots import LEVELS, choose_action, fallback_action
from games.thousand.bots.knowledge import read
from games.thousand.bots.rollout import choose_card, solve
from games.thousand.bots.sampling import sample_world
from games.thousand.engine import (
    BIDDING,
    DISCARDING,
    MUSIK_PHASE,
    PLAYING,
    HandState,
    Rules,
    after_hand,
    apply,
    deal_hand,
    deal_next,
    legal_actions,
    new_hand,
    new_match,
    observation,
)
from games.thousand.engine.cards import marriage_total, names_of

from .helpers import bot_positions, random_positions
from .test_fastplay import _agrees_to_the_end, _engine_minimax, _table
from .test_sampling import assert_consistent, decision_views

TWO = Rules(players=2)
SEARCHED = 40
"""Worlds the Expert samples in the scripted positions (a fixed count: machine-independent)."""


def scripted(hands: list[str], musiks: list[list[str]], actions: str, dealer: int = 1) -> HandState:
    state = new_hand(dealer, [hand.split() for hand in hands], musiks, rules=TWO)
    for action in actions.split():
        state = apply(state, action)
    return state


@pytest.mark.parametrize(
    ("levels", "hands"),
    [
        (("beginner", "beginner"), 60),
        (("normal", "normal"), 60),
        (("normal", "beginner"), 60),
        (("expert", "normal"), 6),
        (("beginner", "expert"), 6),
    ],
)
def test_every_level_plays_only_legal_actions_and_never_falls_back(
    levels: tuple[str, str], hands: int, caplog: pytest.LogCaptureFixture
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
    assert not caplog.records, "a computer player fell back"


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=2, following="classic", four_nines="abandon"),
        Rules(players=2, target=500, bid_step=5, rounding="five"),
    ],
    ids=["classic-following-abandon", "short-match-steps-of-5"],
)
def test_every_level_is_legal_under_the_variant_rules(
    rules: Rules, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(4)
    for number in range(18):
        scores = (rng.randrange(-100, 480), rng.randrange(0, 480))
        state = deal_hand(number % 2, rng, scores, rules)
        levels = (LEVELS[number % 3], LEVELS[(number + 1) % 3])
        while legal_actions(state):
            seat = state.to_move
            assert seat is not None
            view = observation(state, seat)
            with caplog.at_level(logging.ERROR, logger="games.thousand.bots"):
                action = choose_action(levels[seat], view, rng, worlds=4)
            assert not caplog.records, "a computer player fell back"
            assert action in view.legal
            state = apply(state, action)


def test_computer_players_finish_a_two_player_match_to_500(
    caplog: pytest.LogCaptureFixture,
) -> None:
    rng = random.Random(5)
    rules = Rules(target=500, players=2)
    match = new_match(rng, rules)
    levels = ("normal", "beginner")
    with caplog.at_level(logging.ERROR, logger="games.thousand.bots"):
        while not match.is_over and match.hands_played < 200:
            state = deal_next(match, rng)
            while legal_actions(state):
                assert state.to_move is not None
                view = observation(state, state.to_move)
                state = apply(state, choose_action(levels[state.to_move], view, rng))
            match = after_hand(match, state)
    assert match.winner is not None
    assert match.scores[match.winner] >= 500
    assert not caplog.records


# Seat 0 opens (dealer 1) with the hearts and diamonds marriages and both black aces. The
# first musik brings 9C, a pointless card of a suit it holds little of, and KS.
STRONG = ["AH TH KH QH KD QD AS TS AC 9D", "9H JH QS JS 9S KC QC TC JC AD"]
STRONG_MUSIKS = [["9C", "KS"], ["JD", "TD"]]


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_the_declarer_keeps_its_marriages_and_aces_and_discards_the_lone_club_nine(
    level: str,
) -> None:
    state = scripted(STRONG, STRONG_MUSIKS, "pass musik:1")
    assert state.phase == DISCARDING
    rng = random.Random(1)
    discards = []
    for _ in range(2):
        action = choose_action(level, observation(state, 0), rng, worlds=SEARCHED)
        discards.append(action)
        state = apply(state, action)
    kept = set(names_of(state.hands[0]))
    assert {"AH", "KH", "QH", "KD", "QD", "AS", "AC"} <= kept
    assert "discard:9C" in discards
    if level == "normal":
        # The Normal player keeps every point: both nines go. (The Expert lays TH away
        # instead of 9D: in its playouts both make 220 every time, and with 9D kept the
        # opponent takes about 9 points fewer.)
        assert sorted(discards) == ["discard:9C", "discard:9D"]


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_it_raises_its_contract_with_two_marriages_kept(level: str) -> None:
    state = scripted(STRONG, STRONG_MUSIKS, "pass musik:1 discard:9C discard:9D")
    action = choose_action(level, observation(state, 0), random.Random(2), worlds=SEARCHED)
    assert action.startswith("contract:")
    assert int(action[9:]) >= 200


WEAK = ["9H JH QS JS 9S KC TC JC 9D JD", "AH TH KH QH KD QD AS TS AC QC"]
WEAK_MUSIKS = [["KS", "9C"], ["AD", "TD"]]


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_a_dealer_with_a_weak_hand_lets_the_opener_play_its_100(level: str) -> None:
    state = scripted(WEAK, WEAK_MUSIKS, "", dealer=0)
    assert (state.phase, state.to_move) == (BIDDING, 0)
    assert choose_action(level, observation(state, 0), random.Random(3), worlds=SEARCHED) == "pass"


def test_the_expert_takes_a_forced_win() -> None:
    # Found by search: seat 1 declares 100 and, with three tricks left, makes it only by
    # leading JD, whatever the other musik and seat 0's last cards are.
    state = scripted(
        [
            "JS KS JC TC KD AD 9H QH TH AH",
            "9S QS TS 9C QC KC AC QD TD KH",
        ],
        [["AS", "JH"], ["9D", "JD"]],
        "pass musik:2 discard:9S discard:9C contract:100 "
        "play:AC play:JC play:QC play:TC play:AH play:KH play:AD play:9D "
        "play:9H play:KC play:TD play:KD play:QD play:JS",
        dealer=0,
    )
    assert (state.to_move, state.declarer, state.taken) == (1, 1, (39, 36))
    assert set(legal_actions(state)) == {"play:QS", "play:TS", "play:JD"}
    for seed in range(3):
        view = observation(state, 1)
        assert choose_action("expert", view, random.Random(seed), worlds=SEARCHED) == "play:JD"


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_chooses_a_musik(level: str) -> None:
    state = scripted(STRONG, STRONG_MUSIKS, "pass")
    assert state.phase == MUSIK_PHASE
    choices = {
        choose_action(level, observation(state, 0), random.Random(seed), worlds=4)
        for seed in range(12)
    }
    assert choices == {"musik:1", "musik:2"}


@pytest.mark.parametrize("level", LEVELS)
def test_the_decision_depends_only_on_what_the_seat_sees(level: str) -> None:
    # The same hands for the declarer (seat 0): the opponent's hand, the other musik and the
    # declarer's discards differ, which seat 0 sees only as its own discards.
    first = scripted(STRONG, STRONG_MUSIKS, "pass musik:1 discard:9C discard:9D contract:200")
    swapped = ["AH TH KH QH KD QD AS TS AC 9D", "9H JH QS JS 9S KC QC TC JC TD"]
    second = scripted(
        swapped, [["9C", "KS"], ["JD", "AD"]], "pass musik:1 discard:9C discard:9D contract:200"
    )
    assert observation(first, 0) == observation(second, 0)
    # And for the opponent (seat 1), deals that differ in the declarer's discards and the
    # other musik look the same once the declarer has discarded.
    playing = "pass musik:1 discard:9C {} contract:200 play:AS"
    opponent_first = scripted(STRONG, STRONG_MUSIKS, playing.format("discard:9D"))
    other_deal = ["AH TH KH QH KD QD AS TS AC JD", STRONG[1]]
    opponent_second = scripted(
        other_deal, [["9C", "KS"], ["9D", "TD"]], playing.format("discard:JD")
    )
    assert observation(opponent_first, 1) == observation(opponent_second, 1)
    for pair, seat in (((first, second), 0), ((opponent_first, opponent_second), 1)):
        actions = {
            choose_action(level, observation(state, seat), random.Random(5), worlds=6)
            for state in pair
        }
        assert len(actions) == 1


@settings(max_examples=20, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), lineup=st.sampled_from(["bn", "nn", "nb", "en"]))
def test_sampled_worlds_replay_to_the_same_observation(seed: int, lineup: str) -> None:
    levels = tuple({"b": "beginner", "n": "normal", "e": "expert"}[c] for c in lineup)
    rng = random.Random(seed)
    for state in bot_positions(seed, 2, levels, budget=0.002):
        for view in decision_views(state):
            assert_consistent(view, sample_world(read(view), rng))


def test_sampled_worlds_agree_with_random_play() -> None:
    rng = random.Random(2)
    checked = 0
    for state in random_positions(seed=4, hands=40, rules=TWO):
        for view in decision_views(state):
            assert_consistent(view, sample_world(read(view), rng))
            checked += 1
    assert checked > 500


def test_the_opponent_s_worlds_vary_the_discards_and_the_other_musik() -> None:
    state = scripted(STRONG, STRONG_MUSIKS, "pass musik:1 discard:9C discard:9D contract:200")
    view = observation(state, 1)
    know = read(view)
    rng = random.Random(3)
    worlds = [sample_world(know, rng) for _ in range(300)]
    for world in worlds:
        assert_consistent(view, world)
        # The declarer holds or discarded the musik's KS, never put it in the other musik.
        assert world.musiks[0] == know.musik
        assert not world.musiks[1] & know.musik
    discards = {tuple(sorted(world.discards)) for world in worlds}
    assert len(discards) > 20
    assert any(world.hands[0] >> 3 & 1 for world in worlds)  # KS kept (card 3)
    assert any(3 in world.discards for world in worlds)  # KS discarded


def test_bids_over_120_give_the_bidder_a_marriage_in_its_dealt_hand() -> None:
    # Seat 0 opens (dealer 1); seat 1 jumps to 200: 80 of marriages at least.
    state = scripted(WEAK, WEAK_MUSIKS, "bid:200")
    view = observation(state, 0)
    rng = random.Random(5)
    for _ in range(100):
        world = sample_world(read(view), rng)
        assert_consistent(view, world)
        assert marriage_total(world.deal[1]) >= 80


def test_the_fast_simulation_agrees_with_the_engine_in_two_player_hands() -> None:
    rng = random.Random(11)
    checked = 0
    for state in random_positions(seed=5, hands=100, rules=TWO):
        if state.phase == PLAYING and rng.random() < 0.3:
            _agrees_to_the_end(state, rng)
            checked += 1
    assert checked > 200


def test_the_endgame_solver_agrees_with_brute_force_in_two_player_hands() -> None:
    rng = random.Random(21)
    checked = 0
    for state in random_positions(seed=9, hands=150, rules=TWO):
        if state.phase == PLAYING and len(state.tricks) >= 7 and rng.random() < 0.5:
            assert state.declarer is not None
            assert solve(_table(state))[state.declarer] == _engine_minimax(state)
            checked += 1
    assert checked > 100


def test_the_playout_policy_plays_only_legal_cards_in_two_player_hands() -> None:
    rng = random.Random(4)
    for state in random_positions(seed=12, hands=60, rules=TWO):
        if state.phase == PLAYING and rng.random() < 0.3:
            table = _table(state)
            while not table.over:
                card = choose_card(table)
                assert table.legal() >> card & 1
                table.play(card)


def test_the_fallback_is_always_legal_and_discards_the_cheapest_card() -> None:
    for state in bot_positions(3, 20, ("beginner", "normal")):
        if legal_actions(state):
            assert state.to_move is not None
            apply(state, fallback_action(observation(state, state.to_move)))
    state = scripted(STRONG, STRONG_MUSIKS, "pass")
    assert fallback_action(observation(state, 0)) == "musik:1"
    state = apply(state, "musik:1")
    assert fallback_action(observation(state, 0)) in ("discard:9C", "discard:9D")


def test_the_arena_plays_two_player_duplicate_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "normal", "beginner", "--hands", "3", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "6 hands played, 0 bot fallbacks logged" in out
    assert "normal - beginner:" in out
    assert "illegal actions refused by the engine: beginner 0, normal 0" in out
    seats: dict[int, set[int]] = {}
    for record in run(("normal", "beginner"), 2, seed=1, jobs=1):
        assert isinstance(record, HandRecord)
        assert len(record.deltas) == 2
        seats.setdefault(record.deal, set()).add(record.levels.index("normal"))
    assert seats == {0: {0, 1}, 1: {0, 1}}


def test_the_arena_refuses_one_or_four_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "normal", "--hands", "1"]) == 2
    assert main(["arena", "normal", "normal", "normal", "normal", "--hands", "1"]) == 2
    assert "two-player game" in capsys.readouterr().err
