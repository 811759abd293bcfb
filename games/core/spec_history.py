"""What the history pages ask of a game (``GameHistory``): how its rounds are named, the
round-by-round table's rows, replays, and the statistics summed over a person's matches. Every
hook has a default, so a game can start without."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise

S = TypeVar("S")
"""A round's state."""


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


class GameHistory(Generic[S]):
    """A game's history pages. Override what the game has; the defaults show scores only."""

    round_words: RoundWords = HANDS
    """How the history pages name the game's rounds."""

    match_lengths: tuple[str, ...] = ()
    """Every value ``match_length`` gives, for the rankings' filter."""

    replay_template: str = ""
    """The template of one replay step (given ``step``, from ``replay_view``); empty: the
    game has no replay."""

    boards: tuple[str, ...] = ("",)
    """Every rating board of the game, the first its own (""): a match counts on one board
    only, and each board has its own ratings, rankings and statistics (Thousand: "2", two
    players apart)."""

    def board(self, options: Mapping[str, Any], players: int) -> str:
        """The board a finished match counts on, from its options and its number of players."""
        return ""

    def board_label(self, board: str, name: str) -> str:
        """A board in words, in the active language (``name``: the game's)."""
        return name

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

    def replay_view(self, states: Sequence[S], step: int, names: Sequence[str]) -> Any:
        """Everything about ``states[step]`` with every hand shown, and the action that led
        there (``states``: the round's successive states): only for finished matches."""
        raise NotImplementedError("this game has no replay")

    def replay_marks(self, states: Sequence[S]) -> list[ReplayMark]:
        """Where a replay of these successive states may jump to (Thousand: each trick)."""
        return []

    def rounds_played(self, counters: Mapping[str, int], rounds: int) -> int:
        """The rounds a person took part in, from their summed counters and the rounds of their
        matches (``rounds``; Thousand: the hands a dealer sat out at four are not theirs)."""
        return rounds

    def player_counters(self, rounds: Sequence[StoredRound], players: int) -> list[dict[str, int]]:
        """Each seat's counters over one finished match, summed over a person's matches for
        their statistics (a counter named ``max_…`` keeps the highest value instead)."""
        return [{} for _seat in range(players)]

    def statistics(self, counters: Mapping[str, int], rounds: int) -> list[tuple[str, str]]:
        """The game's own lines of statistics from counters summed over matches (``rounds``:
        the rounds played in them), as (label, value) in the active language."""
        return []
