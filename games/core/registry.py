"""Every game the site offers, keyed by ``Match.game``.

A game gives one ``GameSpec``. The core (models, services, the computer runner, views,
consumers and their templates) asks the spec and never names a card, a bid or a tile: it knows
seats, turns, rounds, scores and versions only.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from django import forms
    from django.http import HttpRequest
    from django.urls import URLPattern
    from django.utils.functional import _StrOrPromise

    from games.core.tables import Table
    from games.models import Match
    from games.rules.steps import RulesPage


class IllegalMove(ValueError):
    """A move the game refuses, with a reason a player can read: ``template`` is untranslated
    and ``params`` fill it (the web layer translates it through ``GameSpec.reason``)."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params) if params else template)


@dataclass(frozen=True)
class RoundEnd:
    """What a finished round changes in its match."""

    progress: dict[str, Any]
    """The game's match progress after the round (Thousand: dealer, hands played, re-deals)."""
    scores: list[int]
    """The match scores after the round, one per seat."""
    result: dict[str, Any]
    """The round's result in the game's own form, stored with the round."""
    void: bool = False
    """True when the round does not count (a re-deal): the next round starts with the same
    progress but for the game's own counters."""
    winner: int | None = None
    """The seat that won the match with this round, if it ended the match."""
    match_over: bool = False


@dataclass(frozen=True)
class RoundSummary:
    """One row of a match's round-by-round table, as its game words it."""

    cells: tuple[str, ...]
    """One per ``GameSpec.round_columns`` (Thousand: dealer, declarer, bid, contract, made)."""
    seat_notes: tuple[str, ...]
    """One per seat, shown beside its score change (Thousand: card points and marriages)."""
    deltas: tuple[int, ...] | None
    """Each seat's score change, or ``None`` for a round that did not count (a re-deal)."""


@dataclass(frozen=True)
class ReplayMark:
    """A place to jump to in a round's replay: the step (0: the setup, before any action)."""

    step: int
    label: str


def gettext_noop(message: str) -> str:
    """Marks a message for translation without translating it (this module imports nothing
    of Django); named like Django's marker so that ``makemessages`` collects it."""
    return message


@dataclass(frozen=True)
class RoundWords:
    """How the history pages name a game's rounds (Thousand: hands; tile rummy: games).
    Each is an untranslated message (marked with ``gettext_noop``) that the pages translate."""

    by_round: str
    """The heading of the round-by-round table ("Hand by hand")."""
    played: str
    """The statistics line of rounds played ("Hands played")."""
    after_each: str
    """The caption of the chart of the scores after each round."""
    none_yet: str
    replay_later: str
    """Beside an unfinished match: its rounds can be replayed once it is over."""
    replay_refused: str
    """Why an unfinished match's round cannot be replayed yet."""
    shared: str
    """Beside a shared match's link."""
    replay_title: str
    """A replay's title, with ``%(number)s`` (the round) and ``%(match)s`` (the match)."""


HANDS = RoundWords(
    by_round=gettext_noop("Hand by hand"),
    played=gettext_noop("Hands played"),
    after_each=gettext_noop("The scores after each hand"),
    none_yet=gettext_noop("No hand finished yet."),
    replay_later=gettext_noop("Hands can be replayed once the match is over."),
    replay_refused=gettext_noop(
        "A hand can be replayed once the match is over: before that, the replay would show "
        "the other players' cards."
    ),
    shared=gettext_noop("Anyone with this link can see the match and replay its hands:"),
    replay_title=gettext_noop("Hand %(number)s of match #%(match)s"),
)
"""The card games' words for a round."""


@dataclass(frozen=True)
class StoredRound:
    """A finished round as the history reads it."""

    number: int
    setup: Mapping[str, Any]
    actions: Sequence[Any]
    result: Mapping[str, Any] | None
    void: bool


class GameSpec(ABC):
    """One game as the site sees it. Subclasses are registered with ``register``."""

    key: str
    name: _StrOrPromise
    seat_counts: tuple[int, ...]
    """How many players the game allows at a table."""
    template: str
    """The table's template, with the partials ``table`` and ``announcer-oob``."""
    rules_page: RulesPage | None = None
    """The game's rules page, step by step (``games.rules``)."""

    @abstractmethod
    def options_form(
        self, data: Mapping[str, Any] | None = None, *, prefix: str | None = None
    ) -> forms.Form:
        """The game's options form, generated from the engine's choices; ``cleaned_options``
        of a valid form gives the options dict stored with the match."""

    @abstractmethod
    def check_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        """The options as stored (defaults filled in), or ``ValueError`` if they are not valid
        for a table of ``players``."""

    @abstractmethod
    def options_summary(self, options: Mapping[str, Any]) -> list[str]:
        """The match's options in words."""

    @abstractmethod
    def new_progress(self, options: Mapping[str, Any], players: int, seed: int) -> dict[str, Any]:
        """The game's match progress before its first round (Thousand: the first dealer)."""

    @abstractmethod
    def start_round(
        self,
        options: Mapping[str, Any],
        progress: Mapping[str, Any],
        scores: Sequence[int],
        seed: str,
    ) -> dict[str, Any]:
        """The setup of the next round (the deal), from which ``replay`` rebuilds it."""

    @abstractmethod
    def replay(self, setup: Mapping[str, Any], actions: Sequence[Any]) -> Any:
        """The round's state after ``actions`` from its stored setup."""

    @abstractmethod
    def apply(self, state: Any, seat: int, action: Any) -> Any:
        """The state after ``seat`` takes ``action``, or ``IllegalMove``; never changes
        ``state``."""

    @abstractmethod
    def actions(self, state: Any) -> list[Any]:
        """The round's action log as stored."""

    @abstractmethod
    def to_move(self, state: Any) -> int | None:
        """The seat whose turn it is, or ``None`` (the round over, or nobody to act)."""

    @abstractmethod
    def round_over(self, state: Any) -> bool:
        """Whether the round is finished (played out or void)."""

    @abstractmethod
    def finish_round(
        self,
        options: Mapping[str, Any],
        progress: Mapping[str, Any],
        scores: Sequence[int],
        state: Any,
    ) -> RoundEnd:
        """What the finished round ``state`` changes in the match."""

    @abstractmethod
    def observation(self, state: Any, seat: int) -> Any:
        """All that ``seat`` may see of the round: the only thing a page or a computer gets."""

    def answers_at_once(self, state: Any) -> bool:
        """Whether a computer to move must answer within the change that asked it, because a
        visible pause would tell the others something hidden (Thousand's re-deal question)."""
        return False

    @abstractmethod
    def parse_move(self, data: Mapping[str, Any]) -> Any:
        """The engine's action from a submitted move (a form POST or a WebSocket frame's
        fields other than ``version``), or ``IllegalMove`` if it is malformed."""

    chooser: str
    """The dotted path of the computer players' decision, ``function(level, view, seed)``: a
    pure function that a worker process imports without Django (see ``run_chooser``)."""

    computer_levels: tuple[tuple[str, _StrOrPromise], ...]
    """The computer levels the game has, as (value, label)."""

    quick_levels: frozenset[str] = frozenset()
    """The levels whose decisions take well under a millisecond: they are made in the runner's
    own thread, where the round trip to a decision process would cost more than the decision."""

    def choose(self, level: str, view: Any, seed: str) -> Any:
        """A computer player's action in ``view`` (its own seat's observation)."""
        return run_chooser(self.chooser, level, view, seed)

    def after_computer_move(self, view: Any) -> float:
        """How many times the usual pause to wait before the computer's next move (longer
        after a trick closes, so people see it)."""
        return 1.0

    @abstractmethod
    def reason(self, error: IllegalMove) -> str:
        """The refusal's reason in the active language."""

    @abstractmethod
    def present(
        self,
        table: Table,
        seat: int,
        names: Sequence[str],
        message: str = "",
        request: HttpRequest | None = None,
    ) -> Any:
        """The table as ``seat`` sees it, for ``template`` (``names``: each seat's name as
        that viewer reads it)."""

    @abstractmethod
    def listing(self, match: Match) -> str:
        """One line about a match's options for the lobby's lists."""

    # -- history, replays and statistics (each with a default, so a game can start without) --

    round_words: RoundWords = HANDS
    """How the history pages name the game's rounds."""

    match_lengths: tuple[str, ...] = ()
    """Every value ``match_length`` gives, for the rankings' filter."""

    def match_length(self, options: Mapping[str, Any]) -> str:
        """The option statistics and rankings are split by (Thousand: the target, "1000")."""
        return ""

    def length_label(self, length: str) -> str:
        """A match length in words ("to 1000")."""
        return length

    def round_columns(self) -> tuple[_StrOrPromise, ...]:
        """The headings of the game's own columns in the round-by-round table."""
        return ()

    def round_summary(self, stored: StoredRound, names: Sequence[str]) -> RoundSummary:
        """A finished round's row in the round-by-round table (``names``: each seat's name
        as the viewer reads it). By default the score changes stored as ``score_deltas``."""
        deltas = (stored.result or {}).get("score_deltas")
        return RoundSummary(
            cells=(),
            seat_notes=("",) * len(names),
            deltas=None if stored.void or deltas is None else tuple(deltas),
        )

    replay_template: str = ""
    """The template of one replay step (given ``step``, from ``replay_view``); empty: the
    game has no replay."""

    def replay_view(self, states: Sequence[Any], step: int, names: Sequence[str]) -> Any:
        """Everything about ``states[step]`` with every hand shown, and the action that led
        there (``states``: the round's successive states): only for finished matches."""
        raise NotImplementedError(f"{self.key} has no replay")

    def replay_marks(self, states: Sequence[Any]) -> list[ReplayMark]:
        """Where a replay of these successive states may jump to (Thousand: each trick)."""
        return []

    def player_counters(self, rounds: Sequence[StoredRound], players: int) -> list[dict[str, int]]:
        """Each seat's counters over one finished match, summed over a person's matches for
        their statistics (a counter named ``max_…`` keeps the highest value instead)."""
        return [{} for _seat in range(players)]

    def statistics(self, counters: Mapping[str, int], rounds: int) -> list[tuple[str, str]]:
        """The game's own lines of statistics from counters summed over matches (``rounds``:
        the rounds played in them), as (label, value) in the active language."""
        return []

    def urls(self) -> list[URLPattern]:
        """Pages of the game's own (tile rummy's hint), added to the site's URLs."""
        return []


_SPECS: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Adds ``spec`` to the games the site knows (a second spec for one key is an error)."""
    if spec.key in _SPECS and _SPECS[spec.key] is not spec:
        raise ValueError(f"a game is already registered as {spec.key!r}")
    _SPECS[spec.key] = spec
    return spec


def unregister(key: str) -> None:
    """Removes a game (for tests that register a game of their own)."""
    _SPECS.pop(key, None)


def get_spec(key: str) -> GameSpec:
    """The spec of the game ``key``; ``LookupError`` for a game the site does not know."""
    try:
        return _SPECS[key]
    except KeyError:
        raise LookupError(f"no game {key!r}") from None


def all_specs() -> list[GameSpec]:
    """Every registered game, in the order they were registered."""
    return list(_SPECS.values())


def run_chooser(path: str, level: str, view: Any, seed: str) -> Any:
    """Calls the decision function at ``path``: a top-level function a process pool can run,
    importing only the game's pure modules in the worker."""
    module_name, _sep, name = path.rpartition(".")
    function = getattr(importlib.import_module(module_name), name)
    return function(level, view, seed)
