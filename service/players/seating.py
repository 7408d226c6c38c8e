"""Open seats and the players who cannot be reached.

- A moderator offers a seat in the game's channel (`offer_seat`); a vacant seat (a player
  removed, or the seat abandoned) may be claimed without an offer. A player claims it
  (`claim_seat`), the moderator is asked in private, and approves (`approve_claim`: the
  player is seated as by `replace_player`, and briefed) or refuses (`refuse_claim`).
- When a direct message to a player fails (closed DMs) or a player leaves the server, the bot
  reports it (`note_unreachable`): the mark is stored, the moderator of each game the player
  is seated in is told, and `/game status` shows it. A DM that goes through clears it.

Built by the composition root (service/game_service.py) as `service.seating`; seating a
player at a power (`replace_player`, a moderator's or an approved claim) is here too.
"""

from __future__ import annotations

import logging

from engine.vocabulary import Power
from service.errors import InvalidRequest, NotAllowed
from service.games.lookups import game_or_fail, game_owning, running_or_fail
from service.models import ACTIVE, PAUSED, Game, GameView, Seat, SeatClaim
from service.notices.notifier import Message
from service.notices.outbox import Outbox
from service.players.briefing import owe_briefing
from service.players.records import require_record
from service.storage.db import Database
from service.storage.repos import audit, claims, games, reachability, records, seats
from service.storage.views import game_view
from service.timing.clock import Clock, now_ts

log = logging.getLogger(__name__)

REASONS = ("dm_closed", "left_server")


class Seating:
    def __init__(self, db: Database, clock: Clock, outbox: Outbox) -> None:
        self.db = db
        self.clock = clock
        self.outbox = outbox
        self._marked: set[int] = set()   # unreachable users, as stored (loaded at start-up)

    async def load(self) -> None:
        async with self.db.read() as conn:
            self._marked = await reachability.everyone(conn)

    # -- open seats -------------------------------------------------------------------------
    async def offer_seat(self, game_id: int, actor_id: int, power: Power) -> None:
        """Announce `power`'s seat in the channel with a button to claim it (the bot adds the
        button to the `seat.offered` post)."""
        async with self.db.transaction(game_id) as conn:
            game = await running_or_fail(conn, game_id)
            seat = await _seat(conn, game, power)
            await claims.offer(conn, game_id, power, actor_id, now_ts(self.clock))
            await audit.log(conn, game_id, actor_id, "offer_seat", {"power": power.value},
                            now_ts(self.clock))
            await self.outbox.post(game, "seat.offered", f"{game.name}: the seat of {power.value} "
                               "is open. Press the button to ask the moderator for it.",
                               game_id=game_id, power=power.value, user_id=seat.user_id,
                               conn=conn)
        await self.outbox.deliver_owed(game_id)

    async def claim_seat(self, game_id: int, power: Power, user_id: int) -> SeatClaim:
        """Ask for an offered (or vacant) seat; the moderator is asked in private."""
        async with self.db.transaction(game_id) as conn:
            game = await running_or_fail(conn, game_id)
            seat = await _seat(conn, game, power)
            if seat.user_id == user_id:
                raise InvalidRequest("seat.already_yours", f"you already play {power.value} in "
                                     f"{game.name}", game=game.name, power=power.value)
            if seat.user_id is not None and not await claims.is_offered(conn, game_id, power):
                raise NotAllowed("seat.not_open", f"the seat of {power.value} in {game.name} "
                                 "is not open", game=game.name, power=power.value)
            await require_record(conn, game, user_id)
            claim_id = await claims.add(conn, game_id, power, user_id, now_ts(self.clock))
            if claim_id is None:
                raise InvalidRequest("seat.already_claimed", "you have already asked for this "
                                     "seat; the moderator will answer", game=game.name,
                                     power=power.value)
            claim = await claims.get(conn, claim_id)
            record = await records.record(conn, user_id)
            await self.outbox.tell(game.moderator_id, Message(
                "seat.claim", f"{game.name}: <@{user_id}> asks for the seat of {power.value}.",
                {"game": game.name, "game_id": game_id, "power": power.value,
                 "user_id": user_id, "claim_id": claim_id, "on_time": record.on_time_percent,
                 "missed": record.missed, "finished": record.finished,
                 "abandoned": record.abandoned}), game=game, conn=conn)
        await self.outbox.deliver_owed(game_id)
        return claim

    async def claim(self, claim_id: int) -> SeatClaim:
        async with self.db.read() as conn:
            found = await claims.get(conn, claim_id)
        if found is None:
            raise InvalidRequest("seat.claim_settled", "this request has already been answered")
        return found

    async def approve_claim(self, claim_id: int, actor_id: int) -> GameView:
        """Seat the claimant (as `replace_player`: announced, briefed, the player before them
        told); the seat's other claims are settled."""
        game_id = await game_owning(self.db, claims.game_of, claim_id)
        async with self.db.transaction(game_id) as conn:
            claim = await _pending(conn, claim_id)
            game = await running_or_fail(conn, claim.game_id)
            # a player of another power: /mod replace, which asks the moderator first, decides
            await _not_seated_elsewhere(conn, game, claim.power, claim.user_id)
            await claims.decide(conn, claim_id, "approved", actor_id, now_ts(self.clock))
        return await self.replace_player(claim.game_id, actor_id, claim.power, claim.user_id)

    async def refuse_claim(self, claim_id: int, actor_id: int) -> SeatClaim:
        game_id = await game_owning(self.db, claims.game_of, claim_id)
        async with self.db.transaction(game_id) as conn:
            claim = await _pending(conn, claim_id)
            game = await game_or_fail(conn, claim.game_id)
            await claims.decide(conn, claim_id, "refused", actor_id, now_ts(self.clock))
            await self.outbox.tell(claim.user_id, Message(
                "seat.claim_refused", f"{game.name}: the moderator gave the seat of "
                f"{claim.power.value} to someone else or kept it closed.",
                {"game": game.name, "power": claim.power.value}), game=game, conn=conn)
        await self.outbox.deliver_owed(game.id)
        return claim

    async def replace_player(self, game_id: int, actor_id: int, power: Power, user_id: int,
                             *, second_seat: bool = False,
                             anonymous_override: bool = False) -> GameView:
        """Seat `user_id` at `power` (replacing its player, or taking a vacant power). A player
        who already holds another power of the game is seated only with `second_seat` (the
        moderator confirmed), and in an anonymous game only with `anonymous_override` too:
        one person playing two powers unseen breaks an anonymous or gunboat game."""
        async with self.db.transaction(game_id) as conn:
            game = await running_or_fail(conn, game_id)
            seated = await seats.all_seats(conn, game_id)
            seat = next((s for s in seated if s.power == power), None)
            if seat is None:
                raise InvalidRequest("moderation.power_not_in_play", f"{power.value} is not "
                                     f"played in {game.name}", power=power.value)
            held = sorted(s.power.value for s in seated
                          if s.user_id == user_id and s.power != power)
            if held and game.settings.anonymous and not anonymous_override:
                raise InvalidRequest("moderation.second_seat_anonymous", f"<@{user_id}> already "
                                     f"plays {', '.join(held)} in {game.name}, an anonymous "
                                     "game", game=game.name, user=user_id, powers=held,
                                     power=power.value)
            if held and not second_seat:
                raise InvalidRequest("moderation.second_seat", f"<@{user_id}> already plays "
                                     f"{', '.join(held)} in {game.name}: confirm to seat them "
                                     f"at {power.value} too", game=game.name, user=user_id,
                                     powers=held, power=power.value)
            await seats.set_user(conn, game_id, power, user_id)
            await seats.set_civil_disorder(conn, game_id, {power}, False)
            await audit.log(conn, game_id, actor_id, "replace_player",
                            {"power": power.value, "old": seat.user_id, "new": user_id},
                            now_ts(self.clock))
            await owe_briefing(self.outbox, conn, game_id, user_id, replacement=True)
            view = await game_view(conn, game)
            before = f"<@{seat.user_id}>" if seat.user_id else "nobody (vacant)"
            await self.outbox.post(game, "moderation.replace_player", f"{game.name}: {power.value} "
                            f"is now played by <@{user_id}> (before: {before}), set by "
                            f"<@{actor_id}>.", actor_id=actor_id, power=power.value,
                            old=seat.user_id, new=user_id, conn=conn)
        await self.outbox.deliver_owed(game_id)
        await self.seat_taken(game, power, seat.user_id, user_id)
        return view

    async def seat_taken(self, game: Game, power: Power, old: int | None, new: int) -> None:
        """After a replacement: brief the new player, tell the one before, settle the claims
        of everyone else who asked for the seat."""
        async with self.db.transaction(game.id) as conn:
            await claims.withdraw_offer(conn, game.id, power)
            others = await claims.supersede(conn, game.id, power, now_ts(self.clock))
            if old is not None and old != new:
                # an anonymous game does not tell the player before who holds the seat now
                hidden = game.settings.anonymous
                await self.outbox.tell(old, Message(
                    "seat.replaced_you", f"{game.name}: you no longer play {power.value}; "
                    f"{'a new player' if hidden else f'<@{new}>'} took over. Thank you for "
                    "playing.",
                    {"game": game.name, "power": power.value, "new": None if hidden else new},
                    anonymous=hidden), game=game, conn=conn)
            for claim in others:
                if claim.user_id != new:
                    await self.outbox.tell(claim.user_id, Message(
                        "seat.claim_taken", f"{game.name}: the seat of {power.value} was "
                        "given to someone else.", {"game": game.name, "power": power.value}),
                        game=game, conn=conn)
        await self.outbox.deliver_owed(game.id)          # the briefing, owed by the replacement

    # -- players the bot cannot reach -------------------------------------------------------
    async def note_unreachable(self, user_id: int, reason: str,
                               guild_id: int | None = None) -> bool:
        """Store that `user_id` cannot be reached (`dm_closed`, `left_server`) and tell the
        moderator of each running game they are seated in (of `guild_id` only, when given).
        True when this was news (the moderators were told); a player seated in no running
        game is not marked."""
        if reason not in REASONS:
            raise ValueError(f"unknown reason {reason!r}: use one of {', '.join(REASONS)}")
        async with self.db.transaction() as conn:
            found = []
            for game_id in await seats.games_of_user(conn, user_id):
                game = await games.get(conn, game_id)
                powers = await seats.powers_of(conn, game_id, user_id)
                if (game is not None and game.status in (ACTIVE, PAUSED) and powers
                        and (guild_id is None or game.guild_id == guild_id)):
                    found.append((game, powers))
            if not found:
                return False          # seated in no running game: nobody needs to know
            news = await reachability.mark(conn, user_id, reason, now_ts(self.clock))
        self._marked.add(user_id)
        if not news:
            return False
        for game, powers in found:
            if game.moderator_id == user_id:
                continue
            names = [p.value for p in powers]
            await self.outbox.tell(game.moderator_id, Message(
                "seat.unreachable", f"{game.name}: <@{user_id}> ({', '.join(names)}) cannot be "
                f"reached ({reason}). Ask them to open their DMs, or replace them.",
                {"game": game.name, "game_id": game.id, "user_id": user_id, "powers": names,
                 "reason": reason}), game=game)
        log.info("user %s is unreachable (%s): %d moderators told", user_id, reason, len(found))
        return True

    async def note_reachable(self, user_id: int) -> None:
        """A DM to `user_id` went through: clear their mark (nothing to do when unmarked)."""
        if user_id not in self._marked:
            return
        self._marked.discard(user_id)
        async with self.db.transaction() as conn:
            await reachability.clear(conn, user_id)

    async def guilds_of(self, user_id: int) -> set[int]:
        """The servers of the running games `user_id` is seated in."""
        async with self.db.read() as conn:
            found = [await games.get(conn, g) for g in await seats.games_of_user(conn, user_id)]
        return {g.guild_id for g in found if g is not None and g.guild_id is not None
                and g.status in (ACTIVE, PAUSED)}


async def _seat(conn: object, game: Game, power: Power) -> Seat:
    seat = next((s for s in await seats.all_seats(conn, game.id) if s.power == power), None)
    if seat is None:
        raise InvalidRequest("moderation.power_not_in_play", f"{power.value} is not played in "
                             f"{game.name}", power=power.value)
    return seat


async def _pending(conn: object, claim_id: int) -> SeatClaim:
    claim = await claims.get(conn, claim_id)
    if claim is None or claim.status != "pending":
        raise InvalidRequest("seat.claim_settled", "this request has already been answered")
    return claim


async def _not_seated_elsewhere(conn: object, game: Game, power: Power, user_id: int) -> None:
    """A seat asked for with the button is approved only for a player holding no other power
    of the game (a second seat is the moderator's choice, confirmed, with `/mod replace`)."""
    held = sorted(p.value for p in await seats.powers_of(conn, game.id, user_id) if p != power)
    if held:
        raise InvalidRequest("seat.holds_another", f"<@{user_id}> already plays "
                             f"{', '.join(held)} in {game.name}", game=game.name,
                             user=user_id, powers=held, power=power.value)
