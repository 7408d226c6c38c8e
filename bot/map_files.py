"""A map as a Discord attachment with alt text (the attachment's `description`: what a screen
reader says, and what shows while the image does not load) in the reader's language: the units
and dislodged units the map shows, read from what the renderer wrote into the PNG
(`render.svg.contents`, docs/maps.md), so the words say what the picture shows, no more."""

from __future__ import annotations

import io

import discord

from bot.formatting import power_name, unit_text
from bot.i18n import tr
from render.png import read_text

LIMIT = 1024      # Discord's longest attachment description


def map_file(png: bytes, filename: str, lang: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=filename,
                        description=map_description(png, lang))


def map_description(png: bytes, lang: str) -> str | None:
    """"Map: England F London (LON), …; France …", with the dislodged units and, under fog of
    war, that only what is in sight is shown; None for a picture that says nothing of itself."""
    shown = read_text(png)
    if "Arbitro-units" not in shown:
        return None
    parts = [tr(lang, "map.alt", units=_units(shown["Arbitro-units"], lang)
                or tr(lang, "map.alt_no_units"))]
    if shown.get("Arbitro-dislodged"):
        parts.append(tr(lang, "map.alt_dislodged", units=_units(shown["Arbitro-dislodged"],
                                                                 lang)))
    if shown.get("Arbitro-sight", "all") != "all":
        parts.append(tr(lang, "map.alt_fog"))
    text = " ".join(parts)
    return text if len(text) <= LIMIT else text[:LIMIT - 1] + "…"


def _units(lines: str, lang: str) -> str:
    """"England F nth\\nEngland A yor" -> "England: F North Sea (NTH), A Yorkshire (YOR)"."""
    by_power: dict[str, list[str]] = {}
    for line in lines.split("\n"):
        if line:
            power, kind, location = line.rsplit(" ", 2)
            by_power.setdefault(power, []).append(unit_text(lang, f"{kind} {location.upper()}"))
    return "; ".join(f"{power_name(lang, p)}: {', '.join(units)}"
                     for p, units in by_power.items())
