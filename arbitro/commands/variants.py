"""`arbitro variants`: the variants this version knows, one per line: the id, the number of
powers and the variant's name (CONTRACTS.md, "Variants")."""

from __future__ import annotations

import argparse
import sys

HELP = "list the variants: id, number of powers, name"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    from engine.variants import variants_listing

    sys.stdout.write("".join(line + "\n" for line in variants_listing()))
    return 0
