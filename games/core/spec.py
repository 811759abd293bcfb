"""A game as the site sees it: four parts, one concern each, generic over the game's round
state ``S``, action ``A`` and a seat's view ``V``.

- ``GameRules``: rounds and their moves, the match's progress, each seat's observation (the
  engine's side, which the core drives).
- ``GameTable``: the options form, a submitted move read, refusals worded, the table drawn.
- ``GameComputers``: where the computer players decide, and their levels.
- ``GameHistory`` (``games.core.spec_history``): the history pages' rows, replays, statistics.

The core asks these and never names a card, a bid or a tile: it knows seats, turns, rounds,
scores and versions only. A game's ``GameSpec`` joins its four parts under its key
(``Match.game``) and registers with ``games.core.registry``.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from games.core.spec_history import GameHistory

if TYPE_CHECKING:
    from django.http import HttpRequest
    from django.urls import URLPattern
    from django.utils.functional import _StrOrPromise

    from games.core.tables import Table
    from games.models import Match
    from games.rules.steps import RulesPage

S = TypeVar("S")
"""A round's state."""
A = TypeVar("A")
"""An action in the game's notation."""
V = TypeVar("V")
"""What one seat sees of a round."""


class IllegalMove(ValueError):
    """A move the game refuses, with a reason a player can read: ``template`` is untranslated
    and ``params`` fill it (the web layer translates it through ``GameTable.reason``)."""

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


class GameRules(ABC, Generic[S, A, V]):
    """A game's rounds and their moves, as the core drives them."""

    seat_counts: tuple[int, ...]
    """How many players the game allows at a table, the usual one first (the forms offer
    them in order, that one chosen)."""

    @abstractmethod
    def check_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        """The options as stored (defaults filled in), or ``ValueError`` if they are not valid
        for a table of ``players``."""

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
    def replay(self, setup: Mapping[str, Any], actions: Sequence[A]) -> S:
        """The round's state after ``actions`` from its stored setup."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: A) -> S:
        """The state after ``seat`` takes ``action``, or ``IllegalMove`` (not ``seat``'s turn
        included); never changes ``state``."""

    @abstractmethod
    def actions(self, state: S) -> list[A]:
        """The round's action log as stored."""

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat whose turn it is, or ``None`` (the round over, or nobody to act)."""

    def to_move_in_public(self, state: S) -> int | None:
        """The seat everyone may be shown to be moving: ``to_move``, or ``None`` where whose
        turn it is would tell something hidden (a question only some hands are asked)."""
        return self.to_move(state)

    @abstractmethod
    def round_over(self, state: S) -> bool:
        """Whether the round is finished (played out or void)."""

    @abstractmethod
    def finish_round(
        self,
        options: Mapping[str, Any],
        progress: Mapping[str, Any],
        scores: Sequence[int],
        state: S,
    ) -> RoundEnd:
        """What the finished round ``state`` changes in the match."""

    @abstractmethod
    def observation(self, state: S, seat: int) -> V:
        """All that ``seat`` may see of the round: the only thing a page or a computer gets."""

    @abstractmethod
    def public_view(self, state: S) -> V:
        """All that someone without a seat at the table (a watcher) may see of the round: what
        is public only, no card or tile that any seat holds hidden."""

    def answers_at_once(self, state: S) -> bool:
        """Whether a computer to move must answer within the change that asked it, because a
        visible pause would tell the others something hidden (Thousand's re-deal question)."""
        return False


class OptionsForm(Protocol):
    """What the site asks of a game's options form (a Django form): a valid one gives the
    options stored with the match."""

    auto_id: bool | str
    initial: MutableMapping[str, Any]

    def is_valid(self) -> bool: ...

    def cleaned_options(self) -> dict[str, Any]: ...


class GameTable(ABC, Generic[A]):
    """A game's pages: its options, a submitted move read, refusals worded, the table drawn."""

    template: str
    """The table's template, with the partials ``table`` and ``announcer-oob``."""
    rules_page: RulesPage | None = None
    """The game's rules page, step by step (``games.rules``)."""

    @abstractmethod
    def options_form(
        self, data: Mapping[str, Any] | None = None, *, prefix: str | None = None
    ) -> OptionsForm:
        """The game's options form."""

    @abstractmethod
    def options_summary(self, options: Mapping[str, Any]) -> list[str]:
        """The match's options in words."""

    @abstractmethod
    def listing(self, match: Match) -> str:
        """One line about a match's options for the lobby's lists."""

    @abstractmethod
    def parse_move(self, data: Mapping[str, Any]) -> A:
        """The action from a submitted move (a form POST or a WebSocket frame's fields other
        than ``version``), or ``IllegalMove`` if it is malformed."""

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

    watch_template: str
    """The template whose partials the core's ``games/watch.html`` includes: ``head`` (the
    page's style sheets and scripts) and ``table``, which draws the table for a watcher from
    ``present_watching``'s answer (``w`` in its context): no hand, no rack, no control."""

    @abstractmethod
    def present_watching(self, table: Table, names: Sequence[str]) -> Any:
        """The table as a watcher sees it, built from ``GameRules.public_view`` only
        (``names``: each seat's name as a stranger reads it)."""

    def urls(self) -> list[URLPattern]:
        """Pages of the game's own (tile rummy's hint), added to the site's URLs."""
        return []


@dataclass(frozen=True)
class GameComputers(Generic[V, A]):
    """Where a game's computer players decide."""

    chooser: str
    """The dotted path of the decision, ``function(level, view, seed)``: a pure function that
    a worker process imports without Django (see ``run_chooser``)."""
    levels: tuple[tuple[str, _StrOrPromise], ...]
    """The levels the game's computers play at, as (value, label)."""
    stand_in: str
    """The level that plays for a person away from a friends' table, or who left it."""
    quick_levels: frozenset[str] = frozenset()
    """The levels whose decisions take well under a millisecond: they are made in the runner's
    own thread, where the round trip to a decision process would cost more than the decision."""
    notes: Mapping[str, _StrOrPromise] = field(default_factory=dict)
    """What to expect of each level, in a few words ("plays ahead"), shown beside its label
    where a person chooses whom to play against."""
    pause_after: Callable[[V], float] = field(default=lambda view: 1.0)
    """How many times the usual pause to wait before the next computer move, after one that
    left ``view`` (Thousand: longer after a trick closes, so people see it)."""

    def label(self, level: str) -> str:
        """A level's name in the active language."""
        return str(dict(self.levels).get(level, level))

    def choose(self, level: str, view: V, seed: str) -> A:
        """A computer player's action in ``view`` (its own seat's observation)."""
        action: A = run_chooser(self.chooser, level, view, seed)
        return action


@dataclass(frozen=True)
class GameSpec(Generic[S, A, V]):
    """One game: its key (``Match.game``), its name, and its four parts."""

    key: str
    name: _StrOrPromise
    rules: GameRules[S, A, V]
    table: GameTable[A]
    computers: GameComputers[V, A]
    history: GameHistory[S] = field(default_factory=GameHistory)


AnySpec = GameSpec[Any, Any, Any]
"""A spec whose game the caller does not know (the site's pages over every game)."""


def run_chooser(path: str, level: str, view: Any, seed: str) -> Any:
    """Calls the decision function at ``path``: a top-level function a process pool can run,
    importing only the game's pure modules in the worker."""
    module_name, _sep, name = path.rpartition(".")
    function = getattr(importlib.import_module(module_name), name)
    return function(level, view, seed)
