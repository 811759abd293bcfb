"""Invariants over random legal playouts, in every rules variant and with three players or
two (Hypothesis).

Deals come from seeds through ``deal_hand``; every choice is drawn by Hypothesis, so a failing
playout shrinks to a short one. The expectations are written here from the rules, in card
notation, without the engine's bit sets or tables.
"""

from __future__ import annotations

import random
from dataclasses import fields, is_dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from games.thousand.engine import (
    CARD_NAMES,
    HandState,
    IllegalAction,
    Rules,
    apply,
    deal_hand,
    legal_actions,
    observation,
)
from games.thousand.engine.cards import names_of

from .helpers import ALL_CARD_NAMES, card_points

SEEDS = st.integers(0, 2**32 - 1)
RULES = st.builds(
    Rules,
    target=st.sampled_from([1000, 500]),
    bid_step=st.sampled_from([10, 5]),
    following=st.sampled_from(["must_beat", "classic"]),
    rounding=st.sampled_from(["ten_down", "five"]),
    four_nines=st.sampled_from(["redeal", "abandon"]),
    players=st.sampled_from([3, 2]),
)
SCORE = st.sampled_from([-250, 0, 385, 400, 470, 795, 800, 980])
"""Scores around the barrels and caps of both match lengths."""

WELL_FORMED = (
    "keep",
    "redeal",
    "pass",
    *(f"{kind}:{value}" for kind in ("bid", "contract") for value in range(100, 401, 5)),
    *(f"{kind}:{name}" for kind in ("give", "play", "discard") for name in sorted(ALL_CARD_NAMES)),
    "musik:1",
    "musik:2",
)
MALFORMED = st.one_of(
    st.text(max_size=8),
    st.from_regex(r"(bid|contract|give|play|discard|musik):\w{0,5}", fullmatch=True),
)

RANK_ORDER = "9JQKTA"
MARRIAGE_VALUES = {"S": 40, "C": 60, "D": 80, "H": 100}


def rank(card: str) -> int:
    return RANK_ORDER.index(card[0])


def marriages_held(hand: list[str]) -> int:
    return sum(
        value for suit, value in MARRIAGE_VALUES.items() if {"K" + suit, "Q" + suit} <= set(hand)
    )


def beating(cards: list[str], table: list[str], suit: str) -> list[str]:
    """Those of ``cards`` that beat the highest card of ``suit`` on the table (all if none)."""
    on_table = [card for card in table if card[1] == suit]
    if not on_table:
        return cards
    top = max(rank(card) for card in on_table)
    return [card for card in cards if rank(card) > top] or cards


def allowed_plays(hand: list[str], table: list[str], trump: str | None, rules: Rules) -> set[str]:
    """The cards the rules let a player follow with (rules 2.6 and the classic variant)."""
    if not table:
        return set(hand)
    led = table[0][1]
    following = [card for card in hand if card[1] == led]
    if following:
        return set(following if rules.following == "classic" else beating(following, table, led))
    trumps = [card for card in hand if card[1] == trump]
    if trump is None or not trumps:
        return set(hand)
    return set(trumps if rules.following == "classic" else beating(trumps, table, trump))


def expected_legal(state: HandState) -> set[str]:
    """Every action the rules allow now, worked out from the state in card notation."""
    rules = state.rules
    if state.is_over:
        return set()
    assert state.to_move is not None
    hand = list(names_of(state.hands[state.to_move]))
    if state.phase == "redeal":
        return {"keep", "redeal"}
    if state.phase == "bidding":
        assert state.bid is not None
        limit = 120 + marriages_held(hand)
        return {
            f"bid:{v}" for v in range(state.bid + rules.bid_step, limit + 1, rules.bid_step)
        } | {"pass"}
    nines = {"9S", "9C", "9D", "9H"} <= set(hand)
    if state.phase == "giving":
        gives = {f"give:{card}" for card in hand}
        abandon = rules.four_nines == "abandon" and nines and len(hand) == 10
        return gives | ({"redeal"} if abandon else set())
    if state.phase == "musik":
        return {"musik:1", "musik:2"}
    if state.phase == "discarding":
        discards = {f"discard:{card}" for card in hand}
        abandon = rules.four_nines == "abandon" and nines and len(hand) == 12
        return discards | ({"redeal"} if abandon else set())
    if state.phase == "contract":
        assert state.bid is not None
        top = max(state.bid, 120 + marriages_held(hand))
        return {f"contract:{v}" for v in range(state.bid, top + 1, rules.bid_step)}
    table = [CARD_NAMES[card] for card in state.trick]
    trump = None if state.trump is None else "SCDH"[state.trump]
    return {f"play:{card}" for card in allowed_plays(hand, table, trump, rules)}


def out_of_play(state: HandState) -> list[str]:
    """Two players: the musik not chosen (once one is) and the discards."""
    if state.chosen is None:
        return []
    unchosen = state.musiks[1 - state.chosen]
    return [*names_of(unchosen), *(CARD_NAMES[card] for card in state.discards)]


def every_card(state: HandState) -> list[str]:
    """The cards in hands, in the musik (or musiks) not yet taken, out of play (two players),
    on the table and in completed tricks."""
    cards = [name for hand in state.hands for name in names_of(hand)]
    if state.musiks:
        cards += names_of(state.musik) if state.chosen is None else out_of_play(state)
    elif state.declarer is None:
        cards += names_of(state.musik)
    cards += [CARD_NAMES[card] for card in state.trick]
    cards += [CARD_NAMES[card] for trick in state.tricks for card in trick.cards]
    return cards


def snapshot(state: HandState) -> tuple[object, ...]:
    return tuple(getattr(state, name) for name in HandState.__slots__)


def round_ten_down(points: int) -> int:
    tens, rest = divmod(points, 10)
    return tens * 10 + (10 if rest > 5 else 0)


def round_five(points: int) -> int:
    fives, rest = divmod(points, 5)
    return fives * 5 + (5 if rest >= 3 else 0)


def check_finished_hand(state: HandState) -> None:
    """Card points, trick winners, marriages and scores of a hand played to the end."""
    rules, result = state.rules, state.result
    assert result is not None
    assert state.declarer is not None
    assert state.contract is not None
    players = len(state.hands)
    assert len(state.tricks) == (8 if players == 3 else 10)
    trick_cards = [[CARD_NAMES[card] for card in trick.cards] for trick in state.tricks]
    in_tricks = card_points([card for cards in trick_cards for card in cards])
    assert in_tricks == 120 - card_points(out_of_play(state))
    won = [0] * players
    for number, (trick, cards) in enumerate(zip(state.tricks, trick_cards, strict=True), 1):
        declared = [m for m in state.marriages if m.trick <= number]
        trump = "SCDH"[declared[-1].suit] if declared else None
        trumps = [card for card in cards if card[1] == trump]
        best = max(trumps or [card for card in cards if card[1] == cards[0][1]], key=rank)
        assert trick.winner == (trick.leader + cards.index(best)) % players
        won[trick.winner] += card_points(cards)
    assert tuple(won) == state.taken
    suits = [m.suit for m in state.marriages]
    assert len(set(suits)) == len(suits)
    for marriage in state.marriages:
        lead = trick_cards[marriage.trick - 1][0]
        assert marriage.trick >= 2
        assert lead[0] in "KQ"
        assert "SCDH".index(lead[1]) == marriage.suit
        assert state.tricks[marriage.trick - 1].leader == marriage.seat
    points = [state.taken[s] + state.marriage_points[s] for s in range(players)]
    assert list(result.hand_points) == points
    for seat in range(players):
        before, after = state.scores[seat], result.scores[seat]
        assert result.score_deltas[seat] == after - before
        if seat == state.declarer:
            made = points[seat] >= state.contract
            assert result.made == made
            assert after - before == (state.contract if made else -state.contract)
        elif before >= rules.barrel:
            assert after == before
        else:
            rounding = round_ten_down if rules.rounding == "ten_down" else round_five
            assert after == min(before + rounding(points[seat]), max(before, rules.opponent_cap))
    reached = result.made and result.scores[state.declarer] >= rules.target
    assert result.winner == (state.declarer if reached else None)


@settings(max_examples=250)
@given(seed=SEEDS, rules=RULES, data=st.data())
def test_a_random_playout_keeps_every_card_and_scores_by_the_rules(
    seed: int, rules: Rules, data: st.DataObject
) -> None:
    dealer = data.draw(st.integers(0, rules.players - 1))
    scores = data.draw(st.tuples(*[SCORE] * rules.players))
    state = deal_hand(dealer, random.Random(seed), scores, rules)
    while not state.is_over:
        assert sorted(every_card(state)) == sorted(ALL_CARD_NAMES)
        legal = legal_actions(state)
        assert legal
        assert set(legal) == expected_legal(state)
        assert len(set(legal)) == len(legal)
        state = apply(state, data.draw(st.sampled_from(legal)))
    assert sorted(every_card(state)) == sorted(ALL_CARD_NAMES)
    assert legal_actions(state) == ()
    assert state.to_move is None
    if state.phase == "over":
        check_finished_hand(state)
    else:
        assert state.result is None


@settings(max_examples=30)
@given(seed=SEEDS, rules=RULES, data=st.data())
def test_every_listed_action_applies_and_every_other_is_refused_without_a_change(
    seed: int, rules: Rules, data: st.DataObject
) -> None:
    dealer = data.draw(st.integers(0, rules.players - 1))
    state = deal_hand(dealer, random.Random(seed), rules=rules)
    while True:
        legal = legal_actions(state)
        before = snapshot(state)
        for action in legal:
            assert isinstance(apply(state, action), HandState)
        for action in [*WELL_FORMED, data.draw(MALFORMED)]:
            if action not in legal:
                try:
                    apply(state, action)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{action!r} was accepted in {state!r}")
        assert snapshot(state) == before
        if not legal:
            break
        state = apply(state, data.draw(st.sampled_from(legal)))


@settings(max_examples=50)
@given(seed=SEEDS, choices=SEEDS, dealer=st.integers(0, 1), rules=RULES)
def test_the_same_seed_deals_and_plays_the_same_hand(
    seed: int, choices: int, dealer: int, rules: Rules
) -> None:
    def played() -> HandState:
        state = deal_hand(dealer, random.Random(seed), rules=rules)
        chooser = random.Random(choices)
        while legal_actions(state):
            state = apply(state, chooser.choice(legal_actions(state)))
        return state

    first, second = played(), played()
    assert (first.dealt, first.musik, first.musiks) == (second.dealt, second.musik, second.musiks)
    assert first.deal_record() == second.deal_record()
    assert first.history == second.history
    assert first.result == second.result


def card_strings(value: object) -> set[str]:
    """Every card named anywhere in a value: a card notation, or the card of an action."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is int or item is None or kind is bool:
            continue
        if kind is str:
            name = item.rpartition(":")[2]  # type: ignore[attr-defined]
            if name in ALL_CARD_NAMES:
                found.add(name)
        elif isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.items())
        elif is_dataclass(item):
            stack.extend(getattr(item, field.name) for field in fields(item))
        else:
            raise AssertionError(f"an observation holds a {kind.__name__}: {item!r}")
    return found


@settings(max_examples=60)
@given(seed=SEEDS, rules=RULES, data=st.data())
def test_an_observation_names_no_card_its_seat_may_not_see(
    seed: int, rules: Rules, data: st.DataObject
) -> None:
    dealer = data.draw(st.integers(0, rules.players - 1))
    state = deal_hand(dealer, random.Random(seed), rules=rules)
    players = len(state.hands)
    seen = [set(names_of(hand)) for hand in state.dealt]
    gives = 0
    while True:
        for seat in range(players):
            visible = seen[seat] | set(names_of(state.hands[seat]))
            if state.chosen is not None:
                visible |= set(names_of(state.musiks[state.chosen]))
            elif state.declarer is not None and not state.musiks:
                visible |= set(names_of(state.musik))
            view = observation(state, seat)
            assert view.hand == names_of(state.hands[seat])
            assert card_strings(view) <= visible
        legal = legal_actions(state)
        if not legal:
            break
        actor = state.to_move
        assert actor is not None
        action = data.draw(st.sampled_from(legal))
        kind, _, card = action.partition(":")
        if kind == "play":
            for cards in seen:
                cards.add(card)
        elif kind == "give":
            seen[(actor + 1 + gives) % 3].add(card)
            gives += 1
        state = apply(state, action)
