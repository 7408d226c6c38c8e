"""Where the shared test data lives: `../shared` beside the checkout (CI clones the repository
with shared/ next to it). Tests that need it skip with a clear reason when it is absent."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parent.parent


def shared_dir() -> Path | None:
    override = os.environ.get("ARBITRO_SHARED")
    candidates = [Path(override)] if override else []
    candidates.append(CHECKOUT.parent / "shared")
    return next((c for c in candidates if c.is_dir()), None)


def shared_file(*parts: str) -> Path:
    """The path of a shared file, or skip the calling test saying what is missing."""
    base = shared_dir()
    if base is None or not base.joinpath(*parts).exists():
        pytest.skip(f"shared test data {'/'.join(parts)} not found beside the checkout "
                    f"(expected {CHECKOUT.parent / 'shared'}, or set ARBITRO_SHARED)")
    return base.joinpath(*parts)


def load_json(*parts: str):
    return json.loads(shared_file(*parts).read_text(encoding="utf-8"))


def load_json_or_empty(*parts: str) -> list:
    """For parametrisation at collection time: [] when the data is absent (the test that uses
    it then reports the skip through `shared_file`)."""
    base = shared_dir()
    if base is None or not base.joinpath(*parts).exists():
        return []
    return json.loads(base.joinpath(*parts).read_text(encoding="utf-8"))
