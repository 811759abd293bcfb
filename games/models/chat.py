"""The table chat of friends' tables: the messages, and whom a person has muted."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models.matches import Match


class ChatMessage(models.Model):
    """A message said at a friends' table by a person seated there: typed text, or a quick
    phrase stored by its key so that each reader sees it in their own language. Staff may hide
    it (for everyone); it goes with its author's account."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages"
    )
    seat = models.PositiveSmallIntegerField(help_text="the author's seat at the match")
    text = models.TextField(max_length=300, blank=True, default="")
    phrase = models.CharField(
        max_length=20, blank=True, default="", help_text="a quick phrase's key, instead of text"
    )
    created = models.DateTimeField(auto_now_add=True)
    hidden_at = models.DateTimeField(null=True, blank=True, help_text="hidden by staff")

    class Meta:
        ordering = ("created", "pk")
        indexes = (
            models.Index(fields=("match", "created"), name="chat_of_a_match"),
            models.Index(fields=("author", "created"), name="chat_of_an_author"),
        )

    def __str__(self) -> str:
        return f"Chat {self.pk} at match {self.match_id}"


class ChatMute(models.Model):
    """A person who does not want to read another one's chat messages (their own choice)."""

    viewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes"
    )
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(fields=("viewer", "muted"), name="one_mute_per_pair"),
        )

    def __str__(self) -> str:
        return f"{self.viewer_id} mutes {self.muted_id}"
