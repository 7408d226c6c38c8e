"""What every deadline pass reads is found through an index, on both databases: the due
phases (by status and deadline) and the phases still to announce, never a scan of every phase
ever played. Each query is taken from the repository as it runs, then explained."""

from __future__ import annotations

from typing import Any

from service.repos import phases


class Recorder:
    """A connection that records the statements it is given and answers nothing."""

    def __init__(self) -> None:
        self.statements: list[tuple[str, tuple[Any, ...]]] = []

    async def fetch(self, sql: str, args: Any = ()) -> list[Any]:
        self.statements.append((sql, tuple(args)))
        return []


async def plan(service, sql: str, args: tuple[Any, ...]) -> str:
    async with service.db.read() as conn:
        if conn.dialect == "sqlite":
            return "\n".join(r[3] for r in await conn.fetch("EXPLAIN QUERY PLAN " + sql, args))
        # the tables are tiny here: ask whether an index can serve, not whether it is cheaper
        await conn.execute("SET enable_seqscan = off")
        try:
            return "\n".join(r[0] for r in await conn.fetch("EXPLAIN " + sql, args))
        finally:
            await conn.execute("RESET enable_seqscan")


async def test_a_deadline_pass_reads_phases_through_indexes(service, db_kind):
    recorder = Recorder()
    await phases.open_deadlines(recorder, due_by=1_000.0)
    await phases.unannounced(recorder)
    [(due_sql, due_args), (pending_sql, pending_args)] = recorder.statements

    due = await plan(service, due_sql, due_args)
    pending = await plan(service, pending_sql, pending_args)
    if db_kind == "sqlite":
        assert "SEARCH p USING INDEX phases_open (status=? AND deadline_at" in due
        assert "SEARCH phases USING INDEX phases_unannounced (status=? AND announced_at=?)" \
            in pending
    else:
        assert "Index" in due and "phases_open" in due and "Seq Scan on phases" not in due
        assert "phases_unannounced" in pending and "Seq Scan" not in pending
