"""Command line: ``python -m games.thousand replay FILE``, ``python -m games.thousand bench``
and ``python -m games.thousand arena``."""

from __future__ import annotations

import argparse
import sys
import time

from .bench import play_random_hands
from .replay import replay_lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.thousand")
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser(
        "replay", help="replay scenarios (one JSON object, or JSON Lines) and print the results"
    )
    replay.add_argument("file", help="scenario file, or - for standard input")
    bench = commands.add_parser("bench", help="time complete random hands")
    bench.add_argument("--hands", type=int, default=50_000, help="hands to play (default 50000)")
    bench.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    bench.add_argument(
        "--players",
        type=int,
        choices=(3, 2),
        default=3,
        help="3 (default), or 2 for the two-player game",
    )
    arena = commands.add_parser(
        "arena", help="computer players against each other, with duplicate deals and 95%% CIs"
    )
    arena.add_argument(
        "players",
        nargs="+",
        metavar="LEVEL",
        help="the players in seat order, three or two (the two-player game): "
        "beginner, normal, expert, or the frozen reference expert-2026-12",
    )
    size = arena.add_mutually_exclusive_group()
    size.add_argument("--hands", type=int, help="deals to play as single hands (default 100)")
    size.add_argument("--matches", type=int, help="deals to play as whole matches")
    arena.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    arena.add_argument("--jobs", type=int, default=2, help="processes to use (default 2)")
    arena.add_argument(
        "--no-duplicate",
        action="store_true",
        help="play each deal once instead of once per rotation of the players",
    )
    arena.add_argument(
        "--budget", type=float, help="the Expert's thinking time per decision in seconds"
    )
    args = parser.parse_args(argv)

    if args.command == "replay":
        return _replay(args.file)
    if args.command == "arena":
        return _arena(args)
    result = play_random_hands(args.hands, args.seed, args.players)
    print(
        f"{result.hands} complete random hands of {args.players} players, "
        f"{result.actions} actions (seed {args.seed})"
    )
    for label, seconds in (("wall clock", result.seconds), ("processor", result.cpu_seconds)):
        hands, actions = result.rates(seconds)
        print(f"  {label:10} {seconds:6.2f} s: {hands:,.0f} hands/s, {actions:,.0f} actions/s")
    return 0


def _arena(args: argparse.Namespace) -> int:
    from .arena import ARENA_LEVELS, run
    from .arena_report import summarize

    lineup = tuple(args.players)
    if len(lineup) not in (2, 3):
        print("name three players, or two for the two-player game", file=sys.stderr)
        return 2
    unknown = [level for level in lineup if level not in ARENA_LEVELS]
    if unknown:
        print(f"unknown level {unknown[0]!r}: use {', '.join(ARENA_LEVELS)}", file=sys.stderr)
        return 2
    matches = args.matches is not None
    count = args.matches if matches else (args.hands if args.hands is not None else 100)
    start = time.perf_counter()
    summary = summarize(
        run(
            lineup,
            count,
            args.seed,
            jobs=args.jobs,
            matches=matches,
            duplicate=not args.no_duplicate,
            budget=args.budget,
        )
    )
    print(summary.report())
    print(f"{time.perf_counter() - start:.1f} s on {args.jobs} process(es), seed {args.seed}")
    return 0


def _replay(path: str) -> int:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as source:
                text = source.read()
    except (OSError, UnicodeDecodeError) as error:
        print(f"cannot read {path}: {error}", file=sys.stderr)
        return 2
    for line in replay_lines(text):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
