"""A run of ``manage.py loadtest``: the people started over the ramp, the processes' CPU and
memory sampled meanwhile, and the figures afterwards (percentiles, the figures after everyone
sat down, every accepted move checked against the database)."""

from __future__ import annotations

import asyncio
import time
from collections import Counter, defaultdict
from typing import Any

from games.load.people import Figures, Person


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


class Usage:
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


async def sample_usage(usage: Usage, stop_at: float) -> None:
    while time.monotonic() < stop_at:
        await asyncio.to_thread(usage.sample)
        await asyncio.sleep(1.0)


async def drive(
    base: str, people: int, seconds: float, ramp: float, think: float, usage: Usage
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

    sampler = asyncio.create_task(sample_usage(usage, stop_at))
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


def after(values: list[float], times: list[float], since: float) -> list[float]:
    return [value for value, at in zip(values, times, strict=True) if at >= since]


def seated_lines(figures: Figures, started: float, elapsed: float) -> list[str]:
    """The figures from the moment the last person sat down to the end: everyone playing,
    nobody arriving."""
    since = figures.all_seated_at
    if since is None:
        return [f"after everyone sat down: not reached ({figures.seated} of {figures.people})"]
    moves = after(figures.move_seconds, figures.move_answered, since)
    pushed = after(figures.computer_seconds, figures.computer_answered, since)
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
