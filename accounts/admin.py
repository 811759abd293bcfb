from django.contrib import admin

from accounts.forms import ProfileForm
from accounts.models import Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    form = ProfileForm
    list_display = ("display_name", "user", "is_guest", "created_at")
    list_filter = ("is_guest",)
    search_fields = ("display_name", "user__username", "user__email")
    readonly_fields = ("user", "created_at", "updated_at")
    list_select_related = ("user",)
    ordering = ("-created_at",)

    def has_add_permission(self, request: object) -> bool:
        # Profiles come with their users.
        return False
