"""The game-agnostic match core: rounds instead of Thousand hands, up to four seats, open and
stand-in seats, friends' tables. Hands and their results are copied into rounds, so no match
in progress is lost."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import games.models


class Migration(migrations.Migration):
    dependencies = (
        ("games", "0002_match_resigned"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    )

    operations = (
        migrations.RenameField("match", "rules", "options"),
        migrations.AlterField(
            model_name="match",
            name="options",
            field=models.JSONField(help_text="the game's options (for Thousand, Rules.to_dict())"),
        ),
        migrations.AlterField(
            model_name="match",
            name="game",
            field=models.CharField(default="thousand", max_length=20),
        ),
        migrations.AlterField(
            model_name="match",
            name="scores",
            field=models.JSONField(default=list, help_text="the match scores, one per seat"),
        ),
        migrations.AlterField(
            model_name="match",
            name="status",
            field=models.CharField(
                choices=[
                    ("waiting", "Waiting for players"),
                    ("playing", "In progress"),
                    ("finished", "Finished"),
                    ("resigned", "Resigned"),
                ],
                default="playing",
                max_length=10,
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="mode",
            field=models.CharField(
                choices=[("practice", "Practice"), ("friends", "Friends' table")],
                default="practice",
                max_length=10,
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="progress",
            field=models.JSONField(
                default=dict,
                help_text="the game's own match counters (Thousand: dealer, hands played)",
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="code",
            field=models.CharField(
                blank=True, help_text="friends' tables", max_length=6, null=True, unique=True
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="turn_seconds",
            field=models.PositiveSmallIntegerField(
                blank=True, help_text="the turn clock of a friends' table", null=True
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="turn_started",
            field=models.DateTimeField(
                blank=True, help_text="when the turn of the seat to move began", null=True
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="computer_lease",
            field=models.CharField(
                blank=True, default="", help_text="the process playing the computers", max_length=64
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="computer_lease_until",
            field=models.DateTimeField(
                blank=True, help_text="the lease holds until then unless renewed", null=True
            ),
        ),
        migrations.AlterModelOptions(
            name="match", options={"ordering": ("-updated",), "verbose_name_plural": "matches"}
        ),
        migrations.AddField(
            model_name="seat",
            name="stand_in",
            field=models.BooleanField(
                default=False, help_text="a computer plays this person's turns until they are back"
            ),
        ),
        migrations.AddField(
            model_name="seat",
            name="left",
            field=models.BooleanField(
                default=False, help_text="the person left; a computer plays on"
            ),
        ),
        migrations.AddField(
            model_name="seat",
            name="connections",
            field=models.PositiveSmallIntegerField(
                default=0, help_text="open table sockets of this seat's person"
            ),
        ),
        migrations.RemoveConstraint(model_name="seat", name="seat_number_0_to_2"),
        migrations.RemoveConstraint(model_name="seat", name="seat_is_a_person_or_a_computer"),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.CheckConstraint(
                condition=models.Q(("number__lt", games.models.MAX_SEATS)),
                name="seat_number_0_to_3",
            ),
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.CheckConstraint(
                condition=models.Q(("user__isnull", True), ("computer_level", ""), _connector="OR"),
                name="seat_is_a_person_or_a_computer",
            ),
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.UniqueConstraint(
                condition=models.Q(("user__isnull", False)),
                fields=("match", "user"),
                name="one_seat_per_person",
            ),
        ),
        migrations.CreateModel(
            name="Round",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveIntegerField(help_text="1 for the match's first round")),
                (
                    "setup",
                    models.JSONField(
                        help_text="what the game's replay needs: for Thousand, the deal"
                    ),
                ),
                (
                    "actions",
                    models.JSONField(default=list, help_text="the actions in the game's notation"),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[("playing", "In progress"), ("over", "Played"), ("void", "Void")],
                        default="playing",
                        max_length=10,
                    ),
                ),
                (
                    "result",
                    models.JSONField(
                        blank=True, help_text="the game's result of the round", null=True
                    ),
                ),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("updated", models.DateTimeField(auto_now=True)),
                (
                    "match",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rounds",
                        to="games.match",
                    ),
                ),
            ],
            options={
                "ordering": ("match", "number"),
                "constraints": [
                    models.UniqueConstraint(fields=("match", "number"), name="one_round_per_number")
                ],
            },
        ),
    )
