"""Command line: ``python -m games.rummy check FILE``, ``solve FILE``, ``bench`` and
``arena LEVEL LEVEL [LEVEL [LEVEL]]``."""

from __future__ import annotations

import argparse
import sys

from .check import check_lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.rummy")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser(
        "check", help="judge turns (one JSON object, or JSON Lines) and print the verdicts"
    )
    check.add_argument("file", help="turns file, or - for standard input")
    solve = commands.add_parser(
        "solve", help="the best play for positions (one JSON object, or JSON Lines)"
    )
    solve.add_argument("file", help="positions file, or - for standard input")
    bench = commands.add_parser(
        "bench", help="time the solver on positions from seeded games, and the turn checker"
    )
    bench.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    bench.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    bench.add_argument(
        "--players", type=int, choices=(2, 3, 4), help="players per game (default: 2, 3, 4 in turn)"
    )
    bench.add_argument(
        "--time-limit", type=float, help="the solver's time limit per position in seconds"
    )
    bench.add_argument(
        "--levels",
        nargs="+",
        default=["expert", "normal", "beginner", "normal"],
        help="who plays the seats, in turn: beginner, normal, expert or greedy "
        "(default: expert normal beginner normal)",
    )
    bench.add_argument(
        "--hold",
        type=float,
        default=0.5,
        help="chance that a greedy player keeps tiles back while the pool lasts (default 0.5)",
    )
    bench.add_argument(
        "--repeat", type=int, default=20, help="times each recorded turn is checked (default 20)"
    )
    bench.add_argument(
        "--fast",
        action="store_true",
        help="time the solver's fast path (fewest_changes=False: no fewest-sets-changed tie-break)",
    )
    arena = commands.add_parser(
        "arena", help="computer players against each other on the same deals, with 95%% CIs"
    )
    arena.add_argument(
        "players",
        nargs="+",
        metavar="LEVEL",
        help="2 to 4 players in seat order: beginner, normal, expert, or greedy (the yardstick: "
        "the solver's most tiles every turn, else draw)",
    )
    arena.add_argument(
        "--games",
        type=int,
        default=100,
        help="games to play, rounded up to whole rotations of the players (default 100)",
    )
    arena.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    arena.add_argument("--jobs", type=int, default=2, help="processes to use (default 2)")
    args = parser.parse_args(argv)

    if args.command == "check":
        return _check(args.file)
    if args.command == "solve":
        return _solve(args.file)
    if args.command == "bench":
        return _bench(args)
    if args.command == "arena":
        return _arena(args)
    return 2


def _read(path: str) -> str | None:
    """The text of ``path`` (``-`` for standard input), or ``None`` after saying why not."""
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as source:
            return source.read()
    except (OSError, UnicodeDecodeError) as error:
        print(f"cannot read {path}: {error}", file=sys.stderr)
        return None


def _check(path: str) -> int:
    text = _read(path)
    if text is None:
        return 2
    for line in check_lines(text):
        print(line, flush=True)
    return 0


def _solve(path: str) -> int:
    from .solve_command import solve_lines

    text = _read(path)
    if text is None:
        return 2
    for line in solve_lines(text):
        print(line, flush=True)
    return 0


def _bench(args: argparse.Namespace) -> int:
    from .bench import GREEDY, play_games, report
    from .bots import LEVELS

    levels = tuple(args.levels)
    unknown = [level for level in levels if level not in (*LEVELS, GREEDY)]
    if unknown:
        print(f"unknown level {unknown[0]!r}: use {', '.join((*LEVELS, GREEDY))}", file=sys.stderr)
        return 2
    record = play_games(
        args.games, args.seed, args.players, args.time_limit, args.hold, levels, not args.fast
    )
    for line in report(record, args.seed, levels, args.hold, args.repeat, not args.fast):
        print(line, flush=True)
    return 0


def _arena(args: argparse.Namespace) -> int:
    import time

    from .bots import PLAYERS
    from .bots.arena import run, summarize

    lineup = tuple(args.players)
    unknown = [level for level in lineup if level not in PLAYERS]
    if unknown or not 2 <= len(lineup) <= 4:
        print(f"give 2 to 4 levels, each one of {', '.join(PLAYERS)}", file=sys.stderr)
        return 2
    deals = max(1, -(-args.games // len(lineup)))
    start = time.perf_counter()
    summary = summarize(lineup, run(lineup, deals, args.seed, jobs=args.jobs))
    print(summary.report())
    print(f"{time.perf_counter() - start:.1f} s on {args.jobs} process(es), seed {args.seed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
