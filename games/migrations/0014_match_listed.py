from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = (("games", "0013_host_removes_a_person"),)

    operations = (
        migrations.AddField(
            model_name="match",
            name="listed",
            field=models.BooleanField(
                default=False,
                help_text="a friends' table shown in the lobby, for anyone to join",
            ),
        ),
    )
