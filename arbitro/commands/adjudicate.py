"""`arbitro adjudicate [--rules 1971|2023] [--variant ID] [FILE]`: records in, results out
(CONTRACTS.md)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from arbitro.commands import InputError, read_json_input
from arbitro.json_text import dumps_indented

HELP = "adjudicate one record or a list of records (the shared DATC layout) and print results"


class RecordError(ValueError):
    """A record that cannot be adjudicated (unknown power, missing field, bad phase, ...)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", choices=("1971", "2023"), default=None,
                        help="rule preset (default 1971; a record's own \"rules\" wins)")
    parser.add_argument("--variant", default=None, metavar="ID",
                        help="the variant of records that name none (default standard; "
                             "`arbitro variants` lists them)")
    parser.add_argument("file", nargs="?", help="JSON file (default: standard input)")


def results_of(data: Any, rules: str | None, variant: str | None = None) -> Any:
    """One result object per record, a list for a list (the layout of CONTRACTS.md)."""
    from engine.records import adjudicate_record

    records = data if isinstance(data, list) else [data]
    results = []
    for number, record in enumerate(records, 1):
        try:
            results.append(adjudicate_record(record, rules, variant=variant))
        except (KeyError, ValueError, TypeError) as exc:
            raise RecordError(f"record {record.get('id', number)!s}: {exc}") from exc
    return results if isinstance(data, list) else results[0]


def run(args: argparse.Namespace) -> int:
    try:
        variant = getattr(args, "variant", None)  # (callers in-process may leave it out)
        if variant is not None:
            from engine.variants import check_id
            check_id(variant)
        results = results_of(read_json_input(args.file), args.rules, variant)
    except (InputError, RecordError, ValueError) as exc:  # ValueError: an unknown variant
        print(f"arbitro adjudicate: {exc}", file=sys.stderr)
        return 2
    # One string, one write: `json.dump(..., indent=1)` gives the same text in about 800
    # `write` calls a phase, and its indenting encoder is pure Python (arbitro/json_text.py).
    sys.stdout.write(dumps_indented(results) + "\n")
    return 0
