"""Moderator actions. Whether the caller is a moderator is the bot's decision (Discord
roles); the service records the actor of each action in the audit log and announces it."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.vocabulary import Power
from service.core import ServiceCore
from service.models import AuditEntry, GameView


class ModerationMixin(ServiceCore):
    async def process_now(self, game_id: int, actor_id: int) -> bool:
        """Adjudicate the open phase now. False when it was already adjudicated (a deadline
        or another trigger got there first): a phase is never adjudicated twice."""
        raise NotImplementedError

    async def extend_deadline(self, game_id: int, actor_id: int, *,
                              by: timedelta | None = None,
                              to: datetime | None = None) -> GameView:
        """Move the open phase's deadline later by a duration, or to a time."""
        raise NotImplementedError

    async def set_deadline(self, game_id: int, actor_id: int, when: datetime) -> GameView:
        """Set the open phase's deadline to `when` (in the future)."""
        raise NotImplementedError

    async def pause(self, game_id: int, actor_id: int) -> GameView:
        """Stop the clock: no deadline passes while paused; the time left is kept."""
        raise NotImplementedError

    async def resume(self, game_id: int, actor_id: int) -> GameView:
        """Restart the clock with the time that was left when paused."""
        raise NotImplementedError

    async def replace_player(self, game_id: int, actor_id: int, power: Power,
                             user_id: int) -> GameView:
        """Seat `user_id` at `power` (replacing its player, or taking a vacant power)."""
        raise NotImplementedError

    async def remove_player(self, game_id: int, actor_id: int, user_id: int) -> GameView:
        """Unseat a player: their powers become vacant and go into civil disorder."""
        raise NotImplementedError

    async def rollback(self, game_id: int, actor_id: int) -> GameView:
        """Undo the last adjudication: the previous phase opens again (its orders kept) with
        a fresh deadline; the phase it produced is discarded."""
        raise NotImplementedError

    async def end_game(self, game_id: int, actor_id: int, reason: str = "") -> GameView:
        """End the game now."""
        raise NotImplementedError

    async def audit_log(self, game_id: int) -> list[AuditEntry]:
        """Every moderator action of the game, oldest first."""
        raise NotImplementedError
