"""Table chat at friends' tables: short messages and quick phrases said by the people seated
there, read by them only (a practice match, a computer and a watcher have no chat).

Each change is checked, saved, and after the commit told to the match's channel group
(``{"type": "chat.updated"}``); each table socket of a seated person then renders the chat for
its own viewer (``messages_for``: their mutes, their language). A refusal is a
``MoveRejected`` with its reason code, and saves nothing. A quick phrase is stored by its key,
so that each reader sees it in their own language.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.core.drawn import Drawn
from games.core.names import display_name
from games.core.push import group_name, send_to_group
from games.core.refusals import MoveRejected
from games.core.sessions import user_group
from games.models import ChatMessage, ChatMute, Match, ModerationAction, Report, Seat

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User
    from django.utils.functional import _StrOrPromise

    Person = User | AnonymousUser

MAX_LENGTH = 300
"""The longest message, in characters, after stripping the spaces around it."""

PHRASES: dict[str, _StrOrPromise] = {
    "gg": gettext_lazy("Good game"),
    "wp": gettext_lazy("Well played"),
    "turn": pgettext_lazy("a quick phrase of the table chat", "Your turn"),
    "brb": gettext_lazy("Sorry, back in a minute"),
}
"""The quick phrases, by the key a message stores."""

TOO_FAST = gettext_lazy("You are sending messages too fast; wait a few seconds.")
NOT_AT_TABLE = gettext_lazy("Only the people seated at this table can use its chat.")


def chat_limit() -> tuple[int, int]:
    """How many messages one person may send in how many seconds (``CHAT_LIMIT``)."""
    messages, seconds = settings.CHAT_LIMIT
    return int(messages), int(seconds)


def push_chat(match_id: int) -> None:
    """Tells the match's group that its chat changed; each seated person's socket renders it."""
    send_to_group(group_name(match_id), {"type": "chat.updated"})


def _push_after_commit(match_id: int) -> None:
    transaction.on_commit(lambda: push_chat(match_id))


def chat_seat(match_id: int, user: Person) -> Seat | None:
    """The seat of ``user`` at the friends' table ``match_id`` while they play there (not left):
    only they may read and write its chat."""
    if not user.is_authenticated:
        return None
    return (
        Seat.objects.select_related("match")
        .filter(match_id=match_id, user=user, left=False, match__mode=Match.Mode.FRIENDS)
        .first()
    )


def _member_seat(match_id: int, user: Person) -> Seat:
    seat = chat_seat(match_id, user)
    if seat is not None:
        return seat
    if Match.objects.filter(pk=match_id).exclude(mode=Match.Mode.FRIENDS).exists():
        raise MoveRejected("no_chat", gettext_lazy("Only friends' tables have a chat."))
    raise MoveRejected("not_at_table", NOT_AT_TABLE)


def _cleaned(text: str, phrase: str) -> tuple[str, str]:
    if phrase:
        if phrase not in PHRASES:
            raise MoveRejected("malformed", gettext_lazy("There is no such quick phrase."))
        return "", phrase
    text = text.strip()
    if not text:
        raise MoveRejected("empty", gettext_lazy("Write a message first."))
    if "\x00" in text:
        raise MoveRejected("malformed", gettext_lazy("A message cannot hold that character."))
    if len(text) > MAX_LENGTH:
        raise MoveRejected(
            "too_long",
            gettext_lazy("A message has at most 300 characters; this one has %(length)s.")
            % {"length": len(text)},
        )
    return text, ""


def post_message(match_id: int, user: User, *, text: str = "", phrase: str = "") -> ChatMessage:
    """``user``, seated at the friends' table, says ``text`` (or the quick ``phrase``)."""
    seat = _member_seat(match_id, user)
    text, phrase = _cleaned(text, phrase)
    messages, seconds = chat_limit()
    with transaction.atomic():
        # The author's own row, locked: two messages of one person are counted one at a time.
        list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
        recent = ChatMessage.objects.filter(
            author_id=user.pk, created__gt=timezone.now() - timedelta(seconds=seconds)
        ).count()
        if recent >= messages:
            raise MoveRejected("rate_limited", TOO_FAST)
        message = ChatMessage.objects.create(
            match_id=match_id, author_id=user.pk, seat=seat.number, text=text, phrase=phrase
        )
        _push_after_commit(match_id)
    return message


def _other_person(match_id: int, user: Person, person_id: int) -> int:
    """``person_id`` if that person has a seat at the table too (and is not ``user``)."""
    _member_seat(match_id, user)
    if person_id == user.pk or not Seat.objects.filter(match_id=match_id, user_id=person_id):
        raise MoveRejected("malformed", gettext_lazy("There is no such person at this table."))
    return person_id


def _tell_the_viewer(user: Person) -> None:
    """The viewer's own open tables (other tabs, other devices) show their chat again."""
    viewer = int(user.pk or 0)
    transaction.on_commit(lambda: send_to_group(user_group(viewer), {"type": "chat.updated"}))


def mute(match_id: int, user: Person, person_id: int) -> None:
    """``user`` no longer reads the messages of the person ``person_id`` (anywhere)."""
    muted = _other_person(match_id, user, person_id)
    with transaction.atomic():
        ChatMute.objects.get_or_create(viewer_id=user.pk, muted_id=muted)
        _tell_the_viewer(user)


def unmute(match_id: int, user: Person, person_id: int) -> None:
    """``user`` reads the messages of ``person_id`` again."""
    muted = _other_person(match_id, user, person_id)
    with transaction.atomic():
        ChatMute.objects.filter(viewer_id=user.pk, muted_id=muted).delete()
        _tell_the_viewer(user)


def phrase_text(message: ChatMessage) -> str:
    """What the message says, in the active language."""
    return str(PHRASES[message.phrase]) if message.phrase in PHRASES else message.text


def report_message(match_id: int, user: Person, message_id: int) -> Report:
    """``user``, seated at the table, reports a message said there by another person: it
    reaches the staff's reports with its text, its author and the match."""
    _member_seat(match_id, user)
    message = (
        ChatMessage.objects.select_related("author__profile", "match")
        .filter(pk=message_id, match_id=match_id, hidden_at__isnull=True)
        .first()
    )
    if message is None or message.author_id == user.pk:
        raise MoveRejected("malformed", gettext_lazy("There is no such message to report."))
    report, _created = Report.objects.get_or_create(
        reporter_id=user.pk,
        chat_message=message,
        status=Report.Status.OPEN,
        defaults={
            "reported": message.author,
            "reported_name": display_name(message.author),
            "kind": Report.Kind.CHAT,
            "match": message.match,
            "text": phrase_text(message),
        },
    )
    return report


def hide_message(staff: Person, message_id: int, reason: str) -> ChatMessage:
    """Staff hide a message for everyone, recorded in the moderation log with its text."""
    if not (staff.is_authenticated and staff.is_active and staff.is_staff):
        raise MoveRejected("forbidden", gettext_lazy("Only staff can hide a message."))
    reason = reason.replace("\x00", "").strip()
    if not reason:
        raise MoveRejected(
            "empty", gettext_lazy("Say why: the reason goes into the moderation log.")
        )
    with transaction.atomic():
        message = (
            # Only the message's row is locked: PostgreSQL locks no row of an outer join's
            # nullable side (the author's profile).
            ChatMessage.objects.select_for_update(of=("self",))
            .select_related("author__profile")
            .filter(pk=message_id, hidden_at__isnull=True)
            .first()
        )
        if message is None:
            raise MoveRejected("not_found", gettext_lazy("There is no such message to hide."))
        message.hidden_at = timezone.now()
        message.save(update_fields=["hidden_at"])
        ModerationAction.objects.create(
            staff_id=staff.pk,
            staff_name=staff.get_username(),
            kind=ModerationAction.Kind.HIDE_CHAT,
            target_user=message.author,
            target_name=display_name(message.author),
            target_match_id=message.match_id,
            reason=reason,
            details={"message": message.pk, "text": phrase_text(message)},
        )
        _push_after_commit(message.match_id)
    return message


@dataclass
class ChatLine(Drawn):
    id: int
    author_id: int
    name: str
    text: str
    phrase: bool
    mine: bool
    at: str
    """The time it was said, ``HH:MM`` (UTC)."""


@dataclass
class MutedPerson(Drawn):
    id: int
    name: str


def lines_of(match_id: int, viewer_id: int | None) -> list[ChatLine]:
    """The match's messages not hidden, oldest first, in the active language, without those of
    the people ``viewer_id`` muted."""
    shown = ChatMessage.objects.filter(match_id=match_id, hidden_at__isnull=True)
    if viewer_id is not None:
        shown = shown.exclude(
            author__in=ChatMute.objects.filter(viewer_id=viewer_id).values("muted")
        )
    return [
        ChatLine(
            id=message.pk,
            author_id=message.author_id,
            name=display_name(message.author),
            text=phrase_text(message),
            phrase=bool(message.phrase),
            mine=message.author_id == viewer_id,
            at=f"{message.created:%H:%M}",
        )
        for message in shown.select_related("author__profile")
    ]


def muted_at(match_id: int, viewer_id: int) -> list[MutedPerson]:
    """The people at the table whom ``viewer_id`` muted."""
    seats = Seat.objects.filter(
        match_id=match_id, user__in=ChatMute.objects.filter(viewer_id=viewer_id).values("muted")
    ).select_related("user__profile")
    return [
        MutedPerson(id=seat.user_id, name=display_name(seat.user))
        for seat in seats
        if seat.user_id is not None
    ]


def quick_phrases() -> list[tuple[str, str]]:
    """The quick phrases, ``(key, text)`` in the active language."""
    return [(key, str(label)) for key, label in PHRASES.items()]


def chat_messages_of(user: User) -> list[dict[str, object]]:
    """The chat messages ``user`` wrote, for their own data: where, when, what (a quick
    phrase by its key), and whether staff hid it."""
    return [
        {
            "match": message.match_id,
            "when": message.created.isoformat(),
            "text": message.text,
            "phrase": message.phrase,
            "hidden": message.hidden_at is not None,
        }
        for message in ChatMessage.objects.filter(author=user).order_by("created", "pk")
    ]
