"""`arbitro export GAME [--out FILE] [--db PATH|URL]`: one game as JSON (CONTRACTS.md).

Reads the database named by `--db`, else `ARBITRO_DB`, else `arbitro.sqlite` (a SQLite file or
a `postgresql://` URL), without changing it (no deadline is processed, nothing is announced);
writes to standard output or `--out`."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

HELP = "write one game (settings, every phase, orders as sent and as read, results) as JSON"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", type=int, help="the game's number")
    parser.add_argument("--out", help="file to write (default: standard output)")
    parser.add_argument("--db", help="SQLite file or postgresql:// URL (default: $ARBITRO_DB, "
                                     "else arbitro.sqlite)")


def run(args: argparse.Namespace) -> int:
    from arbitro.commands import environment_db
    from ops.settings import SettingsError
    from service.storage.db import is_postgres, shown
    from service.storage.opening import Unreachable

    try:
        target = environment_db(args)
    except SettingsError as exc:
        print(f"arbitro export: {exc}", file=sys.stderr)
        return 2
    if not is_postgres(target) and not Path(target).is_file():
        print(f"arbitro export: no database at {target}", file=sys.stderr)
        return 2
    try:
        record = asyncio.run(_read(target, args.game))
    except Unreachable as exc:
        print(f"arbitro export: {exc}", file=sys.stderr)
        return 2
    if record is None:
        print(f"arbitro export: there is no game {args.game} in {shown(target)}",
              file=sys.stderr)
        return 2
    text = json.dumps(record, indent=1, ensure_ascii=False) + "\n"
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote game {args.game} ({len(record['phases'])} phases) to {args.out}",
              file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


async def _read(target: str, game_id: int) -> dict | None:
    from service.history.exports import game_record
    from service.storage.opening import read_from

    return await read_from(target, lambda conn: game_record(conn, game_id))
