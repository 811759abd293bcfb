"""The table's HTML fragments for one viewer: the same for an HTTP response and a WS frame."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.loader import render_to_string

from games.presenters import present
from games.services import Table

TABLE_TEMPLATE = "games/table.html"


def table_fragments(
    table: Table,
    seat: int,
    *,
    message: str = "",
    request: HttpRequest | None = None,
    csrf_token: str = "",
) -> str:
    """``#table`` and an out-of-band ``#announcer`` update, as ``seat`` sees the table.

    A WebSocket frame has no request: its forms carry the CSRF token of the socket's cookie.
    """
    context: dict[str, object] = {"t": present(table, seat, message)}
    if request is None:
        context["csrf_token"] = csrf_token
    return render_to_string(f"{TABLE_TEMPLATE}#table", context, request) + render_to_string(
        f"{TABLE_TEMPLATE}#announcer-oob", context, request
    )
