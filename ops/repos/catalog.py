"""The database as a whole, read from its own catalogue (SQLite's pragmas, PostgreSQL's
`pg_catalog` and `information_schema`), and the few statements that move whole tables:
`arbitro migrate-db`, `arbitro doctor` and the schema-parity test use them.

`describe` returns each table as the database reports it (declared types as written, defaults
as the database spells them); comparing the two dialects is the caller's business.
`schema_version` (the migrations runner's own table) is not one of Arbitro's tables here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from service.storage.db import Connection

RUNNER_TABLE = "schema_version"


@dataclass(frozen=True)
class Column:
    name: str
    type: str                 # as declared (SQLite) or as information_schema names it
    not_null: bool
    default: str | None       # the default's SQL text, as the database shows it
    identity: bool            # ids the database hands out: INTEGER PRIMARY KEY / IDENTITY


@dataclass(frozen=True)
class Reference:
    columns: tuple[str, ...]
    table: str
    target_columns: tuple[str, ...]
    on_delete: str            # CASCADE, NO ACTION, RESTRICT, SET NULL, SET DEFAULT


@dataclass(frozen=True)
class Index:
    name: str                 # the database's own name when a constraint made it
    columns: tuple[str, ...]
    unique: bool
    where: str | None         # a partial index's condition
    constraint: bool          # made by a PRIMARY KEY or UNIQUE clause, not CREATE INDEX


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[Column, ...]
    primary_key: tuple[str, ...]
    references: tuple[Reference, ...]
    indexes: tuple[Index, ...]

    @property
    def column_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    @property
    def identity(self) -> str | None:
        return next((c.name for c in self.columns if c.identity), None)


def quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


async def describe(conn: Connection) -> dict[str, Table]:
    """Every Arbitro table of the database, by name."""
    if conn.dialect == "postgresql":
        return {name: await _postgres_table(conn, name) for name in await _postgres_tables(conn)}
    return {name: await _sqlite_table(conn, name) for name in await _sqlite_tables(conn)}


# --- SQLite -------------------------------------------------------------------------------

async def _sqlite_tables(conn: Connection) -> list[str]:
    rows = await conn.fetch("SELECT name FROM sqlite_master WHERE type = 'table' "
                            "AND name NOT LIKE 'sqlite_%' AND name <> ? ORDER BY name",
                            (RUNNER_TABLE,))
    return [r[0] for r in rows]


async def _sqlite_table(conn: Connection, name: str) -> Table:
    info = await conn.fetch('SELECT name, type, "notnull", dflt_value, pk '
                            "FROM pragma_table_info(?) ORDER BY cid", (name,))
    key = tuple(r["name"] for r in sorted((r for r in info if r["pk"]), key=lambda r: r["pk"]))
    columns = tuple(
        Column(r["name"], r["type"], bool(r["notnull"]), r["dflt_value"],
               # a lone INTEGER PRIMARY KEY is the rowid: SQLite hands out its values
               identity=key == (r["name"],) and r["type"].upper() == "INTEGER")
        for r in info)
    return Table(name, columns, key, await _sqlite_references(conn, name),
                 await _sqlite_indexes(conn, name))


async def _sqlite_references(conn: Connection, name: str) -> tuple[Reference, ...]:
    rows = await conn.fetch('SELECT id, "table", "from", "to", on_delete '
                            "FROM pragma_foreign_key_list(?) ORDER BY id, seq", (name,))
    found: dict[int, list] = {}
    for r in rows:
        found.setdefault(r["id"], []).append(r)
    return tuple(Reference(tuple(r["from"] for r in group), group[0]["table"],
                           tuple(r["to"] for r in group), group[0]["on_delete"].upper())
                 for group in found.values())


async def _sqlite_indexes(conn: Connection, name: str) -> tuple[Index, ...]:
    found = []
    for r in await conn.fetch('SELECT name, "unique", origin, partial '
                              "FROM pragma_index_list(?) ORDER BY name", (name,)):
        columns = tuple(c[0] for c in await conn.fetch(
            "SELECT name FROM pragma_index_info(?) ORDER BY seqno", (r["name"],)))
        where = None
        if r["partial"]:
            sql = await conn.fetchval("SELECT sql FROM sqlite_master WHERE type = 'index' "
                                      "AND name = ?", (r["name"],))
            where = sql[sql.upper().rindex(" WHERE ") + 7:].strip()
        found.append(Index(r["name"], columns, bool(r["unique"]), where,
                           constraint=r["origin"] != "c"))
    return tuple(found)


# --- PostgreSQL ---------------------------------------------------------------------------

async def _postgres_tables(conn: Connection) -> list[str]:
    rows = await conn.fetch("SELECT table_name FROM information_schema.tables "
                            "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' "
                            "AND table_name <> ? ORDER BY table_name", (RUNNER_TABLE,))
    return [r[0] for r in rows]


_ON_DELETE = {"a": "NO ACTION", "r": "RESTRICT", "c": "CASCADE", "n": "SET NULL",
              "d": "SET DEFAULT"}


async def _postgres_table(conn: Connection, name: str) -> Table:
    info = await conn.fetch(
        "SELECT column_name, data_type, is_nullable, column_default, is_identity "
        "FROM information_schema.columns WHERE table_schema = current_schema() "
        "AND table_name = ? ORDER BY ordinal_position", (name,))
    columns = tuple(Column(r["column_name"], r["data_type"], r["is_nullable"] == "NO",
                           r["column_default"], r["is_identity"] == "YES") for r in info)
    indexes = await conn.fetch(
        "SELECT i.relname AS name, x.indisunique AS is_unique, x.indisprimary AS is_primary, "
        "pg_get_expr(x.indpred, x.indrelid) AS predicate, "
        "EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid "
        "        AND c.conrelid = x.indrelid) AS from_constraint, "
        "ARRAY(SELECT a.attname FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(num, ord) "
        "      JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.num "
        "      ORDER BY k.ord) AS columns "
        "FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid "
        "JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace "
        "WHERE n.nspname = current_schema() AND t.relname = ? ORDER BY i.relname", (name,))
    key = next((tuple(r["columns"]) for r in indexes if r["is_primary"]), ())
    refs = await conn.fetch(
        "SELECT c.conname, f.relname AS target, a.attname AS col, fa.attname AS target_col, "
        "c.confdeltype::text AS on_delete "
        "FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid "
        "JOIN pg_namespace n ON n.oid = t.relnamespace JOIN pg_class f ON f.oid = c.confrelid "
        "CROSS JOIN LATERAL unnest(c.conkey, c.confkey) WITH ORDINALITY AS k(col, target, ord) "
        "JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.col "
        "JOIN pg_attribute fa ON fa.attrelid = c.confrelid AND fa.attnum = k.target "
        "WHERE c.contype = 'f' AND n.nspname = current_schema() AND t.relname = ? "
        "ORDER BY c.conname, k.ord", (name,))
    grouped: dict[str, list] = {}
    for r in refs:
        grouped.setdefault(r["conname"], []).append(r)
    references = tuple(Reference(tuple(r["col"] for r in g), g[0]["target"],
                                 tuple(r["target_col"] for r in g), _ON_DELETE[g[0]["on_delete"]])
                       for g in grouped.values())
    return Table(name, columns, key, references, tuple(
        Index(r["name"], tuple(r["columns"]), r["is_unique"], r["predicate"],
              r["from_constraint"]) for r in indexes))


# --- whole tables -------------------------------------------------------------------------

async def has_table(conn: Connection, name: str) -> bool:
    if conn.dialect == "postgresql":
        return bool(await conn.fetchval("SELECT to_regclass(?) IS NOT NULL", (name,)))
    return bool(await conn.fetchval("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' "
                                    "AND name = ?", (name,)))


async def schema_version(conn: Connection) -> int | None:
    """The migrations' version, read without writing; None when the runner never ran here."""
    if not await has_table(conn, RUNNER_TABLE):
        return None
    return int(await conn.fetchval(f"SELECT COALESCE(MAX(version), 0) FROM {RUNNER_TABLE}"))


async def count(conn: Connection, table: str) -> int:
    return int(await conn.fetchval(f"SELECT COUNT(*) FROM {quoted(table)}"))


async def games_by_status(conn: Connection) -> dict[str, int]:
    """How many games are forming, active, paused and finished (statuses with none left out)."""
    rows = await conn.fetch("SELECT status, COUNT(*) FROM games GROUP BY status ORDER BY status")
    return {r[0]: int(r[1]) for r in rows}


async def page(conn: Connection, table: Table, after: Sequence[Any] | None,
               limit: int) -> list[Any]:
    """Up to `limit` rows of `table` (every column, in the table's order) after the primary
    key `after` (None: from the first), in primary-key order."""
    key = table.primary_key
    columns = ", ".join(quoted(c) for c in table.column_names)
    sql = f"SELECT {columns} FROM {quoted(table.name)}"
    args: list[Any] = []
    if after is not None:
        keys = ", ".join(quoted(c) for c in key)
        marks = ", ".join("?" for _ in key)
        sql += f" WHERE ({keys}) > ({marks})" if len(key) > 1 else f" WHERE {keys} > ?"
        args.extend(after)
    sql += " ORDER BY " + ", ".join(quoted(c) for c in key) + " LIMIT ?"
    return await conn.fetch(sql, (*args, limit))


async def all_rows(conn: Connection, table: Table) -> list[Any]:
    """Every row of a table without a primary key (read at once)."""
    columns = ", ".join(quoted(c) for c in table.column_names)
    return await conn.fetch(f"SELECT {columns} FROM {quoted(table.name)}")


async def insert(conn: Connection, table: Table, rows: Sequence[Sequence[Any]]) -> None:
    """`rows` (every column, in the table's order, ids included) into `table`."""
    columns = ", ".join(quoted(c) for c in table.column_names)
    marks = ", ".join("?" for _ in table.column_names)
    await conn.executemany(f"INSERT INTO {quoted(table.name)} ({columns}) VALUES ({marks})",
                           rows)


async def lock_for_copy(conn: Connection, tables: Sequence[str]) -> None:
    """Keep every other writer out of these tables until the transaction ends (on SQLite the
    transaction's BEGIN IMMEDIATE already does)."""
    if conn.dialect == "postgresql" and tables:
        await conn.execute("LOCK TABLE " + ", ".join(quoted(t) for t in tables)
                           + " IN EXCLUSIVE MODE")


async def restart_identity(conn: Connection, table: Table) -> int | None:
    """PostgreSQL: the table's identity goes on after its largest id (rows inserted with their
    ids do not move it); the next id it will hand out. SQLite needs nothing: a rowid is one
    more than the largest."""
    column = table.identity
    if conn.dialect != "postgresql" or column is None:
        return None
    return int(await conn.fetchval(
        f"SELECT setval(pg_get_serial_sequence(?, ?), COALESCE(MAX({quoted(column)}), 0) + 1, "
        f"false) FROM {quoted(table.name)}", (table.name, column)))


# --- the server (PostgreSQL) --------------------------------------------------------------

@dataclass(frozen=True)
class Server:
    version: str                 # e.g. "18.4"
    provider: str                # the database's locale provider: libc, icu, builtin
    collation: str               # its default collation, e.g. "C", "en_US.UTF-8"
    max_connections: int
    connections: int             # open now, to any database of the server

    @property
    def byte_order(self) -> bool:
        """Whether text sorts as SQLite sorts it: byte by byte (code point order is the same
        for UTF-8)."""
        return self.collation in ("C", "POSIX", "C.UTF-8", "C.utf8", "ucs_basic")


async def server(conn: Connection) -> Server:
    version = await conn.fetchval("SELECT current_setting('server_version')")
    # to_jsonb: every column of pg_database, whichever of them this server version has
    database = json.loads(await conn.fetchval(
        "SELECT to_jsonb(d)::text FROM pg_database d WHERE datname = current_database()"))
    provider = {"c": "libc", "i": "icu", "b": "builtin"}.get(database.get("datlocprovider", "c"),
                                                             "libc")
    collation = database.get("datcollate") or ""
    if provider != "libc":
        collation = database.get("datlocale") or database.get("daticulocale") or collation
    limit = int(await conn.fetchval("SELECT current_setting('max_connections')::int"))
    used = int(await conn.fetchval("SELECT COUNT(*) FROM pg_stat_activity "
                                   "WHERE backend_type = 'client backend'"))
    return Server(str(version).split(" ")[0], provider, collation, limit, used)
