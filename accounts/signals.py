from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.profiles import create_profile


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts_create_profile")
def give_each_new_user_a_profile(
    sender: type[User],
    instance: User,
    created: bool,
    raw: bool,
    **kwargs: Any,
) -> None:
    # Guests, sign-ups, createsuperuser and the admin all come through here; fixtures
    # loaded raw bring their own profiles.
    if created and not raw:
        create_profile(instance)
