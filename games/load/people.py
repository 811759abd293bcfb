"""A simulated person of ``manage.py loadtest``, and the figures the people gather: each plays
practice matches as the table page does in a browser (``games.load.pages`` reads the pages)."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit

from games.load.pages import (
    CONTROLS,
    CSRF_FIELD,
    FORM,
    PLAYING,
    PUSH_WAIT,
    REFUSAL,
    SOCKET,
    Form,
    answers,
    forms_of,
    notation,
    table_version,
)


@dataclass
class Figures:
    people: int = 0
    move_seconds: list[float] = field(default_factory=list)
    computer_seconds: list[float] = field(default_factory=list)
    move_answered: list[float] = field(default_factory=list)
    """When each of ``move_seconds`` was answered (``time.monotonic``)."""
    computer_answered: list[float] = field(default_factory=list)
    """When each of ``computer_seconds`` arrived."""
    seated: int = 0
    """How many people have reached their first table."""
    all_seated_at: float | None = None
    """When the last of ``people`` reached their first table: the figures after it are those
    of the people playing, without anyone arriving."""

    stopped: int = 0
    everyone_stopped: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when every person has stopped: the sockets then close, not one by one while others
    still wait for the answers to their last moves (a crowd leaving at the same second, whose
    disconnections the server handles meanwhile, which no real evening has)."""

    errors: Counter[str] = field(default_factory=Counter)
    failed_handshakes: int = 0
    stalls: int = 0
    matches_finished: int = 0
    person_sockets: int = 0
    """How many of the person's own sockets (``/ws/me/``, open on every page) were opened."""
    person_frames: int = 0
    """How many frames (their invitations) came down them."""
    accepted: dict[int, list[str]] = field(default_factory=dict)
    """Per match, the person's accepted moves in the engine's notation, in order."""

    def took_move(self, started: float, answered: float) -> None:
        self.move_seconds.append(answered - started)
        self.move_answered.append(answered)

    def took_computers(self, since: float, at: float) -> None:
        self.computer_seconds.append(at - since)
        self.computer_answered.append(at)

    def sat_down(self) -> None:
        self.seated += 1
        if self.seated == self.people:
            self.all_seated_at = time.monotonic()

    def stop(self) -> None:
        self.stopped += 1
        if self.stopped == self.people:
            self.everyone_stopped.set()


class Person:
    def __init__(
        self, number: int, base: str, figures: Figures, stop_at: float, think: float
    ) -> None:
        self.number = number
        self.think = think
        self.base = base
        self.origin = f"{urlsplit(base).scheme}://{urlsplit(base).netloc}"
        self.figures = figures
        self.stop_at = stop_at
        self.rng = random.Random(number)
        self.address = f"10.{number // 65536 % 256}.{number // 256 % 256}.{number % 256}"
        self.html = ""
        self.version = -1
        self.last_event = 0.0
        self.changed = asyncio.Event()
        self.csrf = ""
        self.socket = ""
        self.page_url = ""
        self.match_id = 0
        self.ws: Any = None
        self.answer: asyncio.Future[str] | None = None
        """While a move sent down the socket waits for its answer: the frame that answers it."""
        self.stopped = False

    def _headers(self, **extra: str) -> dict[str, str]:
        return {"X-Forwarded-For": self.address, "Origin": self.origin, **extra}

    async def run(self, session: Any) -> None:
        try:
            await self._run(session)
        finally:
            self._stop()

    def _stop(self) -> None:
        if not self.stopped:
            self.stopped = True
            self.figures.stop()

    async def _leave_with_the_others(self) -> None:
        self._stop()
        await self.figures.everyone_stopped.wait()

    async def _run(self, session: Any) -> None:
        import aiohttp

        try:
            await self._start(session)
            while time.monotonic() < self.stop_at:
                # Like the table page: its own socket, and the person's (``/ws/me/``).
                async with (
                    self._connect(session, "/ws/me/") as person_socket,
                    self._connect(session, f"/ws/play/{self.match_id}/") as socket,
                ):
                    self.socket = ""
                    self.ws = socket
                    self.figures.person_sockets += 1
                    listener = asyncio.create_task(self._listen(person_socket))
                    reader = asyncio.create_task(self._read(socket))
                    try:
                        finished = await self._play(session)
                        if not finished:
                            await self._leave_with_the_others()
                    finally:
                        self.ws = None
                        reader.cancel()
                        listener.cancel()
                if finished and time.monotonic() < self.stop_at:
                    await self._rematch(session)
                elif not finished:
                    return
        except aiohttp.WSServerHandshakeError:
            self.figures.failed_handshakes += 1
        except (aiohttp.ClientError, TimeoutError) as error:
            self.figures.errors[type(error).__name__] += 1

    def _connect(self, session: Any, path: str) -> Any:
        import aiohttp

        return session.ws_connect(
            urljoin(self.base, path).replace("http", "ws", 1),
            headers=self._headers(),
            timeout=aiohttp.ClientWSTimeout(ws_close=5),
            heartbeat=None,
        )

    async def _listen(self, socket: Any) -> None:
        """The person's own socket: its frames (the invitations) are counted, nothing else."""
        import aiohttp

        async for message in socket:
            if message.type == aiohttp.WSMsgType.TEXT:
                self.figures.person_frames += 1
            elif message.type == aiohttp.WSMsgType.ERROR:
                break
        # The driver cancels this before it closes the socket: the server closed it.
        self.figures.errors[f"person's socket closed {socket.close_code}"] += 1

    async def _get(self, session: Any, url: str) -> str:
        async with session.get(urljoin(self.base, url), headers=self._headers()) as response:
            if response.status != 200:
                self.figures.errors[f"GET {response.status}"] += 1
            self.page_url = str(response.url)
            return str(await response.text())

    async def _post_form(self, session: Any, url: str, fields: Iterable[tuple[str, str]]) -> str:
        async with session.post(
            urljoin(self.base, url),
            data=list(fields),
            headers=self._headers(Referer=self.page_url),
        ) as response:
            if response.status != 200:
                self.figures.errors[f"POST {response.status}"] += 1
            self.page_url = str(response.url)
            return str(await response.text())

    async def _start(self, session: Any) -> None:
        page = forms_of(await self._get(session, "/play-now/?next=/play/"))
        start = next(f for f in page.forms if f.attrs.get("action", "").endswith("/play-now/"))
        lobby = await self._post_form(session, "/play-now/", start.fields)
        await self._open_match(session, lobby)

    async def _open_match(self, session: Any, lobby: str) -> None:
        form = next(f for f in forms_of(lobby).forms if f.attrs.get("id") == "new-thousand")
        fields = [(name, value) for name, value in form.fields if name != "level"]
        fields += [("level", "beginner"), ("mode", "practice")]
        await self._table_page(session, await self._post_form(session, "/play/", fields))

    async def _table_page(self, session: Any, page: str) -> None:
        found = re.search(r"/play/(\d+)/$", urlsplit(self.page_url).path)
        if not found:
            raise RuntimeError(f"no table page after the lobby: {self.page_url}")
        if not self.match_id:
            self.figures.sat_down()
        self.match_id = int(found.group(1))
        self.figures.accepted.setdefault(self.match_id, [])
        self.csrf = forms_of(page).body_csrf
        self.version = -1  # a new match counts its versions from the start again
        self._take(page, time.monotonic(), pushed=False)

    async def _rematch(self, session: Any) -> None:
        again = next(
            f for f in forms_of(self.html).forms if f.attrs.get("action", "").endswith("/play/")
        )
        await self._table_page(session, await self._post_form(session, "/play/", again.fields))

    def _take(self, html: str, at: float, pushed: bool) -> None:
        version = table_version(html)
        if version is None or version <= self.version:
            return
        if pushed:
            self.figures.took_computers(self.last_event, at)
        self.version, self.html, self.last_event = version, html, at
        self.changed.set()

    async def _read(self, socket: Any) -> None:
        import aiohttp

        async for message in socket:
            if message.type == aiohttp.WSMsgType.TEXT:
                token = SOCKET.search(message.data)
                if token:
                    self.socket = token.group(1)
                if (
                    self.answer is not None
                    and not self.answer.done()
                    and answers(message.data, self.version)
                ):
                    self.answer.set_result(message.data)
                    continue
                self._take(message.data, time.monotonic(), pushed=True)
            elif message.type == aiohttp.WSMsgType.ERROR:
                break
        # The driver cancels this before it closes the socket: the server closed it.
        self.figures.errors[f"socket closed {socket.close_code}"] += 1

    def _controls(self) -> str:
        found = CONTROLS.search(self.html)
        return found.group(1) if found else ""

    async def _play(self, session: Any) -> bool:
        """Plays until the match is over (True) or the time is up (False)."""
        while time.monotonic() < self.stop_at:
            controls = self._controls()
            if controls == "finished":
                self.figures.matches_finished += 1
                return True
            if controls in PLAYING:
                if self.think:
                    await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
                    if time.monotonic() >= self.stop_at:
                        break  # the time ran out while the person thought
                    if self._controls() != controls:
                        continue  # a table pushed meanwhile asks for something else
                await self._move(session, controls)
                continue
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), PUSH_WAIT)
            except TimeoutError:
                self.figures.stalls += 1
                page = await self._get(session, f"/play/{self.match_id}/")
                self._take(page, time.monotonic(), pushed=False)
        return False

    async def _move(self, session: Any, controls: str) -> None:
        table = self.html[self.html.index('id="table"') :]
        forms = [f for f in forms_of("".join(FORM.findall(table))).forms if "hx-post" in f.attrs]
        choices = [(form, button) for form in forms for button in form.buttons if button[0]]
        if controls == "next":
            choices = [(form, ("", "", {})) for form in forms if "/next/" in form.attrs["hx-post"]]
        elif controls == "bid":
            passing = [c for c in choices if c[1][1] == "pass"]
            if passing and self.rng.random() < 0.7:
                choices = passing
        elif controls == "redeal":
            choices = [c for c in choices if c[1][1] == "keep"] or choices
        elif controls in ("give", "play"):
            choices = [c for c in choices if c[1][1].startswith(("give:", "play:"))] or choices
        form, (name, value, _attrs) = self.rng.choice(choices)
        fields = [*form.fields, *([(name, value)] if name else [])]
        if self.ws is not None and self.socket and "data-socket-move" in form.attrs:
            await self._socket_move(form, fields, name == "action")
            return
        headers = self._headers(
            **{
                "HX-Request": "true",
                "HX-Target": "table",
                "HX-Current-URL": self.page_url,
                "X-CSRFToken": self.csrf,
                **({"X-Table-Socket": self.socket} if self.socket else {}),
            }
        )
        started = time.monotonic()
        async with session.post(
            urljoin(self.base, form.attrs["hx-post"]), data=fields, headers=headers
        ) as response:
            html = await response.text()
            answered = time.monotonic()
        self.figures.took_move(started, answered)
        if response.status != 200:
            self.figures.errors[f"move {response.status}"] += 1
            self.changed.clear()
            await asyncio.sleep(0.5)
            return
        if name == "action":
            data = dict(fields)
            self.figures.accepted[self.match_id].append(notation(data))
        self._take(html, answered, pushed=False)

    async def _socket_move(self, form: Form, fields: list[tuple[str, str]], action: bool) -> None:
        """The move down the open socket, as the page sends it: the form's fields as a JSON
        frame; its answer is the next frame with a newer table or a refusal."""
        frame: dict[str, Any] = {key: value for key, value in fields if key != CSRF_FIELD}
        if form.attrs["data-socket-move"] == "next":
            frame["next"] = True
        self.answer = asyncio.get_running_loop().create_future()
        started = time.monotonic()
        try:
            await self.ws.send_str(json.dumps(frame))
            html = await self._answer_to(self.answer)
        finally:
            self.answer = None
        if html is None:
            self.figures.errors["move unanswered"] += 1
            return
        answered = time.monotonic()
        self.figures.took_move(started, answered)
        if REFUSAL in html:
            self.figures.errors["move refused"] += 1
            self.changed.clear()
            await asyncio.sleep(0.5)
            return
        if action:
            self.figures.accepted[self.match_id].append(notation(frame))
        self._take(html, answered, pushed=False)

    async def _answer_to(self, answer: asyncio.Future[str]) -> str | None:
        """The frame answering a move sent down the socket, however late (each 10 s without it
        is a stall); None if the socket closed or the run ended first."""
        while not answer.done():
            try:
                await asyncio.wait_for(asyncio.shield(answer), PUSH_WAIT)
            except TimeoutError:
                self.figures.stalls += 1
                if self.ws is None or self.ws.closed or time.monotonic() > self.stop_at:
                    return None
        return answer.result()
