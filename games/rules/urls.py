from django.urls import URLPattern, path

from games.rules import views

urlpatterns: list[URLPattern] = [
    path("<slug:game>/", views.rules_page, name="rules"),
    path("<slug:game>/<int:step>/", views.rules_page, name="rules_step"),
]
