"""A game's rules refuse a move made for a seat whose turn it is not, whatever the core checked
before: the seat is part of the move."""

from __future__ import annotations

import pytest

from games.core.registry import get_spec
from games.core.spec import IllegalMove


@pytest.mark.parametrize(("game", "options", "players"), [("thousand", {}, 3), ("rummy", {}, 2)])
def test_a_move_for_the_wrong_seat_is_refused_by_the_game(
    game: str, options: dict[str, object], players: int
) -> None:
    rules = get_spec(game).rules
    stored = rules.check_options(options, players)
    progress = rules.new_progress(stored, players, 5)
    setup = rules.start_round(stored, progress, [0] * players, "5:deal:1")
    state = rules.replay(setup, [])
    seat = rules.to_move(state)
    assert seat is not None
    action = get_spec(game).computers.choose("beginner", rules.observation(state, seat), "s")
    assert rules.apply(state, seat, action) is not None
    with pytest.raises(IllegalMove, match=r"^It is not your turn\.$"):
        rules.apply(state, (seat + 1) % players, action)
