"""`arbitro doctor` for a PostgreSQL `ARBITRO_DB`: the server reachable (or why not, password
hidden), its version and connections, the database's collation (SQLite sorts text byte by
byte; a database made with another collation sorts names differently), the migrations and
the games. Only reads."""

from __future__ import annotations

import asyncio
from dataclasses import astuple

from ops.findings import Finding, faults_findings, games_finding, schema_finding
from ops.repos import catalog
from service.storage.db import shown
from service.storage.opening import Unreachable, reach
from service.storage.repos import faults
from service.storage.schema import known_version

POOL_SIZE = 8     # connections each Arbitro process may open (service.db.open_database)


def examine_postgres(url: str) -> list[Finding]:
    return asyncio.run(_examine(url))


async def _examine(url: str) -> list[Finding]:
    try:
        db = await reach(url, pool_size=1)
    except Unreachable as exc:
        return [Finding("database", f"{exc}. Check the URL in ARBITRO_DB (or --db), that the "
                                    f"server runs and accepts this user", problem=True)]
    try:
        async with db.read() as conn:
            server = await catalog.server(conn)
            version = await catalog.schema_version(conn)
            games = await catalog.games_by_status(conn) if version else {}
            failing = await faults.all_faults(conn) if await faults.on_postgres(conn) else []
    finally:
        await db.close()
    found = [Finding("database", f"{shown(url)} is reachable: PostgreSQL {server.version}, "
                                 f"{server.connections} of max_connections "
                                 f"{server.max_connections} in use (each Arbitro process opens "
                                 f"up to {POOL_SIZE})")]
    found.append(collation_finding(server))
    if version is None:
        found.append(Finding("schema", "no Arbitro tables yet: the bot creates them at its "
                                       "first start"))
        return found
    found.append(schema_finding(version, known_version()))
    found.append(games_finding(games))
    return found + faults_findings([astuple(f) for f in failing])


def collation_finding(server: catalog.Server) -> Finding:
    """The database's collation: byte order (SQLite's) or a warning."""
    if server.byte_order:
        return Finding("collation", f"{server.collation} ({server.provider}): text sorts byte "
                                    f"by byte, as in SQLite")
    return Finding("collation", f"{server.collation} ({server.provider}): names sort "
                                f"differently from SQLite; create the database with the C "
                                f"collation and move the games there with arbitro migrate-db "
                                f"(docs/postgresql.md)", warning=True)
