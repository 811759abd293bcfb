from __future__ import annotations

from typing import Any

from allauth.account import app_settings as allauth_settings
from allauth.account import forms as allauth_forms
from allauth.account.adapter import get_adapter
from allauth.account.fields import EmailField, PasswordField
from allauth.account.utils import filter_users_by_email
from allauth.utils import get_username_max_length
from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.models import User
from django.core import validators
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.guests import is_guest, upgrade_guest
from accounts.models import DISPLAY_NAME_TAKEN, Profile
from accounts.names import (
    DISPLAY_NAME_MAX_LENGTH,
    DISPLAY_NAME_MIN_LENGTH,
    normalize_display_name,
    validate_display_name,
)
from accounts.profiles import rename


def _display_name_help() -> str:
    return gettext(
        "What other players see: %(minimum)d to %(maximum)d letters, digits, spaces, _ - or ."
    ) % {"minimum": DISPLAY_NAME_MIN_LENGTH, "maximum": DISPLAY_NAME_MAX_LENGTH}


def _signup_display_name_help() -> str:
    return gettext(
        "What other players see (%(minimum)d to %(maximum)d letters, digits, spaces, "
        "_ - or .). Leave it empty to use your username."
    ) % {"minimum": DISPLAY_NAME_MIN_LENGTH, "maximum": DISPLAY_NAME_MAX_LENGTH}


# Lazy: the help texts are built at import time, and translated per request.
DISPLAY_NAME_HELP = lazy(_display_name_help, str)()
SIGNUP_DISPLAY_NAME_HELP = lazy(_signup_display_name_help, str)()
GUESTS_UPGRADE_FIRST = _(
    "A guest account gets its password and email address when you save it with a username."
)


class DisplayNameField(forms.CharField):
    """A display name, normalized (single spaces) and checked against the naming rules."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", _("Display name"))
        kwargs.setdefault("help_text", DISPLAY_NAME_HELP)
        kwargs.setdefault(
            "widget",
            forms.TextInput(attrs={"autocomplete": "nickname", "spellcheck": "false"}),
        )
        super().__init__(validators=[validate_display_name], **kwargs)

    def to_python(self, value: Any) -> str:
        return normalize_display_name(super().to_python(value) or "")


def ensure_display_name_is_free(name: str, *, profile: Profile | None = None) -> None:
    others = Profile.objects.with_display_name(name)
    if profile is not None:
        others = others.exclude(pk=profile.pk)
    if others.exists():
        raise ValidationError(DISPLAY_NAME_TAKEN, code="taken")


class ProfileForm(forms.ModelForm[Profile]):
    display_name = DisplayNameField()

    class Meta:
        model = Profile
        fields = ("display_name",)


class LoginForm(allauth_forms.LoginForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        login = self.fields["login"]
        login.label = _("Username or email")
        login.widget.attrs.update(
            {"autocomplete": "username", "autocapitalize": "none", "spellcheck": "false"}
        )


class SignupForm(allauth_forms.SignupForm):
    display_name = DisplayNameField(required=False, help_text=SIGNUP_DISPLAY_NAME_HELP)
    field_order = ("username", "display_name", "email", "password1", "password2")

    def clean_display_name(self) -> str:
        name: str = self.cleaned_data["display_name"]
        if name:
            ensure_display_name_is_free(name)
        return name

    def save(self, request: HttpRequest) -> User:
        user = super().save(request)
        name = self.cleaned_data.get("display_name")
        if name and not rename(user.profile, name):
            messages.warning(
                request,
                gettext(
                    "Someone took the display name “%(wanted)s” a moment ago, so you are "
                    "“%(given)s” for now: you can change it on your profile page."
                )
                % {"wanted": name, "given": user.profile.display_name},
            )
        return user


class GuestUpgradeForm(forms.Form):
    """A guest's username, display name, optional email and password, which make the
    guest account a full one."""

    username = forms.CharField(
        label=_("Username"),
        help_text=_("You sign in with it; other players see your display name."),
        widget=forms.TextInput(
            attrs={"autocomplete": "username", "autocapitalize": "none", "spellcheck": "false"}
        ),
    )
    display_name = DisplayNameField()
    email = EmailField(
        required=False,
        label=_("Email (optional)"),
        help_text=_("Only used to reset a forgotten password."),
    )
    password1 = PasswordField(
        label=_("Password"),
        autocomplete="new-password",
        help_text=password_validation.password_validators_help_text_html(),
    )
    password2 = PasswordField(label=_("Password (again)"), autocomplete="new-password")

    def __init__(self, *args: Any, user: User, **kwargs: Any) -> None:
        self.user = user
        kwargs.setdefault("initial", {"display_name": user.profile.display_name})
        super().__init__(*args, **kwargs)
        username_field = self.fields["username"]
        assert isinstance(username_field, forms.CharField)
        # The limits allauth's sign-up form puts on usernames.
        username_field.min_length = allauth_settings.USERNAME_MIN_LENGTH
        username_field.max_length = get_username_max_length()
        username_field.validators.extend(
            [
                validators.MinLengthValidator(username_field.min_length),
                validators.MaxLengthValidator(username_field.max_length),
            ]
        )
        username_field.widget.attrs.update(username_field.widget_attrs(username_field.widget))

    def clean_username(self) -> str:
        username: str = self.cleaned_data["username"]
        return get_adapter().clean_username(username)

    def clean_display_name(self) -> str:
        name: str = self.cleaned_data["display_name"]
        ensure_display_name_is_free(name, profile=self.user.profile)
        return name

    def clean_email(self) -> str:
        adapter = get_adapter()
        email: str = adapter.clean_email(self.cleaned_data["email"])
        if email and any(other.pk != self.user.pk for other in filter_users_by_email(email)):
            raise adapter.validation_error("email_taken")
        return email

    def clean(self) -> dict[str, Any]:
        cleaned_data = super().clean() or {}
        password1 = cleaned_data.get("password1")
        password2 = cleaned_data.get("password2")
        if password1:
            # Judge the password against the account as it is about to be.
            future_user = get_user_model()(
                username=cleaned_data.get("username", ""), email=cleaned_data.get("email", "")
            )
            try:
                get_adapter().clean_password(password1, user=future_user)
            except ValidationError as error:
                self.add_error("password1", error)
            if password2 and password1 != password2:
                self.add_error("password2", gettext("You must type the same password each time."))
        return cleaned_data

    def save(self, request: HttpRequest) -> None:
        upgrade_guest(
            request,
            self.user,
            username=self.cleaned_data["username"],
            password=self.cleaned_data["password1"],
            display_name=self.cleaned_data["display_name"],
            email=self.cleaned_data["email"],
        )


class ResetPasswordForm(allauth_forms.ResetPasswordForm):
    def clean_email(self) -> str:
        email: str = super().clean_email()
        # Guest accounts have no password to reset.
        self.users: list[Any] = [user for user in self.users if not is_guest(user)]
        return email


class GuestsUpgradeFirstMixin:
    """For allauth's forms about the signed-in user's password and email addresses: a guest
    gets those by upgrading the account, which also gives it a username."""

    user: User | None

    def clean(self) -> dict[str, Any]:
        if is_guest(self.user):
            raise ValidationError(GUESTS_UPGRADE_FIRST, code="guest")
        cleaned_data: dict[str, Any] = super().clean()  # type: ignore[misc]
        return cleaned_data


class SetPasswordForm(GuestsUpgradeFirstMixin, allauth_forms.SetPasswordForm):
    pass


class AddEmailForm(GuestsUpgradeFirstMixin, allauth_forms.AddEmailForm):
    pass


class DeleteAccountForm(forms.Form):
    """Deleting an account for good: the person says they understand, and an account with a
    password gives it (a guest's has none)."""

    understood = forms.BooleanField(
        label=_("I understand that my account and everything of mine go for good."),
        required=True,
    )
    password = forms.CharField(
        label=_("Password"),
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        required=False,
    )

    def __init__(self, *args: Any, user: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        if not user.has_usable_password():
            del self.fields["password"]

    def clean_password(self) -> str:
        password: str = self.cleaned_data.get("password", "")
        if not self.user.check_password(password):
            raise ValidationError(gettext("That is not your password."), code="password")
        return password
