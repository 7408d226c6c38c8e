"""Orders sent ahead (issue 25), when their phase opens: the retreats kept during the movement
phase just adjudicated, or the winter orders kept during the year, become the new phase's
orders (`engine.ahead.apply_ahead`: the first legal option, the builds and removals due, the
rest dropped or surplus). They are recorded as a submission of the player who kept them, so
orders given in the phase itself replace them as any later order does; a power whose every
obligation they cover is marked ready, and when every seated power that owes orders is
covered the phase is due at once (nobody is waited for)."""

from __future__ import annotations

from typing import Any

from engine.ahead import AheadApplied, apply_ahead
from engine.orders import Waive, parse_order
from engine.position import Position
from engine.vocabulary import PhaseKind, Power
from service.games.obligations import needs_orders, unit_key
from service.models import Game, PhaseRow
from service.storage.db import Connection
from service.storage.repos import ahead, phases, seats
from service.storage.repos import orders as order_rows

# The first line of the submission that records a power's orders sent ahead: in a winter, the
# power's first message in the phase replaces them all (`replaces_kept`).
KEPT_TEXT = "(sent ahead)"


async def replaces_kept(conn: Connection, phase_id: int, power: Power) -> bool:
    """Whether a message with orders for `power` in the winter `phase_id` replaces its orders
    sent ahead: its only submissions so far are those (docs/order-language.md)."""
    texts = [row[2] for row in await order_rows.submissions(conn, phase_id, power)]
    return bool(texts) and all(t.split("\n", 1)[0] == KEPT_TEXT for t in texts)


async def _applied(conn: Connection, game: Game, closed: PhaseRow,
                   opened: Position) -> tuple[AheadApplied, dict[Power, int | None]] | None:
    """What the orders kept for `opened`'s phase make in it (None: nothing kept), with the
    user who kept each power's orders. The same rows give the same answer whenever asked."""
    kind = opened.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return None
    if kind is PhaseKind.RETREAT:
        sources = [closed.id]
    else:
        sources = [p.id for p in await phases.history(conn, game.id)
                   if p.position.phase.year == opened.phase.year]
    rows = await ahead.kept(conn, sources, kind.value)
    if not rows:
        return None
    users: dict[Power, int | None] = {}
    kept = []
    for power, text, user_id in rows:
        users.setdefault(power, user_id)
        kept.append((power, parse_order(text, kind)))
    return apply_ahead(opened, kept, rules=game.settings.rules), users


async def unused_notes(conn: Connection, game: Game, closed: PhaseRow,
                       opened: Position) -> dict[Power, list[dict[str, Any]]]:
    """Per power, the orders it kept for `opened`'s phase that were not used, for its
    player's notice: each dropped one with the engine's reason, and (in a winter) each one
    beyond the count allowed, marked surplus. A retreat option not needed is not told."""
    found = await _applied(conn, game, closed, opened)
    if found is None:
        return {}
    applied = found[0]
    notes: dict[Power, list[dict[str, Any]]] = {}
    for power, order, outcome in applied.dropped:
        notes.setdefault(power, []).append({
            "power": power.value, "order": order.canonical(), "status": outcome.status.value,
            "reason": outcome.reason.value if outcome.reason else None,
            "province": outcome.province})
    if opened.phase.kind is PhaseKind.ADJUSTMENT:
        for power, order in applied.surplus:
            notes.setdefault(power, []).append({"power": power.value,
                                                "order": order.canonical(), "surplus": True})
    return notes


async def apply_kept(conn: Connection, game: Game, closed: PhaseRow, phase_id: int,
                     opened: Position, now: float) -> bool:
    """Inside the adjudicating transaction, right after the phase `phase_id` (`opened`) was
    inserted: its orders kept ahead recorded. True when every seated power owing orders in
    it is covered (the caller makes it due now)."""
    found = await _applied(conn, game, closed, opened)
    if found is None:
        return False
    applied, users = found
    for power, orders in applied.orders.items():
        waives = 0
        items = []
        for order in orders:
            waives += isinstance(order, Waive)
            items.append((unit_key(order, waives), order.canonical()))
        await order_rows.add_submission(conn, phase_id, power, users.get(power),
                                        "\n".join([KEPT_TEXT, *(o.canonical() for o in orders)]),
                                        "merge", items, now)
    for power in applied.covered:
        await order_rows.set_ready(conn, phase_id, power, True)
    neutral = game.neutral_in(opened.phase)
    owing = {s.power for s in await seats.all_seats(conn, game.id)
             if s.user_id is not None and needs_orders(opened, s.power, neutral)}
    return bool(owing) and owing <= applied.covered
