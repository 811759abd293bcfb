from django.urls import URLPattern, path

from games.history import staff, views

urlpatterns: list[URLPattern] = [
    path("matches/", views.my_matches, name="my_matches"),
    path("matches/<int:match_id>/", views.match_page, name="match_history"),
    path("matches/<int:match_id>/share/", views.match_share, name="match_share"),
    path("matches/<int:match_id>/hands/<int:number>/", views.match_replay, name="match_replay"),
    path("shared/<str:token>/", views.shared_match, name="shared_match"),
    path("shared/<str:token>/hands/<int:number>/", views.shared_replay, name="shared_replay"),
    path("ranking/", views.rankings, name="rankings"),
    path("players/<int:user_id>/", views.player, name="player"),
    path("players/privacy/", views.set_page_privacy, name="set_page_privacy"),
    path("players/<int:user_id>/report/", views.report_player, name="report_player"),
    path("staff/", staff.users, name="staff_users"),
    path("staff/users/<int:user_id>/", staff.user_detail, name="staff_user"),
    path("staff/users/<int:user_id>/suspend/", staff.suspend, name="staff_suspend"),
    path("staff/users/<int:user_id>/lift/", staff.lift, name="staff_lift"),
    path("staff/users/<int:user_id>/rename/", staff.rename, name="staff_rename"),
    path("staff/users/<int:user_id>/coins/", staff.change_coins, name="staff_coins"),
    path("staff/matches/<int:match_id>/void/", staff.void_match, name="staff_void"),
    path("staff/reports/", staff.reports, name="staff_reports"),
    path("staff/reports/<int:report_id>/close/", staff.close_report, name="staff_close_report"),
    path("staff/chat/<int:message_id>/hide/", staff.hide_chat, name="staff_hide_chat"),
    path("staff/log/", staff.log, name="staff_log"),
]
