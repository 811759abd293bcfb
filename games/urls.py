from django.urls import URLPattern, path

from games import chat, invitation_views, lobby_views, views, watching
from games.core.registry import all_specs

urlpatterns: list[URLPattern] = [
    path("", lobby_views.home, name="home"),
    path("play/", lobby_views.lobby, name="lobby"),
    path("play/open-tables/", lobby_views.lobby_open_tables, name="lobby_open_tables"),
    path("play/<int:match_id>/", views.match_table, name="match_table"),
    path("play/<int:match_id>/act/", views.match_act, name="match_act"),
    path("play/<int:match_id>/next/", views.match_next, name="match_next"),
    path("play/<int:match_id>/resign/", views.match_resign, name="match_resign"),
    path("play/<int:match_id>/start/", views.table_start, name="table_start"),
    path("play/<int:match_id>/fill/", views.table_fill, name="table_fill"),
    path("play/<int:match_id>/free/", views.table_free, name="table_free"),
    path("play/<int:match_id>/host/", views.table_host, name="table_host"),
    path("play/<int:match_id>/leave/", views.table_leave, name="table_leave"),
    path("play/<int:match_id>/watchable/", views.table_watchable, name="table_watchable"),
    path("play/<int:match_id>/chat/", chat.chat_post, name="chat_post"),
    path("play/<int:match_id>/chat/mute/", chat.chat_mute, name="chat_mute"),
    path("play/<int:match_id>/chat/unmute/", chat.chat_unmute, name="chat_unmute"),
    path("play/<int:match_id>/chat/report/", chat.chat_report, name="chat_report"),
    path("play/<int:match_id>/invite/", invitation_views.table_invite, name="table_invite"),
    path("play/<int:match_id>/rematch/", invitation_views.match_rematch, name="match_rematch"),
    path(
        "invitations/<int:invitation_id>/accept/",
        invitation_views.invitation_accept,
        name="invitation_accept",
    ),
    path(
        "invitations/<int:invitation_id>/decline/",
        invitation_views.invitation_decline,
        name="invitation_decline",
    ),
    path("t/<str:code>/", lobby_views.table_join, name="table_join"),
    path("watch/<str:token>/", watching.table_watch, name="table_watch"),
]
urlpatterns += [pattern for spec in all_specs() for pattern in spec.table.urls()]
