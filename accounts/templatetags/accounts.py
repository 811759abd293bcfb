from __future__ import annotations

from django import template
from django.contrib.auth.models import AnonymousUser, User

from accounts import coins, guests
from games.core.names import display_name as name_of

register = template.Library()


@register.filter
def display_name(user: User | AnonymousUser | None) -> str:
    """``{{ user|display_name }}``: the name other players see."""
    return name_of(user)


@register.filter
def is_guest(user: User | AnonymousUser | None) -> bool:
    """``{% if request.user|is_guest %}``: a signed-in guest account."""
    return guests.is_guest(user)


@register.simple_tag
def coins_of(user: User | AnonymousUser | None) -> coins.Standing | None:
    """``{% coins_of user as wallet %}``: the signed-in person's coins and whether today's
    check-in is still to do (one query: the profile comes with the user)."""
    if user is None or not user.is_authenticated:
        return None
    return coins.standing(user)
