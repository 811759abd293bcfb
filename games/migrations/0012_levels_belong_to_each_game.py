# A seat's computer level is one of its game's levels (GameComputers.levels), not a site-wide
# choice: the field keeps no choices.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = (("games", "0011_a_match_names_its_game"),)

    operations = (
        migrations.AlterField(
            model_name="seat",
            name="computer_level",
            field=models.CharField(
                blank=True, default="", help_text="one of the game's computer levels", max_length=10
            ),
        ),
    )
