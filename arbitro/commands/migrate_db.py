"""`arbitro migrate-db FROM TO`: copy every game of the database FROM into the empty database
TO (CONTRACTS.md), e.g. a SQLite file into PostgreSQL. FROM is never changed; TO is migrated
to the newest version and then filled in one transaction, all or nothing. Exits 2, with
nothing copied, when the copy is refused (TO holds rows, FROM is newer than this Arbitro, a
database cannot be opened, TO refused a row)."""

from __future__ import annotations

import argparse
import asyncio
import sys

HELP = "copy every game of one database into another, empty one (e.g. SQLite into PostgreSQL)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", metavar="FROM",
                        help="the database to copy: a SQLite file or a postgresql:// URL "
                             "(only read)")
    parser.add_argument("target", metavar="TO",
                        help="the database to fill: a SQLite file (created if missing) or a "
                             "postgresql:// URL; it must hold no games")


def run(args: argparse.Namespace) -> int:
    from ops.migrate_db import Refused, migrate_db

    try:
        moved = asyncio.run(migrate_db(args.source, args.target))
    except Refused as exc:
        print(f"arbitro migrate-db: {exc}", file=sys.stderr)
        return 2
    if moved.from_copy:
        print(f"{moved.source} is older than this Arbitro: read from a temporary copy migrated "
              f"to version {moved.version} ({moved.source} itself is unchanged)")
    print(f"copied {moved.source} into {moved.target} (schema version {moved.version}):")
    width = max((len(name) for name in moved.rows), default=0)
    for name, rows in moved.rows.items():
        print(f"  {name:<{width}}  {rows:>9,}")
    statuses = ", ".join(f"{n} {status}" for status, n in moved.games.items())
    games = moved.total_games
    print(f"{len(moved.rows)} tables, {moved.total_rows:,} rows, "
          f"{games} game{'' if games == 1 else 's'}{f' ({statuses})' if statuses else ''}")
    return 0
