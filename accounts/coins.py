"""Coins: the daily check-in, the shop, and staff's changes. Every change locks the
person's wallet row (``select_for_update`` in a transaction), writes one ledger row with its
reason and moves the balance by as much, so the ledger's sum is always the balance and two
purchases at once cannot spend the same coins. Games never call this module."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import cache
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo, available_timezones

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from accounts import cosmetics
from accounts.models import CoinEntry, OwnedCosmetic, Profile, Wallet

if TYPE_CHECKING:
    from django.contrib.auth.models import User

CHECK_IN_COINS = 10
"""The first day's check-in."""
STREAK_BONUS = 5
"""More per day of a streak..."""
STREAK_BONUS_DAYS = 7
"""...up to the seventh day in a row (40 coins), and as much every day after."""
STAFF_CHANGE_LIMIT = 100_000


class CoinError(ValueError):
    """A refused change, with a reason code and a message for the person."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class CheckIn:
    coins: int
    streak: int
    day: date


@dataclass(frozen=True)
class Standing:
    """What the wallet page shows: the balance, the streak as it stands today, and
    whether today's check-in is still to do."""

    balance: int
    streak: int
    checked_in_today: bool
    next_reward: int
    """The coins of the next check-in, if it comes on its day."""
    time_zone: str


def check_in_reward(streak: int) -> int:
    """The coins of a check-in on the ``streak``-th day in a row (1 for a first day)."""
    return CHECK_IN_COINS + STREAK_BONUS * (min(streak, STREAK_BONUS_DAYS) - 1)


@cache
def _zone_names() -> frozenset[str]:
    return frozenset(available_timezones())


def valid_time_zone(name: str) -> str:
    """``name`` if it is a time zone of the IANA database (as a browser's
    ``Intl.DateTimeFormat().resolvedOptions().timeZone`` gives), else ""."""
    name = name.strip()
    return name if name in _zone_names() else ""


def zone_of(profile: Profile) -> str:
    """The person's time zone, or the site's when their browser never told it."""
    return valid_time_zone(profile.time_zone) or settings.TIME_ZONE


def local_day(profile: Profile, now: datetime | None = None) -> date:
    """Today's date where the person is."""
    return (now or timezone.now()).astimezone(ZoneInfo(zone_of(profile))).date()


def wallet_of(user: User) -> Wallet:
    """The user's wallet as it is (an empty, unsaved one before the first coin)."""
    return Wallet.objects.filter(user=user).first() or Wallet(user=user)


def standing(user: User, now: datetime | None = None) -> Standing:
    wallet = wallet_of(user)
    profile: Profile = user.profile
    today = local_day(profile, now)
    last = wallet.last_check_in
    checked_in_today = last is not None and last >= today
    alive = last is not None and last >= today - timedelta(days=1)
    streak = wallet.streak if alive else 0
    return Standing(
        balance=wallet.balance,
        streak=streak,
        checked_in_today=checked_in_today,
        # Today's reward, or tomorrow's once today's check-in is done.
        next_reward=check_in_reward(streak + 1),
        time_zone=zone_of(profile),
    )


def _locked_wallet(user: User) -> Wallet:
    # The first change makes the row; two first changes at once make it once.
    Wallet.objects.bulk_create([Wallet(user_id=user.pk)], ignore_conflicts=True)
    return Wallet.objects.select_for_update().get(user_id=user.pk)


def _change(
    wallet: Wallet,
    amount: int,
    reason: str,
    *,
    item: str = "",
    note: str = "",
    staff: User | None = None,
) -> CoinEntry:
    balance = wallet.balance + amount
    assert balance >= 0, "callers check the balance first"
    wallet.balance = balance
    wallet.save(update_fields=["balance", "streak", "last_check_in"])
    return CoinEntry.objects.create(
        user_id=wallet.user_id,
        amount=amount,
        reason=reason,
        item=item,
        note=note,
        balance_after=balance,
        staff=staff,
    )


@transaction.atomic
def check_in(user: User, time_zone: str = "", now: datetime | None = None) -> CheckIn:
    """Today's check-in: ``check_in_reward`` coins for the day of the streak it makes.

    ``time_zone`` is the browser's, remembered when valid; the day is the calendar day in
    the person's zone. Refused (``already``) when today's check-in is done."""
    wallet = _locked_wallet(user)
    profile: Profile = Profile.objects.get(user=user)
    zone = valid_time_zone(time_zone)
    if zone and zone != profile.time_zone:
        profile.time_zone = zone
        profile.save(update_fields=["time_zone", "updated_at"])
    today = local_day(profile, now)
    last = wallet.last_check_in
    if last is not None and last >= today:
        raise CoinError(
            "already",
            gettext("You have checked in today already. Come back tomorrow for more coins."),
        )
    streak = wallet.streak + 1 if last == today - timedelta(days=1) else 1
    coins = check_in_reward(streak)
    wallet.streak = streak
    wallet.last_check_in = today
    _change(wallet, coins, CoinEntry.Reason.CHECK_IN)
    return CheckIn(coins=coins, streak=streak, day=today)


def owned_slugs(user: User) -> set[str]:
    """The items ``user`` may use: the ones bought and the free ones."""
    bought = set(OwnedCosmetic.objects.filter(user=user).values_list("item", flat=True))
    return bought | {item.slug for item in cosmetics.DEFAULTS.values()}


@transaction.atomic
def buy(user: User, slug: str) -> cosmetics.Cosmetic:
    """Buys the item ``slug``: its price leaves the balance and the item is the person's,
    both or neither. Refused when unknown, free, owned already, or dearer than the balance."""
    item = cosmetics.find(slug)
    if item is None:
        raise CoinError("unknown", gettext("The shop has no such item."))
    if item.is_free:
        raise CoinError(
            "owned", gettext("“%(item)s” is free and yours already.") % {"item": item.name}
        )
    wallet = _locked_wallet(user)
    if OwnedCosmetic.objects.filter(user=user, item=item.slug).exists():
        raise CoinError(
            "owned",
            gettext("You own “%(item)s” already: choose it on your profile.") % {"item": item.name},
        )
    if wallet.balance < item.price:
        raise CoinError(
            "too_few",
            gettext(
                "“%(item)s” costs %(price)d coins and you have %(balance)d: check in on "
                "more days to earn the rest."
            )
            % {"item": item.name, "price": item.price, "balance": wallet.balance},
        )
    _change(wallet, -item.price, CoinEntry.Reason.PURCHASE, item=item.slug)
    OwnedCosmetic.objects.create(user=user, item=item.slug)
    return item


def choose(user: User, slugs: list[str]) -> list[cosmetics.Cosmetic]:
    """Uses the owned items ``slugs`` (at most one per kind) on the person's tables."""
    owned = owned_slugs(user)
    chosen: dict[cosmetics.Kind, cosmetics.Cosmetic] = {}
    for slug in slugs:
        item = cosmetics.find(slug)
        if item is None or slug not in owned:
            raise CoinError("not_owned", gettext("You can only choose items you own."))
        if item.kind in chosen:
            raise CoinError("two_of_a_kind", gettext("Choose one item of each kind."))
        chosen[item.kind] = item
    if chosen:
        fields = [kind.value for kind in chosen]
        updated = {kind.value: "" if item.is_free else item.slug for kind, item in chosen.items()}
        Profile.objects.filter(user=user).update(**updated)
        profile = getattr(user, "profile", None)
        if profile is not None:
            for field in fields:
                setattr(profile, field, updated[field])
    return list(chosen.values())


@transaction.atomic
def staff_change(staff: User, user: User, amount: int, note: str) -> CoinEntry:
    """Staff give (``amount`` > 0) or take away coins, with their reason in the ledger.
    Refused for nothing, for more than ``STAFF_CHANGE_LIMIT`` at once, and for taking more
    than the person has."""
    if amount == 0 or abs(amount) > STAFF_CHANGE_LIMIT:
        raise CoinError(
            "amount",
            gettext("Give or take between 1 and %(limit)d coins.") % {"limit": STAFF_CHANGE_LIMIT},
        )
    wallet = _locked_wallet(user)
    if wallet.balance + amount < 0:
        raise CoinError(
            "too_few",
            gettext("They have only %(balance)d coins: you cannot take %(amount)d.")
            % {"balance": wallet.balance, "amount": -amount},
        )
    reason = CoinEntry.Reason.STAFF_GRANT if amount > 0 else CoinEntry.Reason.STAFF_REMOVAL
    return _change(wallet, amount, reason, note=note, staff=staff)
