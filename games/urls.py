from django.urls import URLPattern, path

from games import views

urlpatterns: list[URLPattern] = [
    path("", views.home, name="home"),
    path("play/", views.lobby, name="lobby"),
    path("play/<int:match_id>/", views.match_table, name="match_table"),
    path("play/<int:match_id>/act/", views.match_act, name="match_act"),
]
