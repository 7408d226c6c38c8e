"""Opening the database a command names, with a message for a person when it cannot be
opened: the server refused or is not there, the password was wrong, the database does not
exist, the driver is not installed. A URL's password never appears in the message."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar
from urllib.parse import unquote, urlsplit

from service.storage.db import Connection, Database, is_postgres, open_database, shown

T = TypeVar("T")

CONNECT_TIMEOUT = 10.0       # seconds; a server that does not answer is reported, not awaited


class Unreachable(RuntimeError):
    """The database could not be opened; the message says why (password hidden)."""


def without_password(target: str | Path, text: str) -> str:
    """`text` with the URL's password, if any, replaced by `***`."""
    if not is_postgres(target):
        return text
    try:
        password = urlsplit(str(target)).password
    except ValueError:
        return text
    for spelling in {password, unquote(password)} if password else ():
        text = text.replace(spelling, "***")
    return text


def problem(target: str | Path, exc: BaseException) -> str:
    """Why `target` could not be opened, for a person."""
    if isinstance(exc, ImportError):
        return ("PostgreSQL needs the asyncpg driver, which is not installed: "
                "pip install 'arbitro[postgres]'")
    if isinstance(exc, TimeoutError):
        return f"no answer within {CONNECT_TIMEOUT:.0f} s"
    detail = str(exc).strip() or type(exc).__name__
    return without_password(target, f"{detail} ({type(exc).__name__})")


async def reach(target: str | Path, *, pool_size: int = 2,
                timeout: float = CONNECT_TIMEOUT) -> Database:
    """`open_database(target)`, or Unreachable saying why not. A SQLite file is created when
    missing (as the bot does); its folder must exist."""
    if not is_postgres(target) and not Path(target).parent.is_dir():
        raise Unreachable(f"{target} cannot be created: the folder {Path(target).parent} does "
                          f"not exist")
    try:
        return await asyncio.wait_for(open_database(target, pool_size=pool_size), timeout)
    except Exception as exc:   # every way of failing to open is told the same way
        raise Unreachable(f"cannot open {shown(target)}: {problem(target, exc)}") from exc


async def read_from(target: str | Path, reader: Callable[[Connection], Awaitable[T]]) -> T:
    """`reader(conn)` on the database `target`, reached as `reach` does, then closed: what a
    command reads once (an export, a replay)."""
    db = await reach(target)
    try:
        async with db.read() as conn:
            return await reader(conn)
    finally:
        await db.close()
