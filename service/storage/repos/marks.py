"""The marks an adjudication changes outside its own phase (civil disorder of each seat, the draw
votes, the phase's ready marks, each seat's missed phases in a row), kept before it runs so a rollback restores them exactly."""

from __future__ import annotations

import json
from typing import Any

from service.storage.db import Connection


async def keep(conn: Connection, game_id: int, phase_id: int) -> None:
    """Remember the marks as they stand before `phase_id` is adjudicated."""
    disorder = await conn.fetch(
        "SELECT power, civil_disorder, user_id FROM seats WHERE game_id = ?", (game_id,))
    votes = await conn.fetch(
        "SELECT power, vote, voted_at FROM draw_votes WHERE game_id = ?", (game_id,))
    ready = await conn.fetch("SELECT power FROM ready WHERE phase_id = ?",
                             (phase_id,))
    missed = await conn.fetch(
        "SELECT power, missed_in_row, missed_by FROM seats WHERE game_id = ?", (game_id,))
    marks = {"civil_disorder": {p: bool(cd) for p, cd, _u in disorder},
             # who held each seat: a ready mark, draw vote or run of missed phases is put
             # back only for them
             "holders": {p: u for p, _cd, u in disorder},
             "missed": [[p, n, by] for p, n, by in missed],
             "draw_votes": [[p, bool(v), at] for p, v, at in votes],
             "ready": sorted(r[0] for r in ready)}
    await conn.execute("INSERT INTO adjudication_marks (phase_id, marks_json) VALUES (?, ?) "
                       "ON CONFLICT (phase_id) DO UPDATE SET marks_json = excluded.marks_json", (phase_id, json.dumps(marks)))


async def restore(conn: Connection, game_id: int, phase_id: int) -> dict[str, Any] | None:
    """Put back the marks kept for `phase_id` (None when none were kept: an older game)."""
    rows = await conn.fetch(
        "SELECT marks_json FROM adjudication_marks WHERE phase_id = ?", (phase_id,))
    if not rows:
        return None
    marks = json.loads(rows[0][0])
    if "holders" in marks:      # a seat that changed hands since: its marks were its player's
        now = {r[0]: r[1] for r in await conn.fetch(
            "SELECT power, user_id FROM seats WHERE game_id = ?", (game_id,))}
        moved = {p for p, u in marks["holders"].items() if now.get(p) != u}
        marks["draw_votes"] = [v for v in marks["draw_votes"] if v[0] not in moved]
        marks["ready"] = [p for p in marks["ready"] if p not in moved]
        marks["missed"] = [m for m in marks.get("missed", []) if m[0] not in moved]
    await conn.executemany("UPDATE seats SET civil_disorder = ? WHERE game_id = ? AND power = ?",
                           [(int(cd), game_id, p) for p, cd in marks["civil_disorder"].items()])
    await conn.execute("DELETE FROM draw_votes WHERE game_id = ?", (game_id,))
    await conn.executemany("INSERT INTO draw_votes (game_id, power, vote, voted_at) "
                           "VALUES (?, ?, ?, ?)",
                           [(game_id, p, int(v), at) for p, v, at in marks["draw_votes"]])
    await conn.executemany(     # missed phases in a row (marks kept before 0012: none)
        "UPDATE seats SET missed_in_row = ?, missed_by = ? WHERE game_id = ? AND power = ?",
        [(n, by, game_id, p) for p, n, by in marks.get("missed", [])])
    await conn.executemany(     # missed phases in a row (marks kept before this: none)
        "UPDATE seats SET missed_in_row = ?, missed_by = ? WHERE game_id = ? AND power = ?",
        [(n, by, game_id, p) for p, n, by in marks.get("missed", [])])
    await conn.execute("DELETE FROM ready WHERE phase_id = ?", (phase_id,))
    await conn.executemany("INSERT INTO ready (phase_id, power) VALUES (?, ?)",
                           [(phase_id, p) for p in marks["ready"]])
    await conn.execute("DELETE FROM adjudication_marks WHERE phase_id = ?", (phase_id,))
    return marks
