"""The table sockets of a person hear when their account changes or their session ends
(``games.core.sessions``): they check their session again, or close."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.http import HttpRequest

from games.core.sessions import session_digest, user_group
from games.services import send_to_group


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="games_sockets_recheck")
def sockets_check_their_session(
    sender: type[User], instance: User, created: bool, **kwargs: Any
) -> None:
    # A suspension, a new password, any change of the account: once it is committed, every
    # socket of the person checks that its session still signs them in.
    if not created:
        group = user_group(instance.pk)
        transaction.on_commit(lambda: send_to_group(group, {"type": "session.changed"}))


@receiver(user_logged_out, dispatch_uid="games_sockets_signed_out")
def sockets_of_the_session_close(
    sender: type[User],
    request: HttpRequest,
    user: User | None,
    **kwargs: Any,
) -> None:
    if user is not None and request.session.session_key:
        event = {"type": "session.ended", "session": session_digest(request.session.session_key)}
        send_to_group(user_group(user.pk), event)
