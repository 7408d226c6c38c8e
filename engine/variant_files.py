"""The variant folders as files: which there are (`VARIANT_IDS`), each one's `variant.json` as
read (`variant_data`), and the names of every variant's powers, straight from the files. It
imports nothing of the engine, so that the words of the engine (`engine.vocabulary`: `Power`)
may ask it which names are powers; `engine.variants` builds the boards."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

DEFAULT_VARIANT = "standard"


def _folders() -> tuple[str, ...]:
    root = resources.files("engine").joinpath("variants")
    found = sorted(entry.name for entry in root.iterdir()
                   if entry.is_dir() and entry.joinpath("variant.json").is_file())
    return tuple([DEFAULT_VARIANT] + [v for v in found if v != DEFAULT_VARIANT])


VARIANT_IDS: tuple[str, ...] = _folders()


def check_id(vid: str | None) -> str:
    """The variant id as given (lower case), or ValueError naming the known ones."""
    vid = (vid or DEFAULT_VARIANT).strip().lower()
    if vid not in VARIANT_IDS:
        raise ValueError(f"unknown variant {vid!r}: use one of {', '.join(VARIANT_IDS)}")
    return vid


@cache
def variant_data(vid: str) -> dict:
    """A variant's `variant.json` as read (the caller does not change it)."""
    text = resources.files("engine").joinpath(f"variants/{check_id(vid)}/variant.json")
    return json.loads(text.read_text("utf-8"))


def variant_source(vid: str) -> str:
    return resources.files("engine").joinpath(f"variants/{check_id(vid)}/SOURCE").read_text(
        "utf-8").strip()


@cache
def all_power_names() -> dict[str, str]:
    """Every variant's power names in every language (lower case) -> the power's name."""
    table: dict[str, str] = {}
    for vid in VARIANT_IDS:
        for power, names in variant_data(vid)["powers"].items():
            for name in {power, *names.values()}:
                table.setdefault(name.strip().lower(), power)
    return table


@cache
def powers_of(vid: str) -> frozenset[str]:
    """The names of a variant's powers."""
    return frozenset(variant_data(vid)["powers"])


@cache
def _power_names_by_language() -> dict[tuple[str, str], str]:
    return {(power, language): name for vid in VARIANT_IDS
            for power, names in variant_data(vid)["powers"].items()
            for language, name in names.items()}


def variant_power_name(power: str, language: str) -> str:
    """A power's name in a language, from whichever variant names it (its own name else)."""
    table = _power_names_by_language()
    return table.get((power, language)) or table.get((power, "en")) or power
