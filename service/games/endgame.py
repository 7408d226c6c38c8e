"""The end of a game decided by people: a draw declared by the moderator among named powers,
and a concession to one power. Every end carries the final centre table (`outcome["centers"]`),
which the announcement shows. The players' draw vote, and the game's draw policy for powers in
civil disorder or vacant, are in service/games/draw_vote.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.vocabulary import Power
from service.area import Area
from service.errors import InvalidRequest
from service.models import ACTIVE, PAUSED
from service.storage.repos import audit, games, phases, seats


async def centre_counts(conn: Any, game_id: int) -> dict[str, int]:
    """Each power's centres in the latest position (the final table of an ended game)."""
    latest = await phases.latest(conn, game_id)
    if latest is None:
        return {}
    return {p.value: n for p, n in sorted(latest.position.center_counts().items()) if n}


class Endgame(Area):
    async def declare_draw(self, game_id: int, actor_id: int,
                           powers: Iterable[Power]) -> dict[str, Any]:
        """End the game in a draw shared by `powers` (each in play and not eliminated)."""
        sharing = sorted({p.value for p in powers})
        if not sharing:
            raise InvalidRequest("endgame.no_powers", "name the powers sharing the draw")

        def outcome(counts: dict[str, int]) -> dict[str, Any]:
            return {"kind": "draw", "how": "declared", "powers": sharing, "winners": sharing,
                    "centers": counts}

        return await self._end(game_id, actor_id, sharing, outcome, "declare_draw",
                               "moderation.draw_declared", "a draw between "
                               + ", ".join(sharing))

    async def concede(self, game_id: int, actor_id: int, power: Power) -> dict[str, Any]:
        """End the game with every other player conceding to `power`."""
        def outcome(counts: dict[str, int]) -> dict[str, Any]:
            return {"kind": "concession", "how": "concession", "winners": [power.value],
                    "centers": counts}

        return await self._end(game_id, actor_id, [power.value], outcome, "concede",
                               "moderation.conceded", f"everyone concedes to {power.value}")

    async def _end(self, game_id: int, actor_id: int, named: list[str], outcome_of: Any,
                   action: str, key: str, what: str) -> dict[str, Any]:
        now = self.core.now_ts()
        async with self.core.db.transaction(game_id) as conn:
            game = await self.core.game_or_fail(conn, game_id)
            if game.status not in (ACTIVE, PAUSED):
                raise InvalidRequest("moderation.not_running", f"{game.name} is {game.status}",
                                     game=game.name, status=game.status)
            latest = await phases.latest(conn, game_id)
            alive = {s.power.value for s in await seats.all_seats(conn, game_id)}
            alive &= {u.power.value for u in latest.position.units} | {
                p.value for p, cs in latest.position.supply_centers.items() if cs}
            out = sorted(set(named) - alive)
            if out:
                raise InvalidRequest("endgame.power_out", "not in the game any more: "
                                     + ", ".join(out), powers=out)
            outcome = outcome_of(await centre_counts(conn, game_id))
            await games.finish(conn, game_id, outcome, now)
            await audit.log(conn, game_id, actor_id, action, {"powers": named}, now)
            await self.core.post(game, key, f"{game.name} is over, declared by "
                                 f"<@{actor_id}>: {what}.", actor_id=actor_id, powers=named,
                                 outcome=outcome, conn=conn)
            await self.core.owe_ending(conn, game)  # replay and chart; then who played whom
        await self.core.deliver_owed(game_id)
        await self.core.reschedule(game_id)
        return outcome
