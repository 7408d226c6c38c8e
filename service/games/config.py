"""`/mod settings`: every setting of a game (service/games/setting_registry.py) with its value, and a
change of any of them mid-game: validated, logged in the audit log, announced in the channel.
A change applies from now on: a new phase length from the next phase, new reminders to the
phase in play."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.variants import board_of
from service.errors import InvalidRequest, NeedsConfirmation
from service.games.lookups import game_or_fail
from service.games.setting_registry import REGISTRY, Setting, setting_named
from service.models import FINISHED, FORMING
from service.notices.outbox import Outbox
from service.storage.db import Database
from service.storage.repos import audit, faults, game_config, phases
from service.storage.repos import game_channels as channel_rows
from service.timing.alarms import Alarms
from service.timing.clock import Clock, now_ts


@dataclass(frozen=True)
class SettingValue:
    setting: Setting
    value: Any                      # the GameSettings field's value


@dataclass(frozen=True)
class SettingChange:
    game: str
    setting: Setting
    old: Any
    new: Any


class GameConfig:
    def __init__(self, db: Database, clock: Clock, outbox: Outbox, alarms: Alarms) -> None:
        self.db = db
        self.clock = clock
        self.outbox = outbox
        self.alarms = alarms

    async def show(self, game_id: int) -> list[SettingValue]:
        """Every registered setting of the game, in the registry's order."""
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
        return [SettingValue(s, getattr(game.settings, s.field)) for s in REGISTRY.values()]

    async def change(self, game_id: int, actor_id: int, name: str, text: str, *,
                     confirmed: bool = False) -> SettingChange:
        """Set the setting `name` to the value typed as `text`. InvalidRequest (nothing
        changed) for an unknown setting, an unreadable or invalid value, a setting fixed once
        the game has started, or a finished game; NeedsConfirmation for a value allowed but
        almost surely a typo (a phase of months) unless `confirmed`."""
        setting = setting_named(name)
        value = setting.read(text)
        if not confirmed and setting.implausible(value):
            raise NeedsConfirmation(
                "settings.implausible", f"{setting.name} {text.strip()} is "
                f"{value.total_seconds() / 86400:.0f} days: is that meant?",
                setting=setting.name, value=text.strip(),
                days=round(value.total_seconds() / 86400))
        now = now_ts(self.clock)
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            if game.status == FINISHED:
                raise InvalidRequest("settings.game_over", f"{game.name} is over",
                                     game=game.name)
            if setting.before_start_only and game.status != FORMING:
                raise InvalidRequest("settings.fixed_after_start", f"{setting.name} cannot "
                                     "change once the game has started", setting=setting.name)
            if setting.check is not None:
                latest = await phases.latest(conn, game_id)
                setting.check(setting, value, latest.position.phase.year if latest else None)
            if setting.field == "anonymous" and value and await channel_rows.get(conn, game_id):
                # a role per power would show who plays which (the same refusal as /mod setup)
                raise InvalidRequest("channels.anonymous", f"{game.name} has its own channels "
                                     "and roles, which would show who plays which",
                                     game=game.name)
            old = getattr(game.settings, setting.field)
            changes = {setting.field: value}
            if setting.field == "board":     # a variant is played by its number of players
                changes["players"] = _players_on(value, game.settings)
            updated = replace(game.settings, **changes).validate()
            await game_config.set_settings(conn, game_id, updated)
            game = replace(game, settings=updated)     # announced as it now is (language)
            await audit.log(conn, game_id, actor_id, "setting",
                            {"setting": setting.name, "old": setting.to_json(old),
                             "new": setting.to_json(value)}, now)
            # a game failing (service/timing/boundary.py) is tried again at once: the change may
            # be its cure
            await faults.set_retry(conn, game_id, now)
            await self.outbox.post(game, "settings.changed", f"{game.name}: the moderator "
                                 f"<@{actor_id}> set {setting.name} to {text.strip()}.",
                                 actor_id=actor_id, setting=setting.name,
                                 value=setting.to_json(value), conn=conn)
        await self.outbox.deliver_owed(game_id)
        await self.alarms.reschedule(game_id)       # reminders may have changed
        return SettingChange(game.name, setting, old, value)


def _players_on(board: str, settings: Any) -> int:
    """The players of a game moved to `board` before its start: a variant's own number (34
    for Chaos, which no standard set-up has, so it could not be reached in two steps); back on
    the standard board from a variant, the full seven."""
    if board != "standard":
        return len(board_of(board).powers)
    return settings.players if settings.board == "standard" else 7
