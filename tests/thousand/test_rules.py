"""The rules options as data (rules section 4): defaults, thresholds, validation."""

import pytest

from games.thousand.engine import HOUSE_RULES, Rules

from .helpers import exactly


def test_the_house_rules_are_the_defaults() -> None:
    assert Rules() == HOUSE_RULES
    assert HOUSE_RULES.to_dict() == {
        "target": 1000,
        "bid_step": 10,
        "following": "must_beat",
        "rounding": "ten_down",
        "four_nines": "redeal",
    }


def test_a_match_to_1000_has_its_barrel_at_800_and_caps_opponents_at_990() -> None:
    assert (Rules().barrel, Rules().opponent_cap) == (800, 990)


def test_a_match_to_500_has_its_barrel_at_400_and_caps_opponents_at_490() -> None:
    assert (Rules(target=500).barrel, Rules(target=500).opponent_cap) == (400, 490)


def test_rules_read_back_from_their_dict() -> None:
    rules = Rules(
        target=500, bid_step=5, following="classic", rounding="five", four_nines="abandon"
    )
    assert Rules.from_dict(rules.to_dict()) == rules


def test_missing_options_take_the_house_rule() -> None:
    assert Rules.from_dict({"bid_step": 5}) == Rules(bid_step=5)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"target": 700}, "rules: target must be 1000 or 500, not 700"),
        ({"target": "1000"}, "rules: target must be 1000 or 500, not '1000'"),
        ({"bid_step": True}, "rules: bid_step must be 10 or 5, not True"),
        ({"following": "trump"}, "rules: following must be 'must_beat' or 'classic', not 'trump'"),
        ({"rounding": "up"}, "rules: rounding must be 'ten_down' or 'five', not 'up'"),
        ({"four_nines": None}, "rules: four_nines must be 'redeal' or 'abandon', not None"),
        ({"players": 2}, "rules: players must be 3 or 4, not 2"),
        ({"players": 4.0}, "rules: players must be 3 or 4, not 4.0"),
        ({"seats": 4}, "rules: unknown option 'seats'"),
        ([], "rules must be an object"),
    ],
)
def test_it_rejects_an_unknown_or_out_of_range_option(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=exactly(message)):
        Rules.from_dict(data)  # type: ignore[arg-type]
