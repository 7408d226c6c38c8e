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
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.vocabulary import PhaseKind, Power
from service.area import Area
from service.errors import InvalidRequest, NotAllowed
from service.models import ACTIVE, FORMING, PAUSED, Game
from service.notifier import Message
from service.repos import phases, seats
from service.repos import press as press_log

MAX_PRESS = 1500       # characters: one Discord message with room for the signature


@dataclass(frozen=True)
class Sent:
    game: str
    from_power: Power
    to_power: Power
    signed: bool


class Press(Area):
    async def send(self, game_id: int, sender_id: int, to: Power, body: str, *,
                   signed: bool = True, from_power: Power | None = None) -> Sent:
        """Relay `body` from the sender's power to `to`'s player; InvalidRequest or
        NotAllowed (nothing sent, nothing logged) when the game's rules refuse it."""
        body = body.strip()
        async with self.core.db.transaction() as conn:
            game = await self.core.game_or_fail(conn, game_id)
            if game.status == FORMING:
                raise InvalidRequest("press.not_started", f"{game.name} has not started",
                                     game=game.name)
            if game.status not in (ACTIVE, PAUSED):
                raise InvalidRequest("press.game_over", f"{game.name} is over", game=game.name)
            mine = await seats.powers_of(conn, game_id, sender_id)
            sender = self._speaker(game, mine, from_power)
            self._check_settings(game, signed, body)
            seated = {s.power: s for s in await seats.all_seats(conn, game_id)}
            if to in mine:
                raise InvalidRequest("press.to_yourself", "you play that power yourself",
                                     game=game.name, power=to.value)
            phase = await phases.latest(conn, game_id)
            if to not in seated or phase is None or to in game.neutral_in(phase.position.phase):
                raise InvalidRequest("press.not_in_play", f"nobody plays {to.value} in "
                                     f"{game.name}", game=game.name, power=to.value)
            position = phase.position
            if position.phase.kind != PhaseKind.MOVEMENT and not game.settings.press_in_retreats:
                raise NotAllowed("press.not_in_retreats", "no press during retreats and "
                                 "adjustments in this game", game=game.name,
                                 phase=phase.name)
            if not game.settings.press_when_eliminated:
                for power, key in ((sender, "press.sender_eliminated"),
                                   (to, "press.recipient_eliminated")):
                    if not position.units_of(power) and not position.supply_centers.get(power):
                        raise NotAllowed(key, f"{power.value} is out of the game: no press "
                                         "from or to it", game=game.name, power=power.value)
            reader = seated[to].user_id
            if reader is None:
                raise InvalidRequest("press.vacant", f"nobody holds {to.value} now",
                                     game=game.name, power=to.value)
            await press_log.record(conn, game_id, phase.name, sender, to, sender_id, signed,
                                   body, self.core.now_ts())
        key, by = ("press.received", f" from {sender.value}") if signed else \
            ("press.received_grey", " (unsigned)")
        params = {"game": game.name, "body": body, "to_power": to.value}
        if signed:
            params["power"] = sender.value
        await self.core.tell(reader, Message(key, f"{game.name}: press{by}:\n{body}", params))
        return Sent(game.name, sender, to, signed)

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
    def _check_settings(game: Game, signed: bool, body: str) -> None:
        mode = game.settings.press
        if mode == "gunboat":
            raise NotAllowed("press.gunboat", f"{game.name} is a gunboat game: no press",
                             game=game.name)
        if mode == "public":
            raise NotAllowed("press.public_only", f"{game.name} allows only public press: "
                             "post in the game's channel", game=game.name)
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
        async with self.core.db.read() as conn:
            await self.core.game_or_fail(conn, game_id)
            return await press_log.of_game(conn, game_id)
