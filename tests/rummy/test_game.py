"""Games: the deal, turns (play, draw, pass), going out and the pool-empty ending."""

import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from games.rummy.engine import (
    FULL_SET,
    WATCHER,
    GameSetup,
    GameState,
    IllegalTurn,
    apply,
    deal_game,
    deal_setup,
    new_game,
    observation,
    parse_tiles,
    public_view,
    replay,
    score_game,
    tiles_text,
)

ALICE_RACK = "R10 B10 K10 R1 R2 R3 B5 B6 B7 O9 O11 K2 K13 J"
BOB_RACK = "O1 O2 O3 O4 O5 O6 O7 O8 B8 K8 R13 B13 K11 R4"


def setup_with(racks: list[str], pool_first: str = "", first: int = 0) -> GameSetup:
    """A deal with the given racks; the pool starts with ``pool_first``, then the remaining
    tiles in sorted order."""
    dealt = [parse_tiles(rack) for rack in racks]
    rest = Counter(FULL_SET)
    for tiles in (*dealt, parse_tiles(pool_first)):
        rest.subtract(tiles)
    pool = parse_tiles(pool_first) + tuple(sorted(rest.elements()))
    return GameSetup(tuple(tuple(sorted(rack)) for rack in dealt), pool, first)


def alice_and_bob(pool_first: str = "") -> GameState:
    return new_game(setup_with([ALICE_RACK, BOB_RACK], pool_first))


def rack_of(state: GameState, seat: int) -> str:
    return tiles_text(state.racks[seat])


def refusal(state: GameState, action: str) -> str:
    with pytest.raises(IllegalTurn) as refused:
        apply(state, action)
    return str(refused.value)


def test_a_seeded_deal_gives_14_tiles_to_each_player_and_the_rest_to_the_pool() -> None:
    state = deal_game(3, 1, random.Random(7))
    assert [len(rack) for rack in state.racks] == [14, 14, 14]
    assert state.pool_size == 106 - 42
    assert Counter(FULL_SET) == Counter(state.pool) + sum(map(Counter, state.racks), Counter())
    assert (state.to_move, state.table, state.melded) == (1, (), (False, False, False))


def test_the_same_seed_deals_the_same_game_and_another_seed_another() -> None:
    assert deal_setup(4, 0, random.Random(11)) == deal_setup(4, 0, random.Random(11))
    assert deal_setup(4, 0, random.Random(11)) != deal_setup(4, 0, random.Random(12))


def test_a_setup_must_hold_the_106_tiles_with_14_in_each_rack() -> None:
    good = setup_with([ALICE_RACK, BOB_RACK])
    with pytest.raises(ValueError, match="106 tiles"):
        GameSetup(good.racks, good.pool[1:], 0)
    with pytest.raises(ValueError, match="14 tiles"):
        GameSetup((good.racks[0][1:], good.racks[1]), (good.racks[0][0], *good.pool), 0)
    with pytest.raises(ValueError, match="2 to 4 players"):
        GameSetup(good.racks[:1], (*good.racks[1], *good.pool), 0)
    with pytest.raises(ValueError, match="seat from 0 to 1"):
        GameSetup(good.racks, good.pool, 2)


def test_a_setup_is_stored_as_a_record_in_notation_and_read_back() -> None:
    setup = deal_setup(2, 1, random.Random(3))
    record = setup.to_record()
    assert record["first"] == 1
    assert record["racks"][0] == tiles_text(setup.racks[0]).split(" ")
    assert len(record["pool"]) == 78
    assert GameSetup.from_record(json.loads(json.dumps(record))) == setup


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"first": True}, "first must be a seat number"),
        ({"pool": "R1"}, "pool must be a list of tiles"),
        ({"racks": ["R1"]}, "racks must be a list of lists of tiles"),
        ({"extra": 1}, "exactly racks, pool and first"),
        ({"first": 2}, "seat from 0 to 1"),
    ],
)
def test_a_setup_record_that_is_not_one_is_refused(change: dict[str, object], reason: str) -> None:
    record = {**deal_setup(2, 0, random.Random(3)).to_record(), **change}
    with pytest.raises(ValueError, match=reason):
        GameSetup.from_record(record)


def test_a_setup_record_with_an_unknown_tile_is_refused() -> None:
    record = {**deal_setup(2, 0, random.Random(3)).to_record(), "pool": ["R1", "Z9"]}
    with pytest.raises(ValueError, match="'Z9' is not a tile"):
        GameSetup.from_record(record)


def test_drawing_takes_the_next_pool_tile_and_passes_the_turn() -> None:
    state = apply(alice_and_bob("O12 O13"), "draw")
    assert "O12" in rack_of(state, 0).split(" ")
    assert (len(state.racks[0]), state.to_move, state.pool_size) == (15, 1, 106 - 29)
    assert (state.last_seat, state.last_action, state.last_played) == (0, "draw", ())
    state = apply(state, "draw")
    assert "O13" in rack_of(state, 1).split(" ")
    assert state.to_move == 0


def test_an_initial_meld_puts_the_sets_on_the_table_and_marks_the_player_melded() -> None:
    state = apply(alice_and_bob(), "play:R10 B10 K10")
    assert state.table == (parse_tiles("R10 B10 K10"),)
    assert state.melded == (True, False)
    assert rack_of(state, 0) == "R1 R2 R3 B5 B6 B7 K2 K13 O9 O11 J"
    assert (state.to_move, state.last_seat, state.last_action, state.last_played) == (
        1,
        0,
        "play",
        parse_tiles("R10 B10 K10"),
    )


def test_a_refused_turn_changes_nothing() -> None:
    state = alice_and_bob()
    assert refusal(state, "play:B5 B6 B7") == "Your initial meld is worth 18; it needs 30."
    assert refusal(state, "pass") == (
        "You may pass only when the pool is empty: draw a tile instead."
    )
    assert state == alice_and_bob()


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("play", "play is not an action: use draw, pass, or play: and the whole table."),
        ("Draw", "Draw is not an action: use draw, pass, or play: and the whole table."),
        (
            "play:R10  B10 K10",
            "Separate the tiles with single spaces and the sets with a single |.",
        ),
        (
            "play:R10 B10 K10|",
            "Separate the tiles with single spaces and the sets with a single |.",
        ),
        (
            "play:R10 B10 X10",
            "X10 is not a tile: write R, B, K or O then 1 to 13, or J for a joker.",
        ),
        ("play:", "Put at least one tile from your rack on the table."),
    ],
)
def test_a_malformed_action_is_refused_with_its_reason(action: str, reason: str) -> None:
    assert refusal(alice_and_bob(), action) == reason


def test_after_the_meld_a_player_moves_a_table_tile_as_in_the_worked_example() -> None:
    state = replay(
        setup_with([ALICE_RACK, BOB_RACK], "R12"),
        ["play:R10 B10 K10", "play:R10 B10 K10|O1 O2 O3 O4 O5 O6 O7 O8", "draw"],
    )
    assert (state.melded, state.to_move) == ((True, True), 1)
    assert "R12" in rack_of(state, 0).split(" ")
    state = apply(state, "play:R10 B10 K10|O1 O2 O3 O4 O5 O6 O7|O8 B8 K8")
    assert state.last_played == parse_tiles("B8 K8")
    assert rack_of(state, 1) == "R4 R13 B13 K11"


def test_playing_the_last_tile_ends_the_game_and_scores_it() -> None:
    state = new_game(
        setup_with(["R1 R2 R3 R4 R5 R6 R7 B1 B2 B3 B4 B5 B6 B7", BOB_RACK]), scores=(100, -100)
    )
    state = apply(state, "play:R1 R2 R3 R4 R5 R6 R7|B1 B2 B3 B4 B5 B6 B7")
    assert state.result is not None
    assert (state.result.went_out, state.result.winners) == (0, (0,))
    bob_points = sum(range(1, 9)) + 8 + 8 + 13 + 13 + 11 + 4
    assert state.result.scores == (bob_points, -bob_points)
    assert state.scores == (100, -100)
    assert observation(state, 1).to_move is None
    assert refusal(state, "draw") == "The game is over."


def drawn_dry(state: GameState) -> GameState:
    """The game after everybody draws until the pool is empty."""
    while state.pool_size:
        state = apply(state, "draw")
    return state


def test_with_the_pool_empty_a_player_may_not_draw_and_passes() -> None:
    state = drawn_dry(alice_and_bob())
    assert state.to_move == 0
    assert [len(rack) for rack in state.racks] == [53, 53]
    assert refusal(state, "draw") == "The pool is empty: play tiles or pass."
    state = apply(state, "pass")
    assert (state.passes, state.to_move, state.is_over) == (1, 1, False)


def test_the_game_ends_when_everyone_passes_in_a_row_and_a_play_breaks_the_row() -> None:
    state = apply(drawn_dry(alice_and_bob()), "pass")
    state = apply(state, "play:O1 O2 O3 O4 O5 O6 O7 O8")
    assert state.passes == 0
    state = apply(state, "pass")
    assert not state.is_over
    state = apply(state, "pass")
    assert state.result is not None
    assert state.result.went_out is None
    assert state.result == score_game(state.racks, None)


def test_replaying_a_games_actions_rebuilds_the_same_state() -> None:
    setup = setup_with([ALICE_RACK, BOB_RACK])
    actions = ["play:R10 B10 K10", "draw", "draw", "play:R10 B10 K10|O1 O2 O3 O4 O5 O6 O7 O8"]
    state = new_game(setup)
    for action in actions:
        state = apply(state, action)
    assert replay(setup, actions) == state
    assert state.turns == 4


def test_the_public_view_is_every_seats_view_without_a_rack() -> None:
    state = apply(alice_and_bob(), "play:R10 B10 K10|R1 R2 R3")
    public = public_view(state)
    assert public.seat == WATCHER
    assert public.rack == ()
    assert public.tile_counts == (8, 14)
    for seat in (0, 1):
        assert replace(observation(state, seat), seat=WATCHER, rack=()) == public
