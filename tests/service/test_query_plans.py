"""What every deadline pass reads is found through an index, on both databases: the due
phases (by status and deadline) and the phases still to announce, never a scan of every phase
ever played. Each query is taken from the repository as it runs, then explained on a database
holding a game with a long history (400 phases played and announced), its statistics
gathered as PostgreSQL's autovacuum does."""

from __future__ import annotations

from typing import Any

from service.storage.repos import phases
from tests.service.conftest import start_game


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
        return "\n".join(r[0] for r in await conn.fetch("EXPLAIN " + sql, args))


async def long_history(service, game_id: int) -> None:
    """400 phases of the game played and announced before its open one."""
    async with service.db.transaction(game_id) as conn:
        position = await conn.fetchval("SELECT position_json FROM phases WHERE game_id = ?",
                                       (game_id,))
        await conn.execute("UPDATE phases SET seq = 1000 WHERE game_id = ?", (game_id,))
        await conn.executemany(
            "INSERT INTO phases (game_id, seq, name, position_json, status, opened_at, "
            "deadline_at, adjudicated_at, announced_at) VALUES (?, ?, 'S1901M', ?, 'done', "
            "?, ?, ?, ?)",
            [(game_id, seq, position, seq * 10.0, seq * 10.0 + 5, seq * 10.0 + 5,
              seq * 10.0 + 6) for seq in range(1, 401)])
    async with service.db.read() as conn:
        await conn.execute("ANALYZE")


async def test_a_deadline_pass_reads_phases_through_indexes(service, db_kind):
    game = await start_game(service)
    await long_history(service, game.id)
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


async def test_a_deadline_pass_finds_owed_messages_through_an_index(service, db_kind):
    """The outbox keeps every message sent for a while; a pass reads only those still owed."""
    from service.storage.repos import outbox
    game = await start_game(service)                      # its start post and briefings
    async with service.db.transaction(game.id) as conn:
        await conn.executemany(
            "INSERT INTO outbox (game_id, target, target_id, message_json, created_at, "
            "next_try_at, sent_at) VALUES (?, 'user', 1, '{}', ?, ?, ?)",
            [(game.id, n * 1.0, n * 1.0, n + 1.0) for n in range(2000)])
    async with service.db.read() as conn:
        await conn.execute("ANALYZE")
    recorder = Recorder()
    await outbox.due(recorder, 1_000.0)
    [(sql, args)] = recorder.statements
    shown = await plan(service, sql, args)
    if db_kind == "sqlite":
        assert "SEARCH o USING INDEX outbox_" in shown and "SCAN o" not in shown, shown
    else:
        assert "outbox_" in shown and "Seq Scan on outbox" not in shown, shown
