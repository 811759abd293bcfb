from django.conf import settings
from django.db import migrations


def give_existing_users_profiles(apps, schema_editor):
    """Users made before this app have no profile: name them "Player <id>" (free by
    construction, as no profile exists yet); they can rename themselves."""
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    profile_model = apps.get_model("accounts", "Profile")
    profile_model.objects.bulk_create(
        profile_model(user_id=pk, display_name=f"Player {pk}", display_name_key=f"player {pk}")
        for pk in user_model.objects.filter(profile__isnull=True).values_list("pk", flat=True)
    )


class Migration(migrations.Migration):
    dependencies = (
        ("accounts", "0001_profile"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    )

    operations = (migrations.RunPython(give_existing_users_profiles, migrations.RunPython.noop),)
