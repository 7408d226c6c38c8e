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
    parser.add_argument("--older", action="store_true",
                        help="restore even a backup older than phases already announced "
                             "(they will be adjudicated again); asked when run in a terminal")


def run(args: argparse.Namespace) -> int:
    from ops.backup import BackupError, OlderBackup, kept_name, restore
    from ops.settings import SettingsError

    try:
        db = sqlite_file(args, "restore")
        if db is None:
            return 2
        existed = db.exists()
        try:
            checked = restore(Path(args.file), db, force=args.force, older_ok=args.older)
        except OlderBackup as older:
            if not _asked(older):
                raise
            checked = restore(Path(args.file), db, force=args.force, older_ok=True)
    except (BackupError, SettingsError, OSError) as exc:
        print(f"arbitro restore: {exc}", file=sys.stderr)
        print("arbitro restore: nothing was changed.", file=sys.stderr)
        return 2
    print(f"restored {args.file} ({checked.summary}) "
          f"to {db}")
    if existed:
        print(f"the database it replaced is kept as {kept_name(db)}")
    return 0


def _asked(older) -> bool:
    """Say which announced phases the backup is behind; in a terminal, ask whether to go on
    (without one, refuse: `--older` says yes)."""
    print("arbitro restore: the backup is older than phases already announced in the "
          "database:", file=sys.stderr)
    for line in older.behind:
        print(f"  {line}", file=sys.stderr)
    print("arbitro restore: after it, those phases are open again and will be adjudicated "
          "again at their deadline, perhaps to a different result than the one announced.",
          file=sys.stderr)
    if not sys.stdin.isatty():
        print("arbitro restore: add --older to restore it all the same.", file=sys.stderr)
        return False
    answer = input("Restore this older backup all the same? [y/N] ")
    return answer.strip().lower() in ("y", "yes")
