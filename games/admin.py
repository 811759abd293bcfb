"""The admin's view of matches, results, ratings, reports and the moderation log. The log is
read-only here as everywhere; voiding a match and suspending a user go through the staff
pages (``/staff/``), which ask for the reason the log keeps."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from games.models import Match, MatchResult, ModerationAction, PlayerRating, Report


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin[Match]):
    list_display = ("pk", "game", "mode", "status", "owner", "created", "voided_at", "history")
    list_filter = ("game", "mode", "status")
    search_fields = ("pk", "code", "owner__username", "owner__profile__display_name")
    list_select_related = ("owner",)
    readonly_fields = ("voided_at", "void_reason")
    ordering = ("-created",)

    @admin.display(description=_("history"))
    def history(self, match: Match) -> SafeString:
        return format_html(
            '<a href="{}">{}</a>', reverse("match_history", args=[match.pk]), _("hands, void")
        )


class ReadOnlyAdmin(admin.ModelAdmin[Any]):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(MatchResult)
class MatchResultAdmin(ReadOnlyAdmin):
    list_display = ("match", "user", "game", "board", "place", "won", "score", "finished", "void")
    list_filter = ("game", "board", "won", "void", "length", "level")
    search_fields = ("user__username", "user__profile__display_name")
    list_select_related = ("user", "match")


@admin.register(PlayerRating)
class PlayerRatingAdmin(ReadOnlyAdmin):
    list_display = ("user", "game", "board", "mu", "sigma", "matches", "updated")
    list_filter = ("game", "board")
    search_fields = ("user__username", "user__profile__display_name")
    list_select_related = ("user",)


@admin.register(ModerationAction)
class ModerationActionAdmin(ReadOnlyAdmin):
    list_display = ("created", "staff_name", "kind", "target_name", "target_match", "reason")
    list_filter = ("kind",)
    search_fields = ("staff_name", "target_name", "reason")


@admin.register(Report)
class ReportAdmin(ReadOnlyAdmin):
    list_display = ("created", "kind", "reported_name", "reporter", "status", "moderate")
    list_filter = ("status", "kind")
    list_select_related = ("reporter",)

    @admin.display(description=_("moderate"))
    def moderate(self, report: Report) -> SafeString:
        return format_html('<a href="{}">{}</a>', reverse("staff_reports"), _("open reports"))
