from __future__ import annotations

from django import template
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from accounts import guests, names
from accounts.models import Wallet

register = template.Library()


@register.filter
def display_name(user: AbstractBaseUser | AnonymousUser | None) -> str:
    """``{{ user|display_name }}``: the name other players see."""
    return names.display_name(user)


@register.filter
def is_guest(user: AbstractBaseUser | AnonymousUser | None) -> bool:
    """``{% if request.user|is_guest %}``: a signed-in guest account."""
    return guests.is_guest(user)


@register.simple_tag
def coin_balance(user: AbstractBaseUser | AnonymousUser | None) -> int:
    """``{% coin_balance user as balance %}``: the signed-in person's coins (one query)."""
    if user is None or not user.is_authenticated:
        return 0
    balance = Wallet.objects.filter(user=user).values_list("balance", flat=True).first()
    return balance or 0
