from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path

# The admin has no sign-in of its own: /admin/login/ sends visitors to the site's sign-in
# (allauth's, with its rate limits on failed attempts), and refuses signed-in non-staff.
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("", include("games.history.urls")),
    path("rules/", include("games.rules.urls")),
    path("", include("games.urls")),
]
