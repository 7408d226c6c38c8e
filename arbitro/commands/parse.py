"""`arbitro parse [--lang] [--power] [--phase] [--position FILE] [--rules 1971|2023]
[--variant ID]`: free-text orders in, one JSON object per input line out (CONTRACTS.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.rules import DEFAULT_RULES, PRESETS

HELP = "read free-text orders (English, Italian, Dutch), one per line, and print them as JSON"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", default="auto",
                        help="vocabulary to read with: auto (default: every language), en, "
                             "it or nl")
    parser.add_argument("--power", default=None,
                        help="the power giving the orders (English, Italian or Dutch name)")
    parser.add_argument("--phase", choices=("movement", "retreat", "adjustment"), default=None,
                        help="phase kind (default movement, or the position file's own)")
    parser.add_argument("--rules", choices=sorted(PRESETS), default=None,
                        help="rule preset the orders are read under (default "
                             f"{DEFAULT_RULES.name}): under 2023 a fleet's move to a two-coast "
                             "province with one reachable coast takes that coast, under 1971 "
                             "the coast must be written")
    parser.add_argument("--position", metavar="FILE", default=None,
                        help="JSON position in the shared DATC record layout (default: the "
                             "opening position of Spring 1901, or of the variant)")
    parser.add_argument("--variant", default=None, metavar="ID",
                        help="the variant (default standard; a position's own \"variant\" "
                             "wins); `arbitro variants` lists them")


def run(args: argparse.Namespace) -> int:
    from engine import Power
    from engine.records import position_of
    from grammar import parse_line
    from grammar.lexicon import LANGUAGES

    if args.lang != "auto" and args.lang not in LANGUAGES:
        print(f"arbitro parse: unknown language {args.lang!r}: use auto, "
              f"{', '.join(LANGUAGES)}", file=sys.stderr)
        return 2
    try:
        record = _record(args.position, args.variant)
        if args.phase:
            record["phase"] = args.phase
        position = position_of(record, variant=args.variant)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"arbitro parse: cannot read the position: {exc}", file=sys.stderr)
        return 2
    try:
        power = Power.parse(args.power, position.variant) if args.power else None
    except ValueError as exc:
        print(f"arbitro parse: {exc}", file=sys.stderr)
        return 2
    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        parsed = parse_line(line, position=position, power=power, lang=args.lang,
                            rules=args.rules or DEFAULT_RULES)
        result = parsed.to_json()
        result["input"] = line
        sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    return 0


def _record(path: str | None, variant: str | None = None) -> dict:
    if path is None:
        from engine import Position
        from engine.variants import board_of, check_id

        return Position.initial(board_of(check_id(variant))).to_record()
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError("the position file must hold one JSON object (a record)")
    return data
