# There is no default game: every match says which one it is.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = (("games", "0001_squashed_0010_seat_presence_out_of_the_database"),)

    operations = (
        migrations.AlterField(
            model_name="match",
            name="game",
            field=models.CharField(
                help_text="the game's key in the registry of games (games.core.registry)",
                max_length=20,
            ),
        ),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.CheckConstraint(
                condition=~models.Q(game=""), name="a_match_names_its_game"
            ),
        ),
    )
