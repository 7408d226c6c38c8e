"""The briefing a player gets in private when seated: at the start of a game, or later (a
replacement, a claimed seat), when it also carries the position's map and what the power was
ordered to do in the last phase. The bot words it in the reader's language (key
`game.briefing`); the service chooses what goes in it, including one example order built from
the player's own units."""

from __future__ import annotations

from typing import Any

from engine.adjustments import adjustment_counts, build_sites
from engine.orders import Build, Disband, Hold, Move, Order, Retreat
from engine.position import Position
from engine.vocabulary import PhaseKind, Power, UnitType
from service.models import ACTIVE, PAUSED, Game, PhaseRow
from service.notices.notifier import Message
from service.notices.outbox import Outbox
from service.storage.repos import games, phases, results, seats


async def owe_briefing(outbox: Outbox, conn: Any, game_id: int, user_id: int, *,
                       replacement: bool = False) -> None:
    """Inside the transaction that seats `user_id`: owe them the briefing on their powers in
    the running game `game_id` (nothing when they hold none, or the game is not running),
    posted after the commit through the outbox (a replacement's map is drawn when it goes)."""
    game = await games.get(conn, game_id)
    if game is None or game.status not in (ACTIVE, PAUSED):
        return
    powers = await seats.powers_of(conn, game_id, user_id)
    phase = await phases.latest(conn, game_id)
    if not powers or phase is None:
        return
    last = await _last_orders(conn, game_id, phase, powers) if replacement else None
    params = briefing_params(game, phase, powers)
    if replacement:
        params["replacement"] = True
        params["last_phase"], params["last_orders"] = last or (None, [])
    units = ", ".join(params["units"]) or "-"
    text = (f"{game.name}: you play {', '.join(params['powers'])}. Your units: {units}. "
            f"Send your orders for {phase.name} in a DM"
            + (f", e.g. {params['example']}" if params["example"] else "") + ".")
    await outbox.owe_private(conn, game_id, user_id, Message(
        "game.briefing", text, params, None, None, ping=True),
        image_phase=phase.id if replacement else None)


def briefing_params(game: Game, phase: PhaseRow, powers: list[Power]) -> dict[str, Any]:
    position = phase.position
    mine = set(powers)
    deadline = phase.deadline_at if phase.status == "open" and game.status == ACTIVE else None
    return {
        "game": game.name, "game_id": game.id, "powers": [p.value for p in powers],
        "phase": phase.name, "deadline": deadline,
        "paused": game.status == PAUSED,
        "units": [u.label() for u in position.units if u.power in mine],
        "dislodged": [d.unit.label() for d in position.dislodged if d.unit.power in mine],
        "example": example_order(position, mine, game.neutral_in(position.phase),
                                 game.closed_in(position.phase)),
    }


def example_order(position: Position, powers: set[Power] | frozenset[Power],
                  neutral: frozenset[Power] = frozenset(),
                  closed: frozenset[str] = frozenset()) -> str | None:
    """One order the player could really give now, from their own units (canonical): a move
    to an empty neighbouring province (not a `closed` one; else an attack, else a hold), a
    retreat, a build or a removal;
    None when they have nothing to order."""
    order = _example(position, powers, neutral, closed)
    return order.canonical() if order is not None else None


def _example(position: Position, powers: set[Power] | frozenset[Power],
             neutral: frozenset[Power], closed: frozenset[str]) -> Order | None:
    board = position.board
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        occupied = {u.province for u in position.units}
        ours = {u.province for u in position.units if u.power in powers}
        # armies first: an army's move reads the same on every coast
        units = sorted((u for u in position.units if u.power in powers),
                       key=lambda u: (u.type is not UnitType.ARMY, u.location))
        # an empty neighbour; else (Pure: every capital borders the six others, all held) an
        # attack on another power's; else a hold
        for blocked in (occupied | closed, ours | closed):
            for unit in units:
                if "/" in unit.location:
                    continue
                near = (board.army_neighbours(unit.province) if unit.type is UnitType.ARMY
                        else {t for t in board.fleet_neighbours(unit.location) if "/" not in t})
                for target in sorted(near - blocked):
                    if board.adjacent(unit.type, unit.location, target):
                        return Move(unit.type, unit.location, target)
        return Hold(units[0].type, units[0].location) if units else None
    if kind is PhaseKind.RETREAT:
        for dislodged in position.dislodged:
            options = [o for o in dislodged.retreat_options or () if "/" not in o]
            if dislodged.unit.power in powers and options:
                return Retreat(dislodged.unit.type, dislodged.unit.location, options[0])
        return None
    counts = adjustment_counts(position.units, position.supply_centers, neutral)
    for power in sorted(powers, key=lambda p: p.value):
        if counts.get(power, 0) > 0:
            sites = build_sites(power, position.units, position.supply_centers, board)
            if sites:
                return Build(UnitType.ARMY if board.can_stand(UnitType.ARMY, sites[0])
                             else UnitType.FLEET, sites[0])
        if counts.get(power, 0) < 0:
            unit = next(u for u in position.units if u.power == power)
            return Disband(unit.type, unit.location)
    return None


async def _last_orders(conn: Any, game_id: int, current: PhaseRow,
                       powers: list[Power]) -> tuple[str, list[dict[str, Any]]] | None:
    """The phase before the open one, and what `powers` were ordered to do in it (with the
    outcome of each order)."""
    previous = await phases.by_seq(conn, game_id, current.seq - 1)
    if previous is None or previous.status != "done":
        return None
    rows = [r for r in await results.of_phase(conn, previous.id) if r.power in powers]
    return previous.name, [{"power": r.power.value, "order": r.order, "status": r.status,
                            "reason": r.reason, "province": r.province} for r in rows]

