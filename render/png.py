"""PNG writing for the map: an 8-bit palette chosen once per colour scheme, and a writer with no
row filters and zlib-ng's deflate.

Why not Pillow's `save`: Pillow runs its adaptive row filter on every RGB image (10-12 ms for a
map), which does not pay for a flat-coloured picture; no filter and deflate level 3 is several
times faster and smaller. Why a palette: the map has a few thousand colours, but the 256 most
common cover 98 % of its pixels (the board's named colours, and the anti-aliased edges between
them), so an 8-bit palette halves the file (about 60 KB instead of 120 KB) for a colour shift on
some edge pixels only (tests/render/test_reference.py bounds it)."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from zlib_ng import zlib_ng

# zlib-ng level 3: the benchmark's board (larger names, a letter on each unit) is 77 KB at
# level 2 and 74 KB at level 3 for 0.4 ms more; level 6 would save 6 KB more for 5 ms.
LEVEL = 3
# A map bigger than this at LEVEL (a crowded board) is deflated again at RETRY_LEVEL (5 ms
# more, a tenth smaller), so maps stay under 80 KB, which Discord shows at once on a phone.
RETRY_ABOVE, RETRY_LEVEL = 76_000, 6
# Chaos's map (34 tints, a legend of 34) is 78 KB at LEVEL: deflated again only when over 80 KB
# would be near (its 8 ms more would take it over 25 ms).
CROWDED_RETRY_ABOVE = 79_500


@dataclass(frozen=True)
class ColourMap:
    """A palette of at most 256 colours and, for every colour, the index of the nearest one,
    looked up in a table over colours at `BITS` bits per channel. Each palette colour maps to
    itself exactly (the flat land, sea, borders and power colours are palette colours); any
    other colour (anti-aliased edges) to the palette colour nearest its table cell's centre.
    Pillow's own palette mapping was tried first: it maps through a coarser cache and gave
    white as (252, 251, 250)."""
    colours: bytes          # RGB triples
    table: np.ndarray       # uint8 palette index, indexed by (pixel & CELL_MASK) >> CELL_SHIFT

    @classmethod
    def of(cls, colours: list[tuple[int, int, int]]) -> ColourMap:
        palette = np.array(colours, dtype=np.float32)
        cells_per_channel, step = 1 << BITS, 256 >> BITS
        centres = np.arange(cells_per_channel, dtype=np.float32) * step + (step - 1) / 2
        cells = np.stack(np.meshgrid(centres, centres, centres, indexing="ij"), -1).reshape(-1, 3)
        table = np.empty(len(cells), dtype=np.uint8)
        lengths = (palette * palette).sum(1)
        for start in range(0, len(cells), 8192):   # |c - p|^2 less |c|^2, in slices
            chunk = cells[start:start + 8192]
            table[start:start + 8192] = (lengths[None, :] - 2 * (chunk @ palette.T)).argmin(1)
        exact = np.array(colours, dtype=np.int64)
        table[(exact[:, 0] >> SHIFT << 2 * BITS) | (exact[:, 1] >> SHIFT << BITS)
              | (exact[:, 2] >> SHIFT)] = np.arange(len(colours))
        # Spread over the bits a pixel's cell is read from with one mask and one shift (a
        # sparse table of 4 MB: two numpy passes per map instead of eight).
        r, g, b = np.meshgrid(*[np.arange(cells_per_channel)] * 3, indexing="ij")
        sparse = np.zeros(1 << (24 - SHIFT), dtype=np.uint8)
        sparse[(r | g << 8 | b << 16).reshape(-1)] = table
        return cls(bytes(c for colour in colours for c in colour), sparse)

    def indices(self, rgba: np.ndarray) -> np.ndarray:
        """The palette index of each pixel of an (height, width, 4) uint8 RGBA array."""
        packed = rgba.view(np.uint32)[:, :, 0]     # little-endian: R in the low byte
        return self.table[(packed & CELL_MASK) >> SHIFT]


BITS = 6    # 262,144 table cells: half a second once per palette; a cell spans 4 levels
SHIFT = 8 - BITS
CELL_MASK = np.uint32(sum(((1 << BITS) - 1) << (SHIFT + 8 * i) for i in range(3)))


def _chunk(kind: bytes, body: bytes) -> bytes:
    return (struct.pack(">I", len(body)) + kind + body
            + struct.pack(">I", zlib.crc32(body, zlib.crc32(kind))))


def text_chunk(key: str, text: str) -> bytes:
    """A compressed iTXt chunk: `key` (Latin-1, 1-79 characters) and UTF-8 `text`, which any
    PNG reader (Pillow's `Image.text`) gives back without decoding the picture."""
    body = (key.encode("latin-1") + b"\0" + b"\1\0" + b"\0" + b"\0"
            + zlib.compress(text.encode("utf-8")))
    return _chunk(b"iTXt", body)


def read_text(png: bytes) -> dict[str, str]:
    """The iTXt chunks of a PNG (key: text), compressed or not; nothing else is decoded."""
    out: dict[str, str] = {}
    pos = 8
    while pos + 8 <= len(png):
        (length,) = struct.unpack(">I", png[pos:pos + 4])
        kind, body = png[pos + 4:pos + 8], png[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind != b"iTXt":
            continue
        key, _, rest = body.partition(b"\0")
        compressed, rest = rest[0], rest[2:]
        _language, _, rest = rest.partition(b"\0")
        _translated, _, text = rest.partition(b"\0")
        out[key.decode("latin-1")] = (zlib.decompress(text) if compressed else text).decode()
    return out


def write_png(indices: np.ndarray, colours: bytes, level: int = LEVEL,
              retry: bool = True, retry_above: int | None = None,
              text: Mapping[str, str] | None = None) -> bytes:
    """An 8-bit palette PNG of `indices` ((height, width) uint8), every row unfiltered;
    `retry`: deflated again at RETRY_LEVEL when larger than `retry_above` (None:
    RETRY_ABOVE); `text`: iTXt chunks (key: text) written after the picture."""
    height, width = indices.shape
    raw = np.zeros((height, width + 1), dtype=np.uint8)   # column 0: filter type 0 ("none")
    raw[:, 1:] = indices
    data = raw.tobytes()
    packed = zlib_ng.compress(data, level)
    notes = b"".join(text_chunk(key, value) for key, value in (text or {}).items())
    limit = RETRY_ABOVE if retry_above is None else retry_above
    if retry and len(packed) + len(notes) > limit and level < RETRY_LEVEL:  # the file's size
        packed = zlib_ng.compress(data, RETRY_LEVEL)
    used = int(indices.max()) + 1
    return b"".join([
        b"\x89PNG\r\n\x1a\n",
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
        _chunk(b"PLTE", colours[:3 * used]),
        _chunk(b"IDAT", packed),
        notes,
        _chunk(b"IEND", b""),
    ])
