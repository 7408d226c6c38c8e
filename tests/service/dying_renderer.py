"""A map renderer for worker processes that kills its own process (SIGKILL, as the
out-of-memory killer would) when told to by a marker file: each marker file taken kills one
drawing's worker; `always` kills every drawing's."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from service.maps.images import stand_in_png


class DyingRenderer:
    def __init__(self, folder: Path, *, always: bool = False) -> None:
        self.folder = str(folder)
        self.always = always

    def arm(self, deaths: int = 1) -> None:
        """The next `deaths` drawings each kill their worker."""
        for index in range(deaths):
            (Path(self.folder) / f"die-{index}").touch()

    def __call__(self, position, **kwargs) -> bytes:
        folder = Path(self.folder)
        if self.always:
            os.kill(os.getpid(), signal.SIGKILL)
        for marker in sorted(folder.glob("die-*")):
            try:
                marker.rename(folder / f"taken-{marker.name}-{os.getpid()}")
            except FileNotFoundError:
                continue                       # another worker took this one
            os.kill(os.getpid(), signal.SIGKILL)
        with open(folder / "drawn", "a") as drawn:
            drawn.write(f"{os.getpid()}\n")
        return stand_in_png(position, **kwargs)
