"""django-allauth's words that our account pages show: its form labels, placeholders and
error messages. allauth has no Vietnamese or Galician catalog, so these messages are
marked here for ``makemessages`` and translated in ours (which also takes precedence for
Polish and Romanian, keeping one voice across the pages). Each must stay exactly allauth's
message id: tests/i18n/test_allauth_strings.py checks it against allauth's source."""

from django.utils.translation import gettext_noop

ALLAUTH_MESSAGES = (
    # Form labels and placeholders (allauth.account.forms, allauth.account.fields).
    gettext_noop("Username"),
    gettext_noop("Password"),
    gettext_noop("Password (again)"),
    gettext_noop("Current Password"),
    gettext_noop("New Password"),
    gettext_noop("New Password (again)"),
    gettext_noop("Remember Me"),
    gettext_noop("Email"),
    gettext_noop("Email address"),
    gettext_noop("Email (optional)"),
    gettext_noop("Forgot your password?"),
    # Errors (allauth.account.adapter.DefaultAccountAdapter.error_messages, the forms).
    gettext_noop("You must type the same password each time."),
    gettext_noop("The username and/or password you specified are not correct."),
    gettext_noop("The email address and/or password you specified are not correct."),
    gettext_noop("Too many failed login attempts. Try again later."),
    gettext_noop("A user is already registered with this email address."),
    gettext_noop("This email address is already associated with this account."),
    gettext_noop("Please type your current password."),
    gettext_noop("This account is currently inactive."),
    gettext_noop("You cannot remove your primary email address."),
    gettext_noop("Your primary email address must be verified."),
    gettext_noop("The password reset token was invalid."),
    gettext_noop("You cannot add more than %d email addresses."),
    gettext_noop("Username can not be used. Please use other username."),
    gettext_noop("Be patient, you are sending too many requests."),
)
