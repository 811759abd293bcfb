from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from accounts.cosmetics import SLUG_MAX_LENGTH
from accounts.names import (
    DISPLAY_NAME_MAX_LENGTH,
    display_name_key,
    normalize_display_name,
    validate_display_name,
)
from games.models import AppendOnly

DISPLAY_NAME_TAKEN = _("This display name is already taken.")


class ProfileQuerySet(models.QuerySet["Profile"]):
    def with_display_name(self, name: str) -> ProfileQuerySet:
        """Profiles whose display name is ``name`` up to case (in any alphabet)."""
        return self.filter(display_name_key=display_name_key(name))


class Profile(models.Model):
    """What the site knows about a person beyond Django's ``User``: the name other
    players see, and whether the account is a guest one (started with "Play now")."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="profile",
        verbose_name=_("user"),
    )
    display_name = models.CharField(
        _("display name"),
        max_length=DISPLAY_NAME_MAX_LENGTH,
        validators=[validate_display_name],
    )
    # Case-folded in Python: SQLite's LOWER() (and so the constraint below) only folds
    # ASCII letters, and the names here are often Polish or Vietnamese.
    display_name_key = models.CharField(max_length=4 * DISPLAY_NAME_MAX_LENGTH, editable=False)
    is_guest = models.BooleanField(
        _("guest"),
        default=False,
        help_text=_("Started with “Play now”: no username or password yet."),
    )
    language = models.CharField(
        _("language"),
        max_length=8,
        blank=True,
        choices=settings.LANGUAGES,
        help_text=_("The language the site speaks to this person (empty: not chosen yet)."),
    )
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        blank=True,
        help_text=_(
            "The person's time zone (as their browser says), which tells when a new day "
            "begins for the daily check-in (empty: not known yet)."
        ),
    )
    # The cosmetics chosen on the profile page, by slug (accounts.cosmetics); empty: the
    # free one. Only owned items are chosen.
    felt = models.CharField(_("table felt"), max_length=SLUG_MAX_LENGTH, blank=True)
    card_back = models.CharField(_("card back"), max_length=SLUG_MAX_LENGTH, blank=True)
    tile_style = models.CharField(_("tile style"), max_length=SLUG_MAX_LENGTH, blank=True)
    avatar_frame = models.CharField(_("avatar frame"), max_length=SLUG_MAX_LENGTH, blank=True)
    page_private = models.BooleanField(
        _("private player page"),
        default=False,
        help_text=_("Others see only the display name on the person's player page."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    objects = ProfileQuerySet.as_manager()

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")
        constraints = (
            models.UniqueConstraint(
                Lower("display_name"),
                name="accounts_profile_display_name_ci_unique",
                violation_error_message=DISPLAY_NAME_TAKEN,
            ),
            models.UniqueConstraint(
                fields=("display_name_key",),
                name="accounts_profile_display_name_key_unique",
                violation_error_message=DISPLAY_NAME_TAKEN,
            ),
        )

    def __str__(self) -> str:
        return self.display_name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.display_name = normalize_display_name(self.display_name)
        self.display_name_key = display_name_key(self.display_name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "display_name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "display_name_key"}
        super().save(*args, **kwargs)

    def validate_constraints(self, exclude: Collection[str] | None = None) -> None:
        # The key only mirrors the display name, whose uniqueness clean() reports on the
        # display name field itself.
        super().validate_constraints(exclude={*(exclude or ()), "display_name_key"})

    def clean(self) -> None:
        self.display_name = normalize_display_name(self.display_name)
        self.display_name_key = display_name_key(self.display_name)
        if Profile.objects.with_display_name(self.display_name).exclude(pk=self.pk).exists():
            raise ValidationError({"display_name": DISPLAY_NAME_TAKEN}, code="unique")


class Wallet(models.Model):
    """A person's coins and daily check-in streak. The balance is the sum of the person's
    ledger (``CoinEntry``); it changes only through ``accounts.coins``, with this row
    locked, so two purchases at once cannot both spend the same coins."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="wallet",
        verbose_name=_("user"),
    )
    balance = models.PositiveIntegerField(_("coins"), default=0)
    streak = models.PositiveIntegerField(
        _("check-in streak"), default=0, help_text=_("Consecutive days of the last check-ins.")
    )
    last_check_in = models.DateField(
        _("last check-in"),
        null=True,
        blank=True,
        help_text=_("The calendar day of the last check-in, in the person's time zone."),
    )

    class Meta:
        verbose_name = _("wallet")
        verbose_name_plural = _("wallets")
        constraints = (
            models.CheckConstraint(
                condition=models.Q(balance__gte=0), name="accounts_wallet_balance_not_negative"
            ),
        )

    def __str__(self) -> str:
        return f"{self.user_id}: {self.balance}"


class CoinEntry(AppendOnly):
    """One change of a person's coins, with its reason. Never changed, never deleted (it
    goes only with the account)."""

    class Reason(models.TextChoices):
        CHECK_IN = "check_in", _("Daily check-in")
        PURCHASE = "purchase", _("Purchase")
        STAFF_GRANT = "staff_grant", _("Given by staff")
        STAFF_REMOVAL = "staff_removal", _("Removed by staff")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="coin_entries",
        verbose_name=_("user"),
    )
    amount = models.IntegerField(_("amount"))
    reason = models.CharField(_("reason"), max_length=20, choices=Reason.choices)
    item = models.CharField(_("item"), max_length=SLUG_MAX_LENGTH, blank=True)
    note = models.TextField(
        _("note"), blank=True, help_text=_("Staff's reason, for their changes.")
    )
    balance_after = models.PositiveIntegerField(_("balance after"))
    staff = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("staff"),
    )
    created = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("coin entry")
        verbose_name_plural = _("coin ledger")
        ordering = ("-created", "-pk")
        constraints = (
            models.CheckConstraint(
                condition=~models.Q(amount=0), name="accounts_coinentry_amount_not_zero"
            ),
        )

    def __str__(self) -> str:
        return f"{self.user_id} {self.amount:+d} ({self.reason})"


class OwnedCosmetic(models.Model):
    """A cosmetic a person bought (the free ones everyone has are not stored)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="cosmetics",
        verbose_name=_("user"),
    )
    item = models.CharField(_("item"), max_length=SLUG_MAX_LENGTH)
    bought = models.DateTimeField(_("bought"), auto_now_add=True)

    class Meta:
        verbose_name = _("owned cosmetic")
        verbose_name_plural = _("owned cosmetics")
        constraints = (
            models.UniqueConstraint(
                fields=("user", "item"), name="accounts_ownedcosmetic_once_per_user"
            ),
        )

    def __str__(self) -> str:
        return f"{self.user_id}: {self.item}"
