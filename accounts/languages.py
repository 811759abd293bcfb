"""The language a person reads the site in.

The first visit takes it from the browser's Accept-Language (Django's LocaleMiddleware); the
header's picker (``accounts.views.set_language``) keeps the choice in the language cookie,
and for a signed-in person (a guest too) in their profile. Signing in brings the account's
language into the session, where ``AccountLanguageMiddleware`` finds it on every request
without a database query, and keeps the cookie (which the table's WebSocket reads) in step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from accounts.models import Profile

LANGUAGE_SESSION_KEY = "language"


def is_supported(language: str) -> bool:
    """Whether ``language`` is one of the site's languages (``settings.LANGUAGES``)."""
    return language in dict(settings.LANGUAGES)


def set_language_cookie(response: HttpResponse, language: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


def remember_language(request: HttpRequest, language: str) -> None:
    """Keep ``language`` as the signed-in person's language: in their profile (for their
    next sign-in anywhere) and in this session."""
    if request.user.is_authenticated:
        Profile.objects.filter(user=request.user).update(language=language)
        request.session[LANGUAGE_SESSION_KEY] = language


class AccountLanguageMiddleware:
    """Reads the page in the signed-in account's language; after LocaleMiddleware (which
    chose from the cookie or Accept-Language) and the session."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = request.session.get(LANGUAGE_SESSION_KEY, "")
        if is_supported(language):
            translation.activate(language)
            request.LANGUAGE_CODE = language
        response = self.get_response(request)
        # Read again: the request may have signed someone in or changed the language.
        language = request.session.get(LANGUAGE_SESSION_KEY, "")
        cookie = settings.LANGUAGE_COOKIE_NAME
        if (
            is_supported(language)
            and request.COOKIES.get(cookie) != language
            and cookie not in response.cookies
        ):
            set_language_cookie(response, language)
        return response


@receiver(user_logged_in, dispatch_uid="accounts_language_on_sign_in")
def bring_the_accounts_language(
    sender: type[Any], request: HttpRequest | None, user: Any, **kwargs: Any
) -> None:
    """On signing in, the account's language becomes the session's; an account without one
    (a new guest, a new sign-up) keeps the language the person is reading in."""
    if request is None:
        return
    try:
        profile = user.profile  # a new guest's, made with it, is at hand
    except Profile.DoesNotExist:
        return
    if is_supported(profile.language):
        language = profile.language
        translation.activate(language)
        request.LANGUAGE_CODE = language
    else:
        # What LocaleMiddleware chose for this request (a test's force_login has none).
        language = getattr(request, "LANGUAGE_CODE", "")
        if not is_supported(language):
            return
        Profile.objects.filter(pk=profile.pk).update(language=language)
    request.session[LANGUAGE_SESSION_KEY] = language
