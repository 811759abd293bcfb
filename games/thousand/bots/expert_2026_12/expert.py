"""The Expert: Perfect Information Monte Carlo search over the hidden cards.

Every decision samples deals of the unseen cards consistent with the observation
(``sampling``), plays each candidate action out in each sampled world (the playout policy
of ``rollout``, and an exact solver for the last tricks), and takes the action with the best
average match value. Bids, the two given cards (or with two players the two discards) and
the contract are searched the same way: what is this hand worth as declarer, over the
possible musiks and opponents' hands? With two players a pass is searched too: the other
player then declares. It is anytime: it answers when its time budget is spent.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...engine import Observation
from ...engine.cards import cards_of, marriage_total
from ...engine.state import (
    BIDDING,
    CONTRACT_PHASE,
    DISCARDING,
    GIVING,
    MUSIK_PHASE,
    PLAYING,
    REDEAL_PHASE,
)
from ..clock import Clock
from .cardplay import choose_card as normal_card
from .evaluate import cards_to_discard, cards_to_give
from .fastplay import Table, score_deltas
from .knowledge import PLAIN_LIMIT, Knowledge, mask_of_names, read
from .names import card_action, discard_action, give_action, value_of
from .rollout import play_out, solve
from .sampling import sample_world
from .world import World

MIN_WORLDS = 8
"""Sampled worlds a decision looks at even if its time budget is already spent."""
MAX_WORLDS = 400
"""Enough worlds: late in a hand they are quick to play out, and more add little."""
SOLVE_FROM_CARDS = 6
"""Solve exactly once this few cards are left in the hands (two tricks of three players,
three of two)."""
DISCARD_CANDIDATES = 6
"""The least wanted cards among which the Expert searches its two discards (15 pairs)."""
TARGET_BONUS = 300.0
"""Extra value of reaching the match target (winning the match) in a hand."""
PASS_BASELINE = 0.5 * (40 + 25)
"""What the others are expected to gain in a hand this player does not declare."""


def choose(view: Observation, rng: random.Random, clock: Clock) -> str:
    """The Expert's action in ``view``."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    phase = view.phase
    if phase == REDEAL_PHASE:
        return "redeal" if "redeal" in legal else legal[0]
    know = read(view)
    if phase == PLAYING:
        return _play(view, know, rng, clock)
    if phase == BIDDING:
        if know.players == 2:
            return _bid_two(view, know, rng, clock)
        return _bid(view, know, rng, clock)
    if phase == GIVING:
        return _give(view, know, rng, clock)
    if phase == MUSIK_PHASE:
        # Both musiks lie face down and unseen: neither is better than the other.
        return rng.choice(legal)
    if phase == DISCARDING:
        return _discard(view, know, rng, clock)
    if phase == CONTRACT_PHASE:
        return _contract(view, know, rng, clock)
    return legal[0]


def utility(view: Observation, declarer: int, contract: int, points: tuple[int, ...]) -> float:
    """The match value of a finished hand for the seat of ``view``: its score change less
    the others' (half of each of two, all of one), a bonus for winning the match, and a
    little for the declarer's margin (which breaks ties between otherwise equal plays)."""
    me = view.seat
    deltas = score_deltas(view.rules, view.scores, declarer, contract, points)
    others = len(deltas) - 1
    value = deltas[me] - (sum(deltas) - deltas[me]) / others
    if view.scores[declarer] + deltas[declarer] >= view.rules.target:
        value += TARGET_BONUS if declarer == me else -TARGET_BONUS
    margin = points[declarer] - contract
    value += 0.05 * margin if declarer == me else -0.02 * margin
    return value


def _finish(table: Table) -> tuple[int, ...]:
    left = sum(hand.bit_count() for hand in table.hands)
    if left <= SOLVE_FROM_CARDS:
        return solve(table)
    play_out(table)
    return table.hand_points()


def _table_now(view: Observation, know: Knowledge, world: World) -> Table:
    assert know.declarer is not None
    assert know.leader is not None
    assert view.contract is not None
    return Table(
        list(world.hands),
        know.declarer,
        view.contract,
        know.leader,
        know.trick[:],
        know.trump,
        know.done,
        list(view.taken),
        list(view.marriage_points),
        know.must_beat,
    )


def _play(view: Observation, know: Knowledge, rng: random.Random, clock: Clock) -> str:
    allowed = mask_of_names(tuple(action[5:] for action in view.legal))
    moves = cards_of(allowed)
    assert view.declarer is not None
    assert view.contract is not None
    prior = normal_card(know, allowed)
    totals = [0.0] * len(moves)
    worlds = 0
    while worlds < MAX_WORLDS and not clock.enough(worlds, MIN_WORLDS):
        clock.check()
        base = _table_now(view, know, sample_world(know, rng))
        for index, card in enumerate(moves):
            table = base.copy()
            table.play(card)
            totals[index] += utility(view, view.declarer, view.contract, _finish(table))
        worlds += 1
    # The Normal player's choice wins ties (half a point per world).
    best = max(
        range(len(moves)), key=lambda i: totals[i] + (0.5 * worlds if moves[i] == prior else 0)
    )
    return card_action(moves[best])


def _declarer_points(
    view: Observation, hands: list[int], declarer: int, contract: int
) -> tuple[int, ...]:
    """Plays a whole hand out from the first lead with ``declarer`` to lead."""
    zeros = [0] * len(hands)
    table = Table(hands, declarer, contract, declarer, [], -1, 0, zeros, zeros[:])
    table.must_beat = view.rules.following == "must_beat"
    return _finish(table)


def _sample_outcomes(
    know: Knowledge,
    rng: random.Random,
    clock: Clock,
    options: int,
    outcome: Callable[[World, int], tuple[int, ...]],
) -> list[list[tuple[int, ...]]]:
    """For each of ``options`` alternatives, the hand points of playouts in sampled worlds
    (the same worlds for every alternative)."""
    results: list[list[tuple[int, ...]]] = [[] for _ in range(options)]
    worlds = 0
    while worlds < MAX_WORLDS and not clock.enough(worlds, MIN_WORLDS):
        clock.check()
        world = sample_world(know, rng)
        for option in range(options):
            results[option].append(outcome(world, option))
        worlds += 1
    return results


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _best_contract(
    view: Observation, declarer: int, low: int, high: int, outcomes: list[tuple[int, ...]]
) -> tuple[float, int]:
    """The contract between ``low`` and ``high`` with the best average value, and that value."""
    step = view.rules.bid_step
    best_value, best_contract = float("-inf"), low
    for contract in range(low, high + 1, step):
        value = _mean([utility(view, declarer, contract, points) for points in outcomes])
        if value > best_value:
            best_value, best_contract = value, contract
    return best_value, best_contract


def _bid(view: Observation, know: Knowledge, rng: random.Random, clock: Clock) -> str:
    bids = [action for action in view.legal if action.startswith("bid:")]
    if not bids:
        return "pass"
    me = view.seat
    hand = know.hand

    def outcome(world: World, _: int) -> tuple[int, ...]:
        ten = hand | world.musik
        given = cards_to_give(ten, 2)
        hands = list(world.hands)
        hands[me] = ten & ~(1 << given[0]) & ~(1 << given[1])
        hands[(me + 1) % 3] |= 1 << given[0]
        hands[(me + 2) % 3] |= 1 << given[1]
        return _declarer_points(view, hands, me, value_of(bids[0]))

    outcomes = _sample_outcomes(know, rng, clock, 1, outcome)[0]
    bid = value_of(bids[0])
    declaring = _mean([utility(view, me, bid, points) for points in outcomes])
    return bids[0] if declaring > _passing_value(view) else "pass"


def _passing_value(view: Observation) -> float:
    """The value of leaving the hand to another declarer: an opponent's share of the card
    points (none on the barrel) less half of what the other two gain."""
    own = 0.0 if view.on_barrel[view.seat] else 25.0
    return own - PASS_BASELINE


def _give(view: Observation, know: Knowledge, rng: random.Random, clock: Clock) -> str:
    me = view.seat
    hand = know.hand
    assert view.bid is not None
    to_give = 2 - len(view.gives)
    candidates = cards_to_give(hand, 5)
    options: list[tuple[int, ...]] = (
        [(a, b) for i, a in enumerate(candidates) for b in candidates[i + 1 :]]
        if to_give == 2
        else [(card,) for card in candidates]
    )

    def outcome(world: World, option: int) -> tuple[int, ...]:
        hands = list(world.hands)
        for index, card in enumerate(options[option]):
            hands[me] &= ~(1 << card)
            hands[(me + 3 - to_give + index) % 3] |= 1 << card
        return _declarer_points(view, hands, me, view.bid or 0)

    results = _sample_outcomes(know, rng, clock, len(options), outcome)
    best_value, best_option = float("-inf"), 0
    for option, outcomes in enumerate(results):
        eight = hand
        for card in options[option]:
            eight &= ~(1 << card)
        high = max(view.bid, PLAIN_LIMIT + marriage_total(eight))
        value, _ = _best_contract(view, me, view.bid, high, outcomes)
        if value > best_value:
            best_value, best_option = value, option
    return give_action(options[best_option][0])


def _contract(view: Observation, know: Knowledge, rng: random.Random, clock: Clock) -> str:
    me = view.seat
    hands_now = know.hand

    def outcome(world: World, _: int) -> tuple[int, ...]:
        hands = list(world.hands)
        hands[me] = hands_now
        return _declarer_points(view, hands, me, 0)

    outcomes = _sample_outcomes(know, rng, clock, 1, outcome)[0]
    low, high = value_of(view.legal[0]), value_of(view.legal[-1])
    _, contract = _best_contract(view, me, low, high, outcomes)
    return f"contract:{contract}"


def _declared_by(view: Observation, world: World, declarer: int, contract: int) -> tuple[int, ...]:
    """Two players: the hand points if ``declarer`` takes the first musik of ``world`` (the
    choice is blind, and the worlds are random), discards the two cards it wants least and
    leads at ``contract``."""
    hands = list(world.hands)
    twelve = hands[declarer] | world.musiks[0]
    for card in cards_to_discard(twelve):
        twelve &= ~(1 << card)
    hands[declarer] = twelve
    return _declarer_points(view, hands, declarer, contract)


def _bid_two(view: Observation, know: Knowledge, rng: random.Random, clock: Clock) -> str:
    """Two players: bid if declaring at the next bid is worth more than letting the other
    player declare at the current one."""
    bids = [action for action in view.legal if action.startswith("bid:")]
    if not bids:
        return "pass"
    me = view.seat
    other = 1 - me
    bid = value_of(bids[0])
    assert view.bid is not None
    current = view.bid

    def outcome(world: World, option: int) -> tuple[int, ...]:
        if option == 0:
            return _declared_by(view, world, me, bid)
        return _declared_by(view, world, other, current)

    declaring, passing = _sample_outcomes(know, rng, clock, 2, outcome)
    value = _mean([utility(view, me, bid, points) for points in declaring])
    alternative = _mean([utility(view, other, current, points) for points in passing])
    return bids[0] if value > alternative else "pass"


def _discard(view: Observation, know: Knowledge, rng: random.Random, clock: Clock) -> str:
    """Two players: the discards (a pair, or the second card) with the best value over the
    sampled worlds at the best contract they leave."""
    me = view.seat
    hand = know.hand
    assert view.bid is not None
    candidates = cards_to_discard(hand, DISCARD_CANDIDATES)
    options: list[tuple[int, ...]] = (
        [(a, b) for i, a in enumerate(candidates) for b in candidates[i + 1 :]]
        if not view.discards
        else [(card,) for card in candidates]
    )

    def outcome(world: World, option: int) -> tuple[int, ...]:
        hands = list(world.hands)
        for card in options[option]:
            hands[me] &= ~(1 << card)
        return _declarer_points(view, hands, me, view.bid or 0)

    results = _sample_outcomes(know, rng, clock, len(options), outcome)
    best_value, best_option = float("-inf"), 0
    for option, outcomes in enumerate(results):
        kept = hand
        for card in options[option]:
            kept &= ~(1 << card)
        high = max(view.bid, PLAIN_LIMIT + marriage_total(kept))
        value, _ = _best_contract(view, me, view.bid, high, outcomes)
        if value > best_value:
            best_value, best_option = value, option
    return discard_action(options[best_option][0])
