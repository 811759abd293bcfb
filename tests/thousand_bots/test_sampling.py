"""Determinization: every sampled world agrees with everything the seat observed.

The strongest check replays the sampled deal through the engine with the observed actions
(the hidden given card and the hidden ``keep`` answers filled in from the world) and asks
the engine for the seat's observation: it must be exactly the one the bot was given.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.thousand.bots.knowledge import read
from games.thousand.bots.sampling import World, sample_world
from games.thousand.engine import (
    REDEAL_PHASE,
    HandState,
    Observation,
    apply,
    new_hand,
    observation,
)
from games.thousand.engine.cards import CARD_NAMES, marriage_total, names_of
from games.thousand.engine.state import start_hand

from .helpers import bot_positions, random_positions


def replay_world(world: World, view: Observation) -> HandState:
    """The hand the world and the observed actions make, through the engine."""
    # A dealer sitting a four-player hand out is at no position: the seat before position 0.
    dealer = (view.seats[0] - 1) % 4 if view.dealer is None else view.dealer
    state = start_hand(view.rules, dealer, world.deal, world.musik, view.scores, world.musiks)
    gifts = iter(world.gifts)
    discards = iter(world.discards)
    for _, action in view.history:
        while state.phase == REDEAL_PHASE and state.to_move != view.seat:
            state = apply(state, "keep")
        if action == "bid:100":
            continue  # the compulsory opening bid, made by the rules
        if action == "give":
            action = f"give:{CARD_NAMES[next(gifts)]}"
        elif action.startswith("give:"):
            next(gifts)
        elif action == "discard":
            action = f"discard:{CARD_NAMES[next(discards)]}"
        elif action.startswith("discard:"):
            assert action == f"discard:{CARD_NAMES[next(discards)]}"
        state = apply(state, action)
    while state.phase == REDEAL_PHASE and state.to_move != view.seat:
        state = apply(state, "keep")
    return state


def assert_consistent(view: Observation, world: World) -> None:
    assert world.hands[view.seat].bit_count() == len(view.hand)
    assert observation(replay_world(world, view), view.seat) == view


def decision_views(state: HandState) -> list[Observation]:
    """The views worth checking: the seat to move, and every seat during the play."""
    views = []
    for seat in range(len(state.hands)):
        view = observation(state, seat)
        if view.to_move == seat or (view.phase == "playing" and view.phase != REDEAL_PHASE):
            views.append(view)
    return views


@settings(max_examples=25, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), lineup=st.sampled_from(["bnn", "nnn", "nbb", "eeb"]))
def test_sampled_worlds_replay_to_the_same_observation(seed: int, lineup: str) -> None:
    levels = tuple({"b": "beginner", "n": "normal", "e": "expert"}[c] for c in lineup)
    rng = random.Random(seed)
    for state in bot_positions(seed, 2, (levels[0], levels[1], levels[2]), budget=0.002):
        for view in decision_views(state):
            assert_consistent(view, sample_world(read(view), rng))


def test_sampled_worlds_agree_with_random_play() -> None:
    # Uniformly random play bids and plays wildly: a harder test of the inferences.
    rng = random.Random(2)
    for state in random_positions(seed=4, hands=40):
        for view in decision_views(state):
            assert_consistent(view, sample_world(read(view), rng))


def _dealt() -> HandState:
    return new_hand(
        dealer=0,
        hands=[
            ["AS", "TS", "KS", "QS", "9C", "JC", "9D"],
            ["AC", "TC", "KC", "QD", "JD", "9H", "JH"],
            ["AD", "TD", "KD", "AH", "TH", "KH", "QH"],
        ],
        musik=["JS", "9S", "QC"],
    )


def _scripted() -> HandState:
    state = _dealt()
    for action in [
        "bid:110",
        "pass",
        "pass",
        "give:9S",
        "give:JS",
        "contract:110",
        "play:AH",
        "play:9C",
        "play:9H",
        "play:QH",
        "play:9D",
        "play:JH",
    ]:
        state = apply(state, action)
    return state


def test_worlds_respect_voids_marriages_and_the_musik() -> None:
    state = _scripted()
    view = observation(state, 0)
    know = read(view)
    hearts = sum(1 << card for card in range(18, 24))
    # Seat 0 sees: seat 1 could not beat QH (no KH, TH); seat 2 declared hearts (holds KH).
    assert know.trump == 3
    assert know.must_hold[2] >> 21 & 1
    assert know.forbidden[1] & hearts == hearts & ~know.played & ~know.hand
    rng = random.Random(1)
    for _ in range(200):
        world = sample_world(know, rng)
        assert_consistent(view, world)
        assert world.hands[1] & hearts == 0
        assert world.hands[2] >> 21 & 1  # KH
        assert names_of(world.musik) == ("QC", "JS", "9S") or world.musik == know.musik
        # Of the musik cards seat 0 has not got, at most one went to seat 1 (its gift).
        assert (world.hands[1] & know.musik).bit_count() <= 1


def test_the_card_given_to_the_other_opponent_stays_hidden() -> None:
    state = _scripted()
    view = observation(state, 0)
    assert view.gives == ("9S", None)
    rng = random.Random(3)
    # Seat 1 got JS (card 1), but seat 0 cannot know that: in some worlds seat 1 got the
    # musik's JS, in others QC (card 8), in others a card of the declarer's own.
    placements = {
        (w.hands[1] >> 1 & 1, w.hands[1] >> 8 & 1)
        for w in (sample_world(read(view), rng) for _ in range(300))
    }
    assert placements == {(0, 0), (1, 0), (0, 1)}


def test_bids_over_120_give_the_bidder_a_marriage() -> None:
    state = _dealt()
    state = apply(state, "bid:200")  # needs a marriage worth 80 at least (seat 2 has hearts)
    view = observation(state, 0)
    rng = random.Random(5)
    for _ in range(100):
        world = sample_world(read(view), rng)
        assert_consistent(view, world)
        assert marriage_total(world.hands[2]) >= 80
