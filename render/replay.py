"""A game you can watch again: every phase's map (the position with its orders and their
results) as one frame of an animated image, GIF, animated PNG or WebP, within Discord's upload
limit.

    from render.replay import Frame, render_replay
    gif = render_replay([Frame(position, results, civil_disorder), ...], image_format="gif",
                        game_name="Lepanto", language="it")

Every frame is drawn as the map is (`render.layered`); a GIF keeps the map's own 256-colour
palette for all frames, so nothing is quantised twice. When the image would be over
`max_bytes`, the frames are drawn smaller (down to half size) until it fits."""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
from PIL import Image

from engine.outcomes import OrderResult
from engine.position import Position
from engine.vocabulary import Power
from render.layered import layered_rgba, scene_colours
from render.svg import drawing

# Discord's upload limit for a bot without boosts is 10 MiB; stay under 10 MB.
MAX_BYTES = 10_000_000
FORMATS = {"gif": "GIF", "png": "PNG", "apng": "PNG", "webp": "WEBP"}
SCALES = (1.0, 0.8, 0.65, 0.5)


@dataclass(frozen=True)
class Frame:
    """One phase: its position, its adjudicated orders, the powers in civil disorder."""
    position: Position
    results: Sequence[OrderResult] = ()
    civil_disorder: frozenset[Power] = field(default_factory=frozenset)


class ReplayTooLarge(ValueError):
    """Even at the smallest size the image is over the limit."""


def replay_format(name: str) -> str:
    """"gif", "png"/"apng" or "webp" (a file extension, without or with its dot)."""
    key = name.lower().lstrip(".")
    if key not in FORMATS:
        raise ValueError(f"unknown replay format {name!r}: use .gif, .png (animated) or .webp")
    return key


def render_replay(frames: Iterable[Frame], *, image_format: str = "gif", game_name: str = "",
                  language: str = "en", palette: str = "standard",
                  frame_seconds: float = 1.5, last_frame_seconds: float = 5.0,
                  max_bytes: int = MAX_BYTES) -> bytes:
    """The animated image of `frames` in order, as bytes of `image_format`."""
    kind = FORMATS[replay_format(image_format)]
    frames = list(frames)
    if not frames:
        raise ValueError("a replay needs at least one phase")
    scenes = [drawing(f.position, results=f.results, civil_disorder=f.civil_disorder,
                      game_name=game_name, language=language, palette=palette) for f in frames]
    colours = scene_colours(scenes[0])      # the game's variant's colours (issue 23)
    indexed = [colours.indices(layered_rgba(scene)) for scene in scenes]
    durations = [round(frame_seconds * 1000)] * (len(frames) - 1)
    durations.append(round(last_frame_seconds * 1000))
    for scale in SCALES:
        images = [_image(i, colours.colours, scale, kind) for i in indexed]
        data = _save(images, kind, durations)
        if len(data) <= max_bytes:
            return data
    raise ReplayTooLarge(f"{len(frames)} phases make {len(data):,} bytes even at half size; "
                         f"the limit is {max_bytes:,}")


def _image(indices: np.ndarray, colours: bytes, scale: float, kind: str) -> Image.Image:
    image = Image.fromarray(indices, "P")
    image.putpalette(colours)
    if scale == 1.0 and kind == "GIF":
        return image
    rgb = image.convert("RGB")
    if scale != 1.0:
        rgb = rgb.resize((round(rgb.width * scale), round(rgb.height * scale)),
                         Image.Resampling.LANCZOS)
    if kind != "GIF":
        return rgb
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours)
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


def _save(images: list[Image.Image], kind: str, durations: list[int]) -> bytes:
    out = io.BytesIO()
    options: dict = {"save_all": True, "append_images": images[1:], "duration": durations,
                     "loop": 0}
    if kind == "WEBP":
        options.update(quality=80, method=4)
    elif kind == "GIF":
        options.update(optimize=False, disposal=1)
    images[0].save(out, format=kind, **options)
    return out.getvalue()
