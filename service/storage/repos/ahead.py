"""Orders sent ahead (issue 25): kept during a movement phase for the retreats or the winter
that follow, each power's list in order of preference; read back when that phase opens."""

from __future__ import annotations

from collections.abc import Sequence

from engine.vocabulary import Power
from service.storage.db import Connection


async def replace(conn: Connection, phase_id: int, power: Power, kind: str,
                  units: Sequence[str] | None, orders: Sequence[tuple[str, str]],
                  user_id: int | None, at: float) -> None:
    """Keep `orders` ((canonical order, text as written), in order of preference) for `power`
    for the phase of `kind` ('R' or 'A') after the phase `phase_id`. For retreats they
    replace the orders kept for the same units (`units`, provinces); for the winter, every
    winter order kept for the power."""
    if kind == "R":
        for unit in units or ():
            await conn.execute(
                "DELETE FROM ahead_orders WHERE phase_id = ? AND power = ? AND kind = 'R' "
                "AND (order_text LIKE ? OR order_text LIKE ?)",
                (phase_id, power.value, f"_ {unit.upper()} %", f"_ {unit.upper()}/%"))
    else:
        await conn.execute("DELETE FROM ahead_orders WHERE phase_id = ? AND power = ? AND "
                           "kind = 'A'", (phase_id, power.value))
    await conn.executemany(
        "INSERT INTO ahead_orders (phase_id, power, kind, rank, order_text, input, user_id, "
        "sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(phase_id, power.value, kind, rank, order, text, user_id, at)
         for rank, (order, text) in enumerate(orders)])


async def kept(conn: Connection, phase_ids: Sequence[int], kind: str,
               power: Power | None = None) -> list[tuple[Power, str, int | None]]:
    """(power, canonical order, user) kept for `kind` in the phases `phase_ids`, in the order
    of preference (the latest phase's last)."""
    if not phase_ids:
        return []
    marks = ", ".join("?" for _ in phase_ids)
    query = (f"SELECT power, order_text, user_id FROM ahead_orders WHERE phase_id IN ({marks}) "
             "AND kind = ?")
    args: tuple = (*phase_ids, kind)
    if power is not None:
        query, args = query + " AND power = ?", (*args, power.value)
    rows = await conn.fetch(query + " ORDER BY phase_id, power, rank, id", args)
    return [(Power(r[0]), r[1], r[2]) for r in rows]


async def withdraw(conn: Connection, phase_id: int, power: Power, kind: str | None = None) -> int:
    """Forget what `power` kept in phase `phase_id` (of one kind, or all): how many."""
    query = "DELETE FROM ahead_orders WHERE phase_id = ? AND power = ?"
    args: tuple = (phase_id, power.value)
    if kind is not None:
        query, args = query + " AND kind = ?", (*args, kind)
    return int(await conn.execute(query, args) or 0)
