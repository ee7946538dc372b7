"""The scorer app: wires the pure engine's translatable labels to Django's gettext."""

from django.apps import AppConfig


class ScorerConfig(AppConfig):
    name = "scorer"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.utils.translation import gettext

        import okeycalc.production  # noqa: F401  (registers the deploy check of the secret key)
        from scorer.clubs import handlers as club_handlers
        from scorer.engine import i18n
        from scorer.events import handlers

        i18n.set_translator(gettext)
        handlers.connect()
        club_handlers.connect()
