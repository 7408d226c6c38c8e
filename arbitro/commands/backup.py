"""`arbitro backup [FILE] [--db PATH]`: a consistent copy of the database, even while the bot
runs (SQLite's online backup). Without FILE it is written next to the database as
`arbitro-<UTC time>.sqlite`. For a PostgreSQL database it prints the pg_dump recipe instead
and exits 2."""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path

from arbitro.commands import add_settings_arguments, sqlite_file

HELP = "copy the database, safely while the bot is running, to FILE (default: a dated file)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?",
                        help="where to write the copy (default: arbitro-YYYY-MM-DDTHHMMZ.sqlite "
                             "next to the database)")
    add_settings_arguments(parser, urls=False)


def run(args: argparse.Namespace) -> int:
    from ops.backup import BackupError, backup, default_target
    from ops.settings import SettingsError

    try:
        db = sqlite_file(args, "backup")
        if db is None:
            return 2
        target = Path(args.file) if args.file else default_target(db, datetime.now(UTC))
        checked = backup(db, target)
    except (BackupError, SettingsError, OSError) as exc:
        print(f"arbitro backup: {exc}", file=sys.stderr)
        return 2
    print(f"backed up {db} ({checked.summary}) "
          f"to {checked.path}")
    return 0
