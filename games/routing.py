from django.urls import URLPattern, path

from games.consumers import MatchConsumer
from games.person_socket import PersonConsumer
from games.watch_consumer import WatchConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/play/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/watch/<str:token>/", WatchConsumer.as_asgi()),
    path("ws/me/", PersonConsumer.as_asgi()),
]
