"""Every user has a profile, made when the user is: these functions give it a display name."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from accounts.models import Profile
from accounts.names import normalize_display_name, random_numbered_name, validate_display_name

# Numbered names start with 4 digits ("Player 4821") and grow a digit every few collisions.
NUMBERED_NAME_TRIES_PER_LENGTH = 5
NUMBERED_NAME_MAX_DIGITS = 9


def create_profile(user: User) -> Profile:
    """Make the profile of a new user, named after the username when that is a valid display
    name nobody has, else "Player" and a number."""
    username_as_name = normalize_display_name(user.get_username())
    if display_name_is_available(username_as_name):
        try:
            with transaction.atomic():
                return Profile.objects.create(user=user, display_name=username_as_name)
        except IntegrityError:
            pass  # taken a moment ago by someone else: fall back to a numbered name
    return save_with_numbered_name(Profile(user=user), prefix=gettext("Player"))


def display_name_is_available(name: str, *, profile: Profile | None = None) -> bool:
    """Whether ``name`` is a valid display name that no profile other than ``profile`` has."""
    try:
        validate_display_name(name)
    except ValidationError:
        return False
    others = Profile.objects.with_display_name(name)
    if profile is not None and profile.pk is not None:
        others = others.exclude(pk=profile.pk)
    return not others.exists()


def save_with_numbered_name(profile: Profile, *, prefix: str) -> Profile:
    """Save ``profile`` under a free name made of ``prefix`` and a random number."""
    for digits in range(4, NUMBERED_NAME_MAX_DIGITS + 1):
        for _try in range(NUMBERED_NAME_TRIES_PER_LENGTH):
            profile.display_name = random_numbered_name(prefix, digits)
            if Profile.objects.with_display_name(profile.display_name).exists():
                continue
            try:
                with transaction.atomic():
                    profile.save()
            except IntegrityError:
                continue
            return profile
    raise RuntimeError(f"No free display name starting with {prefix!r}")


def rename(profile: Profile, name: str) -> bool:
    """Give ``profile`` the display name ``name``; False, leaving it as it was, if another
    profile took that name since it was checked."""
    profile.display_name = name
    try:
        with transaction.atomic():
            profile.save(update_fields=["display_name", "updated_at"])
    except IntegrityError:
        profile.refresh_from_db(fields=["display_name", "display_name_key"])
        return False
    return True
