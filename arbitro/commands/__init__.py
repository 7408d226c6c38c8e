"""arbitro/commands: one module per subcommand (see `arbitro/cli.py`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


class InputError(ValueError):
    """The command's input file (or standard input) could not be read as JSON."""


def read_json_input(path: str | None) -> Any:
    """The JSON in `path`, or on standard input when `path` is None."""
    try:
        text = Path(path).read_text(encoding="utf-8") if path else sys.stdin.read()
        return json.loads(text)
    except (OSError, json.JSONDecodeError) as exc:
        raise InputError(f"cannot read input: {exc}") from exc


def add_settings_arguments(parser: Any, *, urls: bool = True) -> None:
    """`--db` and `--env`, for commands that work on the bot's configured database (`urls`:
    a `postgresql://` URL will do as well as a SQLite file)."""
    what = "SQLite file or postgresql:// URL" if urls else "SQLite file"
    parser.add_argument("--db", help=f"{what} (default: ARBITRO_DB from the environment or "
                                     f".env, else arbitro.sqlite)")
    parser.add_argument("--env", default=".env",
                        help="file of settings to read before the environment (default .env)")


def bot_settings(args: Any) -> Any:
    """The settings `arbitro bot` would run with (`.env` under the environment), `--db` winning
    over ARBITRO_DB. Raises ops.settings.SettingsError on a value it cannot use."""
    from dataclasses import replace

    from dotenv import load_dotenv

    from ops.settings import Settings

    load_dotenv(args.env, override=False)
    settings = Settings.from_env()
    return replace(settings, db_path=args.db) if args.db else settings


def environment_db(args: Any) -> str:
    """`--db`, else ARBITRO_DB as the settings read it (no `.env`), else arbitro.sqlite: for
    the commands that read a game (export, replay). Raises ops.settings.SettingsError."""
    from ops.settings import Settings

    return args.db or Settings.from_env().db_path


def sqlite_file(args: Any, command: str) -> Path | None:
    """The SQLite file the settings name, for the commands that work on the file itself
    (backup, restore); None, after printing the pg_dump recipe, when they name a PostgreSQL
    database. Raises ops.settings.SettingsError as `bot_settings` does."""
    from ops.backup import postgres_recipe
    from service.storage.db import is_postgres

    configured = bot_settings(args).db_path
    if is_postgres(configured):
        print(f"arbitro {command}: {postgres_recipe(configured)}", file=sys.stderr)
        return None
    return Path(configured)
