"""Arbitro installs and runs on a machine with nothing but Python: every compiled module of the
installed project and of what it depends on (not the test tools) links only libraries that any
Python wheel may assume (the C and C++ runtimes, libm, libz) or that the wheel itself carries
(auditwheel's `<package>.libs/`). A wheel that needs the system's GL, EGL or X11 (as
skia-python's did) installs without error on a slim container and then fails at import."""

from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path

import pytest
from elftools.elf.dynamic import DynamicSection
from elftools.elf.elffile import ELFFile

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the shared-library check reads ELF files (Linux)")

# What a bare Linux with Python has: glibc's libraries, the GCC runtimes, zlib (manylinux
# policy's libraries less its X11, GL and GLib ones).
MINIMAL = {"libc.so.6", "libm.so.6", "libdl.so.2", "libpthread.so.0", "librt.so.1",
           "libutil.so.1", "libresolv.so.2", "libnsl.so.1", "libcrypt.so.1", "libgcc_s.so.1",
           "libstdc++.so.6", "libz.so.1", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1"}


def needed(path: Path) -> list[str]:
    """The shared libraries an ELF file asks the loader for (its DT_NEEDED entries)."""
    with path.open("rb") as handle:
        elf = ELFFile(handle)
        return [tag.needed for section in elf.iter_sections()
                if isinstance(section, DynamicSection)
                for tag in section.iter_tags() if tag.entry.d_tag == "DT_NEEDED"]


def runtime_distributions(root: str = "arbitro") -> set[str]:
    """`root` and every distribution it requires to run, transitively (no extras)."""
    seen: set[str] = set()
    todo = [root]
    while todo:
        name = re.sub(r"[-_.]+", "-", todo.pop()).lower()
        if name in seen:
            continue
        seen.add(name)
        for requirement in metadata.requires(name) or []:
            if "extra ==" in requirement:
                continue
            if ";" in requirement and not _applies(requirement.split(";", 1)[1]):
                continue
            todo.append(re.match(r"[A-Za-z0-9_.-]+", requirement).group(0))
    return seen


def _applies(marker: str) -> bool:
    from packaging.markers import Marker
    return Marker(marker).evaluate()


def outside_the_minimal_set(names: list[str], bundled: set[str]) -> list[str]:
    return [name for name in names if name not in MINIMAL and name not in bundled]


def compiled_files(distribution: str) -> list[Path]:
    dist = metadata.distribution(distribution)
    return [Path(dist.locate_file(f)) for f in dist.files or []
            if re.search(r"\.so(\.\d+)*$", str(f))]


def test_every_compiled_module_links_only_the_minimal_set_or_what_its_wheel_carries():
    distributions = runtime_distributions()
    assert {"aggdraw", "numpy", "pillow", "resvg-py"} <= distributions
    checked, offending = 0, []
    for distribution in sorted(distributions):
        files = compiled_files(distribution)
        bundled = {f.name for f in files}
        for path in files:
            checked += 1
            offending += [(distribution, path.name, lib)
                          for lib in outside_the_minimal_set(needed(path), bundled)]
    assert checked > 10, "no compiled module found: the check would pass on nothing"
    assert offending == []


def test_the_check_reads_real_libraries_and_refuses_gl_and_x11():
    numpy_module = next(p for p in compiled_files("numpy") if "_multiarray_umath" in p.name)
    assert "libc.so.6" in needed(numpy_module)
    assert outside_the_minimal_set(["libc.so.6", "libGL.so.1", "libX11.so.6", "libEGL.so.1"],
                                   set()) == ["libGL.so.1", "libX11.so.6", "libEGL.so.1"]
    assert outside_the_minimal_set(["libfreetype-2f3b32b6.so.6.16.1"],
                                   {"libfreetype-2f3b32b6.so.6.16.1"}) == []


def test_the_map_is_drawn_by_modules_from_that_set():
    from render import render_png
    from tests.render.cases import cases

    kwargs = dict(cases()["midgame"])
    png = render_png(kwargs.pop("position"), **kwargs)
    assert png.startswith(b"\x89PNG")
    assert "skia" not in sys.modules
