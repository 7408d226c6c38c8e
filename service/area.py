"""What an area of the service is: a small object composed into `GameService` (settings,
upkeep, the end of a game, export), working through the core it is given (database, clock,
notifier, deadlines) rather than as one more mixin on the one class."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from service.core import ServiceCore


class Area:
    def __init__(self, core: ServiceCore) -> None:
        self.core = core
