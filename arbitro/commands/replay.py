"""`arbitro replay GAME --out FILE [--db PATH] [--chart PNG]`: a game's phases as an animated
image (CONTRACTS.md): GIF, or animated PNG or WebP by the extension of FILE, within Discord's
10 MB upload limit, in the game's language. `--chart` also writes the supply-centre chart. The
database is `--db`, else `$ARBITRO_DB`, else `arbitro.sqlite` (as `arbitro bot`): a SQLite
file or a `postgresql://` URL."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

HELP = "draw a game's phases as an animated image (GIF, PNG or WebP by the file's extension)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", type=int, help="the game's number")
    parser.add_argument("--out", metavar="FILE", required=True,
                        help="the image: .gif, .png (animated) or .webp")
    parser.add_argument("--db", metavar="PATH", default=None,
                        help="the SQLite file or postgresql:// URL (default: $ARBITRO_DB, "
                             "else arbitro.sqlite)")
    parser.add_argument("--chart", metavar="PNG", default=None,
                        help="also write the supply-centre chart to this PNG")


def run(args: argparse.Namespace) -> int:
    from arbitro.commands import environment_db
    from ops.settings import SettingsError
    from render.chart import render_chart, yearly_counts
    from render.replay import ReplayTooLarge, render_replay, replay_format
    from service.history.replay_source import NoSuchGame, read_story_from
    from service.storage.opening import Unreachable

    out = Path(args.out)
    try:
        kind = replay_format(out.suffix or "?")
    except ValueError as exc:
        print(f"arbitro replay: {exc}", file=sys.stderr)
        return 2
    try:
        db = environment_db(args)
    except SettingsError as exc:
        print(f"arbitro replay: {exc}", file=sys.stderr)
        return 2
    try:
        story = asyncio.run(read_story_from(db, args.game))
    except (FileNotFoundError, NoSuchGame, Unreachable) as exc:
        print(f"arbitro replay: {exc}", file=sys.stderr)
        return 2
    if not story.frames:
        print(f"arbitro replay: game {args.game} has not started: no phase to draw",
              file=sys.stderr)
        return 2
    try:
        image = render_replay(story.frames, image_format=kind, game_name=story.game.name,
                              language=story.language)
    except ReplayTooLarge as exc:
        print(f"arbitro replay: {exc}", file=sys.stderr)
        return 1
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(image)
        if args.chart:
            Path(args.chart).write_bytes(render_chart(
                yearly_counts(f.position for f in story.frames), game_name=story.game.name,
                language=story.language, target=story.game.settings.target))
    except OSError as exc:
        print(f"arbitro replay: cannot write: {exc}", file=sys.stderr)
        return 2
    print(f"{out}: {len(story.frames)} phases, {len(image) / 1e6:.1f} MB")
    return 0
