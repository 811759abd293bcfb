from django.apps import AppConfig


class ThousandConfig(AppConfig):
    """Thousand: its engine, computer players, table, rules pages, history and templates."""

    name = "games.thousand"
    label = "thousand"

    def ready(self) -> None:
        from games.core.registry import register
        from games.thousand.web.spec import SPEC

        register(SPEC)
