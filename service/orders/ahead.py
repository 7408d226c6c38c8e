"""Orders sent ahead (issue 25), when their phase opens: the retreats kept during the movement
phase just adjudicated, or the winter orders kept during the year, become the new phase's
orders (`engine.ahead.apply_ahead`: the first legal option, the builds and removals due, the
rest dropped or surplus). They are recorded as a submission of the player who kept them, so
orders given in the phase itself replace them as any later order does; a power whose every
obligation they cover is marked ready, and when every seated power that owes orders is
covered the phase is due at once (nobody is waited for)."""

from __future__ import annotations

from engine.ahead import apply_ahead
from engine.orders import Waive, parse_order
from engine.position import Position
from engine.vocabulary import PhaseKind
from service.games.obligations import needs_orders, unit_key
from service.models import Game, PhaseRow
from service.storage.db import Connection
from service.storage.repos import ahead, phases, seats
from service.storage.repos import orders as order_rows

KEPT_TEXT = "(sent ahead)"


async def apply_kept(conn: Connection, game: Game, closed: PhaseRow, phase_id: int,
                     opened: Position, now: float) -> bool:
    """Inside the adjudicating transaction, right after the phase `phase_id` (`opened`) was
    inserted: its orders kept ahead recorded. True when every seated power owing orders in
    it is covered (the caller makes it due now)."""
    kind = opened.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return False
    if kind is PhaseKind.RETREAT:
        sources = [closed.id]
    else:
        sources = [p.id for p in await phases.history(conn, game.id)
                   if p.position.phase.year == opened.phase.year]
    rows = await ahead.kept(conn, sources, kind.value)
    if not rows:
        return False
    users = {}
    kept = []
    for power, text, user_id in rows:
        order = parse_order(text, kind)
        users.setdefault(power, user_id)
        kept.append((power, order))
    applied = apply_ahead(opened, kept, rules=game.settings.rules)
    for power, orders in applied.orders.items():
        waives = 0
        items = []
        for order in orders:
            waives += isinstance(order, Waive)
            items.append((unit_key(order, waives), order.canonical()))
        await order_rows.add_submission(conn, phase_id, power, users.get(power),
                                        "\n".join(o.canonical() for o in orders), "merge",
                                        items, now)
    for power in applied.covered:
        await order_rows.set_ready(conn, phase_id, power, True)
    neutral = game.neutral_in(opened.phase)
    owing = {s.power for s in await seats.all_seats(conn, game.id)
             if s.user_id is not None and needs_orders(opened, s.power, neutral)}
    return bool(owing) and owing <= applied.covered
