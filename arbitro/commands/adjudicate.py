"""`arbitro adjudicate [--rules 1971|2023] [FILE]`: records in, results out (CONTRACTS.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HELP = "adjudicate one record or a list of records (the shared DATC layout) and print results"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", choices=("1971", "2023"), default=None,
                        help="rule preset (default 1971; a record's own \"rules\" wins)")
    parser.add_argument("file", nargs="?", help="JSON file (default: standard input)")


def run(args: argparse.Namespace) -> int:
    from engine.records import adjudicate_record

    try:
        text = Path(args.file).read_text(encoding="utf-8") if args.file else sys.stdin.read()
        data = json.loads(text)
    except (OSError, json.JSONDecodeError) as exc:
        print(f"arbitro adjudicate: cannot read input: {exc}", file=sys.stderr)
        return 2
    records = data if isinstance(data, list) else [data]
    results = []
    for number, record in enumerate(records, 1):
        try:
            results.append(adjudicate_record(record, args.rules))
        except (KeyError, ValueError, TypeError) as exc:
            print(f"arbitro adjudicate: record {record.get('id', number)!s}: {exc}",
                  file=sys.stderr)
            return 2
    json.dump(results if isinstance(data, list) else results[0], sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0
