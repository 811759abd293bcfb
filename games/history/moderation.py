"""What staff do, each action recorded in the append-only audit log in the same transaction:
suspend and lift, force a display-name change, void a match, close a report; and the daily
removal of guest accounts nobody saved."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Exists, Max, OuterRef
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone
from django.utils.translation import gettext

from accounts import coins
from accounts.profiles import save_with_numbered_name
from games import services
from games.core.names import display_name
from games.history.rerating import replay_ratings
from games.history.results import rebuild_totals
from games.models import (
    Match,
    MatchResult,
    ModerationAction,
    Report,
    Seat,
)

if TYPE_CHECKING:
    from django.contrib.auth.models import User

DEFAULT_GUEST_RETENTION_DAYS = 180


class ModerationError(ValueError):
    """An action that cannot be taken, with the reason for the staff member."""


def _record(
    staff: User | None,
    kind: str,
    reason: str,
    *,
    user: User | None = None,
    match: Match | None = None,
    details: dict[str, Any] | None = None,
) -> ModerationAction:
    return ModerationAction.objects.create(
        staff=staff,
        staff_name=staff.get_username() if staff is not None else "",
        kind=kind,
        target_user=user,
        target_name=display_name(user) if user is not None else "",
        target_match=match,
        reason=reason,
        details=details or {},
    )


def _need_reason(reason: str) -> str:
    reason = reason.strip()
    if not reason:
        raise ModerationError(gettext("Say why: the reason goes into the moderation log."))
    return reason


@transaction.atomic
def suspend(staff: User, user: User, reason: str) -> None:
    """The user can no longer sign in (their sessions end with their next request) and
    disappears from the rankings."""
    reason = _need_reason(reason)
    if user.pk == staff.pk:
        raise ModerationError(gettext("You cannot suspend yourself."))
    if not user.is_active:
        raise ModerationError(gettext("This account is already suspended."))
    user.is_active = False
    user.save(update_fields=["is_active"])
    _record(staff, ModerationAction.Kind.SUSPEND, reason, user=user)


@transaction.atomic
def lift(staff: User, user: User, reason: str) -> None:
    reason = _need_reason(reason)
    if user.is_active:
        raise ModerationError(gettext("This account is not suspended."))
    user.is_active = True
    user.save(update_fields=["is_active"])
    _record(staff, ModerationAction.Kind.LIFT, reason, user=user)


@transaction.atomic
def force_rename(staff: User, user: User, reason: str) -> str:
    """Replaces the user's display name by a numbered "Player 1234" (they may choose a new
    one on their profile page); returns the new name."""
    reason = _need_reason(reason)
    profile = user.profile
    old = profile.display_name
    save_with_numbered_name(profile, prefix=gettext("Player"))
    _record(
        staff,
        ModerationAction.Kind.RENAME,
        reason,
        user=user,
        details={"old": old, "new": profile.display_name},
    )
    return str(profile.display_name)


@transaction.atomic
def void_match(staff: User, match_id: int, reason: str) -> Match:
    """The match stays for the record but counts for nothing: its results leave the
    statistics and rankings, and every rating on its game's board is played again without it,
    as if it had never been played."""
    reason = _need_reason(reason)
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if match is None:
        raise ModerationError(gettext("There is no such match."))
    if match.is_void:
        raise ModerationError(gettext("This match is already void."))
    match.voided_at = timezone.now()
    match.void_reason = reason
    match.save(update_fields=["voided_at", "void_reason"])
    counted = MatchResult.objects.filter(match=match)
    people = list(counted.values_list("user_id", flat=True))
    boards = sorted(set(counted.values_list("board", flat=True)))
    counted.update(void=True)
    for board in boards:
        replay_ratings(match.game, board)
    rebuild_totals(people, match.game)
    _record(staff, ModerationAction.Kind.VOID, reason, match=match)
    return match


@transaction.atomic
def close_report(staff: User, report_id: int, status: str, reason: str) -> Report:
    """Marks an open report as acted on or dismissed."""
    reason = _need_reason(reason)
    report = Report.objects.select_for_update().filter(pk=report_id).first()
    if report is None or report.status != Report.Status.OPEN:
        raise ModerationError(gettext("This report is not open."))
    if status not in (Report.Status.ACTED, Report.Status.DISMISSED):
        raise ModerationError(gettext("Choose what happened to the report."))
    report.status = status
    report.closed = timezone.now()
    report.save(update_fields=["status", "closed"])
    _record(
        staff,
        ModerationAction.Kind.REPORT,
        reason,
        user=report.reported,
        match=report.match,
        details={"report": report.pk, "status": status},
    )
    return report


@transaction.atomic
def change_coins(staff: User, user: User, amount: int, reason: str) -> int:
    """Gives the user ``amount`` coins (takes them away if negative), in their ledger and
    in this log; returns the new balance."""
    reason = _need_reason(reason)
    if user.pk == staff.pk:
        raise ModerationError(gettext("You cannot change your own coins."))
    try:
        entry = coins.staff_change(staff, user, amount, reason)
    except coins.CoinError as error:
        raise ModerationError(str(error)) from error
    _record(
        staff,
        ModerationAction.Kind.COINS,
        reason,
        user=user,
        details={"amount": amount, "balance": entry.balance_after},
    )
    return entry.balance_after


def retention_days() -> int:
    return int(getattr(settings, "GUEST_RETENTION_DAYS", DEFAULT_GUEST_RETENTION_DAYS))


def stale_guests(days: int) -> Any:
    """Guests who never saved their account and have not signed in, played, nor checked in
    for ``days``."""
    cutoff = timezone.now() - timedelta(days=days)
    return (
        get_user_model()
        .objects.filter(profile__is_guest=True)
        .annotate(
            last_seen=Greatest(
                "date_joined",
                Coalesce("last_login", "date_joined"),
                Coalesce(Max("seats__match__updated"), "date_joined"),
                # A guest who checks in for coins uses the account too.
                Coalesce(Max("coin_entries__created"), "date_joined"),
            )
        )
        .filter(last_seen__lt=cutoff)
        .order_by("pk")
    )


def remove_stale_guests(days: int) -> int:
    """Removes the stale guests, one transaction each; their seats at matches shared with
    other people stay, as "a former guest" (a computer plays on where the match is not over),
    and a match they made passes to another person at it. Returns how many were removed."""
    removed = 0
    for guest_id in list(stale_guests(days).values_list("pk", flat=True)):
        with transaction.atomic():
            guest = (
                get_user_model()
                .objects.select_for_update()
                .filter(pk=guest_id, profile__is_guest=True)
                .first()
            )
            if guest is None:
                continue
            keep_shared_seats(guest)
            guest.delete()
            removed += 1
    if removed:
        _record(
            None,
            ModerationAction.Kind.REMOVE_GUESTS,
            gettext("Guest accounts not saved nor used for %(days)s days.") % {"days": days},
            details={"removed": removed},
        )
    return removed


def keep_shared_seats(guest: User) -> None:
    """The seats of ``guest`` at matches shared with other people pass to "a former player"
    (``remove_person``): the matches go on, and their records keep the seat."""
    others = Seat.objects.filter(match=OuterRef("match"), user__isnull=False).exclude(user=guest)
    shared = Seat.objects.filter(user=guest).filter(Exists(others))
    for match_id in shared.values_list("match_id", flat=True):
        services.remove_person(match_id, guest)


def make_report(
    reporter: User,
    reported: User,
    kind: str,
    text: str,
    match: Match | None = None,
) -> Report:
    """A player reports another one's display name, or their conduct at a friends' table
    where both sat."""
    if reported.pk == reporter.pk:
        raise ModerationError(gettext("You cannot report yourself."))
    if kind not in Report.Kind.values:
        raise ModerationError(gettext("Choose what you report."))
    if kind == Report.Kind.CONDUCT:
        shared = (
            match is not None
            and match.is_friends
            and Seat.objects.filter(match=match, user__in=[reporter, reported]).count() == 2
        )
        if not shared:
            raise ModerationError(
                gettext("Conduct is reported from a friends' table where you both played.")
            )
    if Report.objects.filter(
        reporter=reporter, reported=reported, kind=kind, status=Report.Status.OPEN
    ).exists():
        raise ModerationError(gettext("You already reported this; staff will look at it."))
    return Report.objects.create(
        reporter=reporter,
        reported=reported,
        reported_name=display_name(reported),
        kind=kind,
        match=match if kind == Report.Kind.CONDUCT else None,
        text=text.strip()[:1000],
    )
