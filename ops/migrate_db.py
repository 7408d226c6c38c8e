"""`arbitro migrate-db FROM TO`: every game of one database copied into another (a SQLite file
into PostgreSQL, back, or file to file), nothing lost.

- FROM is only read, never changed: a SQLite file is opened read-only, a PostgreSQL database
  in one read-only REPEATABLE READ transaction, so the copy is one consistent moment even if a
  bot is still writing. A SQLite FROM older than this Arbitro is read from a migrated temporary
  copy (taken with SQLite's online backup, deleted afterwards); a PostgreSQL FROM that is older
  is refused, with what to do (migrating it would change it).
- TO is brought to the newest migration first, then filled in one transaction: all of it or
  none of it. TO must hold no rows at all (a new or freshly migrated database): the copy keeps
  every id, so it cannot merge into existing games.
- Tables are copied in dependency order (a table after those it refers to), every column, ids
  kept, in pages of rows in primary-key order. On PostgreSQL each identity then continues
  after the largest id copied, so the next game, phase or order does not collide
  (docs/postgresql.md).
- Before committing, TO's row count of every table is checked against FROM's.
"""

from __future__ import annotations

import contextlib
import sqlite3
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from graphlib import TopologicalSorter
from pathlib import Path
from urllib.parse import quote

from ops.backup import BackupError, backup
from ops.repos import catalog
from service.storage.db import Connection, Database, is_postgres, shown
from service.storage.opening import Unreachable, reach
from service.storage.repos import files
from service.storage.schema import MigrationFailed, SchemaTooNew, known_version, stored_version

PAGE = 2000   # rows read and written at a time


class Refused(RuntimeError):
    """The copy was not made; the message says why and what to do. TO's games are unchanged."""


@dataclass
class Moved:
    source: str
    target: str
    version: int
    rows: dict[str, int] = field(default_factory=dict)     # per table, in copy order
    games: dict[str, int] = field(default_factory=dict)    # by status
    from_copy: bool = False       # FROM was older: read from a migrated temporary copy

    @property
    def total_rows(self) -> int:
        return sum(self.rows.values())

    @property
    def total_games(self) -> int:
        return sum(self.games.values())


async def migrate_db(source: str, target: str) -> Moved:
    """Copy every row of `source` into the empty database `target` (paths or URLs)."""
    _refuse_same(source, target)
    async with read_snapshot(source) as (src, version, from_copy):
        moved = Moved(shown(source), shown(target), version, from_copy=from_copy)
        tables = await catalog.describe(src)
        counts = {name: await catalog.count(src, name) for name in tables}
        destination = await _open_target(target)
        try:
            async with destination.transaction() as out:
                receiving = await catalog.describe(out)
                await _check_same_tables(tables, receiving, target)
                order = copy_order(tables)
                await catalog.lock_for_copy(out, order)
                await _refuse_rows(out, order, target)
                for name in order:
                    moved.rows[name] = await _copy_table(src, out, tables[name])
                    await catalog.restart_identity(out, receiving[name])
                for name in order:
                    written = await catalog.count(out, name)
                    if written != counts[name]:
                        raise Refused(f"{name}: {counts[name]} rows in FROM but {written} "
                                      f"written; nothing was written to {shown(target)}")
                moved.games = await catalog.games_by_status(out)
        finally:
            await destination.close()
    return moved


def copy_order(tables: dict[str, catalog.Table]) -> list[str]:
    """Table names, each after the tables it refers to (then by name)."""
    sorter: TopologicalSorter[str] = TopologicalSorter()
    for name in sorted(tables):
        sorter.add(name, *sorted({r.table for r in tables[name].references} - {name}))
    return list(sorter.static_order())


def _refuse_same(source: str, target: str) -> None:
    same = (source == target if is_postgres(source) or is_postgres(target)
            else Path(source).resolve() == Path(target).resolve())
    if same:
        raise Refused("FROM and TO are the same database: name another one as TO")


async def _copy_table(src: Connection, out: Connection, table: catalog.Table) -> int:
    copied = 0
    try:
        if not table.primary_key:
            rows = await catalog.all_rows(src, table)
            await catalog.insert(out, table, rows)
            return len(rows)
        key = [table.column_names.index(c) for c in table.primary_key]
        after = None
        while rows := await catalog.page(src, table, after, PAGE):
            await catalog.insert(out, table, rows)
            copied += len(rows)
            after = [rows[-1][i] for i in key]
    except Exception as exc:   # whatever TO refused: the transaction is rolled back
        raise Refused(f"copying {table.name} failed after {copied} rows ({exc}); "
                      f"nothing was written to TO") from exc
    return copied


async def _open_target(target: str) -> Database:
    try:
        db = await reach(target)
    except Unreachable as exc:
        raise Refused(f"TO: {exc}") from exc
    try:
        await db.migrate()
    except (SchemaTooNew, MigrationFailed) as exc:
        await db.close()
        raise Refused(f"TO: {exc}") from exc
    return db


async def _check_same_tables(source: dict[str, catalog.Table], target: dict[str, catalog.Table],
                             where: str) -> None:
    # tables only TO has are not Arbitro's (another program's, in the same schema): left alone
    differences = [f"table {name} missing in TO" for name in sorted(set(source) - set(target))]
    for name in sorted(set(source) & set(target)):
        if source[name].column_names != target[name].column_names:
            differences.append(f"{name} has columns {', '.join(source[name].column_names)} in "
                               f"FROM but {', '.join(target[name].column_names)} in TO")
    if differences:
        raise Refused(f"FROM and {shown(where)} have different tables at the same schema "
                      f"version ({'; '.join(differences)}): a migration of one dialect does not "
                      f"match the other's; nothing was copied")


async def _refuse_rows(out: Connection, order: list[str], target: str) -> None:
    held = {name: n for name in order if (n := await catalog.count(out, name))}
    if not held:
        return
    games = held.get("games", 0)
    what = (f"{games} game{'s' if games != 1 else ''}" if games else
            "rows in " + ", ".join(f"{name} ({n})" for name, n in held.items()))
    raise Refused(f"TO ({shown(target)}) already holds {what}: migrate-db copies into an empty "
                  f"database only (ids are kept, so it cannot merge). Name a new database as "
                  f"TO; nothing was changed")


# --- reading FROM without changing it -----------------------------------------------------

@contextlib.asynccontextmanager
async def read_snapshot(source: str) -> AsyncIterator[tuple[Connection, int, bool]]:
    """FROM as one consistent, read-only moment: (connection, schema version, whether it is a
    migrated temporary copy)."""
    if is_postgres(source):
        async with _postgres_snapshot(source) as found:
            yield found
        return
    path = Path(source)
    version = _sqlite_version(path)
    if version == known_version():
        async with _sqlite_snapshot(path) as conn:
            yield conn, version, False
        return
    with tempfile.TemporaryDirectory(prefix="arbitro-migrate-") as folder:
        copy = Path(folder) / "from.sqlite"
        try:
            backup(path, copy)
        except BackupError as exc:
            raise Refused(f"FROM: {exc}") from exc
        db = await reach(copy)
        try:
            version = await db.migrate()
        except MigrationFailed as exc:
            raise Refused(f"FROM (a temporary copy) could not be migrated: {exc}") from exc
        finally:
            await db.close()
        async with _sqlite_snapshot(copy) as conn:
            yield conn, version, True


def _sqlite_version(path: Path) -> int:
    if not path.is_file():
        raise Refused(f"FROM: there is no database at {path}")
    try:
        with contextlib.closing(sqlite3.connect(
                f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)) as conn:
            version = stored_version(conn)
            is_arbitro = version is not None and files.has_table(conn, "games")
    except sqlite3.DatabaseError as exc:
        raise Refused(f"FROM: {path} cannot be read ({exc})") from exc
    if not is_arbitro:
        raise Refused(f"FROM: {path} is not an Arbitro database")
    if version > known_version():
        raise Refused(f"FROM: {path} has schema version {version}, newer than this Arbitro's "
                      f"{known_version()}: upgrade Arbitro (pip install -U arbitro) first")
    return version


@contextlib.asynccontextmanager
async def _sqlite_snapshot(path: Path) -> AsyncIterator[Connection]:
    import aiosqlite

    from service.storage.sqlite import SqliteConnection

    raw = await aiosqlite.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True,
                                  isolation_level=None)
    try:
        raw.row_factory = sqlite3.Row
        await raw.execute("BEGIN")      # one read transaction: every page from one moment
        try:
            yield SqliteConnection(raw)
        finally:
            await raw.execute("ROLLBACK")
    finally:
        await raw.close()


@contextlib.asynccontextmanager
async def _postgres_snapshot(url: str) -> AsyncIterator[tuple[Connection, int, bool]]:
    from service.storage.postgres import PostgresConnection

    try:
        db = await reach(url)
    except Unreachable as exc:
        raise Refused(f"FROM: {exc}") from exc
    try:
        async with db.pool.acquire() as raw, raw.transaction(isolation="repeatable_read",
                                                              readonly=True):
            conn = PostgresConnection(raw)
            version = await catalog.schema_version(conn)
            known = known_version()
            if version is None or not await catalog.has_table(conn, "games"):
                raise Refused(f"FROM: {shown(url)} is not an Arbitro database")
            if version > known:
                raise Refused(f"FROM: {shown(url)} has schema version {version}, newer than "
                              f"this Arbitro's {known}: upgrade Arbitro first")
            if version < known:
                raise Refused(
                    f"FROM: {shown(url)} has schema version {version}, older than this "
                    f"Arbitro's {known}, and migrate-db never changes FROM. Start this "
                    f"Arbitro's bot on it once (it migrates at start-up), then run migrate-db "
                    f"again")
            yield conn, version, False
    finally:
        await db.close()
