"""What players do: send orders (free text through the order language), see and clear them,
mark themselves ready, vote for a draw, and look at maps (current, a preview of their own
orders, any earlier phase)."""

from __future__ import annotations

from engine.vocabulary import Power
from service.core import ServiceCore
from service.models import (
    DrawReport,
    MapImage,
    PhaseReport,
    PowerOrders,
    ReadyReport,
    SubmissionReport,
)


class OrderingMixin(ServiceCore):
    async def submit_orders(self, game_id: int, user_id: int, text: str, *,
                            power: Power | None = None, lang: str = "auto",
                            reply_lang: str | None = None,
                            phase: str | None = None) -> SubmissionReport:
        """Read `text` (one order per line, any of English/Italian/Dutch) for the sender's
        power(s) and record the lines that were read: each unit's new order replaces its
        earlier one; every submission is kept with its time. A sender holding several powers
        may head sections with a power name, or name `power`; otherwise each line goes to the
        power whose unit it names. `phase` (e.g. "S1901M"), when given, must be the open
        phase. Raises NotAllowed (not seated), PhaseClosed (the phase is being or has been
        adjudicated: nothing recorded), OrdersRejected (no line could be read: nothing
        recorded). A power in civil disorder returns by sending orders."""
        raise NotImplementedError

    async def my_orders(self, game_id: int, user_id: int) -> list[PowerOrders]:
        """The orders that count now for each of the user's powers, and what is missing."""
        raise NotImplementedError

    async def clear_orders(self, game_id: int, user_id: int,
                           power: Power | None = None) -> list[PowerOrders]:
        """Withdraw every order of the user's powers (or of `power`) for the open phase."""
        raise NotImplementedError

    async def set_ready(self, game_id: int, user_id: int, ready: bool = True) -> ReadyReport:
        """Mark the user's powers ready (or not). When every seated power that has orders to
        give is ready, the phase is adjudicated at once."""
        raise NotImplementedError

    async def vote_draw(self, game_id: int, user_id: int, yes: bool = True) -> DrawReport:
        """A secret draw vote for each of the user's powers. The draw passes when every power
        that still has units votes yes (seed 000 II); only then is it announced."""
        raise NotImplementedError

    async def current_map(self, game_id: int) -> MapImage:
        """The map of the open phase (or the final position of a finished game)."""
        raise NotImplementedError

    async def preview_map(self, game_id: int, user_id: int) -> MapImage:
        """The open phase with the user's own current orders drawn (seen only by them)."""
        raise NotImplementedError

    async def history(self, game_id: int) -> list[PhaseReport]:
        """Every adjudicated phase, oldest first, with results and text (no images)."""
        raise NotImplementedError

    async def phase_report(self, game_id: int, phase: str) -> PhaseReport:
        """One adjudicated phase (e.g. "F1901M") with its results and its map image."""
        raise NotImplementedError
