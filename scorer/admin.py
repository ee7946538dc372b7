"""Django's admin for operators at /yonetim/ (superusers only): tables and hands, read-mostly.

Nothing can be added or edited here (scores change only through the table's edit link, so that
every change bumps the version the viewers follow); an operator can look, search, and delete an
abusive or test table. Nothing an edit link is made from is shown.
"""

from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.views.main import SEARCH_VAR

from scorer.formkit.fields import NUL, NulFreeForm
from scorer.models import Game, Hand


class LoginForm(AdminAuthenticationForm, NulFreeForm):
    """The admin's login, whose username is never written back with a NUL in it."""


admin.site.login_form = LoginForm


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def get_changelist_instance(self, request):
        """A filter holding NUL, which PostgreSQL refuses in any text, is a wrong lookup as Django's
        own are (the list again, flagged invalid), not a 500. (A search for one finds nothing.)"""
        if any(NUL in value for key, values in request.GET.lists() if key != SEARCH_VAR for value in values):
            raise IncorrectLookupParameters
        return super().get_changelist_instance(request)

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class HandInline(admin.TabularInline):
    model = Hand
    fields = ("position", "version", "data", "created_at", "updated_at", "deleted_at")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = (
        "public_id",
        "ruleset",
        "player_names",
        "hands_planned",
        "version",
        "created_at",
        "updated_at",
    )
    list_filter = ("ruleset", "created_at", "updated_at")
    search_fields = ("public_id", "players")
    date_hierarchy = "updated_at"
    exclude = ("edit_secret_hash", "link_key")  # what the edit link is made from stays out of sight
    inlines = [HandInline]

    @admin.display(description="players")
    def player_names(self, game: Game) -> str:
        return ", ".join(game.players)


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "game", "position", "version", "created_at", "updated_at", "deleted_at")
    list_filter = ("deleted_at", "created_at")
    search_fields = ("game__public_id",)
    list_select_related = ("game",)
    raw_id_fields = ("game",)
