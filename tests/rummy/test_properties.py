"""Invariants over random legal games: tiles are conserved, games are deterministic, the
observation hides other racks and the pool, and scores add up."""

import copy
import random
from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rummy.engine import (
    FULL_SET,
    GameState,
    IllegalTurn,
    after_game,
    apply,
    check_set,
    check_turn,
    deal_next,
    new_match,
    observation,
    parse_action,
    replay,
)

from .playouts import random_action, random_game

FULL = Counter(FULL_SET)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.sampled_from([2, 3, 4])


def tiles_of(state: GameState) -> Counter[int]:
    tiles = Counter(state.pool)
    for rack in state.racks:
        tiles.update(rack)
    for tiles_in_set in state.table:
        tiles.update(tiles_in_set)
    return tiles


@settings(max_examples=25)
@given(players=player_counts, seed=seeds)
def test_random_legal_games_conserve_all_106_tiles_and_score_to_at_most_zero(
    players: int, seed: int
) -> None:
    states, _ = random_game(players, seed)
    for state in states:
        assert tiles_of(state) == FULL
    result = states[-1].result
    assert result is not None
    if result.went_out is None:
        assert -len(result.winners) < sum(result.scores) <= 0
    else:
        assert sum(result.scores) == 0
        assert states[-1].racks[result.went_out] == ()


@settings(max_examples=10)
@given(players=player_counts, seed=seeds)
def test_the_same_seed_plays_the_same_game_and_replay_rebuilds_it(players: int, seed: int) -> None:
    states, actions = random_game(players, seed)
    again, actions_again = random_game(players, seed)
    assert actions_again == actions
    assert again[-1] == states[-1]
    assert replay(states[0].setup, actions) == states[-1]


@settings(max_examples=10)
@given(players=player_counts, seed=seeds, shuffle_seed=seeds)
def test_the_observation_never_shows_another_rack_or_the_pool(
    players: int, seed: int, shuffle_seed: int
) -> None:
    states, _ = random_game(players, seed)
    rng = random.Random(shuffle_seed)
    for state in states[:: max(1, len(states) // 8)]:
        for seat in range(players):
            seen = observation(state, seat)
            assert seen.rack == state.racks[seat]
            assert seen.tile_counts == tuple(len(rack) for rack in state.racks)
            assert seen.pool_size == len(state.pool)
            assert observation(_hidden_tiles_reshuffled(state, seat, rng), seat) == seen


def _hidden_tiles_reshuffled(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The state with the tiles ``seat`` cannot see (other racks, the pool) dealt anew
    among the other racks and the pool, every count kept."""
    others = [other for other in range(state.players) if other != seat]
    hidden = list(state.pool)
    for other in others:
        hidden += state.racks[other]
    rng.shuffle(hidden)
    racks = list(state.racks)
    for other in others:
        size = len(racks[other])
        racks[other] = tuple(sorted(hidden[:size]))
        hidden = hidden[size:]
    setup = copy.copy(state.setup)
    # The swap breaks on purpose the setup's check that the deal holds the 106 tiles.
    object.__setattr__(setup, "pool", (*state.setup.pool[: state.drawn], *hidden))
    return replace(state, racks=tuple(racks), setup=setup)


@settings(max_examples=5)
@given(players=player_counts, games=st.sampled_from([1, 3, 5]), seed=seeds)
def test_a_match_of_random_games_adds_up_their_scores_and_rotates_the_first_player(
    players: int, games: int, seed: int
) -> None:
    rng = random.Random(seed)
    match = new_match(players, games, rng)
    firsts, totals = [], [0] * players
    while not match.is_over:
        state = deal_next(match, rng)
        firsts.append(state.to_move)
        while not state.is_over:
            state = apply(state, random_action(state, rng))
        assert state.result is not None
        totals = [total + gained for total, gained in zip(totals, state.result.scores, strict=True)]
        match = after_game(match, state)
    assert list(match.scores) == totals
    assert firsts == [(firsts[0] + number) % players for number in range(games)]
    assert match.winners == tuple(seat for seat in range(players) if totals[seat] == max(totals))


def _mutated(table: list[list[int]], rack: tuple[int, ...], rng: random.Random) -> None:
    """Moves, splits, adds and drops tiles of ``table`` at random (in place)."""
    for _ in range(rng.randint(1, 4)):
        move = rng.randrange(4)
        if not table or move == 0:
            table.append([rng.choice(rack) for _ in range(rng.randint(1, 3))] if rack else [])
            continue
        source = rng.choice(table)
        if not source:
            continue
        if move == 1:
            target = rng.choice(table)
            target.insert(rng.randint(0, len(target)), source.pop(rng.randrange(len(source))))
        elif move == 2:
            cut = rng.randint(0, len(source))
            table.append(source[cut:])
            del source[cut:]
        else:
            source.pop(rng.randrange(len(source)))


@settings(max_examples=10)
@given(players=player_counts, seed=seeds, mutation_seed=seeds)
def test_any_proposed_table_is_judged_and_what_is_accepted_adds_up(
    players: int, seed: int, mutation_seed: int
) -> None:
    states, actions = random_game(players, seed)
    rng = random.Random(mutation_seed)
    for state, action in zip(states, actions, strict=False):
        kind, after = parse_action(action)
        seat = state.to_move
        proposed = [list(tiles) for tiles in (after if kind == "play" else state.table)]
        _mutated(proposed, state.racks[seat], rng)
        try:
            result = check_turn(state.table, state.racks[seat], state.melded[seat], proposed)
        except IllegalTurn:
            continue
        added = Counter(tile for tiles in proposed for tile in tiles)
        added.subtract(tile for tiles in state.table for tile in tiles)
        assert sorted(added.elements()) == list(result.played)
        assert not Counter(result.played) - Counter(state.racks[seat])
        assert all(check_set(tuple(tiles)) for tiles in proposed)
