"""Random legal games for the property tests: plays found by simple rules, else draw or pass."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from games.rummy.engine import (
    INITIAL_MELD,
    JOKER,
    GameState,
    IllegalTurn,
    analyse_set,
    apply,
    check_turn,
    deal_game,
    play_action,
)
from games.rummy.engine.sets import INVALID
from games.rummy.engine.tiles import Tile


def _sets_from_rack(rack: tuple[Tile, ...]) -> list[tuple[Tile, ...]]:
    """Groups and runs of three the rack holds, and pairs completed by a joker."""
    have = set(rack)
    joker = JOKER in have
    found: list[tuple[Tile, ...]] = []
    for number in range(13):
        colours = [colour * 13 + number for colour in range(4) if colour * 13 + number in have]
        found += list(combinations(colours, 3))
        if joker:
            found += [(*pair, JOKER) for pair in combinations(colours, 2)]
    for tile in range(52):
        if tile % 13 <= 10 and {tile, tile + 1, tile + 2} <= have:
            found.append((tile, tile + 1, tile + 2))
        if joker and tile % 13 <= 11 and {tile, tile + 1} <= have:
            found.append((tile, tile + 1, JOKER) if tile % 13 <= 10 else (JOKER, tile, tile + 1))
    return found


def _take_a_joker(table: list[tuple[Tile, ...]], left: Counter[Tile]) -> None:
    """Takes a table joker back with its replacement tile from ``left`` if the freed joker
    can end a run or fill a group on the table (changes ``table`` and ``left`` in place)."""
    for index, tiles in enumerate(table):
        if JOKER not in tiles:
            continue
        meaning = analyse_set(tiles).jokers[0]
        position = tiles.index(JOKER)
        for tile in sorted(meaning):
            if not left[tile]:
                continue
            replaced = (*tiles[:position], tile, *tiles[position + 1 :])
            if analyse_set(replaced).kind == INVALID:
                continue
            for other, others in enumerate(table):
                if other == index:
                    continue
                grown = (*others, JOKER)
                if analyse_set(grown).kind != INVALID:
                    table[index] = replaced
                    table[other] = grown
                    left[tile] -= 1
                    return


def random_action(state: GameState, rng: random.Random) -> str:
    """A legal action for the player to move: often a play when one is found, else draw or
    pass. Plays put new sets from the rack, add rack tiles to the ends of table sets, and
    take table jokers back with their replacement tile."""
    seat = state.to_move
    rack = state.racks[seat]
    table = list(state.table)
    fallback = "draw" if state.pool_size else "pass"
    if rng.random() < 0.1:
        return fallback
    new_sets = _sets_from_rack(rack)
    rng.shuffle(new_sets)
    left = Counter(rack)
    chosen = []
    for tiles in new_sets:
        need = Counter(tiles)
        if all(left[tile] >= count for tile, count in need.items()):
            left -= need
            chosen.append(tiles)
    if not state.melded[seat]:
        if sum(analyse_set(tiles).value for tiles in chosen) < INITIAL_MELD:
            return fallback
        return play_action(table + chosen)
    table += chosen
    if rng.random() < 0.5:
        _take_a_joker(table, left)
    spare = list(left.elements())
    rng.shuffle(spare)
    for tile in spare:
        for index in rng.sample(range(len(table)), len(table)):
            tiles = table[index]
            for grown in ((*tiles, tile), (tile, *tiles)):
                if analyse_set(grown).kind != INVALID:
                    table[index] = grown
                    break
            else:
                continue
            break
    candidate = tuple(table)
    if candidate == state.table:
        return fallback
    try:
        check_turn(state.table, rack, True, candidate)
    except IllegalTurn:
        return fallback
    return play_action(candidate)


def random_game(players: int, seed: int) -> tuple[list[GameState], list[str]]:
    """Every state of one random legal game and its actions, all drawn from ``seed``."""
    rng = random.Random(seed)
    state = deal_game(players, rng.randrange(players), rng)
    states, actions = [state], []
    while not state.is_over:
        action = random_action(state, rng)
        state = apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions
