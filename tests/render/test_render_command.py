"""`arbitro render` as a command: records in, PNG files out (CONTRACTS.md)."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from arbitro.cli import main
from engine import Power
from render.geometry import standard_geometry
from render.palette import POWER_COLOURS
from render.svg import OUTPUT_WIDTH
from tests.render.png_pixels import read_png

OPENING = {
    "id": "opening", "phase": "movement", "season": "Spring 1901",
    "units": [{"power": "France", "type": "A", "location": "par"},
              {"power": "Germany", "type": "A", "location": "mun"},
              {"power": "Russia", "type": "F", "location": "stp/sc"}],
    "supply_centers": {"France": ["par"], "Germany": ["mun"], "Russia": ["stp"]},
    "orders": {"France": ["A PAR - BUR"], "Germany": ["A MUN H"]},
}
RETREAT = {
    "id": "6.H.1", "phase": "retreat", "season": "Spring 1901",
    "units": [{"power": "Italy", "type": "A", "location": "tri"}],
    "dislodged": [{"power": "Austria", "type": "F", "location": "tri", "attacker_from": "ven"}],
    "supply_centers": None,
    "orders": {"Austria": ["F TRI - ALB"]},
}


def is_png(path) -> bool:
    return path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def write(tmp_path, data, name="in.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_one_record_is_drawn_to_map_png_by_default(tmp_path, monkeypatch):
    source = write(tmp_path, OPENING)
    monkeypatch.chdir(tmp_path)
    assert main(["render", str(source)]) == 0
    image = read_png((tmp_path / "map.png").read_bytes())
    assert image.width == OUTPUT_WIDTH


def test_out_names_the_file_and_standard_input_is_read_without_file(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(OPENING)))
    out = tmp_path / "sub" / "here.png"
    assert main(["render", "--out", str(out)]) == 0
    assert is_png(out)


def _arrow_pixel(path) -> tuple[int, int, int]:
    """A point on the shaft of the Paris-Burgundy arrow (a third of the way, clear of the
    arrowhead and of the cross a failed order gets there), in PNG pixels."""
    geometry = standard_geometry()
    (px, py), (bx, by) = geometry.anchor("par"), geometry.anchor("bur")
    scale = OUTPUT_WIDTH / geometry.width
    x, y = px + (bx - px) * 0.4, py + (by - py) * 0.4
    return read_png(path.read_bytes()).pixel(x * scale, y * scale)


def _near(actual, colour: str, tolerance: int = 12) -> bool:
    expected = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected, strict=True))


def test_orders_are_drawn_only_with_the_orders_flag(tmp_path):
    source = write(tmp_path, OPENING)
    plain, drawn = tmp_path / "plain.png", tmp_path / "orders.png"
    assert main(["render", "--out", str(plain), str(source)]) == 0
    assert main(["render", "--orders", "--out", str(drawn), str(source)]) == 0
    assert _near(_arrow_pixel(drawn), POWER_COLOURS[Power.FRANCE])
    assert not _near(_arrow_pixel(plain), POWER_COLOURS[Power.FRANCE])


def test_order_results_make_a_failed_order_look_failed(tmp_path):
    record = dict(OPENING, order_results={"France: A PAR - BUR": "fails",
                                          "Germany: A MUN H": "succeeds"})
    source = write(tmp_path, record)
    out = tmp_path / "failed.png"
    assert main(["render", "--orders", "--out", str(out), str(source)]) == 0
    # Faded to 55 %: no longer the full colour, but not the ground either.
    pixel = _arrow_pixel(out)
    assert not _near(pixel, POWER_COLOURS[Power.FRANCE])
    assert pixel[2] > pixel[0]  # still blue (France) over the neutral ground


def test_a_list_is_drawn_into_a_folder_one_file_per_record_named_by_id_or_index(tmp_path):
    unnamed = {k: v for k, v in OPENING.items() if k != "id"}
    source = write(tmp_path, [OPENING, RETREAT, unnamed, dict(OPENING, id="../odd name")])
    folder = tmp_path / "maps"
    assert main(["render", "--orders", "--out", str(folder), str(source)]) == 0
    assert sorted(p.name for p in folder.iterdir()) == [
        "3.png", "6.H.1.png", "odd_name.png", "opening.png"]
    assert all(is_png(p) for p in folder.iterdir())


def test_records_sharing_an_id_are_all_kept(tmp_path):
    source = write(tmp_path, [OPENING, OPENING])
    folder = tmp_path / "maps"
    assert main(["render", "--out", str(folder), str(source)]) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["opening.png", "opening_2.png"]


def test_text_that_is_no_order_is_reported_and_the_rest_is_drawn(tmp_path, capsys):
    record = dict(OPENING, orders={"France": ["A PAR - BUR", "march on Berlin"]})
    source = write(tmp_path, record)
    out = tmp_path / "map.png"
    assert main(["render", "--orders", "--out", str(out), str(source)]) == 0
    assert "not an order: France: 'march on Berlin'" in capsys.readouterr().err
    assert _near(_arrow_pixel(out), POWER_COLOURS[Power.FRANCE])


@pytest.mark.parametrize("content,message", [
    ("{not json", "cannot read input"),
    ('"a string"', "must be a JSON object"),
    (json.dumps(dict(OPENING, units=[{"power": "Prussia", "type": "A", "location": "ber"}])),
     "record opening: unknown power: 'Prussia'"),
    (json.dumps(dict(OPENING, units=[{"power": "France", "type": "A"}])),
     "record opening: missing field 'location'"),
    (json.dumps(dict(OPENING, phase="S19X1M")), "record opening:"),
    (json.dumps(dict(OPENING, units=[{"power": "France", "type": "A", "location": "paris"}])),
     "record opening: France A stands at 'paris', which is not a province of the board"),
    (json.dumps([OPENING, 7]), "record 2: a record must be a JSON object"),
])
def test_bad_input_is_refused_with_a_message_naming_the_problem(tmp_path, capsys, content,
                                                               message):
    source = tmp_path / "bad.json"
    source.write_text(content, encoding="utf-8")
    out = tmp_path / "out.png"
    assert main(["render", "--out", str(out), str(source)]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_a_missing_file_is_refused(tmp_path, capsys):
    assert main(["render", str(tmp_path / "nowhere.json")]) == 2
    assert "cannot read input" in capsys.readouterr().err


def test_the_installed_command_runs_as_a_program(tmp_path):
    out = tmp_path / "map.png"
    done = subprocess.run([sys.executable, "-m", "arbitro", "render", "--orders", "--out",
                           str(out)], input=json.dumps(RETREAT), capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert is_png(out)
