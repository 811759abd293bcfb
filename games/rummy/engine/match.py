"""A match: 1, 3 or 5 games whose points accumulate (rules section 5).

The first game's first player is drawn at random; in each later game the next player to
the left (the next seat) starts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from .state import MAX_PLAYERS, MIN_PLAYERS, GameState, deal_game

MATCH_LENGTHS = (1, 3, 5)
"""The numbers of games a match may have."""


@dataclass(frozen=True, slots=True)
class MatchState:
    """Totals by seat, the first player of the next game, and the games played.

    ``winners`` is empty until the last game is scored, then holds the seats with the
    highest total (several on a tie).
    """

    players: int
    games: int
    scores: tuple[int, ...]
    first: int
    games_played: int = 0
    winners: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"a match needs {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if self.games not in MATCH_LENGTHS:
            raise ValueError("a match has 1, 3 or 5 games")
        if len(self.scores) != self.players:
            raise ValueError(f"a match of {self.players} players needs {self.players} scores")
        if self.first not in range(self.players):
            raise ValueError(f"the first player must be a seat from 0 to {self.players - 1}")

    @property
    def is_over(self) -> bool:
        """True once every game of the match has been played."""
        return self.games_played == self.games


def new_match(players: int, games: int, rng: random.Random) -> MatchState:
    """A match at zero whose first game's first player is drawn with ``rng``."""
    return MatchState(players, games, (0,) * players, rng.randrange(players))


def deal_next(match: MatchState, rng: random.Random) -> GameState:
    """The match's next game, shuffled with ``rng``, holding the match totals so far."""
    if match.is_over:
        raise ValueError("the match is over")
    return deal_game(match.players, match.first, rng, match.scores)


def after_game(match: MatchState, game: GameState) -> MatchState:
    """The match once ``game`` is finished: its points added, the next seat to start."""
    if game.result is None:
        raise ValueError("the game is not finished")
    if (
        match.is_over
        or game.players != match.players
        or game.setup.first != match.first
        or game.scores != match.scores
    ):
        raise ValueError("this game does not belong to the match as it stands")
    scores = tuple(
        total + gained for total, gained in zip(match.scores, game.result.scores, strict=True)
    )
    played = match.games_played + 1
    best = max(scores)
    return replace(
        match,
        scores=scores,
        first=(match.first + 1) % match.players,
        games_played=played,
        winners=tuple(seat for seat, total in enumerate(scores) if total == best)
        if played == match.games
        else (),
    )
