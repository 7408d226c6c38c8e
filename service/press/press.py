"""Press between powers, as the game's settings allow it (docs/press.md).

`/press send` relays a player's message to another power's player by private message, signed
by the sending power or, where the game allows grey press, unsigned; every relayed message is
kept in the press log (moderators only). The rules, checked in this order, each refusal with
its own message key:

    press.not_started / press.game_over   the game is not running
    press.not_a_player                    the sender plays no power in the game
    press.which_power                     the sender plays several: say which one speaks
    press.gunboat                         no press in this game
    press.public_only                     only public press: post in the game's channel
    press.no_grey                         grey press (unsigned) is not allowed
    press.empty / press.too_long          nothing to send, or more than MAX_PRESS characters
    press.to_yourself                     to a power the sender plays
    press.not_in_play                     to a power nobody plays in this game
    press.not_in_retreats                 during retreats and adjustments, if not allowed
    press.sender_eliminated / press.recipient_eliminated
                                          from or to a power with nothing left, if not allowed
    press.vacant                          the recipient's seat has no player to read it

`/press open` (a private channel between powers, `room_for`) obeys the same rules but the
message's, and three of its own: press.anonymous_channels (an anonymous game: the channel's
members would show who plays whom), press.no_press_channels (the game's setting) and
press.no_channels (the game has no channels and roles per power: docs/channels.md).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from engine.vocabulary import PhaseKind, Power
from service.errors import InvalidRequest, NotAllowed
from service.games.channels import GameChannels
from service.games.lookups import game_or_fail
from service.models import ACTIVE, FORMING, PAUSED, Game
from service.notices.notifier import Message
from service.notices.outbox import Outbox
from service.storage.db import Database
from service.storage.repos import phases, seats
from service.storage.repos import press as press_log
from service.timing.clock import Clock, now_ts

MAX_PRESS = 1500       # characters: one Discord message with room for the signature
# The pauses (seconds) before each try of a press message while its sender waits for the
# answer; after them it stays owed and the outbox's retries take over.
PRESS_TRIES = (0.0, 0.5, 1.5)


@dataclass(frozen=True)
class Sent:
    game: str
    from_power: Power
    to_power: Power
    signed: bool
    # 'sent' (Discord took it), 'pending' (kept, and delivered as soon as Discord takes it:
    # the sender hears then) or 'failed' (the reader does not accept the bot's messages)
    delivery: str = "sent"


@dataclass(frozen=True)
class PressRoom:
    """What the bot needs to open a private press channel: where, and whose roles see it."""

    game: str
    category_id: int
    language: str | None
    powers: tuple[Power, ...]          # the speaker first
    role_ids: tuple[int, ...]          # each power's role (it follows the seat)
    moderator_id: int


class Press:
    def __init__(self, db: Database, clock: Clock, outbox: Outbox, game_channels: GameChannels) -> None:
        self.db = db
        self.clock = clock
        self.outbox = outbox
        self.game_channels = game_channels

    async def send(self, game_id: int, sender_id: int, to: Power, body: str, *,
                   signed: bool = True, from_power: Power | None = None) -> Sent:
        """Relay `body` from the sender's power to `to`'s player; InvalidRequest or
        NotAllowed (nothing sent, nothing logged) when the game's rules refuse it."""
        body = body.strip()
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            sender, seated, phase = await self._allowed(conn, game, sender_id, [to],
                                                        from_power)
            self._check_message(game, signed, body)
            if phase.position.phase.kind != PhaseKind.MOVEMENT and \
                    not game.settings.press_in_retreats:
                raise NotAllowed("press.not_in_retreats", "no press during retreats and "
                                 "adjustments in this game", game=game.name,
                                 phase=phase.name)
            reader = seated[to].user_id
            if reader is None:
                raise InvalidRequest("press.vacant", f"nobody holds {to.value} now",
                                     game=game.name, power=to.value)
            await press_log.record(conn, game_id, phase.name, sender, to, sender_id, signed,
                                   body, now_ts(self.clock))
            key, by = ("press.received", f" from {sender.value}") if signed else \
                ("press.received_grey", " (unsigned)")
            params = {"game": game.name, "body": body, "to_power": to.value}
            if signed:
                params["power"] = sender.value
            # owed in the transaction that logs it (service/notices/outbox.py); the sender hears
            # "sent" only if Discord took it now, else "kept", and later how it went
            owed = await self.outbox.owe_private(
                conn, game_id, reader, Message(key, f"{game.name}: press{by}:\n{body}",
                                               params), confirm_to=sender_id)
        state = await self._deliver(game_id, owed)
        return Sent(game.name, sender, to, signed, state)

    async def _deliver(self, game_id: int, owed: int) -> str:
        """Post the owed press message now, trying again briefly (PRESS_TRIES) if Discord
        fails: 'sent', 'pending' (kept, to be tried again) or 'failed' (the reader can never
        take it)."""
        state = "pending"
        for pause in PRESS_TRIES:
            await asyncio.sleep(pause)
            outcome = await self.outbox.deliver_owed(game_id, ids=[owed], late=False, now=True)
            # not tried here: the deadline pass had it (sent, or still posting it)
            state = outcome[owed] if owed in outcome else await self.outbox.owed_state(owed)
            if state != "pending":
                return state
        return state

    async def room_for(self, game_id: int, user_id: int, with_powers: list[Power], *,
                       from_power: Power | None = None) -> PressRoom:
        """`/press open`: where a private channel between the user's power and `with_powers`
        goes, by the same rules as `send` plus the channel's own: the game allows press
        channels, is not anonymous (the channel's members would show who plays whom), and has
        its channels and roles (docs/channels.md)."""
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            speaker, _seated, _phase = await self._allowed(conn, game, user_id, with_powers,
                                                           from_power)
        if game.settings.anonymous:
            raise NotAllowed("press.anonymous_channels", f"{game.name} is anonymous: use "
                             "/press send", game=game.name)
        if not game.settings.press_channels:
            raise NotAllowed("press.no_press_channels", f"{game.name} has no private press "
                             "channels: use /press send", game=game.name)
        plan = await self.game_channels.plan(game_id)
        powers = (speaker, *dict.fromkeys(with_powers))
        rooms = [plan.room(p) if plan else None for p in powers]
        if plan is None or plan.category_id is None or plan.finished or \
                any(r is None or r.role_id is None for r in rooms):
            raise InvalidRequest("press.no_channels", f"{game.name} has no channels and "
                                 "roles per power yet: ask the moderator for /mod setup",
                                 game=game.name)
        return PressRoom(game.name, plan.category_id, game.settings.language, powers,
                         tuple(r.role_id for r in rooms if r and r.role_id), game.moderator_id)

    async def _allowed(self, conn, game: Game, user_id: int, targets: list[Power],
                       from_power: Power | None):
        """The rules every press obeys: (the speaking power, the seats, the phase)."""
        if game.status == FORMING:
            raise InvalidRequest("press.not_started", f"{game.name} has not started",
                                 game=game.name)
        if game.status not in (ACTIVE, PAUSED):
            raise InvalidRequest("press.game_over", f"{game.name} is over", game=game.name)
        mine = await seats.powers_of(conn, game.id, user_id)
        sender = self._speaker(game, mine, from_power)
        if game.settings.press == "gunboat":
            raise NotAllowed("press.gunboat", f"{game.name} is a gunboat game: no press",
                             game=game.name)
        if game.settings.press == "public":
            raise NotAllowed("press.public_only", f"{game.name} allows only public press: "
                             "post in the game's channel", game=game.name)
        seated = {s.power: s for s in await seats.all_seats(conn, game.id)}
        phase = await phases.latest(conn, game.id)
        position = phase.position
        for to in targets:
            if to in mine:
                raise InvalidRequest("press.to_yourself", "you play that power yourself",
                                     game=game.name, power=to.value)
            if to not in seated or to in game.neutral_in(position.phase):
                raise InvalidRequest("press.not_in_play", f"nobody plays {to.value} in "
                                     f"{game.name}", game=game.name, power=to.value)
        if not game.settings.press_when_eliminated:
            # fog of war: a recipient's fate is not the sender's to learn from a refusal
            for power in (sender,) if game.settings.fog else (sender, *targets):
                if not position.units_of(power) and not position.supply_centers.get(power):
                    key = "press.sender_eliminated" if power == sender else \
                        "press.recipient_eliminated"
                    raise NotAllowed(key, f"{power.value} is out of the game: no press "
                                     "from or to it", game=game.name, power=power.value)
        return sender, seated, phase

    @staticmethod
    def _speaker(game: Game, mine: list[Power], chosen: Power | None) -> Power:
        """The power the sender speaks for."""
        if not mine:
            raise NotAllowed("press.not_a_player", f"you play no power in {game.name}",
                             game=game.name)
        if chosen is not None:
            if chosen not in mine:
                raise NotAllowed("press.not_a_player", f"you do not play {chosen.value}",
                                 game=game.name)
            return chosen
        if len(mine) > 1:
            raise InvalidRequest("press.which_power", "you play several powers: say which "
                                 "one speaks", game=game.name, powers=[p.value for p in mine])
        return mine[0]

    @staticmethod
    def _check_message(game: Game, signed: bool, body: str) -> None:
        if not signed and not game.settings.grey_press:
            raise NotAllowed("press.no_grey", f"{game.name} does not allow unsigned press",
                             game=game.name)
        if not body:
            raise InvalidRequest("press.empty", "there is nothing to send")
        if len(body) > MAX_PRESS:
            raise InvalidRequest("press.too_long", f"at most {MAX_PRESS} characters",
                                 limit=MAX_PRESS, length=len(body))

    async def log(self, game_id: int) -> list[press_log.PressRow]:
        """Every message relayed in the game, oldest first (for the moderators)."""
        async with self.db.read() as conn:
            await game_or_fail(conn, game_id)
            return await press_log.of_game(conn, game_id)
