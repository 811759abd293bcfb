"""Stored matches. A hand is kept as its deal plus its action log in the canonical notation, so
any position is rebuilt by replaying it through the engine (see ``games.services``)."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def _new_seed() -> int:
    return secrets.randbits(62)


def _zero_scores() -> list[int]:
    return [0, 0, 0]


class ComputerLevel(models.TextChoices):
    BEGINNER = "beginner", _("Beginner")
    NORMAL = "normal", _("Normal")
    EXPERT = "expert", _("Expert")


class Match(models.Model):
    """One match of Thousand: its options, its seats, its scores and where it stands."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("In progress")
        FINISHED = "finished", _("Finished")
        RESIGNED = "resigned", _("Resigned")

    game = models.CharField(max_length=20, default="thousand", editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_matches"
    )
    rules = models.JSONField(help_text="Rules.to_dict() of the engine")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    scores = models.JSONField(default=_zero_scores)
    dealer = models.PositiveSmallIntegerField(help_text="dealer of the current hand")
    hands_played = models.PositiveIntegerField(default=0)
    redeals = models.PositiveIntegerField(default=0)
    winner = models.PositiveSmallIntegerField(null=True, blank=True, help_text="winning seat")
    resigned_by = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="the seat that resigned the match, if one did"
    )
    version = models.PositiveIntegerField(
        default=0, help_text="bumped by every change; a move names the version it was made on"
    )
    seed = models.BigIntegerField(
        default=_new_seed, help_text="derives the shuffles and the computer players' randomness"
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("-updated",)
        indexes = (models.Index(fields=("owner", "status", "-updated")),)

    def __str__(self) -> str:
        return f"Match {self.pk} ({self.status}, v{self.version})"

    @property
    def is_finished(self) -> bool:
        """Whether the match is over: played to the end or resigned."""
        return self.status != self.Status.PLAYING

    @property
    def target(self) -> int:
        rules: dict[str, Any] = self.rules
        return int(rules.get("target", 1000))


class Seat(models.Model):
    """A place at the table: a person (``user``) or a computer player (``computer_level``)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="seats",
    )
    computer_level = models.CharField(
        max_length=10, choices=ComputerLevel.choices, blank=True, default=""
    )

    class Meta:
        ordering = ("number",)
        constraints = (
            models.UniqueConstraint(fields=("match", "number"), name="one_seat_per_number"),
            models.CheckConstraint(condition=models.Q(number__lte=2), name="seat_number_0_to_2"),
            models.CheckConstraint(
                condition=(
                    models.Q(user__isnull=False, computer_level="")
                    | (models.Q(user__isnull=True) & ~models.Q(computer_level=""))
                ),
                name="seat_is_a_person_or_a_computer",
            ),
        )

    def __str__(self) -> str:
        who = self.computer_level or f"user {self.user_id}"
        return f"Seat {self.number} of match {self.match_id} ({who})"

    @property
    def is_computer(self) -> bool:
        return self.user_id is None


class Hand(models.Model):
    """One deal of a match: the deal as a replay scenario and the actions taken on it."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("In progress")
        OVER = "over", _("Played")
        REDEALT = "redealt", _("Re-dealt")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField(help_text="1 for the match's first deal")
    dealer = models.PositiveSmallIntegerField()
    deal = models.JSONField(
        help_text="HandState.deal_record(): rules, dealer, scores, hands, musik"
    )
    actions = models.JSONField(default=list, help_text="canonical actions, bid:100 left out")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("match", "number")
        constraints = (
            models.UniqueConstraint(fields=("match", "number"), name="one_hand_per_number"),
        )

    def __str__(self) -> str:
        return f"Hand {self.number} of match {self.match_id} ({self.status})"


class HandResult(models.Model):
    """The score of a played hand, kept for the score sheet and statistics."""

    hand = models.OneToOneField(Hand, on_delete=models.CASCADE, related_name="result")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="results")
    declarer = models.PositiveSmallIntegerField()
    bid = models.PositiveSmallIntegerField()
    contract = models.PositiveSmallIntegerField()
    made = models.BooleanField()
    card_points = models.JSONField(help_text="card points taken by each seat")
    marriage_points = models.JSONField(help_text="marriages declared by each seat")
    hand_points = models.JSONField(help_text="card points plus marriages, by seat")
    score_deltas = models.JSONField(help_text="score changes actually applied, by seat")
    scores = models.JSONField(help_text="match scores after the hand, by seat")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("match", "hand__number")

    def __str__(self) -> str:
        return f"Result of {self.hand}"
