"""Matches of 1, 3 or 5 games: points accumulate, the first player rotates (rules section 5)."""

import random
from dataclasses import replace

import pytest

from games.rummy.engine import GameResult, MatchState, after_game, deal_next, new_match


def finished(match: MatchState, rng: random.Random, scores: tuple[int, ...]) -> MatchState:
    """The match after its next game, scored ``scores`` (the game itself is not played)."""
    game = deal_next(match, rng)
    result = GameResult(went_out=None, winners=(0,), hand_points=(0,) * len(scores), scores=scores)
    return after_game(match, replace(game, result=result))


def test_the_first_player_of_the_first_game_is_drawn_and_then_rotates_to_the_left() -> None:
    rng = random.Random(5)
    match = new_match(3, 3, rng)
    firsts = []
    for scores in ((10, -4, -6), (-2, 2, 0), (-30, 40, -10)):
        firsts.append(deal_next(match, rng).to_move)
        match = finished(match, rng, scores)
    assert firsts == [firsts[0], (firsts[0] + 1) % 3, (firsts[0] + 2) % 3]
    assert {new_match(3, 3, random.Random(seed)).first for seed in range(30)} == {0, 1, 2}


def test_points_accumulate_and_the_highest_total_wins_after_the_last_game() -> None:
    rng = random.Random(1)
    match = new_match(3, 3, rng)
    match = finished(match, rng, (10, -4, -6))
    match = finished(match, rng, (-2, 2, 0))
    assert (match.scores, match.games_played, match.winners, match.is_over) == (
        (8, -2, -6),
        2,
        (),
        False,
    )
    assert deal_next(match, rng).scores == (8, -2, -6)
    match = finished(match, rng, (-30, 40, -10))
    assert (match.scores, match.winners, match.is_over) == ((-22, 38, -16), (1,), True)
    with pytest.raises(ValueError, match="the match is over"):
        deal_next(match, rng)


def test_a_tie_for_the_highest_total_has_several_winners() -> None:
    rng = random.Random(2)
    match = finished(new_match(2, 1, rng), rng, (0, 0))
    assert match.winners == (0, 1)


def test_a_match_has_1_3_or_5_games_of_2_to_4_players() -> None:
    for games in (1, 3, 5):
        assert new_match(4, games, random.Random(0)).games == games
    with pytest.raises(ValueError, match="1, 3 or 5 games"):
        new_match(2, 2, random.Random(0))
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_match(5, 3, random.Random(0))


def test_only_a_finished_game_of_this_match_counts() -> None:
    rng = random.Random(3)
    match = new_match(2, 3, rng)
    game = deal_next(match, rng)
    with pytest.raises(ValueError, match="not finished"):
        after_game(match, game)
    other = replace(game, scores=(5, -5), result=GameResult(None, (0,), (0, 0), (1, -1)))
    with pytest.raises(ValueError, match="does not belong"):
        after_game(match, other)
