# Presence is kept outside the database (games.core.presence): a crash left the counter behind.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = (("games", "0009_moderation_coins"),)

    operations = (migrations.RemoveField(model_name="seat", name="connections"),)
