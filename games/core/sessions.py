"""A table's socket follows the session that opened it.

Django checks a page's session with every request; a socket is opened once and may stay open
for hours. Its consumer checks the session again (``still_signed_in``, with Django's own
``auth.get_user``: the session exists and has not expired, it names the user, it carries the
hash of the user's current password, and the account is active) before every frame it acts
on, and at once when the account changes or the session ends: a saved user sends
``session.changed`` to the group of that user's sockets (``user_group``), and a sign-out sends
``session.ended`` with the digest of the session that ended (``session_digest``), whose
sockets close without waiting for the session to be flushed.
"""

from __future__ import annotations

import hashlib
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib import auth
from django.http import HttpRequest

CLOSE_SIGNED_OUT = 4401
"""The close code of a socket whose session no longer signs its person in."""


def user_group(user_id: int) -> str:
    """The channel group of every table socket a user has open."""
    return f"user-{user_id}"


def session_digest(session_key: str | None) -> str:
    """A session's name in a notice, which never carries the session key itself."""
    return hashlib.sha256((session_key or "").encode()).hexdigest()[:32]


def still_signed_in(session_key: str | None, user_id: int) -> bool:
    """Whether the session ``session_key`` still signs in the user ``user_id``."""
    if not session_key:
        return False
    engine: Any = import_module(settings.SESSION_ENGINE)
    request = HttpRequest()
    request.session = engine.SessionStore(session_key)
    user = auth.get_user(request)
    return bool(user.is_authenticated and user.pk == user_id)
