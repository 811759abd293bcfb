"""Scoring a game (rules section 4)."""

from games.rummy.engine import GameResult, parse_tiles, score_game


def test_when_someone_goes_out_the_others_lose_their_hand_points_and_a_joker_costs_30() -> None:
    racks = [parse_tiles("R7 O13 J"), (), parse_tiles("B1 B2")]
    assert score_game(racks, 1) == GameResult(
        went_out=1, winners=(1,), hand_points=(50, 0, 3), scores=(-50, 53, -3)
    )


def test_with_the_pool_empty_the_fewest_hand_points_win_the_differences() -> None:
    racks = [parse_tiles("R10 B10"), parse_tiles("K4"), parse_tiles("O13 J")]
    assert score_game(racks, None) == GameResult(
        went_out=None, winners=(1,), hand_points=(20, 4, 43), scores=(-16, 55, -39)
    )


def test_players_tied_for_the_fewest_share_the_gain_dropping_the_remainder() -> None:
    racks = [parse_tiles("R5 B5"), parse_tiles("K10"), parse_tiles("O13 O12"), parse_tiles("J")]
    assert score_game(racks, None) == GameResult(
        went_out=None, winners=(0, 1), hand_points=(10, 10, 25, 30), scores=(17, 17, -15, -20)
    )


def test_when_every_hand_is_worth_the_same_nobody_gains_or_loses() -> None:
    racks = [parse_tiles("R5"), parse_tiles("K5")]
    assert score_game(racks, None).scores == (0, 0)
