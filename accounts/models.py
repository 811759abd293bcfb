from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from accounts.names import (
    DISPLAY_NAME_MAX_LENGTH,
    display_name_key,
    normalize_display_name,
    validate_display_name,
)

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
