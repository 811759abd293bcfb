"""What the load driver reads in the site's pages: the table's version, controls and socket
key, its forms (as a browser would send them), and whether a frame answers a move."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

VERSION = re.compile(r'id="table"[^>]*data-version="(\d+)"|data-version="(\d+)"[^>]*id="table"')
CONTROLS = re.compile(r'id="table"[^>]*class="[^"]*controls-([a-z]+)')
SOCKET = re.compile(r'id="table-socket"[^>]*data-socket="([\w-]+)"')
FORM = re.compile(r"<form\b.*?</form>", re.DOTALL)
"""A form of the table: only these are parsed for a move (the whole table took the driver,
which shares the server's processors, five times as long)."""
REFUSAL = 'id="table-refusal"'
CSRF_FIELD = "csrfmiddlewaretoken"
PLAYING = ("redeal", "bid", "give", "contract", "play", "next")
PUSH_WAIT = 10.0
"""Seconds a person waits for a pushed frame before reloading the table as the page's poll
would (counted as a stall)."""


def table_version(html: str) -> int | None:
    found = VERSION.search(html)
    return int(found.group(1) or found.group(2)) if found else None


@dataclass
class Form:
    attrs: dict[str, str]
    fields: list[tuple[str, str]] = field(default_factory=list)
    buttons: list[tuple[str, str, dict[str, str]]] = field(default_factory=list)
    choices: dict[str, list[str]] = field(default_factory=dict)


class Forms(HTMLParser):
    """The forms of a page: their hidden and chosen fields, buttons and radio choices."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self.body_csrf = ""
        self._form: Form | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attr_list: list[tuple[str, str | None]]) -> None:
        attrs = {name: value or "" for name, value in attr_list}
        if tag == "body" and "hx-headers" in attrs:
            found = re.search(r'"X-CSRFToken":\s*"([^"]+)"', attrs["hx-headers"])
            self.body_csrf = found.group(1) if found else ""
        if tag == "form":
            self._form = Form(attrs)
            self.forms.append(self._form)
        form = self._form
        if form is None:
            return
        name = attrs.get("name", "")
        if tag == "input" and name:
            self._input(form, name, attrs)
        elif (
            tag == "button" and attrs.get("type", "submit") == "submit" and "disabled" not in attrs
        ):
            form.buttons.append((name, attrs.get("value", ""), attrs))
        elif tag == "select":
            self._select = name
        elif tag == "option" and self._select and "selected" in attrs:
            form.fields.append((self._select, attrs.get("value", "")))

    @staticmethod
    def _input(form: Form, name: str, attrs: dict[str, str]) -> None:
        kind = attrs.get("type", "text")
        if kind == "radio":
            form.choices.setdefault(name, []).append(attrs.get("value", ""))
            if "checked" in attrs:
                form.fields.append((name, attrs.get("value", "")))
        elif kind == "checkbox":
            if "checked" in attrs:
                form.fields.append((name, attrs.get("value", "on")))
        elif kind == "submit":
            form.buttons.append((name, attrs.get("value", ""), attrs))
        else:
            form.fields.append((name, attrs.get("value", "")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


def forms_of(html: str) -> Forms:
    parser = Forms()
    parser.feed(html)
    return parser


def answers(html: str, version: int) -> bool:
    """Whether a frame answers a move sent down the socket: a refusal, or a newer table."""
    newer = table_version(html)
    return REFUSAL in html or (newer is not None and newer > version)


def notation(fields: dict[str, str]) -> str:
    from games.core.registry import get_spec

    return str(get_spec("thousand").table.parse_move(fields))
