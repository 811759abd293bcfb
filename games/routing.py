from django.urls import URLPattern, path

from games.consumers import MatchConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/play/<int:match_id>/", MatchConsumer.as_asgi()),
]
