"""Guest accounts: "Play now" makes a real user with no password, and the person can later
give it a username and a password, keeping the same user row and so every match played."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from allauth.account import app_settings as allauth_settings
from allauth.account.utils import setup_user_email, user_email, user_username
from django.contrib.auth import get_user_model, update_session_auth_hash
from django.db import transaction
from django.http import HttpRequest
from django.utils.translation import gettext

from accounts.models import Profile
from accounts.profiles import save_with_numbered_name

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

# Guests' usernames are never typed by anyone; sign-ups may not start with the prefix.
GUEST_USERNAME_PREFIX = "guest-"
GUEST_SESSION_AGE = 60 * 60 * 24 * 365
"""A guest has no password to sign in with again, so its session lasts a year from the last
visit (``accounts.middleware``); other sessions keep Django's two weeks from the last visit."""


def is_guest(user: User | AnonymousUser | None) -> bool:
    """Whether ``user`` is a signed-in guest (an account started with "Play now")."""
    if user is None or not user.is_authenticated:
        return False
    profile = getattr(user, "profile", None)
    return bool(profile is not None and profile.is_guest)


@transaction.atomic
def create_guest(language: str = "") -> User:
    """A new guest user with an unusable password and a display name such as "Guest 4821",
    reading the site in ``language`` (kept in its profile; "" for none yet).

    The user is inserted without the post_save signal that gives every other new user a
    profile named after the username: the guest's profile is made here at once with its own
    name and language, where the signal's would be renamed and its language written at
    sign-in (six statements more for every "Play now")."""
    user = get_user_model()(username=f"{GUEST_USERNAME_PREFIX}{secrets.token_hex(8)}")
    user.set_unusable_password()
    get_user_model().objects.bulk_create([user])
    profile = Profile(user=user, is_guest=True, language=language)
    save_with_numbered_name(profile, prefix=gettext("Guest"))
    return user


def upgrade_guest(
    request: HttpRequest,
    user: User,
    *,
    username: str,
    password: str,
    display_name: str,
    email: str,
) -> None:
    """Turn the guest ``user`` into a full account in place, keep ``request``'s session
    signed in, and ask for the email address (if any) to be confirmed."""
    with transaction.atomic():
        user_username(user, username)
        user_email(user, email)
        user.set_password(password)
        user.save()
        profile = user.profile
        profile.is_guest = False
        profile.display_name = display_name
        profile.save()
        address = setup_user_email(request, user, []) if email else None
    verification = allauth_settings.EMAIL_VERIFICATION
    if address is not None and verification != allauth_settings.EmailVerificationMethod.NONE:
        address.send_confirmation(request, signup=True)
    # A new password hash would otherwise end this session.
    update_session_auth_hash(request, user)
