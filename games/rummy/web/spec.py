"""Tile rummy as the match core sees it: one ``GameSpec`` over the pure engine.

A round is a game. Its setup is ``{"deal": GameSetup.to_record(), "scores": [...]}`` (the
deal in tile notation and the match totals before the game), its actions the engine's
canonical notation (``draw``, ``pass``, ``play:`` and the whole table after the turn). The
match progress holds the first player of the next game and the games played. A finished
game's result holds, by seat, the hand points, the change of score, the totals after it and
the racks left (shown to everyone once the game is over).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from django.urls import URLPattern, path
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from games.core.spec import (
    GameComputers,
    GameRules,
    GameSpec,
    GameTable,
    IllegalMove,
    OptionsForm,
    RoundEnd,
)
from games.core.spec_history import GameHistory, ReplayMark, RoundSummary, RoundWords, StoredRound
from games.models import Match
from games.rules.steps import RulesPage
from games.rummy.engine import (
    DRAW,
    MATCH_LENGTHS,
    PASS,
    GameSetup,
    GameState,
    IllegalTurn,
    MatchState,
    Observation,
    after_game,
    apply,
    deal_next,
    new_match,
    observation,
    parse_action,
    play_action,
    public_view,
    replay,
    tiles_text,
)
from games.rummy.web import forms as rummy_forms
from games.rummy.web import history, views
from games.rummy.web import rules as rules_steps
from games.rummy.web.table import present
from games.rummy.web.tiles import refusal
from games.rummy.web.watching import present_watching
from games.services import Table

MAX_TABLE_TEXT = 1000
"""The longest table a move may write: 106 tiles of at most 3 characters and separators."""


LEVELS = (("beginner", _("Beginner")), ("normal", _("Normal")), ("expert", _("Expert")))
LEVEL_NOTES = {
    "beginner": _("plays the sets in its own rack"),
    "normal": _("lays the most tiles it can"),
    "expert": _("saves its jokers, blocks a player about to go out"),
}
"""The computer players' levels (``games.rummy.bots``)."""


@dataclass(frozen=True)
class RummyRound:
    """A game being played, with the actions that led to it (the engine's state keeps none)."""

    game: GameState
    actions: tuple[str, ...]


def _match_state(
    options: Mapping[str, Any], progress: Mapping[str, Any], scores: Sequence[int]
) -> MatchState:
    return MatchState(
        players=len(scores),
        games=int(options["games"]),
        scores=tuple(scores),
        first=int(progress["first"]),
        games_played=int(progress["games_played"]),
    )


class RummyRules(GameRules[RummyRound, str, Observation]):
    seat_counts = (2, 3, 4)

    def check_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        games = options.get("games", rummy_forms.DEFAULT_GAMES)
        if isinstance(games, bool) or games not in MATCH_LENGTHS:
            raise ValueError(f"a match has {', '.join(map(str, MATCH_LENGTHS))} games")
        if players not in self.seat_counts:
            raise ValueError(f"tile rummy is played by {self.seat_counts} players")
        return {"games": int(games)}

    def new_progress(self, options: Mapping[str, Any], players: int, seed: int) -> dict[str, Any]:
        first = new_match(players, int(options["games"]), random.Random(f"{seed}:first-player"))
        return {"first": first.first, "games_played": 0}

    def start_round(
        self,
        options: Mapping[str, Any],
        progress: Mapping[str, Any],
        scores: Sequence[int],
        seed: str,
    ) -> dict[str, Any]:
        game = deal_next(_match_state(options, progress, scores), random.Random(seed))
        return {"deal": game.setup.to_record(), "scores": list(scores)}

    def replay(self, setup: Mapping[str, Any], actions: Sequence[Any]) -> RummyRound:
        game = replay(
            GameSetup.from_record(setup["deal"]), actions, tuple(int(s) for s in setup["scores"])
        )
        return RummyRound(game, tuple(actions))

    def apply(self, state: RummyRound, seat: int, action: str) -> RummyRound:
        if seat != self.to_move(state):
            raise IllegalMove(gettext_noop("It is not your turn."))
        try:
            game = apply(state.game, action)
        except IllegalTurn as error:
            raise IllegalMove(error.template, **error.params) from None
        return RummyRound(game, (*state.actions, action))

    def actions(self, state: RummyRound) -> list[str]:
        return list(state.actions)

    def to_move(self, state: RummyRound) -> int | None:
        return None if state.game.result is not None else state.game.to_move

    def round_over(self, state: RummyRound) -> bool:
        return state.game.result is not None

    def finish_round(
        self,
        options: Mapping[str, Any],
        progress: Mapping[str, Any],
        scores: Sequence[int],
        state: RummyRound,
    ) -> RoundEnd:
        game = state.game
        result = game.result
        assert result is not None
        after = after_game(_match_state(options, progress, scores), game)
        # A tie for the highest total has no single winner: the match shows every leader.
        winner = after.winners[0] if len(after.winners) == 1 else None
        return RoundEnd(
            progress={"first": after.first, "games_played": after.games_played},
            scores=list(after.scores),
            result={
                "went_out": result.went_out,
                "winners": list(result.winners),
                "hand_points": list(result.hand_points),
                "changes": list(result.scores),
                "totals": list(after.scores),
                "racks": [tiles_text(rack) for rack in game.racks],
            },
            winner=winner,
            match_over=after.is_over,
        )

    def observation(self, state: RummyRound, seat: int) -> Observation:
        return observation(state.game, seat)

    def public_view(self, state: RummyRound) -> Observation:
        return public_view(state.game)


class RummyTable(GameTable[str]):
    template = "games/rummy/table.html"
    watch_template = "games/rummy/_watch.html"
    rules_page = RulesPage(rules_steps.STEPS, rules_steps.page_context, "games/rules/rummy.html")

    def options_form(
        self, data: Mapping[str, Any] | None = None, *, prefix: str | None = None
    ) -> OptionsForm:
        return rummy_forms.options_form(data, prefix)

    def options_summary(self, options: Mapping[str, Any]) -> list[str]:
        return [
            rummy_forms.games_label(int(options["games"])),
            gettext("An initial meld of at least 30 from your own rack."),
            gettext("A joker left in a hand costs 30."),
        ]

    def parse_move(self, data: Mapping[str, Any]) -> str:
        action = data.get("action")
        if action in (DRAW, PASS):
            return str(action)
        if action == "play":
            text = data.get("table", "")
            if not isinstance(text, str) or len(text) > MAX_TABLE_TEXT:
                raise IllegalMove(gettext_noop("That is not a table."))
            try:
                _kind, table = parse_action("play:" + text)
            except IllegalTurn as error:
                raise IllegalMove(error.template, **error.params) from None
            return play_action(table)
        # Never echo what was sent: it may be anything, up to text that cannot be encoded.
        raise IllegalMove(gettext_noop("That is not a move."))

    def reason(self, error: IllegalMove) -> str:
        return refusal(error.template, error.params)

    def present(
        self,
        table: Table,
        seat: int,
        names: Sequence[str],
        message: str = "",
        request: HttpRequest | None = None,
    ) -> Any:
        return present(table, seat, names, message)

    def present_watching(self, table: Table, names: Sequence[str]) -> Any:
        return present_watching(table, names)

    def listing(self, match: Match) -> str:
        return rummy_forms.games_label(int(match.options.get("games", 1)))

    def urls(self) -> list[URLPattern]:
        return [path("play/<int:match_id>/hint/", views.hint, name="rummy_hint")]


class RummyHistory(GameHistory[RummyRound]):
    round_words = RoundWords(
        by_round=gettext_noop("Game by game"),
        played=gettext_noop("Games played"),
        after_each=gettext_noop("The totals after each game"),
        none_yet=gettext_noop("No game finished yet."),
        replay_later=gettext_noop("Games can be replayed once the match is over."),
        replay_refused=gettext_noop(
            "A game can be replayed once the match is over: before that, the replay would "
            "show the other players' tiles."
        ),
        shared=gettext_noop("Anyone with this link can see the match and replay its games:"),
        replay_title=gettext_noop("Game %(number)s of match #%(match)s"),
    )

    match_lengths = tuple(str(count) for count in MATCH_LENGTHS)
    replay_template = "games/history/rummy_replay.html"

    def match_length(self, options: Mapping[str, Any]) -> str:
        return str(options["games"])

    def length_label(self, length: str) -> str:
        return rummy_forms.games_label(int(length))

    def round_columns(self) -> tuple[Any, ...]:
        return history.round_columns()

    def round_summary(self, stored: StoredRound, names: Sequence[str]) -> RoundSummary:
        return history.round_summary(stored, names)

    def replay_view(self, states: Sequence[Any], step: int, names: Sequence[str]) -> Any:
        return history.replay_view(states, step, names)

    def replay_marks(self, states: Sequence[Any]) -> list[ReplayMark]:
        return history.replay_marks(states)

    def player_counters(self, rounds: Sequence[StoredRound], players: int) -> list[dict[str, int]]:
        return history.player_counters(rounds, players)

    def statistics(self, counters: Mapping[str, int], rounds: int) -> list[tuple[str, str]]:
        return history.statistics(counters, rounds)


SPEC = GameSpec(
    key="rummy",
    name=_("Tile rummy"),
    rules=RummyRules(),
    table=RummyTable(),
    computers=GameComputers(
        chooser="games.rummy.computer.choose",
        levels=LEVELS,
        notes=LEVEL_NOTES,
        stand_in="normal",
    ),
    history=RummyHistory(),
)
