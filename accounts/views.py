from __future__ import annotations

from allauth.account.models import EmailAddress
from allauth.decorators import rate_limit
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect, render, resolve_url
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts import own_data as own_data_module
from accounts.forms import DeleteAccountForm, GuestUpgradeForm, ProfileForm
from accounts.guests import GUEST_SESSION_AGE, create_guest, is_guest
from accounts.languages import is_supported, remember_language, set_language_cookie
from accounts.models import DISPLAY_NAME_TAKEN, Profile
from accounts.profiles import create_profile
from accounts.shop import owned_shelves
from games.core.friends import TooManyWrongCodes, join_table, table_for_code
from games.core.http import SignedInRequest
from games.core.refusals import MoveRejected
from games.core.registry import all_specs
from games.history.statistics import statistics_of


@require_http_methods(["GET", "POST"])
@rate_limit(action="guest_start")
def guest_start(request: HttpRequest) -> HttpResponse:
    """The "Play now" button: a guest account, signed in on the spot. Only a POST makes one;
    a GET shows the button. From a friends' table's link (``join``: its code) the new guest
    also takes a seat at it, in the same press; should they not (no such table, no seat for
    them, too many wrong codes), the link's page shows the table as it stands."""
    next_url = _safe_next_url(request)
    if request.user.is_authenticated:
        return redirect(next_url)
    if request.method == "GET":
        return render(request, "accounts/guest_start.html", {"next_url": next_url})
    language = getattr(request, "LANGUAGE_CODE", "")
    user = create_guest(language if is_supported(language) else "")
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    request.session.set_expiry(GUEST_SESSION_AGE)
    messages.success(
        request,
        gettext(
            "Welcome, %(name)s! You are playing as a guest. Save your account any time with "
            "a username and a password to keep your matches."
        )
        % {"name": user.profile.display_name},
    )
    code = request.POST.get("join", "")
    try:
        # Counted and limited as every code a person sends (a guess finds no table here).
        match = table_for_code(request, code) if code else None
        if match is not None:
            join_table(match.pk, user)
            return redirect("match_table", match_id=match.pk)
    except (TooManyWrongCodes, MoveRejected):
        pass
    return redirect(next_url)


@login_required
@require_http_methods(["GET", "POST"])
@rate_limit(action="guest_upgrade")
def guest_upgrade(request: SignedInRequest) -> HttpResponse:
    """A guest gives the account a username, a password and perhaps an email address."""
    if not is_guest(request.user):
        messages.info(request, gettext("Your account already has a username and a password."))
        return redirect("profile")
    form = GuestUpgradeForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            form.save(request)
        except IntegrityError:
            # Someone took the username or the display name since the form checked them.
            request.user.refresh_from_db()
            request.user.profile.refresh_from_db()
            form.add_error(
                None,
                gettext("That username or display name was taken a moment ago: please try again."),
            )
        else:
            messages.success(
                request,
                gettext("Your account is saved. From now on, sign in as “%(username)s”.")
                % {"username": request.user.get_username()},
            )
            return redirect("profile")
    return render(request, "accounts/guest_upgrade.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: SignedInRequest) -> HttpResponse:
    """The signed-in person's display name (editable) and account details."""
    profile = Profile.objects.filter(user=request.user).first() or create_profile(request.user)
    # The form edits its own copy, so the page keeps showing the saved name on errors.
    form = ProfileForm(request.POST or None, instance=Profile.objects.get(pk=profile.pk))
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                renamed = form.save()
        except IntegrityError:
            form.add_error("display_name", DISPLAY_NAME_TAKEN)
        else:
            messages.success(
                request,
                gettext("Your display name is now “%(name)s”.") % {"name": renamed.display_name},
            )
            return redirect("profile")
    context = {
        "form": form,
        "profile": profile,
        "email_addresses": EmailAddress.objects.filter(user=request.user).order_by(
            "-primary", "email"
        ),
        "statistics": [statistics_of(request.user, spec) for spec in all_specs()],
        "looks": owned_shelves(request.user),
    }
    return render(request, "accounts/profile.html", context)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The header's language picker: read the site in the language chosen, from now on in
    this browser and, for a signed-in person, in the account; back to the page it was on."""
    language = request.POST.get("language", "")
    if not is_supported(language):
        return HttpResponseBadRequest(
            gettext("The site is not available in the language “%(language)s”.")
            % {"language": language},
            content_type="text/plain; charset=utf-8",
        )
    translation.activate(language)
    remember_language(request, language)
    response = redirect(_safe_next_url(request))
    set_language_cookie(response, language)
    return response


def _safe_next_url(request: HttpRequest) -> str:
    candidate = request.POST.get("next") or request.GET.get("next") or ""
    if candidate and url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return candidate
    return resolve_url("lobby")


@login_required
@require_GET
def own_data(request: SignedInRequest) -> HttpResponse:
    """What the person can do with their own data: download it, or delete the account."""
    form = DeleteAccountForm(user=request.user)
    return render(request, "accounts/own_data.html", {"form": form})


@login_required
@require_GET
def download_own_data(request: SignedInRequest) -> HttpResponse:
    """Everything the site keeps about the person, as one JSON file."""
    response = JsonResponse(own_data_module.export(request.user), json_dumps_params={"indent": 2})
    name = f"card-and-tile-room-{request.user.username}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
@require_POST
def delete_own_account(request: SignedInRequest) -> HttpResponse:
    """Deletes the account for good once the person confirmed, and signs them out."""
    form = DeleteAccountForm(request.POST, user=request.user)
    if not form.is_valid():
        return render(request, "accounts/own_data.html", {"form": form}, status=400)
    user_id = request.user.pk
    logout(request)
    own_data_module.delete_account(user_id)
    messages.success(request, gettext("Your account and everything of yours are deleted."))
    return redirect("home")
