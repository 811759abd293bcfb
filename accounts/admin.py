from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from accounts.forms import ProfileForm
from accounts.models import CoinEntry, Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin[Profile]):
    form = ProfileForm
    list_display = ("display_name", "user", "is_guest", "created_at", "moderate")
    list_filter = ("is_guest",)
    search_fields = ("display_name", "user__username", "user__email")
    readonly_fields = ("user", "created_at", "updated_at")
    list_select_related = ("user",)
    ordering = ("-created_at",)

    def has_add_permission(self, request: object) -> bool:
        # Profiles come with their users.
        return False

    @admin.display(description=_("moderation"))
    def moderate(self, profile: Profile) -> SafeString:
        """The staff page where the user is suspended, renamed, and their matches seen."""
        return format_html(
            '<a href="{}">{}</a>', reverse("staff_user", args=[profile.user_id]), _("moderate")
        )


@admin.register(CoinEntry)
class CoinEntryAdmin(admin.ModelAdmin[CoinEntry]):
    """The coin ledger, to read: coins change only by a check-in, a purchase, or staff's
    change with a reason from the user's staff page (which the moderation log records)."""

    list_display = ("created", "user", "amount", "reason", "item", "balance_after", "staff")
    list_filter = ("reason",)
    search_fields = ("user__username", "user__profile__display_name", "item", "note")
    list_select_related = ("user", "staff")
    ordering = ("-created", "-pk")

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: object, obj: object = None) -> bool:
        return False
