"""Map rendering speed on every variant, and the fog of war's per-player maps.

    python -m bench.render_variants [--repeat N] [--out DIR]

Each variant's map with orders and results, `render_png(position, results=..., variant=...)`:
- standard and the classic-map variants (`fleet_rome`, `france_austria`, `germany_italy` draw
  the same board): `bench.render`'s full board, 34 units, each ordered, adjudicated;
- `chaos`: the same full board and results with each unit given to the Chaos power of the centre
  it stands on (34 powers, 34 units);
- `ancmed`, `pure`: the openings of `testbed/variant_maps.py` (every unit ordered, half failing).
Targets (issue 23): at most 25 ms of CPU (median) and 80 KB each.

Fog of war: the seven maps of the standard full board, one per power, each showing what the
power sees (the provinces its units and centres occupy or border); target: at most 100 ms of
CPU for the seven. CPU time of this process (`time.process_time`), best and median of
`--repeat` runs; each board's set-up (drawn once per process) is done before the timing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace
from pathlib import Path

from bench.render import full_board, png_size
from engine import Position, adjudicate, standard_board
from engine.outcomes import OrderResult
from engine.vocabulary import Power, Unit
from render import render_png
from render.variants import map_variant
from testbed.variant_maps import CASES

TARGET_MS, TARGET_KB, TARGET_FOG_MS = 25.0, 80.0, 100.0


def chaos_full_board(position: Position, results: list[OrderResult]
                     ) -> tuple[Position, list[OrderResult]]:
    """The full board with each unit (and its order) the Chaos power of its centre."""
    owner = {mark.lower(): power for power, mark in map_variant("chaos").marks.items()}
    units = tuple(Unit(owner[u.province], u.type, u.location) for u in position.units)
    centres = {owner[u.province]: frozenset([u.province]) for u in position.units}
    by_location = {u.location: owner[u.province] for u in position.units}
    moved = [replace(r, power=by_location[r.order.location]) for r in results]
    return replace(position, units=units, supply_centers=centres), moved


def sight(position: Position, power: Power) -> frozenset[str]:
    board = standard_board()
    own = {u.province for u in position.units_of(power)} | set(position.supply_centers[power])
    return frozenset(own | {n for p in own for n in board.provinces_touching(p)})


def measure(work, repeat: int) -> tuple[list[float], bytes]:
    times, png = [], b""
    for _ in range(repeat):
        began = time.process_time()
        png = work()
        times.append(time.process_time() - began)
    return times, png


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="map rendering on every variant")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--out", type=Path, default=None, help="folder to keep the PNGs in")
    args = parser.parse_args(argv)

    position, orders = full_board()
    results = list(adjudicate(position, orders, "2023").results)
    maps = {name: (position, results) for name in
            ("standard", "fleet_rome", "france_austria", "germany_italy")}
    maps["chaos"] = chaos_full_board(position, results)
    maps["ancmed"] = CASES["ancmed"]()
    maps["pure"] = CASES["pure"]()

    header = f"{'variant':16} {'cpu ms best / median':>22} {'set-up ms':>10} {'PNG KB':>8} {'pixels':>9}"
    print(header)
    print("-" * len(header))
    worst = 0.0
    for name, (shown, drawn) in maps.items():
        began = time.process_time()
        render_png(shown, results=drawn, variant=name)
        setup = time.process_time() - began
        times, png = measure(lambda s=shown, d=drawn, n=name: render_png(s, results=d, variant=n),
                             args.repeat)
        median = statistics.median(times) * 1000
        worst = max(worst, median)
        w, h = png_size(png)
        print(f"{name:16} {min(times) * 1000:>11.1f} / {median:>8.1f} {setup * 1000:>10.0f} "
              f"{len(png) / 1000:>8.1f} {f'{w}x{h}':>9}")
        assert len(png) <= TARGET_KB * 1000, f"{name}: {len(png)} bytes"
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{name}.png").write_bytes(png)

    sights = {power: sight(position, power) for power in Power}
    render_png(position, results=results, visible=sights[Power.ENGLAND])   # the fog's board
    fog_times, png = measure(lambda: [render_png(position, results=results, visible=s)
                                      for s in sights.values()][-1], args.repeat)
    fog = statistics.median(fog_times) * 1000
    print(f"\nfog of war, seven per-player maps: {min(fog_times) * 1000:.1f} / {fog:.1f} ms "
          f"CPU in all (target <= {TARGET_FOG_MS:.0f} ms); the last {len(png) / 1000:.1f} KB")
    print(f"slowest variant median {worst:.1f} ms (target <= {TARGET_MS:.0f} ms)")
    if args.out:
        (args.out / "fog_turkey.png").write_bytes(png)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
