from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = (("accounts", "0002_profiles_for_existing_users"),)

    operations = (
        migrations.AddField(
            model_name="profile",
            name="language",
            field=models.CharField(
                blank=True,
                choices=[
                    ("en", "English"),
                    ("pl", "Polish"),
                    ("ro", "Romanian"),
                    ("vi", "Vietnamese"),
                    ("gl", "Galician"),
                ],
                help_text="The language the site speaks to this person (empty: not chosen yet).",
                max_length=8,
                verbose_name="language",
            ),
        ),
    )
