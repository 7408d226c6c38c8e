"""Draw the example maps of the README and `docs/` into `docs/`.

    python -m tools.make_doc_maps

- `docs/map_s1901m.png`: the Spring 1901 opening with the orders of the rulebook's example game
  (seed 000), adjudicated under the 1971 rules;
- `docs/map_midgame.png` and `docs/map_retreat.png`: a movement phase of a game in
  ../shared/games with its orders and outcomes, and the retreat phase that follows it;
- `docs/map_midgame_after.png`: the same movement phase as the new position with its results,
  in Italian (`after=`, `language="it"`);
- `docs/map_midgame_colourblind.png`: the movement phase in the colour-blind palette;
- `docs/map_midgame_large.png`: the movement phase as the large map (1440 px), in Dutch, and
  `docs/map_midgame_400.png` the posted map scaled to 400 px wide, as Discord previews it;
- `docs/map_chart.png`: that game's supply centres per year, in Dutch;
- `docs/map_replay.gif`: that game's first two years as an animated image;
- `docs/map_ancmed.png`, `map_chaos.png`, `map_pure.png`, `map_france_austria.png` (in
  Italian, its orders adjudicated): the variants' maps with orders and results
  (`testbed/variant_maps.py`, `bench/render_variants.py`), and `docs/map_fog.png` the
  benchmark's full board as England sees it under fog of war (`--only variants`: these alone).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path

from PIL import Image

from bench.engine import MILA_RULES, OPENING
from bench.render import full_board
from bench.render_variants import chaos_full_board, sight
from engine import Position, Power, adjudicate
from engine.records import game_phase_position, replay_game
from render import render_png
from render.chart import render_chart, yearly_counts
from render.replay import Frame, render_replay
from testbed.variant_maps import CASES

ROOT = Path(__file__).resolve().parent.parent
GAME = "cicero_game_433761_ENGLAND_AG.json"
MOVEMENT, RETREAT = "F1904M", "F1904R"
REPLAY_YEARS = 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--only", choices=["variants"], default=None)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    variant_maps(args.out)
    if args.only == "variants":
        return 0

    opening = Position.initial()
    result = adjudicate(opening, OPENING, "1971")
    (args.out / "map_s1901m.png").write_bytes(
        render_png(opening, results=result.results, game_name="Esempio di gioco"))

    game = json.loads((args.shared / "games" / GAME).read_text(encoding="utf-8"))
    name = f"cicero {game['id'].split('_')[2]}"
    frames: list[Frame] = []
    previous = None
    for phase, result in replay_game(game["phases"], MILA_RULES):
        retreat = phase["phase"].endswith("R") and previous is not None
        position = (game_phase_position(phase, previous.dislodged_after) if retreat
                    else game_phase_position(phase))
        frames.append(Frame(position, result.results, result.civil_disorder))
        drawn = dict(results=result.results, game_name=name,
                     civil_disorder=result.civil_disorder)
        if phase["phase"] == MOVEMENT:
            posted = render_png(position, **drawn)
            (args.out / "map_midgame.png").write_bytes(posted)
            (args.out / "map_midgame_large.png").write_bytes(
                render_png(position, language="nl", size="large", **drawn))
            with Image.open(io.BytesIO(posted)) as image:
                image.convert("RGB").resize((400, round(image.height * 400 / image.width)),
                                            Image.Resampling.LANCZOS).save(
                    args.out / "map_midgame_400.png", optimize=True)
            (args.out / "map_midgame_colourblind.png").write_bytes(
                render_png(position, palette="colourblind", **drawn))
            (args.out / "map_midgame_after.png").write_bytes(render_png(
                position, after=result.next_position, language="it", **drawn))
        elif phase["phase"] == RETREAT:
            (args.out / "map_retreat.png").write_bytes(render_png(position, **drawn))
        previous = result
    (args.out / "map_chart.png").write_bytes(render_chart(
        yearly_counts(f.position for f in frames), game_name=name, language="nl"))
    first_years = [f for f in frames
                   if f.position.phase.year < frames[0].position.phase.year + REPLAY_YEARS]
    (args.out / "map_replay.gif").write_bytes(render_replay(first_years, game_name=name))
    print(f"wrote {', '.join(sorted(p.name for p in args.out.glob('map_*')))} in {args.out}")
    return 0


def variant_maps(out: Path) -> None:
    position, results = CASES["ancmed"]()
    (out / "map_ancmed.png").write_bytes(render_png(
        position, results=results, variant="ancmed", game_name="Mare Nostrum"))
    (out / "map_pure.png").write_bytes(render_png(
        *CASES["pure"]()[:1], results=CASES["pure"]()[1], variant="pure", game_name="Pure"))
    board, orders = full_board()
    adjudicated = list(adjudicate(board, orders, "2023").results)
    chaos, chaos_results = chaos_full_board(board, adjudicated)
    (out / "map_chaos.png").write_bytes(render_png(
        chaos, results=chaos_results, variant="chaos", game_name="Caos", language="it"))
    fva, drawn_case = CASES["france_austria"]()
    fva_orders: dict[str, list[str]] = {}
    for r in drawn_case:
        fva_orders.setdefault(str(r.power), []).append(r.text)
    fva_results = list(adjudicate(fva, fva_orders, "2023").results)
    (out / "map_france_austria.png").write_bytes(render_png(
        fva, results=fva_results, game_name="Parigi contro Vienna", language="it"))
    (out / "map_fog.png").write_bytes(render_png(
        board, results=adjudicated, visible=sight(board, Power.ENGLAND), game_name="Nebbia",
        counts={"England": len(board.supply_centers.get(Power.ENGLAND, ()))}))


if __name__ == "__main__":
    sys.exit(main())
