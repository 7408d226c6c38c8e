"""`arbitro demo [--out DIR]`: the example game of the rulebook (seed 000, ESEMPIO DI GIOCO,
Spring 1901 to the builds of Winter 1902) played through the game service, with no Discord
and no network. Every player sends the orders exactly as the rulebook prints them (its
Italian-English mix); the builds, which the rulebook gives in prose, are written as orders.
Each phase's results and map go to `NN_<phase>.txt` and `NN_<phase>.png`, the positions
after every phase to `game.json` (CONTRACTS.md)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from engine.position import Position, centers_to_json
from engine.vocabulary import Power
from service.game_service import GameService
from service.models import GameSettings, PhaseReport, SubmissionReport
from service.notices.notifier import MemoryNotifier
from service.timing.clock import ManualClock

HELP = "play the rulebook's example game through the game service, writing results and maps"

MODERATOR = 1
PLAYERS = {power: 100 + i for i, power in enumerate(Power)}

# The orders of each season as printed in seeds/000 (ESEMPIO DI GIOCO), one line per power.
SEASONS: list[tuple[str, list[str]]] = [
    ("S1901M", [
        "INGHILTERRA: A Liv-Yor, F Lon-Nth, F Edi-Nrg",
        "GERMANIA: A Ber-Kie, A Mun.-Ruh, F Kie-Den.",
        "RUSSIA: A Mos-Ukr, A War-Gal, F StP.-Bot, F Sev-Bla",
        "TURCHIA: A Con-Bul, A Smy-Con, F Ank-Bla.",
        "AUSTRIA-UNGHERIA: A Vie-Tri, A Bud-Gal, F Tri-Alb.",
        "ITALIA: A Ven-Pie, A Rom-Ven, F Nap-Ion.",
        "FRANCIA: A Par-Bur, A Mar-Spa, F Bre-Pic.",
    ]),
    ("F1901M", [
        "INGHILTERRA: A Yor-Nwy, F Nth Sea C A Yor-Nwy, F Nrg-Bar.",
        "GERMANIA: A Kie-Hol, A Ruh-Bel, F Stands.",
        "RUSSIA: A Ukr S F Sev-Rum, A War-Gal, F Bot-Swe, F Sev-Rum.",
        "TURCHIA: A Bul-Ser, A Con-Bul, F Ank-Bla.",
        "AUSTRIA-UNGHERIA: A Tri Stands, A Bud-Ser, F Alb-Gre.",
        "ITALIA: A Ven Stands, A Pie-Mar, F Ion-Tun.",
        "FRANCIA: A Bur-Mar, A Spa-Por, F Pic-Bel.",
    ]),
    # "l'Inghilterra decide di costruire F Edi, la Germania F Kie e A Mun, la Russia A StP e
    # A Sev, la Turchia A Smy, l'Austria-Ungheria A Vie, l'Italia F Nap, la Francia F Mar."
    ("W1901A", [
        "INGHILTERRA: F Edi B",
        "GERMANIA: F Kie B, A Mun B",
        "RUSSIA: A StP B, A Sev B",
        "TURCHIA: A Smy B",
        "AUSTRIA-UNGHERIA: A Vie B",
        "ITALIA: F Nap B",
        "FRANCIA: F Mar B",
    ]),
    ("S1902M", [
        "GERMANIA: A Hol-Bel, A Ruh S Hol-Bel, A Mun-Bur, F Den Stands, F Kie-Hol.",
        "RUSSIA: A Ukr S F Rum, A Gal-Bud, A StP-Nwy, A Sev S F Rum, F Swe S StP-Nwy, "
        "F Rum Stands.",
        "TURCHIA: A Bul-Rum, A Con-Bul, A Smy-Arm, F Bla S Bul-Rum.",
        "AUSTRIA-UNGHERIA: A Tri-Bud, A Vie-Bud, A Bud-Ser, F Stands.",
        "ITALIA: A Ven Stands, A Pie-Mar, F Tun-Wes, F Nap-Tyr.",
        "FRANCIA: A Bur S F Pic-Bel, A Por-Spa, F Pic-Bel, F Mar Stands.",
        "INGHILTERRA: A Nwy-StP, F Nth-Nwy, F Bar S Nwy-StP, F Edi-Nth.",
    ]),
    ("F1902M", [
        "GERMANIA: A Ruh-Bur, A Mun S Ruh-Bur, A Bel S Ruh-Bur, F Den-Swe, F Hol S A Bel.",
        "RUSSIA: A StP-Nwy, F Swe S StP-Nwy, F Rum S A Sev, A Sev S F Rum, A Gal S F Rum, "
        "A Ukr S A Sev.",
        "TURCHIA: A Bul-Rum, A Con-Bul, A Arm-Sev, F S A Bul-Rum.",
        "AUSTRIA-UNGHERIA: A Vie-Gal, A Tri-Bud, A Ser S Turk, A Bul-Rum, F Stands.",
        "ITALIA: A Ven-Pie-Mar, F Wes-Mid, F Tyr-Gul.",
        "FRANCIA: A Bur-Bel, F Pic S Bur-Bel, A Spa S F Mar, F Mar S A Spa.",
        "INGHILTERRA: A Nwy-StP, F Bar S Nwy-StP, F Nth-Nwy, F Edi-Nth.",
    ]),
    # "Ritirate: Russia: StP-Mos; Francia: Bur-Gas."
    ("F1902R", [
        "RUSSIA: StP-Mos",
        "FRANCIA: Bur-Gas",
    ]),
    # "La Germania decide di costruire F Kiel, la Russia scioglie A Gal, la Turchia costruisce
    # F Smyrne, l'Austria-Ungheria costruisce A Tri, l'Italia non ha mutamenti da apportare,
    # la Francia costruisce A Paris, l'Inghilterra costruisce F Lon."
    ("W1902A", [
        "GERMANIA: F Kiel B",
        "RUSSIA: A Gal D",
        "TURCHIA: F Smyrne B",
        "AUSTRIA-UNGHERIA: A Tri B",
        "FRANCIA: A Paris B",
        "INGHILTERRA: F Lon B",
    ]),
]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", default="demo", help="folder for the results (default demo/)")
    parser.add_argument("--db", default=None,
                        help="SQLite file for the game (default: OUT/demo.sqlite, replaced)")


def run(args: argparse.Namespace) -> int:
    from service.storage.db import is_postgres, shown

    if args.db and is_postgres(args.db):
        print(f"arbitro demo: the demo plays in a SQLite file of its own, which it replaces; "
              f"it does not take a database server ({shown(args.db)}). To see the demo game "
              f"there: arbitro demo, then arbitro migrate-db {args.out}/demo.sqlite URL",
              file=sys.stderr)
        return 2
    out = Path(args.out)
    db = Path(args.db) if args.db else out / "demo.sqlite"
    try:
        phases = asyncio.run(play(out, db))
    except (OSError, RuntimeError) as exc:
        print(f"arbitro demo: {exc}", file=sys.stderr)
        return 1
    for number, report in enumerate(phases, 1):
        print(f"{number:02d}_{report.phase}: {len(report.results)} orders")
    print(f"wrote {len(phases)} phases and game.json to {out}/")
    return 0


def power_of(line: str) -> Power:
    return Power.parse(line.split(":", 1)[0])


async def play(out: Path, db: Path, renderer: Any = None) -> list[PhaseReport]:
    """Play the example into `out` (database `db`, replaced); the reports in play order."""
    out.mkdir(parents=True, exist_ok=True)
    for stale in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
        stale.unlink(missing_ok=True)
    clock, notifier = ManualClock(), MemoryNotifier()
    reports: list[PhaseReport] = []
    async with GameService.open(db, notifier=notifier, clock=clock, renderer=renderer,
                                scheduler=False, render_processes=0) as service:
        game = await service.games.create(channel_id=1, moderator_id=MODERATOR,
                                         name="Esempio di gioco",
                                         settings=GameSettings(rules="1971"))
        await service.games.start(game.id, MODERATOR, assignments=PLAYERS)
        for expected, lines in SEASONS:
            status = await service.games.status(game.id)
            if status.phase != expected:
                raise RuntimeError(f"the game reached {status.phase} where the rulebook plays "
                                   f"{expected}")
            sent = [await service.orders.submit(game.id, PLAYERS[power_of(line)], line)
                    for line in lines]
            # Everyone declares themselves ready: the phase is adjudicated at the last mark.
            for user in dict.fromkeys(PLAYERS.values()):
                if (await service.orders.set_ready(game.id, user)).adjudicated:
                    break
            else:
                raise RuntimeError(f"{expected} was not adjudicated when all were ready")
            report = (await service.history.phases(game.id))[-1]
            announced = notifier.posted("phase.results")[-1]
            reports.append(report)
            number = len(reports)
            (out / f"{number:02d}_{expected}.txt").write_text(
                orders_as_read(sent) + "\n\n" + report.text + "\n", encoding="utf-8")
            (out / f"{number:02d}_{expected}.png").write_bytes(announced.image)
    (out / "game.json").write_text(json.dumps(game_record(reports), indent=1) + "\n",
                                   encoding="utf-8")
    return reports


def game_record(reports: list[PhaseReport]) -> list[dict[str, Any]]:
    """One object per phase in the layout of `arbitro adjudicate`'s output; ownership that a
    phase leaves unchanged (Spring) is carried over, so every object has it."""
    centres = centers_to_json(Position.initial().supply_centers)
    record = []
    for report in reports:
        after = {key: report.after[key] for key in ("phase", "units_after", "dislodged_after")}
        centres = report.after.get("supply_centers_after", centres)
        after["supply_centers_after"] = centres
        record.append(after)
    return record


def orders_as_read(sent: list[SubmissionReport]) -> str:
    """Each line as sent, and how the order language read it."""
    lines = ["Orders as sent, and as read:"]
    for submission in sent:
        for line in submission.lines:
            if line.ok:
                extra = "; ".join(line.notes + ((line.warning,) if line.warning else ()))
                lines.append(f"  {line.input}  ->  {line.canonical}"
                             + (f"  ({extra})" if extra else ""))
            else:
                lines.append(f"  {line.input}  ->  not read: {line.error}")
    return "\n".join(lines)
