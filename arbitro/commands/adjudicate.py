"""`arbitro adjudicate [--rules 1971|2023] [FILE]`: records in, results out (CONTRACTS.md)."""

from __future__ import annotations

import argparse
import json
import sys

from arbitro.commands import InputError, read_json_input

HELP = "adjudicate one record or a list of records (the shared DATC layout) and print results"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", choices=("1971", "2023"), default=None,
                        help="rule preset (default 1971; a record's own \"rules\" wins)")
    parser.add_argument("file", nargs="?", help="JSON file (default: standard input)")


def run(args: argparse.Namespace) -> int:
    from engine.records import adjudicate_record

    try:
        data = read_json_input(args.file)
    except InputError as exc:
        print(f"arbitro adjudicate: {exc}", file=sys.stderr)
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
