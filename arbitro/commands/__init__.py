"""arbitro/commands: one module per subcommand (see `arbitro/cli.py`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


class InputError(ValueError):
    """The command's input file (or standard input) could not be read as JSON."""


def read_json_input(path: str | None) -> Any:
    """The JSON in `path`, or on standard input when `path` is None."""
    try:
        text = Path(path).read_text(encoding="utf-8") if path else sys.stdin.read()
        return json.loads(text)
    except (OSError, json.JSONDecodeError) as exc:
        raise InputError(f"cannot read input: {exc}") from exc
