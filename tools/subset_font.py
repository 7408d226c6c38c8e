"""Cut the map font down to the characters the renderer writes.

    pip install '.[geometry]'
    python -m tools.subset_font        # writes render/fonts/DejaVuSans-Bold-subset.ttf

resvg reads the whole font file on every render; the full DejaVu Sans Bold (700 KB, thousands
of glyphs) costs about 15 ms of each map, the subset (Latin-1 and a little punctuation) almost
nothing. The source is Debian's `fonts-dejavu-core` (`apt-get install fonts-dejavu-core`), the
licence (Bitstream Vera, DejaVu changes public domain) ships beside the font; the family name
stays "DejaVu Sans", which the licence allows (it forbids only "Bitstream" and "Vera").
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools import subset

SOURCE = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
OUTPUT = Path(__file__).resolve().parent.parent / "render" / "fonts" / "DejaVuSans-Bold-subset.ttf"
# Printable ASCII, Latin-1 (Italian and Dutch names of games), the middle dot of the phase
# title, dashes, typographic apostrophe, ellipsis.
UNICODES = "U+0020-007E,U+00A0-00FF,U+00B7,U+2013,U+2014,U+2019,U+2026"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE)
    parser.add_argument("--out", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    subset.main([str(args.source), f"--unicodes={UNICODES}", "--layout-features=kern",
                 f"--output-file={args.out}"])
    print(f"wrote {args.out}: {args.out.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
