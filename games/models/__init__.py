"""Stored matches, for every game: the tables (``matches``), what finished matches leave
(``results``), the staff's records (``moderation``) and the table chat (``chat``). Everything is
imported from here; the migrations name ``_new_seed``, ``_zero_scores`` and ``MAX_SEATS`` here."""

from games.models.chat import ChatMessage, ChatMute
from games.models.matches import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_SEATS,
    Invitation,
    Match,
    Removal,
    Round,
    Seat,
    _new_seed,
    _zero_scores,
    new_table_code,
)
from games.models.moderation import AppendOnly, AppendOnlyError, ModerationAction, Report
from games.models.results import PROVISIONAL_SIGMA, MatchResult, PlayerRating, PlayerTotals

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "MAX_SEATS",
    "PROVISIONAL_SIGMA",
    "AppendOnly",
    "AppendOnlyError",
    "ChatMessage",
    "ChatMute",
    "Invitation",
    "Match",
    "MatchResult",
    "ModerationAction",
    "PlayerRating",
    "PlayerTotals",
    "Removal",
    "Report",
    "Round",
    "Seat",
    "_new_seed",
    "_zero_scores",
    "new_table_code",
]
