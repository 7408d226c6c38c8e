"""The end of a game decided by people: a draw voted by every active power (`vote_draw`), a draw declared by the moderator among named powers,
and a concession to one power. Every end carries the final centre table (`outcome["centers"]`),
which the announcement shows. The players' draw vote, and the game's draw policy for powers in
civil disorder or vacant, are in service/games/draw_vote.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.vocabulary import Power
from service.errors import InvalidRequest
from service.games import draw_vote
from service.games.lookups import game_or_fail, open_phase_or_fail, powers_or_fail
from service.models import ACTIVE, PAUSED, DrawReport, Game
from service.notices import results_text as announcements
from service.notices.notifier import Message
from service.notices.outbox import Outbox
from service.storage.db import Database
from service.storage.repos import audit, draws, games, phases, seats
from service.timing.alarms import Alarms
from service.timing.clock import Clock, now_ts


async def centre_counts(conn: Any, game_id: int) -> dict[str, int]:
    """Each power's centres in the latest position (the final table of an ended game)."""
    latest = await phases.latest(conn, game_id)
    if latest is None:
        return {}
    return {p.value: n for p, n in sorted(latest.position.center_counts().items()) if n}


class Endgame:
    def __init__(self, db: Database, clock: Clock, outbox: Outbox, alarms: Alarms) -> None:
        self.db = db
        self.clock = clock
        self.outbox = outbox
        self.alarms = alarms

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

    async def vote_draw(self, game_id: int, user_id: int, yes: bool = True) -> DrawReport:
        """A secret draw vote for each of the user's powers (service/games/draw_vote.py: the draw
        passes when every active power voted for it; seed 000 II). Only a passed draw is
        announced; a vote that opens a proposal tells the other active players, privately and
        without naming who proposed it."""
        now = now_ts(self.clock)
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            current = await open_phase_or_fail(conn, game)
            mine = await powers_or_fail(conn, game, user_id)
            before = await draw_vote.tally(conn, game, current.position)
            for p in mine:
                await draws.set_vote(conn, game_id, p, yes, now)
            counted = await draw_vote.tally(conn, game, current.position)
            # only a yes that counts completes a draw (never a void vote)
            completes = yes and any(p in counted.active for p in mine) and counted.passes
            outcome = draw_vote.outcome_of(game, current.position, counted) \
                if completes else None
            told = 0
            if outcome is not None:
                await games.finish(conn, game_id, outcome, now)
                game = await games.get(conn, game_id)
                await self.outbox.post(game, "game.draw", announcements.outcome_sentence(outcome),
                                powers=outcome["powers"], outcome=outcome, conn=conn)
                await self.outbox.owe_ending(conn, game)   # replay and chart; then who played whom
            elif counted.voted and not before.voted:
                told = await self._tell_draw_proposed(conn, game, counted, user_id)
        await self.outbox.deliver_owed(game_id)
        if outcome is not None:
            await self.alarms.reschedule(game_id)
        return DrawReport(yes, outcome is not None,
                          tuple(Power(p) for p in outcome["powers"]) if outcome else (),
                          tuple(sorted(counted.active)), tuple(sorted(counted.excluded)),
                          game.settings.draw_policy,
                          counted=any(p in counted.active for p in mine),
                          out=not any(p in counted.active | counted.excluded for p in mine),
                          told=told)

    async def _tell_draw_proposed(self, conn: Any, game: Game, counted: draw_vote.DrawTally,
                                  proposer: int) -> int:
        """Each active player but the proposer, once, in private (owed in the vote's
        transaction): a draw is proposed, how to vote, and the rule; never who proposed it
        (the vote is secret)."""
        players = sorted({u for u in counted.user_of.values() if u != proposer})
        params = {"game": game.name, "active": sorted(p.value for p in counted.active),
                  "excluded": sorted(p.value for p in counted.excluded),
                  "policy": game.settings.draw_policy}
        text = (f"A draw is proposed in {game.name}. Vote with /draw (true: for, false: "
                f"against). " + draw_vote.rule_text(counted, game.settings.draw_policy))
        for user in players:
            await self.outbox.tell(user, Message("draw.proposed", text, params), game=game,
                            conn=conn)
        return len(players)

    async def _end(self, game_id: int, actor_id: int, named: list[str], outcome_of: Any,
                   action: str, key: str, what: str) -> dict[str, Any]:
        now = now_ts(self.clock)
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
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
            await self.outbox.post(game, key, f"{game.name} is over, declared by "
                                 f"<@{actor_id}>: {what}.", actor_id=actor_id, powers=named,
                                 outcome=outcome, conn=conn)
            await self.outbox.owe_ending(conn, game)  # replay and chart; then who played whom
        await self.outbox.deliver_owed(game_id)
        await self.alarms.reschedule(game_id)
        return outcome
