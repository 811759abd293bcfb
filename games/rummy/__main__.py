"""Command line: ``python -m games.rummy check FILE``."""

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
    args = parser.parse_args(argv)

    if args.command == "check":
        return _check(args.file)
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


if __name__ == "__main__":
    sys.exit(main())
