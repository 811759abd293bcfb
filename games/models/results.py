"""What finished matches leave behind: each person's result, their totals and their rating,
per game and rating board."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models.matches import Match


class MatchResult(models.Model):
    """One person's result of a finished match, written once when it ends: what statistics
    and rankings read instead of replaying the match's rounds."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="results")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="match_results"
    )
    seat = models.PositiveSmallIntegerField()
    game = models.CharField(max_length=20)
    board = models.CharField(
        max_length=20,
        blank=True,
        default="",
        help_text="the game's rating board the match counts on ('': the game's own)",
    )
    mode = models.CharField(max_length=10, choices=Match.Mode.choices)
    length = models.CharField(
        max_length=20, blank=True, default="", help_text="the game's match length (Thousand: 1000)"
    )
    level = models.CharField(
        max_length=10,
        blank=True,
        default="",
        help_text="the computers' level if they share one, 'mixed', or '' with no computer",
    )
    players = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField(help_text="1 for the winner")
    won = models.BooleanField()
    score = models.IntegerField(help_text="the final match score")
    rounds = models.PositiveIntegerField(help_text="rounds played that counted")
    details = models.JSONField(default=dict, help_text="the game's own counters for this player")
    finished = models.DateTimeField(db_index=True)
    void = models.BooleanField(default=False, help_text="mirrors Match.voided_at")
    rating_before = models.FloatField(null=True, blank=True)
    rating_after = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ("-finished",)
        constraints = (
            models.UniqueConstraint(fields=("match", "user"), name="one_result_per_person"),
        )
        indexes = (
            models.Index(fields=("user", "game", "-finished"), name="result_user_recent"),
            models.Index(
                fields=("game", "board", "won", "length", "-score"), name="result_board_best_scores"
            ),
        )

    def __str__(self) -> str:
        return f"Result of user {self.user_id} in match {self.match_id} (place {self.place})"


class PlayerTotals(models.Model):
    """A person's sums over their counted results at one game, for one match length and
    computer level: kept up to date when a match ends (and rebuilt from the results when staff
    void one), so the statistics read a few rows however many matches were played."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="totals"
    )
    game = models.CharField(max_length=20)
    board = models.CharField(
        max_length=20, blank=True, default="", help_text="the game's rating board"
    )
    length = models.CharField(max_length=20, blank=True, default="")
    level = models.CharField(max_length=10, blank=True, default="")
    matches = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)
    rounds = models.PositiveIntegerField(default=0)
    counters = models.JSONField(default=dict)

    class Meta:
        constraints = (
            models.UniqueConstraint(
                fields=("user", "game", "board", "length", "level"),
                name="one_total_per_board_group",
            ),
        )

    def __str__(self) -> str:
        return f"Totals of user {self.user_id} at {self.game} ({self.length}, {self.level})"


PROVISIONAL_SIGMA = 25 / 6
"""A rating is provisional while its uncertainty is over half a newcomer's (OpenSkill starts
everyone at 25 ± 25/3): too few matches yet to say much of the player."""


class PlayerRating(models.Model):
    """A person's skill rating on one board of a game (OpenSkill's Plackett-Luce model):
    ``mu`` and its uncertainty ``sigma``, updated once per finished match on that board."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(max_length=20)
    board = models.CharField(
        max_length=20,
        blank=True,
        default="",
        help_text="the game's rating board ('': its own; Thousand: '2', two players)",
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    matches = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(fields=("user", "game", "board"), name="one_rating_per_board"),
        )

    def __str__(self) -> str:
        return f"Rating of user {self.user_id} at {self.game}: {self.mu:.1f} ± {self.sigma:.1f}"

    @property
    def conservative(self) -> float:
        """The rating the ranking orders by: ``mu`` less three uncertainties."""
        return self.mu - 3 * self.sigma

    @property
    def is_provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA
