"""The missed-orders area: grace before civil disorder, and abandoned seats.

- NMR policy `immediate` (the rulebook's): at the deadline the phase is adjudicated and a power
  that sent no orders is in civil disorder (*sommossa*).
- NMR policy `grace`: at the deadline, if seated powers sent no orders, the phase is held once,
  for up to `nmr_grace`: its deadline moves to the end of the grace (the row in the database
  says so: `phases.grace_from`, so a restart keeps it), the missing players get a DM and the
  channel a notice naming their powers; everyone may still change orders. When the last of
  them has sent orders, or the grace ends, the phase is adjudicated; powers still without
  orders are then in civil disorder. A moderator's `/mod process` adjudicates at any time.
- Abandonment: after `abandon_after` movement phases in a row in civil disorder (a retreat or
  adjustment phase missed in between neither counts nor breaks the run; but a winter missed by
  a power with no unit, whose only orders are builds, counts) a seat is declared
  abandoned: its player is unseated, the power stays in civil disorder, the moderator is told,
  and the channel gets the message `seat.abandoned` (game, power, user_id), which is where a
  seat may be offered to someone else.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from engine.vocabulary import PhaseKind, Power
from service.games.obligations import needs_orders
from service.models import ACTIVE, Game, PhaseRow
from service.notices.notifier import Message
from service.notices.outbox import Outbox
from service.storage.db import Database
from service.storage.repos import audit, games, missed, phases, seats
from service.storage.repos import orders as order_rows
from service.timing.clock import Clock, from_ts, now_ts, to_ts

log = logging.getLogger(__name__)

_GRACE_DM = {
    PhaseKind.MOVEMENT: ("nmr.grace_dm", "they will be in civil disorder"),
    PhaseKind.RETREAT: ("nmr.grace_dm_retreat", "the dislodged units will be disbanded"),
    PhaseKind.ADJUSTMENT: ("nmr.grace_dm_adjustment", "the builds will be waived and the "
                           "rule will choose the removals"),
}


class MissedOrders:
    def __init__(self, db: Database, clock: Clock, outbox: Outbox) -> None:
        self.db = db
        self.clock = clock
        self.outbox = outbox

    # -- grace -------------------------------------------------------------------------------
    async def hold(self, game_id: int, phase_id: int) -> bool:
        """At the phase's deadline: hold it in grace if the game's policy says so and seated
        powers sent no orders. True when held, or when its row changed meanwhile: the caller
        leaves it open for now."""
        now = now_ts(self.clock)
        async with self.db.read() as conn:     # most deadlines: no grace, no write
            game = await games.get(conn, game_id)
            if game is None or game.status != ACTIVE or game.settings.nmr_policy != "grace":
                return False
            phase = await phases.get(conn, phase_id)
            if (phase is None or phase.status != "open" or phase.deadline_at is None
                    or await missed.grace_from(conn, phase_id) is not None):
                return False
            owing = await self._owing(conn, game, phase)
        deadline = to_ts(phase.deadline_at)
        # counted from the deadline: a bot that was down through the grace adjudicates
        until = deadline + game.settings.nmr_grace.total_seconds()
        if not owing or until <= now:
            return False
        async with self.db.transaction(game_id) as conn:
            # the row changed since it was read (held, moved or adjudicated by someone else):
            # leave the phase to the next run, which reads it afresh
            if not await missed.start_grace(conn, phase_id, deadline, until):
                return True
            await audit.log(conn, game_id, None, "grace",
                            {"phase": phase.name, "powers": sorted(p.value for p in owing),
                             "until": until}, now)
            await self._owe_grace(conn, game, phase, owing, until)
        await self.outbox.deliver_owed(game_id)
        return True

    async def _owe_grace(self, conn: Any, game: Game, phase: PhaseRow,
                         owing: dict[Power, int], until: float) -> None:
        """Inside the transaction that starts the grace: the channel's notice and each
        late player's, owed (service/notices/outbox.py)."""
        end = from_ts(until)
        powers = sorted(p.value for p in owing)
        users = list(dict.fromkeys(owing[p] for p in sorted(owing, key=lambda p: p.value)))
        await self.outbox.post(game, "nmr.grace", f"{game.name}: the deadline of {phase.name} "
                             f"passed without orders from {', '.join(powers)}. The phase waits "
                             f"for them until {end:%Y-%m-%d %H:%M} UTC; everyone may still "
                             "change orders.", ping=True, phase=phase.name, powers=powers,
                             users=users, until=end, conn=conn)
        # what waiting longer spares them depends on the phase (docs/moderation.md)
        key, then = _GRACE_DM[phase.position.phase.kind]
        for user in users:
            mine = sorted(p.value for p, u in owing.items() if u == user)
            await self.outbox.tell(user, Message(
                key, f"{game.name}: the deadline of {phase.name} passed without "
                f"your orders for {', '.join(mine)}. Send them by {end:%Y-%m-%d %H:%M} UTC, "
                f"or {then}.",
                {"game": game.name, "phase": phase.name, "power": mine, "until": end}),
                game=game, conn=conn)

    async def complete_in_grace(self) -> set[int]:
        """Phases held in grace for which every seated power has now sent orders: nothing
        left to wait for."""
        done: set[int] = set()
        async with self.db.read() as conn:
            for phase_id, game_id in await missed.in_grace(conn):
                game = await games.get(conn, game_id)
                phase = await phases.get(conn, phase_id)
                if not await self._owing(conn, game, phase):
                    done.add(phase_id)
        return done

    @staticmethod
    async def _owing(conn: Any, game: Game, phase: PhaseRow) -> dict[Power, int]:
        """Seated powers that must order in `phase` and sent nothing: power -> player."""
        given = await order_rows.effective(conn, phase.id)
        neutral = game.neutral_in(phase.position.phase)
        return {s.power: s.user_id for s in await seats.all_seats(conn, game.id)
                if s.user_id is not None and not given.get(s.power)
                and needs_orders(phase.position, s.power, neutral)}

    # -- abandonment -------------------------------------------------------------------------
    async def count(self, conn: Any, game: Game, phase: PhaseRow,
                    given: Mapping[Power, Any], civil_disorder: Any,
                    now: float) -> list[tuple[Power, int]]:
        """Inside the adjudicating transaction: count the phase missed by the powers in
        civil disorder (a movement phase missed), and ordered by the others that had to order
        and sent something, even none of it valid; unseat the players who reached the game's
        limit. A retreat or adjustment phase missed neither counts nor breaks the run.
        Returns (power, player) of the seats abandoned now."""
        neutral = game.neutral_in(phase.position.phase)
        holders = {s.power: s.user_id for s in await seats.all_seats(conn, game.id)}
        # only a player misses a phase: a vacant power's count waits for whoever takes it
        missed_now = {p: holders[p] for p in civil_disorder if holders.get(p) is not None}
        # A power with no unit has only builds to order (Chaos opens so, W1900A): a winter it
        # misses counts as a movement phase would, or a seat never built on is never abandoned
        missed_now |= {p: holders[p] for p in _unit_less_builders(phase, holders, given, neutral)}
        ordered = {p for p in holders
                   if p not in missed_now and p in given
                   and needs_orders(phase.position, p, neutral)}
        counts = await missed.count_missed(conn, game.id, missed_now, ordered)
        limit = game.settings.abandon_after
        if limit <= 0:
            return []
        gone = [(p, missed_now[p]) for p, n in counts.items() if n >= limit]
        for power, user in gone:
            await seats.set_user(conn, game.id, power, None)
            await seats.set_civil_disorder(conn, game.id, {power}, True)
            if game.settings.computer_takes_abandoned:   # until a player claims it
                await seats.set_computer(conn, game.id, power, True)
            await audit.log(conn, game.id, None, "abandoned",
                            {"power": power.value, "user": user, "missed": counts[power],
                             "phase": phase.name}, now)
        return gone

    async def announce_abandoned(self, conn: Any, game: Game,
                                 gone: list[tuple[Power, int]]) -> None:
        """Inside the adjudicating transaction: the channel, the moderator and the player
        hear of each, owed (service/notices/outbox.py)."""
        limit = game.settings.abandon_after
        for power, user in gone:
            await self.outbox.post(game, "seat.abandoned", f"{game.name}: {power.value} has sent "
                                 f"no orders for too many phases in a row ({limit}); <@{user}> "
                                 "is no longer seated and the power stays in civil disorder.",
                                 game_id=game.id, power=power.value, user_id=user,
                                 missed=limit, conn=conn)
            params = {"game": game.name, "game_id": game.id, "power": power.value,
                      "user_id": user, "missed": limit}
            await self.outbox.tell(game.moderator_id, Message(
                "seat.abandoned.moderator", f"{game.name}: {power.value} (<@{user}>) missed "
                f"{limit} phases in a row and was declared abandoned. Seat someone with "
                "the replace command.", params), game=game, conn=conn)
            await self.outbox.tell(user, Message(
                "seat.abandoned.player", f"{game.name}: you sent no orders for {power.value} "
                f"{limit} times in a row, so you are no longer seated. Ask the moderator if "
                "you want to come back.", params), game=game, conn=conn)


def _unit_less_builders(phase: PhaseRow, holders: Mapping[Power, int | None],
                        given: Mapping[Power, Any], neutral: frozenset[Power]) -> set[Power]:
    """The seated powers that owed builds in an adjustment `phase`, had no unit on the board
    and sent nothing."""
    position = phase.position
    if position.phase.kind is not PhaseKind.ADJUSTMENT:
        return set()
    with_units = {u.power for u in position.units}
    return {p for p, user in holders.items()
            if user is not None and p not in with_units and not given.get(p)
            and needs_orders(position, p, neutral)}
