"""`arbitro restore FILE [--db PATH] [--force]`: put a backup back in place of the database,
after checking it (a sound SQLite file, an Arbitro database, not from a newer Arbitro). Stop
the bot first; the old database is kept as `<db>.before-restore`. For a PostgreSQL database
it prints the pg_restore recipe instead and exits 2."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from arbitro.commands import add_settings_arguments, sqlite_file

HELP = "check a backup and put it in place of the database (stop the bot first)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the backup to restore (written by `arbitro backup`)")
    add_settings_arguments(parser, urls=False)
    parser.add_argument("--force", action="store_true",
                        help="replace an existing database (kept as <db>.before-restore)")


def run(args: argparse.Namespace) -> int:
    from service.backup import BackupError, kept_name, restore
    from service.settings import SettingsError

    try:
        db = sqlite_file(args, "restore")
        if db is None:
            return 2
        existed = db.exists()
        checked = restore(Path(args.file), db, force=args.force)
    except (BackupError, SettingsError, OSError) as exc:
        print(f"arbitro restore: {exc}", file=sys.stderr)
        print("arbitro restore: nothing was changed.", file=sys.stderr)
        return 2
    print(f"restored {args.file} ({checked.summary}) "
          f"to {db}")
    if existed:
        print(f"the database it replaced is kept as {kept_name(db)}")
    return 0
