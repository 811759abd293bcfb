"""Hands and hand results now live in rounds (0004)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = (("games", "0004_hands_to_rounds"),)

    operations = (
        migrations.DeleteModel(name="HandResult"),
        migrations.DeleteModel(name="Hand"),
        migrations.RemoveField(model_name="match", name="dealer"),
        migrations.RemoveField(model_name="match", name="hands_played"),
        migrations.RemoveField(model_name="match", name="redeals"),
    )
