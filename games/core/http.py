"""The request types the views are written against: every request carries django-htmx's
details (its middleware adds them), and a view behind ``login_required`` has a signed-in
person. Annotations only; Django passes its own ``HttpRequest``."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxRequest(HttpRequest):
    htmx: HtmxDetails


class SignedInRequest(HtmxRequest):
    user: User
