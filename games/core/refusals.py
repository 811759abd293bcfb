"""A refused change is data: a reason code for programs and a message for the player. Views
answer with the HTTP status of the reason (``STATUS_OF_REASON``), the consumer with an error
frame; a refused change changed nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise

STATUS_OF_REASON = {
    "malformed": 400,
    "illegal": 400,
    "forbidden": 403,
    "not_found": 404,
    "stale_version": 409,
    "not_your_turn": 409,
    "match_over": 409,
    "round_over": 409,
    "round_in_progress": 409,
    "not_waiting": 409,
    "table_full": 409,
    "seats_open": 409,
    "removed": 403,
    "not_a_person": 400,
    "not_watchable": 404,
    "watching": 403,
    "too_many_watchers": 503,
    "no_chat": 400,
    "not_at_table": 403,
    "empty": 400,
    "too_long": 400,
    "rate_limited": 429,
    "unknown_person": 400,
    "yourself": 400,
    "guest": 400,
    "already_seated": 409,
    "already_invited": 409,
    "not_over": 409,
    "expired": 410,
    "not_yours": 403,
}
"""How a view answers each refusal; the consumer sends the reason in an error frame."""


class MoveRejected(Exception):
    """A refused change, which changed nothing: a reason code for programs and a message for
    the player (``message`` is in the active language)."""

    def __init__(self, reason: str, message: _StrOrPromise) -> None:
        if reason not in STATUS_OF_REASON:
            raise ValueError(f"unknown refusal reason {reason!r}")
        super().__init__(message)
        self.reason = reason
        self._message = message

    @property
    def message(self) -> str:
        return str(self._message)

    @property
    def status(self) -> int:
        """The HTTP status a view answers with."""
        return STATUS_OF_REASON[self.reason]


def not_found() -> MoveRejected:
    return MoveRejected("not_found", gettext_lazy("There is no such match at your table."))
