"""What the benchmarks share: the 20 complete games of ../shared/games."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ops.settings import Settings


def shared_games() -> list[dict]:
    """Every game of ../shared/games (beside the checkout, or $ARBITRO_SHARED), by file name."""
    override = Settings.from_env().shared_dir
    base = Path(override) if override else Path(__file__).resolve().parents[2] / "shared"
    folder = base / "games"
    if not folder.is_dir():
        sys.exit(f"no games found: expected {folder} (or set ARBITRO_SHARED)")
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))]
