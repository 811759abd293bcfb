# Two-player Thousand (a game's other boards) counted apart; existing rows stay on the
# game's own board ("").

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = (
        ("games", "0017_invitations_rematch"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    )

    operations = (
        migrations.RemoveConstraint(
            model_name="playerrating",
            name="one_rating_per_game",
        ),
        migrations.RemoveConstraint(
            model_name="playertotals",
            name="one_total_per_group",
        ),
        migrations.AddField(
            model_name="matchresult",
            name="board",
            field=models.CharField(
                blank=True,
                default="",
                help_text="the game's rating board the match counts on ('': the game's own)",
                max_length=20,
            ),
        ),
        migrations.AddField(
            model_name="playerrating",
            name="board",
            field=models.CharField(
                blank=True,
                default="",
                help_text="the game's rating board ('': its own; Thousand: '2', two players)",
                max_length=20,
            ),
        ),
        migrations.AddField(
            model_name="playertotals",
            name="board",
            field=models.CharField(
                blank=True, default="", help_text="the game's rating board", max_length=20
            ),
        ),
        migrations.AddConstraint(
            model_name="playerrating",
            constraint=models.UniqueConstraint(
                fields=("user", "game", "board"), name="one_rating_per_board"
            ),
        ),
        migrations.AddConstraint(
            model_name="playertotals",
            constraint=models.UniqueConstraint(
                fields=("user", "game", "board", "length", "level"),
                name="one_total_per_board_group",
            ),
        ),
        migrations.RemoveIndex(model_name="matchresult", name="result_best_scores"),
        migrations.AddIndex(
            model_name="matchresult",
            index=models.Index(
                fields=["game", "board", "won", "length", "-score"], name="result_board_best_scores"
            ),
        ),
    )
