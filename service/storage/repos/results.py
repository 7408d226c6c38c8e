"""Results: the outcome of every order of an adjudicated phase, and the position after it."""

from __future__ import annotations

import json
from typing import Any

from engine.adjudicator import PhaseResult
from engine.position import centers_to_json
from engine.vocabulary import Power
from service.games.obligations import Silence
from service.models import OrderResultRow
from service.storage.db import Connection


def after_record(result: PhaseResult) -> dict[str, Any]:
    """The position after a phase, in the layout of `arbitro adjudicate`'s output."""
    record: dict[str, Any] = {
        "phase": result.phase.name,
        "units_after": [u.to_json() for u in result.units_after],
        "dislodged_after": [d.to_json() for d in result.dislodged_after],
    }
    if result.centers_updated:
        record["supply_centers_after"] = centers_to_json(result.supply_centers_after)
    if result.civil_disorder_removes:
        record["civil_disorder_removes"] = [u.to_json() for u in result.civil_disorder_removes]
    return record


async def store(conn: Connection, phase_id: int, result: PhaseResult,
                quiet: Silence) -> None:
    """The results of a phase; `quiet` what the powers without a valid order did
    (service.obligations.silence)."""
    await conn.executemany(
        "INSERT INTO results (phase_id, seq, power, order_text, status, reason, province) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(phase_id, i, r.power.value, r.order.canonical(), r.outcome.status.value,
          r.outcome.reason.value if r.outcome.reason else None, r.outcome.province)
         for i, r in enumerate(result.results)])
    await conn.execute(
        "INSERT INTO phase_outcomes (phase_id, after_json, civil_disorder_json, missed_json, "
        "refused_json) VALUES (?, ?, ?, ?, ?)",
        (phase_id, json.dumps(after_record(result)), _powers(quiet.civil_disorder),
         _powers(quiet.missed), _powers(quiet.refused)))


def _powers(powers: frozenset[Power]) -> str:
    return json.dumps(sorted(p.value for p in powers))


async def of_phase(conn: Connection, phase_id: int) -> list[OrderResultRow]:
    rows = await conn.fetch("SELECT power, order_text, status, reason, province FROM results "
                            "WHERE phase_id = ? ORDER BY seq", (phase_id,))
    return [OrderResultRow(Power(r[0]), r[1], r[2], r[3], r[4])
            for r in rows]


async def outcome(conn: Connection,
                  phase_id: int) -> tuple[dict[str, Any], list[Power]] | None:
    """(position after, powers in civil disorder) of an adjudicated phase."""
    rows = await conn.fetch("SELECT after_json, civil_disorder_json FROM phase_outcomes "
                            "WHERE phase_id = ?", (phase_id,))
    row = rows[0] if rows else None
    if row is None:
        return None
    return json.loads(row[0]), [Power(p) for p in json.loads(row[1])]


async def silence(conn: Connection, phase_id: int) -> Silence:
    """What the powers without a valid order did in an adjudicated phase."""
    rows = await conn.fetch("SELECT civil_disorder_json, missed_json, refused_json FROM "
                            "phase_outcomes WHERE phase_id = ?", (phase_id,))
    if not rows:
        return Silence()
    disorder, missed, refused = (frozenset(Power(p) for p in json.loads(c)) for c in rows[0])
    return Silence(missed, refused, disorder)


async def delete(conn: Connection, phase_id: int) -> None:
    await conn.execute("DELETE FROM results WHERE phase_id = ?", (phase_id,))
    await conn.execute("DELETE FROM phase_outcomes WHERE phase_id = ?", (phase_id,))
