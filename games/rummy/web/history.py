"""Tile rummy's part of the match history: a game's row in the game-by-game table, a replay
step with every rack shown (finished matches only), and a player's counters for the
statistics.

A round is one game; its replay steps are the state after the deal (step 0) and after each
turn, rebuilt from the stored deal and actions through the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from django.utils.translation import gettext as _

from games.core.spec_history import ReplayMark, RoundSummary, StoredRound
from games.rummy.engine import JOKER, PLAY, GameSetup, GameState, apply, new_game
from games.rummy.engine.tiles import hand_value
from games.rummy.web.log import game_log
from games.rummy.web.tiles import TileView, tile_view, tile_views

MARK_EVERY = 10
"""The replay's marks: every tenth turn (besides the start and the end)."""

COUNTERS = (
    "games_won",
    "went_out",
    "rack_points",
    "points",
    "max_game_score",
    "melds",
    "meld_turns",
    "tiles",
    "jokers",
)
"""What ``player_counters`` counts for each seat."""


def round_columns() -> tuple[str, ...]:
    return (_("Ended by"), _("Winner"), _("Turns"))


def round_summary(stored: StoredRound, names: Sequence[str]) -> RoundSummary:
    """A game's row: who went out (or the pool ran out), who won, how many turns; each seat's
    points left in the rack beside its change of score."""
    result = stored.result or {}
    went_out = result.get("went_out")
    notes = []
    for seat, points in enumerate(result.get("hand_points", ())):
        if seat == went_out:
            notes.append(_("went out"))
        else:
            notes.append(_("%(points)s left in the rack") % {"points": points})
    changes = result.get("changes")
    return RoundSummary(
        cells=(
            names[went_out] if isinstance(went_out, int) else _("pool empty"),
            ", ".join(names[seat] for seat in result.get("winners", ())),
            str(len(stored.actions)),
        ),
        seat_notes=tuple(notes) if notes else ("",) * len(names),
        deltas=None if stored.void or changes is None else tuple(changes),
    )


def game_states(setup: Mapping[str, Any], actions: Sequence[str]) -> list[GameState]:
    """The game after the deal and after each action, rebuilt through the engine."""
    state = new_game(
        GameSetup.from_record(setup["deal"]), tuple(int(score) for score in setup["scores"])
    )
    states = [state]
    for action in actions:
        state = apply(state, action)
        states.append(state)
    return states


@dataclass
class TurnLink:
    """A step of the replay to jump to ("" when there is none that way)."""

    step: int | None
    label: str


@dataclass
class ReplaySeat:
    number: int
    name: str
    rack: list[TileView]
    rack_points: int
    melded: bool
    to_move: bool
    just_played: bool
    previous: TurnLink
    following: TurnLink


@dataclass
class ReplayView:
    seats: list[ReplaySeat]
    table: list[list[TileView]]
    pool_size: int
    phase: str
    last: str
    outcome: list[str]


def replay_view(states: Sequence[Any], step: int, names: Sequence[str]) -> ReplayView:
    """Every rack and the table at ``step`` of the game whose successive states (as the
    spec's ``RummyRound``) are ``states``; the last turn in words and its tiles marked."""
    state: GameState = states[step].game
    actions: tuple[str, ...] = states[step].actions
    first = state.setup.first
    players = state.players
    last_step = len(states) - 1
    fresh = list(state.last_played) if state.last_action == PLAY else []
    table = []
    for tiles in state.table:
        row = []
        for tile in tiles:
            row.append(tile_view(tile, fresh=tile in fresh))
            if tile in fresh:
                fresh.remove(tile)
        table.append(row)
    seats = []
    for number, name in enumerate(names):
        # Step k shows the k-th turn, taken by the seat ``first + k - 1`` round the table.
        turns = [k for k in range(1, last_step + 1) if (first + k - 1) % players == number]
        before = [k for k in turns if k < step]
        after = [k for k in turns if k > step]
        seats.append(
            ReplaySeat(
                number=number,
                name=name,
                rack=tile_views(state.racks[number]),
                rack_points=hand_value(state.racks[number]),
                melded=state.melded[number],
                to_move=state.result is None and state.to_move == number,
                just_played=step > 0 and state.last_seat == number,
                previous=TurnLink(before[-1] if before else None, _("Previous turn")),
                following=TurnLink(after[0] if after else None, _("Next turn")),
            )
        )
    log = game_log(actions, first, names, over=state.result is not None)
    if step == 0:
        phase = _("The deal: %(name)s plays first") % {"name": names[first]}
    elif state.result is not None:
        phase = _("Game over after %(turns)s turns") % {"turns": step}
    else:
        phase = _("Turn %(number)s") % {"number": step}
    return ReplayView(
        seats=seats,
        table=table,
        pool_size=state.pool_size,
        phase=phase,
        last=" · ".join(entry.text for entry in log[len(actions) - 1 :]) if actions else "",
        outcome=_outcome(state, names),
    )


def _outcome(state: GameState, names: Sequence[str]) -> list[str]:
    result = state.result
    if result is None:
        return []
    if result.went_out is not None:
        lines = [_("%(name)s went out.") % {"name": names[result.went_out]}]
    else:
        lines = [_("The pool is empty and everyone passed: the fewest points in hand win.")]
    for seat, change in enumerate(result.scores):
        lines.append(
            _("%(name)s: %(points)s left in the rack, %(change)s")
            % {
                "name": names[seat],
                "points": result.hand_points[seat],
                "change": f"{change:+d}",
            }
        )
    return lines


def replay_marks(states: Sequence[Any]) -> list[ReplayMark]:
    """The deal, every tenth turn, and the end."""
    last = len(states) - 1
    marks = [ReplayMark(0, _("Deal"))]
    marks += [
        ReplayMark(step, _("Turn %(number)s") % {"number": step})
        for step in range(MARK_EVERY, last, MARK_EVERY)
    ]
    if last > 0:
        marks.append(ReplayMark(last, _("End")))
    return marks


def player_counters(rounds: Sequence[StoredRound], players: int) -> list[dict[str, int]]:
    """Each seat's counters over a finished match: games won (and of them by going out),
    points left in the rack and points scored, the best score of a game, the games with an
    initial meld and the seat's own turn it came on (summed), and the tiles and jokers it put
    on the table."""
    counters = [dict.fromkeys(COUNTERS, 0) for _seat in range(players)]
    for stored in rounds:
        result = stored.result
        if stored.void or not result:
            continue
        for seat, mine in enumerate(counters):
            change = int(result["changes"][seat])
            mine["games_won"] += seat in result["winners"]
            mine["went_out"] += result["went_out"] == seat
            mine["rack_points"] += int(result["hand_points"][seat])
            mine["points"] += change
            mine["max_game_score"] = max(mine["max_game_score"], change)
        own_turns = [0] * players
        states = game_states(stored.setup, stored.actions)
        for before, after in pairwise(states):
            seat = before.to_move
            own_turns[seat] += 1
            mine = counters[seat]
            if after.last_action != PLAY:
                continue
            mine["tiles"] += len(after.last_played)
            mine["jokers"] += after.last_played.count(JOKER)
            if not before.melded[seat]:
                mine["melds"] += 1
                mine["meld_turns"] += own_turns[seat]
    return counters


def statistics(counters: Mapping[str, int], rounds: int) -> list[tuple[str, str]]:
    """Tile rummy's lines of a person's statistics from their summed counters (``rounds``:
    the games played)."""
    melds = counters.get("melds", 0)
    return [
        (_("Games won"), str(counters.get("games_won", 0))),
        (_("Games won by going out"), str(counters.get("went_out", 0))),
        (_("Average points left in the rack"), _average(counters.get("rack_points", 0), rounds)),
        (_("Average points per game"), _average(counters.get("points", 0), rounds)),
        (_("Highest score in a game"), str(counters.get("max_game_score") or "\N{EN DASH}")),
        (_("Games with an initial meld"), str(melds)),
        (_("Average turn of the initial meld"), _average(counters.get("meld_turns", 0), melds)),
        (_("Tiles played per game"), _average(counters.get("tiles", 0), rounds)),
        (_("Jokers played"), str(counters.get("jokers", 0))),
    ]


def _average(total: int, count: int) -> str:
    return f"{total / count:.1f}" if count else "\N{EN DASH}"
