"""Thousand as the match core sees it: a ``GameSpec`` over the pure engine, in its four parts
(the hand's rules, the table, the computers, the history).

A round is a hand. Its setup is the engine's deal record, its actions the canonical notation;
the match progress holds the dealer of the next hand, the hands played and the re-deals.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext, gettext_noop, pgettext_lazy
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
from games.core.spec_history import GameHistory, ReplayMark, RoundSummary, StoredRound
from games.models import Match
from games.rules.steps import RulesPage
from games.services import Table
from games.thousand.engine import (
    REDEAL_PHASE,
    REDEALT,
    HandState,
    IllegalAction,
    MatchState,
    PublicView,
    Rules,
    after_hand,
    apply,
    by_seat,
    deal_next,
    deltas_by_seat,
    new_hand,
    new_match,
    seat_of,
    spectator_view,
    view_for_seat,
)
from games.thousand.web import forms as thousand_forms
from games.thousand.web import history
from games.thousand.web import rules as rules_steps
from games.thousand.web.rules_two import TWO_STEPS
from games.thousand.web.summary import rules_summary
from games.thousand.web.table import present
from games.thousand.web.watching import present_watching

LEVELS = (("beginner", _("Beginner")), ("normal", _("Normal")), ("expert", _("Expert")))
LEVEL_NOTES = {
    "beginner": _("makes a new player's mistakes"),
    "normal": _("sound play, counts the cards"),
    "expert": _("plays ahead through the hidden cards"),
}
"""The computer players' levels (``games.thousand.bots``)."""
VARIANT_ORDER = ("target", "bid_step", "following", "rounding", "four_nines")
"""The options in the order ``rules_summary`` words them."""
_ACTION_SHAPE = re.compile(r"[a-z]{1,8}(:[0-9A-Za-z]{1,9})?")
NUMBERED_ACTIONS = ("bid", "contract")
_DIGITS = re.compile(r"[0-9]{1,9}")


def _match_state(
    options: Mapping[str, Any], progress: Mapping[str, Any], scores: Sequence[int]
) -> MatchState:
    return MatchState(
        rules=Rules.from_dict(options),
        scores=tuple(scores),
        dealer=int(progress["dealer"]),
        hands_played=int(progress["hands_played"]),
        redeals=int(progress["redeals"]),
    )


class ThousandRules(GameRules[HandState, str, PublicView]):
    seat_counts = (3, 4, 2)

    def check_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        return Rules.from_dict({**options, "players": players}).to_dict()

    def new_progress(self, options: Mapping[str, Any], players: int, seed: int) -> dict[str, Any]:
        first = new_match(random.Random(f"{seed}:first-dealer"), Rules.from_dict(options))
        return {"dealer": first.dealer, "hands_played": 0, "redeals": 0}

    def start_round(
        self,
        options: Mapping[str, Any],
        progress: Mapping[str, Any],
        scores: Sequence[int],
        seed: str,
    ) -> dict[str, Any]:
        state = deal_next(_match_state(options, progress, scores), random.Random(seed))
        return state.deal_record()

    def replay(self, setup: Mapping[str, Any], actions: Sequence[Any]) -> HandState:
        state = new_hand(
            setup["dealer"],
            setup["hands"],
            setup["musik"],
            setup.get("scores", (0, 0, 0)),
            Rules.from_dict(setup.get("rules", {})),
            setup.get("dealer_score", 0),
        )
        for action in actions:
            state = apply(state, action)
        return state

    def apply(self, state: HandState, seat: int, action: str) -> HandState:
        if seat != self.to_move(state):
            raise IllegalMove(gettext_noop("It is not your turn."))
        try:
            return apply(state, action)
        except IllegalAction as error:
            raise IllegalMove(error.template, **error.params) from None

    def actions(self, state: HandState) -> list[str]:
        return state.actions()

    def to_move(self, state: HandState) -> int | None:
        return None if state.to_move is None else seat_of(state, state.to_move)

    def round_over(self, state: HandState) -> bool:
        return state.is_over

    def finish_round(
        self,
        options: Mapping[str, Any],
        progress: Mapping[str, Any],
        scores: Sequence[int],
        state: HandState,
    ) -> RoundEnd:
        after = after_hand(_match_state(options, progress, scores), state)
        new_progress = {
            "dealer": after.dealer,
            "hands_played": after.hands_played,
            "redeals": after.redeals,
        }
        if state.phase == REDEALT:
            return RoundEnd(
                progress=new_progress,
                scores=list(scores),
                result={"redeal_by": seat_of(state, state.history[-1][0])},
                void=True,
            )
        result = state.result
        assert result is not None
        return RoundEnd(
            progress=new_progress,
            scores=list(after.scores),
            # By table seat; a dealer sitting the hand out took no part in it.
            result={
                "declarer": None if state.declarer is None else seat_of(state, state.declarer),
                "bid": state.bid,
                "contract": state.contract,
                "made": result.made,
                "card_points": list(by_seat(state, state.taken, 0)),
                "marriage_points": list(by_seat(state, state.marriage_points, 0)),
                "hand_points": list(by_seat(state, result.hand_points, 0)),
                # A four-player dealer sitting out scores the musik's points, if the option.
                "score_deltas": list(deltas_by_seat(state)),
            },
            winner=after.winner,
            match_over=after.is_over,
        )

    def observation(self, state: HandState, seat: int) -> PublicView:
        return view_for_seat(state, seat)

    def public_view(self, state: HandState) -> PublicView:
        return spectator_view(state)

    def to_move_in_public(self, state: HandState) -> int | None:
        # Who is asked about a re-deal holds a weak hand (rules 2.2): nobody else is told.
        return None if state.phase == REDEAL_PHASE else self.to_move(state)

    def answers_at_once(self, state: HandState) -> bool:
        # Only a player whose cards qualify is asked about a re-deal (rules 2.2): a pause or
        # a version spent waiting for a computer's answer would tell that its cards are weak.
        return state.phase == REDEAL_PHASE


class ThousandTable(GameTable[str]):
    template = "games/thousand/table.html"
    watch_template = "games/thousand/_watch.html"
    rules_page = RulesPage(
        (*rules_steps.STEPS, *TWO_STEPS), rules_steps.page_context, "games/rules/thousand.html"
    )

    def options_form(
        self, data: Mapping[str, Any] | None = None, *, prefix: str | None = None
    ) -> OptionsForm:
        return thousand_forms.options_form(data, prefix)

    def options_summary(self, options: Mapping[str, Any]) -> list[str]:
        return [line.text for line in rules_summary(dict(options))]

    def parse_move(self, data: Mapping[str, Any]) -> str:
        action = data.get("action")
        if isinstance(action, str) and action in NUMBERED_ACTIONS:
            amount = data.get("amount")
            if isinstance(amount, int) and not isinstance(amount, bool):
                amount = str(amount)
            if not isinstance(amount, str) or not _DIGITS.fullmatch(amount):
                raise IllegalMove(gettext_noop("Choose a number first."))
            action = f"{action}:{int(amount)}"
        if not isinstance(action, str) or not _ACTION_SHAPE.fullmatch(action):
            # Never echo what was sent: it may be anything, up to text that cannot be encoded.
            raise IllegalMove(gettext_noop("That is not a move."))
        return action

    def reason(self, error: IllegalMove) -> str:
        params = dict(error.params)
        if isinstance(params.get("suit"), str):
            params["suit"] = gettext(str(params["suit"]))
        return gettext(error.template).format(**params)

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
        """The target, the number of players if two or four, and every option off the house
        rules."""
        rules = Rules.from_dict(match.options)
        house = Rules().to_dict()
        lines = [gettext("to %(target)s") % {"target": rules.target}]
        if rules.players == 4:
            lines.append(gettext("4 players"))
        elif rules.players == 2:
            lines.append(gettext("2 players"))
        chosen = rules.to_dict()
        in_words = {line.option: line for line in rules_summary(chosen)}
        lines += [in_words[name].text for name in VARIANT_ORDER[1:] if chosen[name] != house[name]]
        if rules.musik_points:
            lines.append(in_words["musik_points"].text)
        return " · ".join(lines)


class ThousandHistory(GameHistory[HandState]):
    match_lengths = ("1000", "500")
    replay_template = "games/history/thousand_replay.html"
    boards = ("", "2")

    def board(self, options: Mapping[str, Any], players: int) -> str:
        """Two-player matches are rated and ranked apart from three- and four-player ones."""
        return "2" if players == 2 else ""

    def board_label(self, board: str, name: str) -> str:
        if board == "2":
            return gettext("%(game)s — 2 players") % {"game": name}
        return name

    def match_length(self, options: Mapping[str, Any]) -> str:
        return str(Rules.from_dict(options).target)

    def length_label(self, length: str) -> str:
        return gettext("to %(target)s") % {"target": length}

    def round_columns(self) -> tuple[Any, ...]:
        return (
            _("Dealer"),
            _("Declarer"),
            pgettext_lazy("the highest bid of a hand, a column of the history", "Bid"),
            _("Contract"),
            _("Result"),
        )

    def round_summary(self, stored: StoredRound, names: Sequence[str]) -> RoundSummary:
        return history.round_summary(stored, names)

    def replay_view(self, states: Sequence[Any], step: int, names: Sequence[str]) -> Any:
        return history.replay_view(
            states[step], names, states[step - 1] if step else None, states[-1].discards
        )

    def replay_marks(self, states: Sequence[Any]) -> list[ReplayMark]:
        return history.replay_marks(states)

    def player_counters(self, rounds: Sequence[StoredRound], players: int) -> list[dict[str, int]]:
        replayed = [
            None if stored.void else RULES.replay(stored.setup, stored.actions) for stored in rounds
        ]
        return history.player_counters(rounds, players, replayed)

    def rounds_played(self, counters: Mapping[str, int], rounds: int) -> int:
        return counters.get("hands", rounds)

    def statistics(self, counters: Mapping[str, int], rounds: int) -> list[tuple[str, str]]:
        return history.statistics(counters, rounds)


def _pause_after(view: PublicView) -> float:
    # A trick that has just closed stays on the table a little longer, so people see it.
    return 2.0 if view.tricks and not view.trick else 1.0


RULES = ThousandRules()
SPEC = GameSpec(
    key="thousand",
    name=_("Thousand"),
    rules=RULES,
    table=ThousandTable(),
    computers=GameComputers(
        chooser="games.thousand.computer.choose",
        levels=LEVELS,
        notes=LEVEL_NOTES,
        stand_in="normal",
        # The beginner and the normal player follow rules and decide at once; the expert
        # searches.
        quick_levels=frozenset({"beginner", "normal"}),
        pause_after=_pause_after,
    ),
    history=ThousandHistory(),
)
