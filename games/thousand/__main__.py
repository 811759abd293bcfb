"""Command line: ``python -m games.thousand replay FILE`` and ``python -m games.thousand bench``."""

from __future__ import annotations

import argparse
import sys

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
    args = parser.parse_args(argv)

    if args.command == "replay":
        return _replay(args.file)
    result = play_random_hands(args.hands, args.seed)
    print(
        f"{result.hands} hands, {result.actions} actions in {result.seconds:.2f} s: "
        f"{result.hands_per_second:,.0f} hands/s, {result.actions_per_second:,.0f} actions/s"
    )
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
