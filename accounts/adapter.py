from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.exceptions import ImmediateHttpResponse
from allauth.core.internal import ratelimit
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponseRedirect
from django.shortcuts import resolve_url
from django.urls import reverse
from django.utils.encoding import force_str
from django.utils.translation import gettext

from accounts.guests import GUEST_USERNAME_PREFIX, is_guest


class AccountAdapter(DefaultAccountAdapter):
    """allauth's hooks, bent to guest accounts: a signed-in guest who opens the sign-up page
    is sent to the upgrade page, and a guest account never signs in with a password."""

    def is_open_for_signup(self, request: HttpRequest) -> bool:
        if is_guest(request.user):
            messages.info(
                request,
                gettext(
                    "You are playing as a guest: choose a username and a password here to "
                    "keep this account and its matches."
                ),
            )
            raise ImmediateHttpResponse(HttpResponseRedirect(reverse("guest_upgrade")))
        if request.user.is_authenticated:
            raise ImmediateHttpResponse(
                HttpResponseRedirect(resolve_url(settings.LOGIN_REDIRECT_URL))
            )
        return super().is_open_for_signup(request)

    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        # allauth counts failed sign-ins per login (the "key" of ACCOUNT_RATE_LIMITS'
        # "login_failed"), from every address: anyone could then keep a known account locked
        # by failing five times. Count them per address and login together instead; the
        # per-address limit still stops one address from trying many logins.
        login = super()._get_login_attempts_cache_key(request, **credentials)
        # get_ip: the client's address as the per-address limits see it (IPv6 by prefix).
        return f"{ratelimit.get_ip(request)}:{login}"

    def authenticate(self, request: HttpRequest, **credentials: Any) -> User | None:
        user = super().authenticate(request, **credentials)
        if user is not None and is_guest(user):
            # Guests have no password; should one ever get one, it still does not open
            # the account: upgrading it is the way to a password.
            self.authentication_failed(request, **credentials)
            return None
        return user

    def clean_username(self, username: str, shallow: bool = False) -> str:
        if username.lower().startswith(GUEST_USERNAME_PREFIX):
            raise ValidationError(
                gettext("Usernames starting with “%(prefix)s” are kept for guest accounts."),
                code="guest_prefix",
                params={"prefix": GUEST_USERNAME_PREFIX},
            )
        return super().clean_username(username, shallow=shallow)

    def format_email_subject(self, subject: str) -> str:
        return f"[{gettext('Card & Tile Room')}] {force_str(subject)}"
