import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

USER = settings.AUTH_USER_MODEL
CASCADE = django.db.models.deletion.CASCADE


class Migration(migrations.Migration):
    dependencies = (
        ("games", "0015_match_watchable"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    )

    operations = (
        migrations.AlterField(
            model_name="moderationaction",
            name="kind",
            field=models.CharField(
                choices=[
                    ("suspend", "Suspended a user"),
                    ("lift", "Lifted a suspension"),
                    ("rename", "Forced a display-name change"),
                    ("void", "Voided a match"),
                    ("report", "Closed a report"),
                    ("remove_guests", "Removed stale guest accounts"),
                    ("coins", "Gave or took away coins"),
                    ("hide_chat", "Hid a chat message"),
                ],
                max_length=20,
            ),
        ),
        migrations.AlterField(
            model_name="report",
            name="kind",
            field=models.CharField(
                choices=[
                    ("name", "Display name"),
                    ("conduct", "Conduct at a friends' table"),
                    ("chat", "A chat message"),
                ],
                max_length=10,
            ),
        ),
        migrations.CreateModel(
            name="ChatMessage",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "seat",
                    models.PositiveSmallIntegerField(help_text="the author's seat at the match"),
                ),
                ("text", models.TextField(blank=True, default="", max_length=300)),
                (
                    "phrase",
                    models.CharField(
                        blank=True,
                        default="",
                        help_text="a quick phrase's key, instead of text",
                        max_length=20,
                    ),
                ),
                ("created", models.DateTimeField(auto_now_add=True)),
                (
                    "hidden_at",
                    models.DateTimeField(blank=True, help_text="hidden by staff", null=True),
                ),
                (
                    "author",
                    models.ForeignKey(on_delete=CASCADE, related_name="chat_messages", to=USER),
                ),
                (
                    "match",
                    models.ForeignKey(
                        on_delete=CASCADE, related_name="chat_messages", to="games.match"
                    ),
                ),
            ],
            options={
                "ordering": ("created", "pk"),
                "indexes": [
                    models.Index(fields=["match", "created"], name="chat_of_a_match"),
                    models.Index(fields=["author", "created"], name="chat_of_an_author"),
                ],
            },
        ),
        migrations.AddField(
            model_name="report",
            name="chat_message",
            field=models.ForeignKey(
                blank=True,
                help_text="the chat message reported (its text is copied into text)",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="reports",
                to="games.chatmessage",
            ),
        ),
        migrations.CreateModel(
            name="ChatMute",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("muted", models.ForeignKey(on_delete=CASCADE, related_name="+", to=USER)),
                (
                    "viewer",
                    models.ForeignKey(on_delete=CASCADE, related_name="chat_mutes", to=USER),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("viewer", "muted"), name="one_mute_per_pair"),
                ],
            },
        ),
    )
