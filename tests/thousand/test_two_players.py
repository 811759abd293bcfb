"""Thousand for two (rules 4.1): 10 cards each and two musiks of two; the declarer takes one
musik unseen, discards two cards, and 10 tricks of two cards follow.

The scripted hand: dealer 1, so seat 0 opens. Seat 0 holds the hearts marriage, seat 1 the
clubs marriage; the first musik holds the diamonds marriage, the second 9C and JD.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.thousand.engine import (
    BIDDING,
    CONTRACT_PHASE,
    DISCARDING,
    MUSIK_PHASE,
    OVER,
    REDEAL_PHASE,
    REDEALT,
    HandState,
    MatchState,
    Rules,
    active_seats,
    after_hand,
    apply,
    deal_hand,
    deal_next,
    hand_seats,
    legal_actions,
    new_hand,
    new_match,
    observation,
    position_of,
    seat_of,
    sitting_out,
)
from games.thousand.engine.cards import names_of

from .helpers import ALL_CARD_NAMES, exactly, play, refusal
from .test_properties import card_strings, check_finished_hand

TWO = Rules(players=2)
SEAT_0 = "AH TH KH QH AS TS KS 9S AC 9D"
SEAT_1 = "9H JH QS JS KC QC TC JC AD TD"
MUSIKS = [["KD", "QD"], ["9C", "JD"]]

AUCTION = "bid:110 bid:120 pass"
"""Seat 1 bids 110 over the opening 100, seat 0 bids 120, seat 1 passes."""
TAKING = "musik:1 discard:9S discard:9D contract:200"
"""Seat 0 takes the first musik (the diamonds marriage), discards two 9s, announces 200."""
PLAY = [
    "play:AS play:JS",  # 1: seat 0 takes 13
    "play:QH play:JH",  # 2: hearts declared (100), trump; seat 0 takes 5
    "play:AH play:9H",  # 3: seat 0 takes 11
    "play:KD play:AD",  # 4: diamonds declared (80), trump; seat 1 beats KD, takes 15
    "play:QC play:AC",  # 5: seat 1 declares clubs (60), trump; seat 0 must beat, takes 14
    "play:TS play:QS",  # 6: seat 0 takes 13
    "play:KS play:JC",  # 7: seat 1 has no spade, trumps; takes 6
    "play:TD play:QD",  # 8: seat 1 takes 13
    "play:TC play:KH",  # 9: seat 1 takes 14
    "play:KC play:TH",  # 10: seat 1 takes 14
]
"""Seat 0 takes 56 in cards and 180 in marriages, 236; seat 1 62 and 60, 122. The cards out
of play (9C, JD, 9S, 9D) are worth 2, which count for nobody: 56 + 62 = 118."""


def dealt(scores: tuple[int, int] = (0, 0), rules: Rules = TWO, dealer: int = 1) -> HandState:
    return new_hand(dealer, [SEAT_0.split(), SEAT_1.split()], MUSIKS, scores, rules)


def played(scores: tuple[int, int] = (0, 0), rules: Rules = TWO) -> HandState:
    return play(dealt(scores, rules), " ".join([AUCTION, TAKING, *PLAY]))


def test_each_player_holds_ten_cards_and_the_other_four_lie_in_two_musiks_of_two() -> None:
    state = deal_hand(0, random.Random(4), rules=TWO)
    assert [hand.bit_count() for hand in state.hands] == [10, 10]
    assert [musik.bit_count() for musik in state.musiks] == [2, 2]
    assert state.musik == state.musiks[0] | state.musiks[1]
    assert sorted(every_name(state)) == sorted(ALL_CARD_NAMES)
    assert (state.scores, state.marriage_points, state.taken) == ((0, 0), (0, 0), (0, 0))


def every_name(state: HandState) -> list[str]:
    return [name for mask in (*state.hands, state.musik) for name in names_of(mask)]


def test_the_player_who_did_not_deal_opens_at_100_and_the_dealer_answers() -> None:
    for dealer, opener in ((1, 0), (0, 1)):
        state = dealt(dealer=dealer)
        assert (state.phase, state.bidder, state.bid) == (BIDDING, opener, 100)
        assert state.history == ((opener, "bid:100"),)
        assert state.to_move == dealer


def test_the_auction_ends_at_the_first_pass_and_the_declarer_chooses_a_musik() -> None:
    state = play(dealt(), "pass")
    assert (state.phase, state.declarer, state.bid, state.to_move) == (MUSIK_PHASE, 0, 100, 0)
    assert legal_actions(state) == ("musik:1", "musik:2")
    state = play(dealt(), AUCTION)
    assert (state.phase, state.declarer, state.bid, state.to_move) == (MUSIK_PHASE, 0, 120, 0)


def test_bids_have_the_three_player_limits() -> None:
    # Seat 1 holds the clubs marriage: 180 at most. Seat 0 the hearts marriage: 220.
    assert legal_actions(dealt())[-2:] == ("bid:180", "pass")
    assert legal_actions(play(dealt(), "bid:110"))[-2:] == ("bid:220", "pass")
    assert refusal(dealt(), "bid:190") == "With the marriages you hold you may bid at most 180."
    assert refusal(dealt(), "bid:115") == "Bids go up in steps of 10."


def test_the_chosen_musik_goes_into_the_declarer_s_hand_and_shows_to_both() -> None:
    state = play(dealt(), f"{AUCTION} musik:1")
    assert (state.phase, state.to_move, state.chosen) == (DISCARDING, 0, 0)
    assert names_of(state.hands[0]) == tuple(sorted_like([*SEAT_0.split(), "KD", "QD"]))
    for seat in (0, 1):
        view = observation(state, seat)
        assert (view.musik, view.musik_choice) == (("QD", "KD"), 1)
        assert view.hand_sizes == (12, 10)
        assert {"9C", "JD"}.isdisjoint(card_strings(view))
    second = play(dealt(), f"{AUCTION} musik:2")
    assert observation(second, 1).musik == ("9C", "JD")
    assert {"KD", "QD"}.isdisjoint(card_strings(observation(second, 1)))
    assert {"KD", "QD"}.isdisjoint(card_strings(observation(second, 0)))


def sorted_like(cards: list[str]) -> list[str]:
    """Cards in the engine's order (by suit, then rank)."""
    return sorted(cards, key=lambda card: ("SCDH".index(card[1]), "9JQKTA".index(card[0])))


def test_before_the_choice_neither_musik_is_shown() -> None:
    state = play(dealt(), AUCTION)
    for seat in (0, 1):
        view = observation(state, seat)
        assert (view.musik, view.musik_choice, view.discards) == (None, None, ())
        assert card_strings(view) == set(view.hand)


def test_the_declarer_discards_two_cards_the_opponent_never_sees() -> None:
    state = play(dealt(), f"{AUCTION} musik:1")
    assert len(legal_actions(state)) == 12
    state = play(state, "discard:9S")
    assert (state.phase, state.discards) == (DISCARDING, (0,))
    assert "discard:9S" not in legal_actions(state)
    state = play(state, "discard:9D")
    assert (state.phase, state.to_move) == (CONTRACT_PHASE, 0)
    declarer, opponent = observation(state, 0), observation(state, 1)
    assert declarer.discards == ("9S", "9D")
    assert opponent.discards == (None, None)
    assert declarer.history[-2:] == ((0, "discard:9S"), (0, "discard:9D"))
    assert opponent.history[-2:] == ((0, "discard"), (0, "discard"))
    assert {"9S", "9D"}.isdisjoint(card_strings(opponent))
    assert opponent.hand_sizes == (10, 10)


def test_the_contract_counts_the_marriages_in_the_ten_cards_kept() -> None:
    state = play(dealt(), f"{AUCTION} musik:1 discard:9S discard:9D")
    assert legal_actions(state)[0] == "contract:120"
    assert legal_actions(state)[-1] == "contract:300"
    broken = play(dealt(), f"{AUCTION} musik:1 discard:QD discard:9D")
    assert legal_actions(broken)[-1] == "contract:220"
    assert refusal(broken, "contract:230") == "With your cards the contract is at most 220."


def test_a_scripted_hand_scores_tricks_and_marriages_and_nothing_for_the_cards_out() -> None:
    state = played()
    assert state.phase == OVER
    assert len(state.tricks) == 10
    assert [trick.winner for trick in state.tricks] == [0, 0, 0, 1, 0, 0, 1, 1, 1, 1]
    assert state.taken == (56, 62)
    assert state.marriage_points == (180, 60)
    assert state.result is not None
    assert state.result.hand_points == (236, 122)
    assert state.result.made
    assert state.result.score_deltas == (200, 120)
    assert state.result.scores == (200, 120)
    check_finished_hand(state)


def test_a_short_declarer_loses_its_contract_and_an_opponent_on_the_barrel_gets_nothing() -> None:
    state = play(dealt((300, 850)), " ".join([AUCTION, "musik:1 discard:9S discard:9D"]))
    state = play(state, " ".join(["contract:250", *PLAY]))
    assert state.result is not None
    assert (state.result.made, state.result.score_deltas) == (False, (-250, 0))


def test_the_declarer_reaching_the_target_wins_and_an_opponent_on_the_barrel_gets_nothing() -> None:
    state = played((800, 900))
    assert state.result is not None
    assert (state.result.scores, state.result.winner) == ((1000, 900), 0)
    state = played((780, 790))
    assert state.result is not None
    assert (state.result.scores, state.result.winner) == ((980, 910), None)


def test_the_opponent_s_points_stop_at_the_cap_below_the_target() -> None:
    state = played((0, 390), Rules(players=2, target=500))
    assert state.result is not None
    assert (state.result.scores, state.result.score_deltas) == ((200, 490), (200, 100))


@pytest.mark.parametrize(
    ("phase_actions", "action", "message"),
    [
        ("", "musik:1", "The auction is on: bid or pass."),
        (AUCTION, "discard:9S", "The declarer must first choose one of the two musiks."),
        (AUCTION, "contract:120", "The declarer must first choose one of the two musiks."),
        (f"{AUCTION} musik:2", "play:AS", "The declarer must first discard two cards."),
        (f"{AUCTION} musik:2", "discard:JH", "You do not hold JH."),
        (
            f"{AUCTION} musik:2",
            "redeal",
            "Only a declarer holding all four 9s may abandon the hand.",
        ),
        (AUCTION, "musik:3", "3 is out of range."),
        (AUCTION, "musik:x", "musik needs a number, as in bid:110."),
        (f"{AUCTION} musik:2", "discard:as", "Write cards in capitals, as in AS."),
        (f"{AUCTION} musik:2", "give:AS", "The declarer must first discard two cards."),
    ],
)
def test_an_action_out_of_its_phase_is_refused_with_the_reason(
    phase_actions: str, action: str, message: str
) -> None:
    assert refusal(play(dealt(), phase_actions), action) == message


NINES_0 = "9S 9C 9D 9H AS TS KS AC TC KC"
NINES_1 = "JS QS JC QC JD QD KD TD AD AH"
NINES_MUSIKS = [["JH", "QH"], ["KH", "TH"]]


def test_all_four_nines_may_ask_for_a_redeal_under_the_house_rule() -> None:
    state = new_hand(1, [NINES_0.split(), NINES_1.split()], NINES_MUSIKS, rules=TWO)
    assert (state.phase, state.to_move, state.to_ask) == (REDEAL_PHASE, 0, (0,))
    assert play(state, "redeal").phase == REDEALT
    assert play(state, "keep").phase == BIDDING


def test_under_the_classic_rule_a_declarer_with_the_four_nines_may_abandon_before_discarding() -> (
    None
):
    rules = Rules(players=2, four_nines="abandon")
    state = new_hand(0, [NINES_1.split(), NINES_0.split()], NINES_MUSIKS, rules=rules)
    assert state.phase == BIDDING
    state = play(state, "pass musik:2")
    assert state.declarer == 1
    assert "redeal" in legal_actions(state)
    assert play(state, "redeal").phase == REDEALT
    assert "redeal" not in legal_actions(play(state, "discard:KH"))


def test_a_deal_record_replays_the_same_hand() -> None:
    state = play(dealt((40, -60)), f"{AUCTION} musik:1 discard:9S")
    record: dict[str, Any] = state.deal_record()
    assert record == {
        "rules": {**Rules().to_dict(), "players": 2},
        "dealer": 1,
        "scores": [40, -60],
        "hands": [sorted_like(SEAT_0.split()), sorted_like(SEAT_1.split())],
        "musik": [["QD", "KD"], ["9C", "JD"]],
    }
    again = new_hand(record["dealer"], record["hands"], record["musik"], record["scores"], TWO)
    assert play(again, " ".join(state.actions())).history == state.history


MUSIK_SHAPE = "the musik must be a list of two musiks of 2 cards each"


@pytest.mark.parametrize(
    ("hands", "musik", "message"),
    [
        ([SEAT_0.split()], MUSIKS, "hands must be a list of two hands"),
        ([SEAT_0.split(), SEAT_1.split()[:9]], MUSIKS, "hand 1 must hold 10 cards, not 9"),
        ([SEAT_0.split(), SEAT_1.split()], ["KD", "QD", "9C", "JD"], MUSIK_SHAPE),
        ([SEAT_0.split(), SEAT_1.split()], [["KD", "QD"]], MUSIK_SHAPE),
        (
            [SEAT_0.split(), SEAT_1.split()],
            [["KD", "QD", "9C"], ["JD"]],
            "musik 1 must hold 2 cards, not 3",
        ),
        (
            [SEAT_0.split(), SEAT_1.split()],
            [["KD", "QD"], ["9C", "AH"]],
            "AH is dealt twice (hand 0 and musik 2)",
        ),
    ],
)
def test_a_two_player_deal_is_checked(hands: Any, musik: Any, message: str) -> None:
    with pytest.raises(ValueError, match=exactly(message)):
        new_hand(0, hands, musik, rules=TWO)


def test_two_player_seats_and_scores() -> None:
    with pytest.raises(ValueError, match=exactly("dealer must be 0 or 1, not 2")):
        new_hand(2, [SEAT_0.split(), SEAT_1.split()], MUSIKS, rules=TWO)
    with pytest.raises(ValueError, match=exactly("scores must be a list of two whole numbers")):
        new_hand(0, [SEAT_0.split(), SEAT_1.split()], MUSIKS, (0, 0, 0), TWO)
    state = dealt()
    assert (active_seats(2, 1), hand_seats(state), sitting_out(state)) == ((0, 1), (0, 1), None)
    assert [seat_of(state, p) for p in (0, 1)] == [0, 1]
    assert [position_of(state, s) for s in (0, 1)] == [0, 1]
    with pytest.raises(ValueError, match=exactly("position must be 0 or 1, not 2")):
        seat_of(state, 2)
    with pytest.raises(ValueError, match=exactly("seat must be 0 or 1, not 2")):
        observation(state, 2)


def test_a_two_player_match_alternates_the_deal_and_keeps_it_on_a_redeal() -> None:
    matches = [new_match(random.Random(seed), TWO) for seed in range(20)]
    assert {match.dealer for match in matches} == {0, 1}
    assert {match.scores for match in matches} == {(0, 0)}
    match = MatchState(rules=TWO, scores=(0, 0), dealer=1, hands_played=2)
    after = after_hand(match, played())
    assert after == MatchState(rules=TWO, scores=(200, 120), dealer=0, hands_played=3)
    redealt = play(
        new_hand(1, [NINES_0.split(), NINES_1.split()], NINES_MUSIKS, rules=TWO), "redeal"
    )
    assert after_hand(match, redealt) == MatchState(
        rules=TWO, scores=(0, 0), dealer=1, hands_played=2, redeals=1
    )
    with pytest.raises(ValueError, match=exactly("a match of 2 players needs 2 scores")):
        MatchState(rules=TWO)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), target=st.sampled_from([1000, 500]))
def test_a_two_player_match_of_random_hands_ends_with_a_declarer_at_the_target(
    seed: int, target: int
) -> None:
    rules = Rules(players=2, target=target)
    rng = random.Random(seed)
    match = new_match(rng, rules)
    for _ in range(3000):
        state = deal_next(match, rng)
        while legal_actions(state):
            state = apply(state, cautious(state, rng))
        before, match = match, after_hand(match, state)
        if state.result is None:
            assert (match.dealer, match.scores) == (before.dealer, before.scores)
            continue
        check_finished_hand(state)
        assert match.dealer == 1 - before.dealer
        if match.is_over:
            break
    assert match.winner is not None
    assert match.scores[match.winner] >= target
    assert match.scores[1 - match.winner] < target


def cautious(state: HandState, rng: random.Random) -> str:
    """A random legal action that keeps, passes and announces the lowest contract, so that
    random matches end."""
    legal = legal_actions(state)
    for action in ("keep", "pass"):
        if action in legal and rng.random() < 0.8:
            return action
    if state.phase == CONTRACT_PHASE:
        return legal[0]
    return rng.choice(legal)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_no_card_of_the_other_musik_or_of_the_discards_reaches_the_opponent(
    seed: int, data: st.DataObject
) -> None:
    rules = data.draw(
        st.builds(
            Rules,
            players=st.just(2),
            following=st.sampled_from(["must_beat", "classic"]),
            four_nines=st.sampled_from(["redeal", "abandon"]),
        )
    )
    state = deal_hand(data.draw(st.integers(0, 1)), random.Random(seed), rules=rules)
    while legal_actions(state):
        state = apply(state, data.draw(st.sampled_from(legal_actions(state))))
        if state.chosen is not None:
            assert state.declarer is not None
            other_musik = set(names_of(state.musiks[1 - state.chosen]))
            discarded = {names_of(1 << card)[0] for card in state.discards}
            for seat in (0, 1):
                seen = card_strings(observation(state, seat))
                assert not seen & other_musik
                if seat != state.declarer:
                    assert not seen & (discarded - set(names_of(state.musiks[state.chosen])))
