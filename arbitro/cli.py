"""`arbitro` command line: one subcommand per module in `arbitro/commands/`.

Each command module exposes `HELP` (one line), `add_arguments(parser)` and `run(args) -> int`.
Modules are imported only when their command runs, so `arbitro parse` never loads discord.py.
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS = ("adjudicate", "parse", "play", "render", "replay", "demo", "bot", "export", "backup",
            "restore", "doctor", "migrate-db", "variants")


def _module_name(name: str) -> str:
    return f"arbitro.commands.{name.replace('-', '_')}"     # migrate-db: migrate_db.py


def _module(name: str):
    return importlib.import_module(_module_name(name))


def build_parser(argv: list[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="arbitro", description="Arbitro, a Diplomacy judge.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    wanted = argv[0] if argv and argv[0] in COMMANDS else None
    for name in COMMANDS:
        if wanted and name != wanted:
            sub.add_parser(name)
            continue
        try:
            module = _module(name)
        except ModuleNotFoundError as exc:
            if exc.name != _module_name(name):
                raise
            continue
        command = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(command)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in COMMANDS and getattr(_module(argv[0]), "INTERMIXED", False):
        # Options between two operands (`arbitro play POWER --seed 3 FILE`): argparse reads
        # those only when the command's parser is the top one.
        module = _module(argv[0])
        parser = argparse.ArgumentParser(prog=f"arbitro {argv[0]}", description=module.HELP)
        module.add_arguments(parser)
        return int(module.run(parser.parse_intermixed_args(argv[1:])) or 0)
    args = build_parser(argv).parse_args(argv)
    return int(_module(args.command).run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
