"""``manage.py loadtest``: N simulated people play practice matches of Thousand against
computers on a running server, as the table page does in a browser, and the figures come out.

Each person starts as a guest ("Play now"), sends the lobby's practice form (Beginner
computers), opens the table page and its WebSocket, and plays: a move goes down the socket as
the page sends it while its socket is open (the form's hidden fields with the pressed button's
name and value, as a JSON frame), its answer the next frame; a form the page posts is the POST
htmx sends (with htmx's headers), its answer the table. The computers' moves arrive as pushed
frames. A finished match is followed by "Play
again". After the bounded run every accepted move is checked against the database (each
person's moves, in order, against the moves of that person's seat in the stored rounds).

Run it against a server on 127.0.0.1 with the computers' pause at 0 (``BOT_MOVE_DELAY_MS=0``)
and, so that every simulated person has an address of its own for the sign-in limits, the
driver trusted as a proxy (uvicorn's ``--forwarded-allow-ips 127.0.0.1``: the driver sends
``X-Forwarded-For`` as a proxy would). The command
needs the server's ``DATABASE_URL`` for the check afterwards.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urljoin, urlsplit

from django.core.management.base import BaseCommand, CommandParser

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


class _Forms(HTMLParser):
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


def forms_of(html: str) -> _Forms:
    parser = _Forms()
    parser.feed(html)
    return parser


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


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
                    and _answers(message.data, self.version)
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
            self.figures.accepted[self.match_id].append(_notation(data))
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
            self.figures.accepted[self.match_id].append(_notation(frame))
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


def _answers(html: str, version: int) -> bool:
    """Whether a frame answers a move sent down the socket: a refusal, or a newer table."""
    newer = table_version(html)
    return REFUSAL in html or (newer is not None and newer > version)


def _notation(fields: dict[str, str]) -> str:
    from games.core.registry import get_spec

    return str(get_spec("thousand").table.parse_move(fields))


class _Usage:
    """CPU and peak memory of the server's processes, of PostgreSQL and of Redis, sampled."""

    GROUPS = ("server", "postgres", "redis")

    def __init__(self, port: int, server_pids: list[int]) -> None:
        import psutil

        self.psutil = psutil
        self.server_roots = server_pids or [
            self._master(c.pid)
            for c in psutil.net_connections("tcp")
            if c.laddr and c.laddr.port == port and c.status == psutil.CONN_LISTEN and c.pid
        ]
        self.first: dict[int, float] = {}
        self.last: dict[int, tuple[str, float]] = {}
        self.peak_rss: dict[str, int] = dict.fromkeys(self.GROUPS, 0)
        self.started = self.sampled = time.monotonic()
        self.cpu_started = self.cpu_sampled = psutil.cpu_times()

    def _master(self, pid: int) -> int:
        """The process that started the listening one: several workers sharing the port (as
        uvicorn's --workers) are one listener's siblings, so the server is their parent with
        everything under it, up to the first ancestor running another program."""
        process = self.psutil.Process(pid)
        while (parent := process.parent()) is not None and parent.exe() == process.exe():
            process = parent
        return int(process.pid)

    def _group(self, process: Any, server: set[int]) -> str | None:
        if process.pid in server:
            return "server"
        name = process.name()
        if name.startswith("postgres"):
            return "postgres"
        if name.startswith("redis-server"):
            return "redis"
        return None

    def sample(self) -> None:
        psutil = self.psutil
        server: set[int] = set()
        for pid in self.server_roots:
            try:
                root = psutil.Process(pid)
                server |= {root.pid, *(child.pid for child in root.children(recursive=True))}
            except psutil.Error:
                continue
        rss: Counter[str] = Counter()
        for process in psutil.process_iter():
            try:
                group = self._group(process, server)
                if group is None:
                    continue
                times = process.cpu_times()
                used = times.user + times.system
                rss[group] += process.memory_info().rss
            except psutil.Error:
                continue
            self.first.setdefault(process.pid, used)
            self.last[process.pid] = (group, used)
        for group in self.GROUPS:
            self.peak_rss[group] = max(self.peak_rss[group], rss[group])
        self.sampled, self.cpu_sampled = time.monotonic(), psutil.cpu_times()

    def cores(self) -> dict[str, float]:
        # Up to the last sample, taken as the run ended (not counting the check afterwards).
        elapsed = self.sampled - self.started
        used: defaultdict[str, float] = defaultdict(float)
        for pid, (group, seconds) in self.last.items():
            used[group] += seconds - self.first[pid]
        result = {group: used[group] / elapsed for group in self.GROUPS}
        now = self.cpu_sampled
        busy = sum(now) - now.idle - (sum(self.cpu_started) - self.cpu_started.idle)
        result["machine"] = busy / elapsed
        return result


async def _sample(usage: _Usage, stop_at: float) -> None:
    while time.monotonic() < stop_at:
        await asyncio.to_thread(usage.sample)
        await asyncio.sleep(1.0)


async def _drive(
    base: str, people: int, seconds: float, ramp: float, think: float, usage: _Usage
) -> Figures:
    import aiohttp

    figures = Figures(people=people)
    stop_at = time.monotonic() + seconds
    # Idle connections are let go before the server's keep-alive (uvicorn: 5 s) would close
    # them: a request sent on a connection the server is closing fails, as a browser's would
    # before it retries (seen at 200 people, whose only requests after the start are reloads).
    connector = aiohttp.TCPConnector(limit=0, keepalive_timeout=3)
    timeout = aiohttp.ClientTimeout(total=60)
    sessions = [
        aiohttp.ClientSession(
            connector=connector,
            connector_owner=False,
            cookie_jar=aiohttp.CookieJar(unsafe=True),
            timeout=timeout,
        )
        for _ in range(people)
    ]

    async def one(number: int) -> None:
        await asyncio.sleep(ramp * number / people)
        await Person(number, base, figures, stop_at, think).run(sessions[number])

    sampler = asyncio.create_task(_sample(usage, stop_at))
    try:
        await asyncio.gather(*(one(number) for number in range(people)))
    finally:
        for session in sessions:
            await session.close()
        await connector.close()
        await sampler
    usage.sample()
    return figures


def ms(values: list[float]) -> str:
    """p50 / p95 / p99 of ``values`` (seconds) in milliseconds."""
    return " / ".join(f"{1000 * percentile(values, share):.0f}" for share in (0.5, 0.95, 0.99))


def _after(values: list[float], times: list[float], since: float) -> list[float]:
    return [value for value, at in zip(values, times, strict=True) if at >= since]


def _seated_lines(figures: Figures, started: float, elapsed: float) -> list[str]:
    """The figures from the moment the last person sat down to the end: everyone playing,
    nobody arriving."""
    since = figures.all_seated_at
    if since is None:
        return [f"after everyone sat down: not reached ({figures.seated} of {figures.people})"]
    moves = _after(figures.move_seconds, figures.move_answered, since)
    pushed = _after(figures.computer_seconds, figures.computer_answered, since)
    span = started + elapsed - since
    return [
        f"after everyone sat down ({since - started:.0f} s in, the last {span:.0f} s): "
        f"person moves {len(moves)} ({len(moves) / max(span, 1e-9):.1f}/s), "
        f"p50/p95/p99 {ms(moves)} ms; computers' pushed answers {len(pushed)}, "
        f"p50/p95/p99 {ms(pushed)} ms",
    ]


def check_moves(accepted: dict[int, list[str]]) -> tuple[int, int, int]:
    """(moves found, lost, doubled): each match's stored moves of the person's seat against the
    moves the person saw accepted, in order."""
    from games.core.registry import get_spec
    from games.models import Match

    found = lost = doubled = 0
    for match in Match.objects.filter(pk__in=accepted).prefetch_related("seats", "rounds"):
        person = next(seat.number for seat in match.seats.all() if seat.user_id is not None)
        spec = get_spec(match.game)
        stored: list[str] = []
        for played in match.rounds.all():
            for index, action in enumerate(played.actions):
                state = spec.rules.replay(played.setup, played.actions[:index])
                if spec.rules.to_move(state) == person:
                    stored.append(str(action))
        mine = accepted[match.pk]
        found += min(len(stored), len(mine))
        if stored != mine:
            extra = Counter(stored) - Counter(mine)
            missing = Counter(mine) - Counter(stored)
            doubled += sum(extra.values())
            lost += sum(missing.values())
            if not extra and not missing:
                # The same moves in another order: count them all as lost.
                lost += len(mine)
    return found, lost, doubled


class Command(BaseCommand):
    help = "Simulated people play practice matches on a running server; prints the figures."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--url", default="http://127.0.0.1:8000")
        parser.add_argument("--people", type=int, default=10)
        parser.add_argument("--seconds", type=float, default=60.0)
        parser.add_argument(
            "--ramp", type=float, default=10.0, help="seconds over which people arrive"
        )
        parser.add_argument(
            "--think",
            type=float,
            default=0.0,
            help="mean seconds a person thinks before each move (each pause uniform between "
            "half and one and a half times it); 0: people answer at once",
        )
        parser.add_argument(
            "--server-pid",
            type=int,
            action="append",
            default=[],
            help="the server's process (children included); default: whoever listens on the port",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        base = options["url"].rstrip("/")
        port = urlsplit(base).port or 80
        usage = _Usage(port, options["server_pid"])
        usage.sample()
        started = time.monotonic()
        figures = asyncio.run(
            _drive(
                base,
                options["people"],
                options["seconds"],
                options["ramp"],
                options["think"],
                usage,
            )
        )
        elapsed = time.monotonic() - started
        found, lost, doubled = check_moves(figures.accepted)
        cores = usage.cores()
        moves = figures.move_seconds
        pushed = figures.computer_seconds

        lines = [
            f"people {options['people']} (thinking {options['think']:g} s a move), "
            f"{elapsed:.0f} s, {len(figures.accepted)} matches "
            f"({figures.matches_finished} finished)",
            f"person moves: {len(moves)} ({len(moves) / elapsed:.1f}/s), "
            f"p50/p95/p99 {ms(moves)} ms",
            f"computers' pushed answers: {len(pushed)} ({len(pushed) / elapsed:.1f}/s), "
            f"p50/p95/p99 {ms(pushed)} ms",
            *_seated_lines(figures, started, elapsed),
            f"errors: {sum(figures.errors.values())} {dict(figures.errors)}; failed handshakes: "
            f"{figures.failed_handshakes}; stalls (no push in {PUSH_WAIT:.0f} s): "
            f"{figures.stalls}",
            f"the people's own sockets (/ws/me/): {figures.person_sockets} opened, "
            f"{figures.person_frames} frames",
            f"checked against the database: {found} moves found, {lost} lost, {doubled} doubled",
            "CPU (cores): "
            + ", ".join(f"{name} {value:.2f}" for name, value in cores.items())
            + "; peak memory (MB): "
            + ", ".join(f"{name} {rss / 2**20:.0f}" for name, rss in usage.peak_rss.items()),
        ]
        self.stdout.write("\n".join(lines))
