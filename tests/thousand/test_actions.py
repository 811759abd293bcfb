"""The canonical action notation (rules section 5) and how a malformed action is refused."""

import pytest

from games.thousand.engine import IllegalAction, apply

from .helpers import HEARTS_LED, deal, in_play, play, refusal

EVERY_KIND = "keep, redeal, bid:N, pass, give:C, contract:N or play:C"
PLAIN = ("AS TS KS AD TD JC 9H", "9S JS AC TC KC 9D JD", "QS AH TH KH 9C KD JH", "QC QD QH")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("bid:112", "112 is not a multiple of 5."),
        ("bid:1000", "1000 is out of range."),
        ("bid:95", "95 is out of range."),
        ("bid:abc", "bid needs a number, as in bid:110."),
        ("bid:-110", "bid needs a number, as in bid:110."),
        ("bid:²", "bid needs a number, as in bid:110."),
        ("bid:\u0661\u0661\u0660", "bid needs a number, as in bid:110."),
        ("contract:", "contract needs a number, as in bid:110."),
        ("play:ah", "Write cards in capitals, as in AH."),
        ("give:9s", "Write cards in capitals, as in 9S."),
        ("play:10H", "10H is not a card: write a rank (9 J Q K T A) then a suit (S C D H)."),
        ("jump", f"jump is not an action: use {EVERY_KIND}."),
        ("PASS", f"PASS is not an action: use {EVERY_KIND}."),
        (None, "An action must be text such as play:AS."),
        (110, "An action must be text such as play:AS."),
    ],
)  # fmt: skip
def test_a_malformed_action_is_refused_with_what_is_wrong(action: object, message: str) -> None:
    assert refusal(deal(2, *PLAIN), action) == message  # type: ignore[arg-type]


def test_a_bid_with_thousands_of_digits_is_refused_like_any_other() -> None:
    with pytest.raises(IllegalAction, match=r"^5{5000} is out of range\.$"):
        apply(deal(2, *PLAIN), "bid:" + "5" * 5000)


def test_a_refusal_carries_its_untranslated_template_and_values() -> None:
    state = play(in_play(*HEARTS_LED), "play:KH play:JH")
    with pytest.raises(IllegalAction) as caught:
        apply(state, "play:QH")
    assert caught.value.template == "You must play a higher {suit}: you hold {cards}."
    assert caught.value.params == {"suit": "heart", "cards": "AH"}


def test_the_actions_of_a_hand_are_listed_in_canonical_notation() -> None:
    state = play(deal(2, *PLAIN), "bid:110 pass pass give:9S give:JS contract:120 play:AC")
    assert state.actions() == [
        *("bid:110", "pass", "pass", "give:9S", "give:JS", "contract:120", "play:AC"),
    ]
    assert state.history[0] == (0, "bid:100")
