"""`arbitro play POWER [--rules 1971|2023] [--variant ID] [--seed N] [--think-ms MS] [FILE]`: the computer
player's orders for one power on one record (CONTRACTS.md)."""

from __future__ import annotations

import argparse
import json
import sys

from arbitro.commands import InputError, read_json_input

HELP = "the computer player's orders for POWER on one record (JSON list of canonical orders)"
INTERMIXED = True   # POWER, then options, then FILE (see arbitro/cli.py)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("power", metavar="POWER", help="the power to play (e.g. France)")
    parser.add_argument("--rules", choices=("1971", "2023"), default=None,
                        help="rule preset (default 1971; a record's own \"rules\" wins)")
    parser.add_argument("--seed", type=int, default=0,
                        help="the same seed on the same record gives the same orders (default 0)")
    parser.add_argument("--think-ms", type=int, default=None, metavar="MS",
                        help="bound on the CPU time of the call (default 2000)")
    parser.add_argument("--variant", default=None, metavar="ID",
                        help="the variant of a record that names none (default standard; "
                             "`arbitro variants` lists them)")
    parser.add_argument("file", nargs="?", help="JSON file (default: standard input)")


def orders_for(record: dict, power_name: str, rules: str | None, seed: int,
               think_ms: int | None, variant: str | None = None) -> list[str]:
    from computer import DEFAULT_THINK_MS, choose_orders
    from engine import Power, rules_named
    from engine.records import position_of

    if not isinstance(record, dict):
        raise ValueError("the input must be one record (a JSON object)")
    chosen = rules_named(record.get("rules") or rules or "1971")
    position = position_of(record, None, chosen, variant)   # the record's "variant" wins
    power = Power.parse(power_name, position.variant)
    board = position.board
    budget = DEFAULT_THINK_MS if think_ms is None else think_ms
    if budget <= 0:
        raise ValueError("--think-ms must be a positive number of milliseconds")
    orders = choose_orders(position, power, board, chosen, seed=seed, think_ms=budget)
    return [o.canonical() for o in orders]


def run(args: argparse.Namespace) -> int:
    try:
        if args.variant is not None:
            from engine.variants import check_id
            check_id(args.variant)
        orders = orders_for(read_json_input(args.file), args.power, args.rules, args.seed,
                            args.think_ms, args.variant)
    except (InputError, KeyError, ValueError, TypeError) as exc:
        print(f"arbitro play: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(json.dumps(orders) + "\n")
    return 0
