"""The maps a player asks for: the current position (or a finished game's final one), and a
preview of their own orders on the open phase (seen only by them). In a running fog game a
seated player gets both drawn from their own sight (docs/variants.md); anyone else is told
the game is sealed."""

from __future__ import annotations

from engine.orders import parse_order
from service.errors import InvalidRequest
from service.games.lookups import game_or_fail, open_phase_or_fail, powers_or_fail
from service.games.sealed import ensure_unsealed, sealed
from service.maps.drawing import Drawing
from service.models import MapImage
from service.notices.announcing import Announcer
from service.notices.fog_notices import sight_map
from service.storage.db import Database
from service.storage.repos import orders as order_rows
from service.storage.repos import phases, seats


class Maps:
    def __init__(self, db: Database, drawing: Drawing, announcer: Announcer) -> None:
        self.db = db
        self.drawing = drawing
        self.announcer = announcer

    async def current(self, game_id: int, size: str = "normal", *,
                      viewer: int | None = None) -> MapImage:
        """The map of the open phase (or the final position of a finished game); `size`:
        "normal" (720 px) or "large" (1440 px, `render.render_png`'s `size`). In a running
        fog game, the open phase as `viewer` (a seated player) sees it; sealed to anyone
        else."""
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            latest = await phases.latest(conn, game_id)
            mine = await seats.powers_of(conn, game_id, viewer) \
                if sealed(game) and viewer is not None else []
        if latest is None:
            raise InvalidRequest("game.not_started", f"{game.name} has not started",
                                 game=game.name)
        if sealed(game) and not mine:
            ensure_unsealed(game)          # fog of war: the whole board once it has ended
        if mine:                           # fog of war: the player's own sight
            return await sight_map(self.drawing, game, latest, mine, size=size)
        if latest.status == "done":
            report = await self.announcer.phase_report_of(latest.id, with_image=True, size=size)
            return report.image
        return await self.drawing.map_image(game, latest, size=size)

    async def preview(self, game_id: int, user_id: int) -> MapImage:
        """The open phase with the user's own current orders drawn (seen only by them; in a
        fog game over their own sight)."""
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            current = await open_phase_or_fail(conn, game)
            mine = await powers_or_fail(conn, game, user_id)
            given = await order_rows.effective(conn, current.id)
        kind = current.position.phase.kind
        drawn = [(p, parse_order(text, kind)) for p in mine for text in given.get(p, [])]
        if sealed(game):                   # fog of war: their orders over their sight
            return await sight_map(self.drawing, game, current, mine, orders=drawn)
        return await self.drawing.map_image(game, current, orders=drawn)
