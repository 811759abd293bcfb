"""The staff's records: the moderation log (only ever added to) and the players' reports."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models.matches import Match


class AppendOnlyError(RuntimeError):
    """A row of a record that is only ever added to (the coin ledger, the moderation log) was
    about to be changed or deleted."""


class AppendOnly(models.Model):
    """A record that is only ever added to: changing or deleting a stored row refuses."""

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise AppendOnlyError(f"{self._meta.verbose_name_plural} are never changed")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError(f"{self._meta.verbose_name_plural} are never deleted")


class ModerationAction(AppendOnly):
    """One moderation action, recorded when it is taken: who, what, to whom, when and why.
    Never changed, never deleted (``save`` and ``delete`` refuse)."""

    class Kind(models.TextChoices):
        SUSPEND = "suspend", _("Suspended a user")
        LIFT = "lift", _("Lifted a suspension")
        RENAME = "rename", _("Forced a display-name change")
        VOID = "void", _("Voided a match")
        REPORT = "report", _("Closed a report")
        REMOVE_GUESTS = "remove_guests", _("Removed stale guest accounts")
        COINS = "coins", _("Gave or took away coins")
        HIDE_CHAT = "hide_chat", _("Hid a chat message")

    staff = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="moderation_actions",
        help_text="empty for a scheduled command",
    )
    staff_name = models.CharField(max_length=150, blank=True, default="")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    target_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="moderation_received",
    )
    target_name = models.CharField(max_length=150, blank=True, default="")
    target_match = models.ForeignKey(
        Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="moderation"
    )
    reason = models.TextField(blank=True, default="")
    details = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ("-created", "-pk")

    def __str__(self) -> str:
        return f"{self.kind} by {self.staff_name or 'system'} at {self.created:%Y-%m-%d %H:%M}"


class Report(models.Model):
    """A player's report of another player's display name or conduct at a friends' table."""

    class Kind(models.TextChoices):
        NAME = "name", _("Display name")
        CONDUCT = "conduct", _("Conduct at a friends' table")
        CHAT = "chat", _("A chat message")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        ACTED = "acted", _("Acted on")
        DISMISSED = "dismissed", _("Dismissed")

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made"
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_received"
    )
    reported_name = models.CharField(
        max_length=150, help_text="the display name when it was reported"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    match = models.ForeignKey(
        Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="reports"
    )
    text = models.TextField(max_length=1000, blank=True, default="")
    chat_message = models.ForeignKey(
        "ChatMessage",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reports",
        help_text="the chat message reported (its text is copied into text)",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created = models.DateTimeField(auto_now_add=True)
    closed = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created",)
        indexes = (models.Index(fields=("status", "-created"), name="report_open_first"),)

    def __str__(self) -> str:
        return f"Report {self.pk} on {self.reported_name} ({self.status})"
