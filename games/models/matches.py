"""A match, its seats and its rounds: what a table is made of. A round (a hand of Thousand, a
game of tile rummy) is kept as its setup plus its action log, so any position is rebuilt by
replaying it through the game's engine (``games.core.registry``)."""

from __future__ import annotations

import secrets
from functools import partial

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

MAX_SEATS = 4
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Table codes: no 0/O, no 1/I, so a code read aloud is not mistaken."""
CODE_LENGTH = 6


def _new_seed() -> int:
    """The seed of a match before the squashed migration (kept for the old 0001)."""
    return secrets.randbits(62)


def _zero_scores() -> list[int]:
    """The scores of a three-player match before migration 0003 (kept for 0001)."""
    return [0, 0, 0]


def new_table_code() -> str:
    """A short random code for a friends' table."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class Match(models.Model):
    """One match of a game: its options, its seats, its scores and where it stands."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for players")
        PLAYING = "playing", _("In progress")
        FINISHED = "finished", _("Finished")
        RESIGNED = "resigned", _("Resigned")

    class Mode(models.TextChoices):
        PRACTICE = "practice", _("Practice")
        FRIENDS = "friends", _("Friends' table")

    game = models.CharField(
        max_length=20, help_text="the game's key in the registry of games (games.core.registry)"
    )
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.PRACTICE)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_matches"
    )
    options = models.JSONField(help_text="the game's options (for Thousand, Rules.to_dict())")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    scores = models.JSONField(default=list, help_text="the match scores, one per seat")
    progress = models.JSONField(
        default=dict, help_text="the game's own match counters (Thousand: dealer, hands played)"
    )
    winner = models.PositiveSmallIntegerField(null=True, blank=True, help_text="winning seat")
    resigned_by = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="the seat that resigned the match, if one did"
    )
    version = models.PositiveIntegerField(
        default=0, help_text="bumped by every change; a move names the version it was made on"
    )
    seed = models.BigIntegerField(
        # A partial of the standard library's: the migrations name it without importing the site.
        default=partial(secrets.randbits, 62),
        help_text="derives the shuffles and the computer players' randomness",
    )
    code = models.CharField(
        max_length=CODE_LENGTH, unique=True, null=True, blank=True, help_text="friends' tables"
    )
    turn_seconds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="the turn clock of a friends' table"
    )
    listed = models.BooleanField(
        default=False, help_text="a friends' table shown in the lobby, for anyone to join"
    )
    watch_token = models.CharField(
        max_length=24,
        unique=True,
        null=True,
        blank=True,
        help_text="a friends' table others may watch: the key of its watch link",
    )
    turn_started = models.DateTimeField(
        null=True, blank=True, help_text="when the turn of the seat to move began"
    )
    computer_lease = models.CharField(
        max_length=64, blank=True, default="", help_text="the process playing the computers"
    )
    computer_lease_until = models.DateTimeField(
        null=True, blank=True, help_text="the lease holds until then unless renewed"
    )
    share_token = models.CharField(
        max_length=32, unique=True, null=True, blank=True, help_text="the read-only link's key"
    )
    public = models.BooleanField(
        default=False, help_text="the owner lets anyone with the link see the finished match"
    )
    voided_at = models.DateTimeField(
        null=True, blank=True, help_text="staff voided the match: kept, but it counts for nothing"
    )
    void_reason = models.TextField(blank=True, default="")
    rematch_of = models.OneToOneField(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rematch",
        help_text="the finished friends' match whose players were offered this table",
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("-updated",)
        indexes = (models.Index(fields=("owner", "status", "-updated")),)
        # There is no default game: every match says which one it is.
        constraints = (
            models.CheckConstraint(condition=~models.Q(game=""), name="a_match_names_its_game"),
        )
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"Match {self.pk} ({self.game}, {self.status}, v{self.version})"

    @property
    def is_finished(self) -> bool:
        """Whether the match is over: played to the end or resigned."""
        return self.status in (self.Status.FINISHED, self.Status.RESIGNED)

    @property
    def is_waiting(self) -> bool:
        return self.status == self.Status.WAITING

    @property
    def is_void(self) -> bool:
        """Whether staff voided the match (it stays, out of statistics and rankings)."""
        return self.voided_at is not None

    @property
    def is_friends(self) -> bool:
        return self.mode == self.Mode.FRIENDS

    @property
    def is_watchable(self) -> bool:
        """Whether anyone with the table's watch link may watch it (a practice match never)."""
        return self.is_friends and bool(self.watch_token)


class Seat(models.Model):
    """A place at the table: a person (``user``), a computer player (``computer_level``), or
    open (neither, at a friends' table still waiting for players).

    A person's seat may be played by a stand-in computer (``stand_in``) while the person is
    away and their turn clock runs out, or for good once they have left the match (``left``).
    """

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
        max_length=10, blank=True, default="", help_text="one of the game's computer levels"
    )
    stand_in = models.BooleanField(
        default=False, help_text="a computer plays this person's turns until they are back"
    )
    left = models.BooleanField(default=False, help_text="the person left; a computer plays on")
    former_guest = models.BooleanField(
        default=False, help_text="a guest sat here whose unsaved account has since been removed"
    )

    class Meta:
        ordering = ("number",)
        constraints = (
            models.UniqueConstraint(fields=("match", "number"), name="one_seat_per_number"),
            models.UniqueConstraint(
                fields=("match", "user"),
                name="one_seat_per_person",
                condition=models.Q(user__isnull=False),
            ),
            models.CheckConstraint(
                condition=models.Q(number__lt=MAX_SEATS), name="seat_number_0_to_3"
            ),
            models.CheckConstraint(
                condition=models.Q(user__isnull=True) | models.Q(computer_level=""),
                name="seat_is_a_person_or_a_computer",
            ),
        )

    def __str__(self) -> str:
        who = self.computer_level or (f"user {self.user_id}" if self.user_id else "open")
        return f"Seat {self.number} of match {self.match_id} ({who})"

    @property
    def is_computer(self) -> bool:
        """A computer player's seat (not a person's, not open)."""
        return self.user_id is None and bool(self.computer_level)

    @property
    def is_open(self) -> bool:
        return self.user_id is None and not self.computer_level and not self.former_guest

    @property
    def played_by_computer(self) -> bool:
        """Whether a computer makes this seat's moves now (its own, or a person's stand-in)."""
        return self.is_computer or (self.user_id is not None and (self.stand_in or self.left))


class Removal(models.Model):
    """A person the host removed from a friends' table before it started: they may not take a
    seat at it again (``games.core.friends.join_table`` refuses them)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="removals")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(fields=("match", "user"), name="one_removal_per_person"),
        )

    def __str__(self) -> str:
        return f"User {self.user_id} removed from match {self.match_id}"


class Invitation(models.Model):
    """A person invited to a friends' table still waiting for players: by their display name
    (any open seat) or to a rematch (``seat``: theirs turned by one, for two minutes). It is
    gone once answered, and expires with the table (started, full, finished or closed)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations"
    )
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="a rematch's seat kept for the person"
    )
    expires = models.DateTimeField(
        null=True, blank=True, help_text="a rematch's answer is due by then"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created",)
        constraints = (
            models.UniqueConstraint(fields=("match", "user"), name="one_invitation_per_person"),
        )

    def __str__(self) -> str:
        return f"User {self.user_id} invited to match {self.match_id}"


class Round(models.Model):
    """One round of a match (a hand of Thousand): its setup, the actions taken on it, and its
    result once finished, in the form its game defines."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("In progress")
        OVER = "over", _("Played")
        VOID = "void", _("Void")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField(help_text="1 for the match's first round")
    setup = models.JSONField(help_text="what the game's replay needs: for Thousand, the deal")
    actions = models.JSONField(default=list, help_text="the actions in the game's notation")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    result = models.JSONField(null=True, blank=True, help_text="the game's result of the round")
    stand_in_moves = models.JSONField(
        default=list,
        blank=True,
        help_text="indices in actions of the moves a computer made for an absent person",
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("match", "number")
        constraints = (
            models.UniqueConstraint(fields=("match", "number"), name="one_round_per_number"),
        )

    def __str__(self) -> str:
        return f"Round {self.number} of match {self.match_id} ({self.status})"
