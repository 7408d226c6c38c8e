"""`arbitro export GAME [--out FILE] [--db PATH]`: one game as JSON (CONTRACTS.md).

Reads the database named by `--db`, else `ARBITRO_DB`, else `arbitro.sqlite`, without changing
it (no deadline is processed, nothing is announced); writes to standard output or `--out`."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from pathlib import Path

HELP = "write one game (settings, every phase, orders as sent and as read, results) as JSON"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", type=int, help="the game's number")
    parser.add_argument("--out", help="file to write (default: standard output)")
    parser.add_argument("--db", help="SQLite file (default: $ARBITRO_DB, else arbitro.sqlite)")


def run(args: argparse.Namespace) -> int:
    path = Path(args.db or os.environ.get("ARBITRO_DB", "").strip() or "arbitro.sqlite")
    if not path.is_file():
        print(f"arbitro export: no database at {path}", file=sys.stderr)
        return 2
    record = asyncio.run(_read(path, args.game))
    if record is None:
        print(f"arbitro export: there is no game {args.game} in {path}", file=sys.stderr)
        return 2
    text = json.dumps(record, indent=1, ensure_ascii=False) + "\n"
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote game {args.game} ({len(record['phases'])} phases) to {args.out}",
              file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


async def _read(path: Path, game_id: int) -> dict | None:
    from service.db import open_database
    from service.exports import game_record

    db = await open_database(path)
    try:
        async with db.read() as conn:
            return await game_record(conn, game_id)
    finally:
        await db.close()
