"""Which cards may follow to a trick, under both following rules (rules 2.6 and 4).

"must_beat" (house rule): follow suit, beating the highest card of the led suit on the table
if you can; else trump, overtrumping a trump on the table if you can; else anything.
"classic": follow suit with any card of it; else any trump; else anything.
"""

import pytest

from games.thousand.engine import Rules, legal_actions

from .helpers import (
    HEARTS_LED,
    HEARTS_LED_TRICK_1,
    OVERTRUMP,
    OVERTRUMP_TRICK_1,
    TRUMP_ON_THE_TABLE,
    TRUMP_ON_THE_TABLE_TRICKS_1_2,
    in_play,
    play,
    refusal,
)

MUST_BEAT = Rules(following="must_beat")
CLASSIC = Rules(following="classic")
BOTH = pytest.mark.parametrize("rules", [MUST_BEAT, CLASSIC], ids=["must_beat", "classic"])


@BOTH
def test_the_leader_may_lead_any_card(rules: Rules) -> None:
    state = in_play(*HEARTS_LED, rules=rules)
    assert legal_actions(state) == (
        *("play:QS", "play:KS", "play:TS", "play:AS"),
        *("play:9D", "play:JD", "play:KH", "play:TH"),
    )


@BOTH
def test_a_player_who_cannot_beat_the_led_card_may_play_any_card_of_the_led_suit(
    rules: Rules,
) -> None:
    state = play(in_play(*HEARTS_LED, rules=rules), "play:KH")
    assert state.to_move == 1
    assert legal_actions(state) == ("play:9H", "play:JH")
    assert refusal(state, "play:AC") == "You must follow suit with a heart: you hold 9H, JH."


def test_under_must_beat_a_player_who_can_beat_the_highest_card_of_the_led_suit_must() -> None:
    state = play(in_play(*HEARTS_LED), "play:KH play:JH")
    assert legal_actions(state) == ("play:AH",)
    assert refusal(state, "play:QH") == "You must play a higher heart: you hold AH."
    assert refusal(state, "play:9C") == "You must follow suit with a heart: you hold AH."


def test_under_classic_any_card_of_the_led_suit_will_do() -> None:
    state = play(in_play(*HEARTS_LED, rules=CLASSIC), "play:KH play:JH")
    assert legal_actions(state) == ("play:QH", "play:AH")
    assert play(state, "play:QH").tricks[-1].winner == 0
    assert refusal(state, "play:9C") == "You must follow suit with a heart: you hold QH, AH."


@BOTH
def test_without_the_led_suit_and_with_no_trump_declared_any_card_will_do(rules: Rules) -> None:
    state = play(in_play(*HEARTS_LED, rules=rules), f"{HEARTS_LED_TRICK_1} play:9C")
    assert (state.to_move, state.trump) == (0, None)
    assert legal_actions(state) == (
        *("play:QS", "play:KS", "play:TS", "play:AS"),
        *("play:9D", "play:JD", "play:TH"),
    )


@BOTH
def test_without_the_led_suit_a_player_holding_a_trump_must_play_one(rules: Rules) -> None:
    state = play(in_play(*TRUMP_ON_THE_TABLE, rules=rules), TRUMP_ON_THE_TABLE_TRICKS_1_2)
    state = play(state, "play:TH")
    assert (state.to_move, state.trump) == (2, 0)
    assert legal_actions(state) == ("play:JS", "play:TS")
    assert refusal(state, "play:KD") == (
        "You have no heart, so you must play a trump: you hold JS, TS."
    )


def test_under_must_beat_a_player_must_beat_the_led_suit_even_with_a_trump_on_the_table() -> None:
    state = play(in_play(*TRUMP_ON_THE_TABLE), TRUMP_ON_THE_TABLE_TRICKS_1_2)
    state = play(state, "play:TH play:JS")
    # AH cannot win the trick any more, but it beats TH, the highest heart on the table.
    assert legal_actions(state) == ("play:AH",)
    assert refusal(state, "play:JH") == "You must play a higher heart: you hold AH."


def test_under_classic_a_player_follows_suit_with_any_card_when_a_trump_is_on_the_table() -> None:
    state = play(in_play(*TRUMP_ON_THE_TABLE, rules=CLASSIC), TRUMP_ON_THE_TABLE_TRICKS_1_2)
    state = play(state, "play:TH play:JS")
    assert legal_actions(state) == ("play:JH", "play:AH")


def test_under_must_beat_a_player_must_overtrump_a_trump_on_the_table_if_it_can() -> None:
    state = play(in_play(*OVERTRUMP), f"{OVERTRUMP_TRICK_1} play:QS play:AS play:TS play:9H")
    assert legal_actions(state) == ("play:JS",)
    state = play(state, "play:JS")
    assert legal_actions(state) == ("play:KS",)
    assert refusal(state, "play:9S") == "You must play a higher trump: you hold KS."
    assert refusal(state, "play:9D") == "You have no heart, so you must play a trump: you hold KS."


def test_under_classic_a_player_without_the_led_suit_may_play_any_trump() -> None:
    state = play(in_play(*OVERTRUMP, rules=CLASSIC), OVERTRUMP_TRICK_1)
    state = play(state, "play:QS play:AS play:TS play:9H play:JS")
    assert legal_actions(state) == ("play:9S", "play:KS")
    assert refusal(state, "play:9D") == (
        "You have no heart, so you must play a trump: you hold 9S, KS."
    )


@BOTH
def test_a_player_who_cannot_overtrump_must_still_play_a_trump(rules: Rules) -> None:
    state = play(in_play(*OVERTRUMP, rules=rules), OVERTRUMP_TRICK_1)
    state = play(state, "play:QS play:AS play:JS play:9H play:TS")
    assert legal_actions(state) == ("play:9S", "play:KS")
    assert refusal(state, "play:QD") == (
        "You have no heart, so you must play a trump: you hold 9S, KS."
    )


@BOTH
def test_without_the_led_suit_or_a_trump_in_hand_any_card_will_do(rules: Rules) -> None:
    state = play(in_play(*OVERTRUMP, rules=rules), OVERTRUMP_TRICK_1)
    state = play(state, "play:QS play:AS play:TS play:9H play:JS play:KS play:9D")
    assert (state.to_move, state.trump) == (1, 0)
    assert legal_actions(state) == ("play:JH", "play:QH", "play:KH", "play:TH", "play:AH")


@BOTH
def test_following_a_trump_lead_is_following_suit(rules: Rules) -> None:
    state = play(in_play(*OVERTRUMP, rules=rules), f"{OVERTRUMP_TRICK_1} play:QS play:AS")
    # Nobody can beat AS, so any spade will do under both rules.
    assert legal_actions(state) == ("play:JS", "play:TS")
    assert refusal(state, "play:KD") == "You must follow suit with a spade: you hold JS, TS."


def test_a_player_cannot_play_a_card_it_does_not_hold() -> None:
    state = in_play(*HEARTS_LED)
    assert refusal(state, "play:AH") == "You do not hold AH."
    state = play(state, "play:KH")
    assert refusal(state, "play:KH") == "You do not hold KH."


@pytest.mark.parametrize("action", ["give:KH", "contract:120", "bid:120", "pass", "redeal"])
def test_other_actions_are_refused_during_trick_play(action: str) -> None:
    assert refusal(in_play(*HEARTS_LED), action) == "The hand is being played: play a card."
