from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = (("games", "0014_match_listed"),)

    operations = (
        migrations.AddField(
            model_name="match",
            name="watch_token",
            field=models.CharField(
                blank=True,
                help_text="a friends' table others may watch: the key of its watch link",
                max_length=24,
                null=True,
                unique=True,
            ),
        ),
    )
