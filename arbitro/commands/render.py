"""`arbitro render [--orders] [--out PATH] [FILE]`: records in, map PNGs out (CONTRACTS.md).

One record (the layout of ../shared/datc/datc.json) is drawn to PATH (default `map.png`); a
list of records is drawn into the folder PATH (default: the current folder), one
`<id or index>.png` each, in one process. With `--orders`, each record's `orders` are drawn too,
with their outcome when the record carries `order_results` (as `arbitro adjudicate` writes
them), plain otherwise. The legend shows the record's `id` as the game name and marks the powers
in its `civil_disorder` list, if any.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Mapping
from pathlib import Path

from arbitro.commands import InputError, read_json_input

HELP = "draw the position of one record (or each of a list) to a PNG map"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--orders", action="store_true",
                        help="draw the record's orders (with order_results when present)")
    parser.add_argument("--out", metavar="PATH", default=None,
                        help="PNG file (default map.png); a folder when FILE holds a list "
                             "(default: the current folder)")
    parser.add_argument("file", nargs="?", help="JSON file (default: standard input)")


class RecordError(ValueError):
    """A record that cannot be drawn; the message says what and where."""


def run(args: argparse.Namespace) -> int:
    try:
        data = read_json_input(args.file)
    except InputError as exc:
        print(f"arbitro render: {exc}", file=sys.stderr)
        return 2
    if not isinstance(data, list | dict):
        print("arbitro render: the input must be a JSON object (one record) or a list of "
              "records", file=sys.stderr)
        return 2
    from render import render_png

    if isinstance(data, dict):
        jobs = [(data, Path(args.out or "map.png"))]
    else:
        folder = Path(args.out or ".")
        jobs, used = [], set()
        for number, record in enumerate(data, 1):
            stem = _file_stem(record, number)
            if stem in used:  # two records with one id: the later one gets its index too
                stem = f"{stem}_{number}"
            used.add(stem)
            jobs.append((record, folder / f"{stem}.png"))
    # Read every record before drawing any, so that a bad record in a list leaves no half-done
    # folder behind.
    drawings = []
    for number, (record, path) in enumerate(jobs, 1):
        name = record.get("id", number) if isinstance(record, dict) else number
        try:
            drawings.append((_drawing(record, args.orders), path))
        except (RecordError, KeyError, ValueError, TypeError, AttributeError) as exc:
            detail = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            print(f"arbitro render: record {name}: {detail}", file=sys.stderr)
            return 2
    for drawing, path in drawings:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(render_png(**drawing))
        except OSError as exc:
            print(f"arbitro render: cannot write {path}: {exc}", file=sys.stderr)
            return 2
    return 0


def _file_stem(record: object, number: int) -> str:
    """The record's id made safe as a file name, else its 1-based index."""
    raw = str(record.get("id", "")) if isinstance(record, dict) else ""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", raw).strip("._")
    return safe or str(number)


def _drawing(record: object, with_orders: bool) -> dict:
    """The keyword arguments of `render_png` for one record."""
    from engine.orders import OrderSyntaxError, parse_order
    from engine.outcomes import OrderResult, Outcome, Status
    from engine.position import Position
    from engine.vocabulary import Power

    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object")
    position = Position.from_record(record)
    _check_places(position)
    drawing: dict = {"game_name": str(record.get("id", "")),
                     "civil_disorder": [Power.parse(p, position.variant) for p in
                                        record.get("civil_disorder") or ()]}
    if not with_orders:
        return {"position": position, **drawing}
    outcomes: Mapping = record.get("order_results") or {}
    results, plain = [], []
    for power_name, texts in (record.get("orders") or {}).items():
        power = Power.parse(power_name, position.variant)
        for text in texts:
            try:
                order = parse_order(text, position.phase.kind)
            except OrderSyntaxError:
                print(f"arbitro render: record {record.get('id', '?')}: not drawn, not an "
                      f"order: {power.value}: {text!r}", file=sys.stderr)
                continue
            word = outcomes.get(f"{power_name}: {text}") or outcomes.get(f"{power.value}: {text}")
            if word is None:
                plain.append((power, order))
            else:
                status = Status.SUCCEEDS if word == "succeeds" else Status.FAILS
                results.append(OrderResult(power, order, Outcome(status), text))
    return {"position": position, "results": results, "orders": plain, **drawing}


def _check_places(position) -> None:
    """Refuse units off the board here, so that a list fails before any file is written."""
    from engine.board import standard_board

    board = standard_board()
    for unit in (*position.units, *(d.unit for d in position.dislodged)):
        if unit.province not in board.provinces:
            raise RecordError(f"{unit.power.value} {unit.type.value} stands at "
                              f"{unit.location!r}, which is not a province of the board")
