"""A map renderer for worker processes that kills its own process (SIGKILL, as the
out-of-memory killer would) when told to by a marker file: each marker file taken kills one
drawing's worker; `always` kills every drawing's. With `hang`, the worker hangs instead
(sleeps for ten minutes) where it would have died."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from service.maps.images import stand_in_png


class DyingRenderer:
    def __init__(self, folder: Path, *, always: bool = False, hang: bool = False) -> None:
        self.folder = str(folder)
        self.always = always
        self.hang = hang

    def arm(self, deaths: int = 1) -> None:
        """The next `deaths` drawings each kill their worker."""
        for index in range(deaths):
            (Path(self.folder) / f"die-{index}").touch()

    def __call__(self, position, **kwargs) -> bytes:
        folder = Path(self.folder)
        if self.always:
            self._end()
        for marker in sorted(folder.glob("die-*")):
            try:
                marker.rename(folder / f"taken-{marker.name}-{os.getpid()}")
            except FileNotFoundError:
                continue                       # another worker took this one
            self._end()
        with open(folder / "drawn", "a") as drawn:
            drawn.write(f"{os.getpid()}\n")
        return stand_in_png(position, **kwargs)

    def _end(self) -> None:
        if self.hang:
            time.sleep(600)
        os.kill(os.getpid(), signal.SIGKILL)
