"""Django's own words that our pages show, for the languages whose Django catalog lacks them:
the units of ``timesince`` ("7 minutes" in "7 minutes ago"), which Django's Vietnamese catalog
does not have (it shows "7 minutes trước"). Marked here for ``makemessages`` and translated in
ours, which Django reads before its own; for Polish, Romanian and Galician ours repeat Django's
words. Each must stay exactly Django's message id: tests/i18n/test_django_strings.py checks it
against ``django.utils.timesince``."""

from django.utils.translation import ngettext_lazy

TIME_STRINGS = (
    ngettext_lazy("%(num)d year", "%(num)d years", "num"),
    ngettext_lazy("%(num)d month", "%(num)d months", "num"),
    ngettext_lazy("%(num)d week", "%(num)d weeks", "num"),
    ngettext_lazy("%(num)d day", "%(num)d days", "num"),
    ngettext_lazy("%(num)d hour", "%(num)d hours", "num"),
    ngettext_lazy("%(num)d minute", "%(num)d minutes", "num"),
)
