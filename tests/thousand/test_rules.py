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
        ({"players": 1}, "rules: players must be 3, 4 or 2, not 1"),
        ({"players": 4.0}, "rules: players must be 3, 4 or 2, not 4.0"),
        ({"players": 4, "musik_points": 1}, "rules: musik_points must be False or True, not 1"),
        ({"musik_points": True}, "rules: musik_points is an option for four players only"),
        (
            {"players": 2, "musik_points": True},
            "rules: musik_points is an option for four players only",
        ),
        ({"seats": 4}, "rules: unknown option 'seats'"),
        ([], "rules must be an object"),
    ],
)
def test_it_rejects_an_unknown_or_out_of_range_option(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=exactly(message)):
        Rules.from_dict(data)  # type: ignore[arg-type]


def test_the_table_sizes_and_the_four_player_musik_points_read_back_from_their_dict() -> None:
    two = Rules(players=2)
    four = Rules(players=4, musik_points=True)
    assert two.to_dict()["players"] == 2
    assert "musik_points" not in two.to_dict()
    assert four.to_dict()["musik_points"] is True
    assert "musik_points" not in Rules(players=4).to_dict()
    assert Rules.from_dict(two.to_dict()) == two
    assert Rules.from_dict(four.to_dict()) == four


def test_two_players_hold_cards_in_a_hand_at_a_table_of_two_and_three_at_any_other() -> None:
    assert [Rules(players=n).hand_players for n in (2, 3, 4)] == [2, 3, 3]


def test_the_musik_points_are_an_option_of_a_table_of_four_only() -> None:
    every_table = Rules.options()
    assert "musik_points" not in every_table
    assert every_table["players"] == (3, 4, 2)
    assert Rules.options_for(4) == {**every_table, "musik_points": (False, True)}
    assert Rules.options_for(2) == Rules.options_for(3) == every_table
