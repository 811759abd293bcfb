"""Nim for 2 to 4 players: a second game, defined only here, that runs through the site's core.

A round starts with a few heaps; a player takes one or more objects from one heap; whoever
takes the last object wins the round and scores a point. A match is ``rounds`` rounds long.
Nothing in ``games/`` knows this game: if the core named a card, a bid or a seat count of
Thousand's, this game could not be played.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import reduce
from operator import xor
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext

from games.core.spec import (
    GameComputers,
    GameRules,
    GameSpec,
    GameTable,
    IllegalMove,
    OptionsForm,
    RoundEnd,
)

if TYPE_CHECKING:
    from django.http import HttpRequest

    from games.models import Match
    from games.services import Table

KEY = "nim"
WATCHER = -1
"""The seat of the public view: nobody's."""
HEAPS = {"small": (3, 4, 5), "big": (5, 7, 9)}
ROUNDS = (1, 2, 3)
_ACTION = re.compile(r"take:([0-9]):([0-9]{1,2})")
_NUMBER = re.compile(r"[0-9]{1,2}")


# -- the engine: pure Python, no Django -----------------------------------------------------


@dataclass(frozen=True)
class NimState:
    heaps: tuple[int, ...]
    players: int
    first: int
    moves: tuple[tuple[int, str], ...] = ()

    @property
    def over(self) -> bool:
        return not any(self.heaps)

    @property
    def to_move(self) -> int | None:
        return None if self.over else (self.first + len(self.moves)) % self.players

    @property
    def winner(self) -> int | None:
        """Whoever took the last object."""
        return self.moves[-1][0] if self.over and self.moves else None


@dataclass(frozen=True)
class NimView:
    """What a seat sees (everything: Nim hides nothing), and which seat it is."""

    seat: int
    heaps: tuple[int, ...]
    to_move: int | None
    moves: tuple[tuple[int, str], ...] = field(default=())


def take(heap: int, count: int) -> str:
    return f"take:{heap}:{count}"


def parse_action(action: str) -> tuple[int, int]:
    found = _ACTION.fullmatch(action) if isinstance(action, str) else None
    if found is None:
        raise IllegalMove("That is not a move.")
    return int(found.group(1)), int(found.group(2))


def apply_action(state: NimState, seat: int, action: str) -> NimState:
    if state.over:
        raise IllegalMove("The round is over.")
    if seat != state.to_move:
        raise IllegalMove("It is not your turn.")
    heap, count = parse_action(action)
    if heap >= len(state.heaps):
        raise IllegalMove("There is no heap {heap}.", heap=heap + 1)
    if not 1 <= count <= state.heaps[heap]:
        raise IllegalMove(
            "Take 1 to {left} from heap {heap}.", left=state.heaps[heap], heap=heap + 1
        )
    heaps = list(state.heaps)
    heaps[heap] -= count
    return NimState(tuple(heaps), state.players, state.first, (*state.moves, (seat, action)))


def choose(level: str, view: NimView, seed: str) -> str:
    """A computer's move. Normal plays the nim-sum (perfect for two players); Beginner takes
    one object from a heap at random."""
    live = [n for n, size in enumerate(view.heaps) if size]
    if level == "beginner":
        return take(random.Random(seed).choice(live), 1)
    total = reduce(xor, view.heaps, 0)
    if total:
        for n, size in enumerate(view.heaps):
            if size ^ total < size:
                return take(n, size - (size ^ total))
    biggest = max(live, key=lambda n: view.heaps[n])
    return take(biggest, 1)


# -- the spec: what the site's core asks of a game ------------------------------------------


class NimOptionsForm(forms.Form):
    rounds = forms.TypedChoiceField(
        label="Rounds", choices=[(n, str(n)) for n in ROUNDS], coerce=int, initial=1
    )
    heaps = forms.ChoiceField(label="Heaps", choices=[(key, key) for key in HEAPS], initial="small")

    def cleaned_options(self) -> dict[str, Any]:
        return {"rounds": self.cleaned_data["rounds"], "heaps": self.cleaned_data["heaps"]}


@dataclass
class NimPage:
    """Nim's part of the table as one seat sees it, for ``nim/table.html`` (the core's part,
    ``core``, gives the version, the seats and their names)."""

    heaps: list[int]
    my_turn: bool
    to_move_name: str
    round_number: int
    rounds_finished: int
    round_over: bool
    match_over: bool
    winner: str
    message: str
    announcement: str


class NimRules(GameRules[NimState, str, NimView]):
    seat_counts = (2, 3, 4)

    def check_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        rounds = options.get("rounds", 1)
        heaps = options.get("heaps", "small")
        if rounds not in ROUNDS or heaps not in HEAPS or players not in self.seat_counts:
            raise ValueError("not a Nim option")
        return {"rounds": rounds, "heaps": heaps}

    def new_progress(self, options: Mapping[str, Any], players: int, seed: int) -> dict[str, Any]:
        return {"first": seed % players, "rounds_played": 0}

    def start_round(
        self,
        options: Mapping[str, Any],
        progress: Mapping[str, Any],
        scores: Sequence[int],
        seed: str,
    ) -> dict[str, Any]:
        return {
            "heaps": list(HEAPS[options["heaps"]]),
            "players": len(scores),
            "first": progress["first"],
        }

    def replay(self, setup: Mapping[str, Any], actions: Sequence[Any]) -> NimState:
        state = NimState(tuple(setup["heaps"]), setup["players"], setup["first"])
        for action in actions:
            state = apply_action(state, state.to_move, action)  # type: ignore[arg-type]
        return state

    def apply(self, state: NimState, seat: int, action: str) -> NimState:
        return apply_action(state, seat, action)

    def actions(self, state: NimState) -> list[str]:
        return [action for _seat, action in state.moves]

    def to_move(self, state: NimState) -> int | None:
        return state.to_move

    def round_over(self, state: NimState) -> bool:
        return state.over

    def finish_round(
        self,
        options: Mapping[str, Any],
        progress: Mapping[str, Any],
        scores: Sequence[int],
        state: NimState,
    ) -> RoundEnd:
        winner = state.winner
        assert winner is not None
        new_scores = list(scores)
        new_scores[winner] += 1
        played = progress["rounds_played"] + 1
        over = played >= options["rounds"]
        best = max(range(len(new_scores)), key=lambda n: (new_scores[n], n == winner))
        return RoundEnd(
            progress={"first": (progress["first"] + 1) % state.players, "rounds_played": played},
            scores=new_scores,
            result={"winner": winner, "moves": len(state.moves)},
            winner=best if over else None,
            match_over=over,
        )

    def observation(self, state: NimState, seat: int) -> NimView:
        return NimView(seat, state.heaps, state.to_move, state.moves)

    def public_view(self, state: NimState) -> NimView:
        return NimView(WATCHER, state.heaps, state.to_move, state.moves)


class NimTable(GameTable[str]):
    template = "nim/table.html"
    watch_template = "nim/watch.html"

    def options_form(
        self, data: Mapping[str, Any] | None = None, *, prefix: str | None = None
    ) -> OptionsForm:
        return NimOptionsForm(data, prefix=prefix)

    def options_summary(self, options: Mapping[str, Any]) -> list[str]:
        return [f"{options['rounds']} rounds", f"{options['heaps']} heaps"]

    def listing(self, match: Match) -> str:
        return f"{match.options['rounds']} rounds"

    def parse_move(self, data: Mapping[str, Any]) -> str:
        heap, count = data.get("heap"), data.get("take")
        values = []
        for value in (heap, count):
            if isinstance(value, int) and not isinstance(value, bool):
                value = str(value)
            if not isinstance(value, str) or not _NUMBER.fullmatch(value):
                raise IllegalMove("That is not a move.")
            values.append(int(value))
        return take(values[0], values[1])

    def reason(self, error: IllegalMove) -> str:
        return gettext(error.template).format(**error.params)

    def present(
        self,
        table: Table,
        seat: int,
        names: Sequence[str],
        message: str = "",
        request: HttpRequest | None = None,
    ) -> NimPage:
        match = table.match
        state: NimState = table.state
        view = RULES.observation(state, seat)
        to_move = table.to_move
        return NimPage(
            heaps=list(view.heaps),
            my_turn=to_move == seat,
            to_move_name="" if to_move is None else names[to_move],
            round_number=table.round.number if table.round else 0,
            rounds_finished=len(table.finished_rounds()),
            round_over=state.over,
            match_over=match.is_finished,
            winner="" if match.winner is None else names[match.winner],
            message=message,
            announcement=f"Heaps {' '.join(map(str, view.heaps))}",
        )

    def present_watching(self, table: Table, names: Sequence[str]) -> NimPage:
        view = RULES.public_view(table.state)
        to_move = table.to_move
        return NimPage(
            heaps=list(view.heaps),
            my_turn=False,
            to_move_name="" if to_move is None else names[to_move],
            round_number=table.round.number if table.round else 0,
            rounds_finished=len(table.finished_rounds()),
            round_over=table.state.over,
            match_over=table.match.is_finished,
            winner="" if table.match.winner is None else names[table.match.winner],
            message="",
            announcement=f"Heaps {' '.join(map(str, view.heaps))}",
        )


NimGame = GameSpec[NimState, str, NimView]
RULES = NimRules()
SPEC: NimGame = GameSpec(
    key=KEY,
    name="Nim",
    rules=RULES,
    table=NimTable(),
    computers=GameComputers(
        chooser="tests.core.nim.choose",
        levels=(("beginner", "Beginner"), ("normal", "Normal")),
        stand_in="normal",
    ),
)
