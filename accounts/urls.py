from django.urls import path

from accounts import views

urlpatterns = [
    path("play-now/", views.guest_start, name="guest_start"),
    path("account/upgrade/", views.guest_upgrade, name="guest_upgrade"),
    path("account/profile/", views.profile, name="profile"),
    path("language/", views.set_language, name="set_language"),
]
