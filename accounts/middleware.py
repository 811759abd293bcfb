"""Keeps people signed in while they keep coming back.

A Django session lasts its age (``GUEST_SESSION_AGE`` for a guest, ``SESSION_COOKIE_AGE``
otherwise) from the last time it was saved, and it is only saved when something in it
changes: a guest, who has no password to sign in again, would otherwise lose the account and
its matches a fixed time after pressing "Play now", however often they play. Touching the
session once a day makes the expiry count from the last visit instead, for one database (or
cache) write per person per day. A sign-in counts as that day's visit, marked in the same
write as the sign-in's own session (else the next page, the first one signed in, wrote the
session once more).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from django.http import HttpRequest, HttpResponse

LAST_VISIT_KEY = "last_visit"


class KeepSignedInMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        self._mark_the_visit(request)
        response = self.get_response(request)
        self._mark_the_visit(request)  # someone signed in meanwhile
        return response

    @staticmethod
    def _mark_the_visit(request: HttpRequest) -> None:
        session = request.session
        if request.user.is_authenticated and not session.get_expire_at_browser_close():
            today = date.today().isoformat()
            if session.get(LAST_VISIT_KEY) != today:
                session[LAST_VISIT_KEY] = today  # saved with a fresh expiry by SessionMiddleware
