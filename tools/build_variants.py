"""Write the variant folders `engine/variants/<id>/variant.json` from the published board files.

    python -m tools.build_variants --maps ../shared/variants

Board facts (borders, coasts, centres, homes, starting units, the calendar, the flags) are read
from DPjudge's `.map` files (MIT; `../shared/variants/`) by `tools/map_files.py`; the classic
geography is our own `engine/data/standard.json` (which the reader reproduces exactly from the
`diplomacy` package's `standard.map`: tests/engine/test_variant_maps.py). The names in Italian and
Dutch and the one-line descriptions are written here. The engine reads only the JSON.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import languages
from tools.map_files import read_map

ROOT = Path(__file__).resolve().parent.parent

# id: (name en, it, nl), (one line en, it, nl)

# the 1-vs-1 games' description, in English, Italian and Dutch
ONE_VS_ONE = ("Two players on the classic board: the other powers are absent, their centres "
              "neutral; 18 centres to win.",
              "Due giocatori sulla mappa classica: le altre potenze sono assenti, i loro centri "
              "neutrali; 18 centri per vincere.",
              "Twee spelers op het klassieke bord: de andere landen ontbreken, hun centra "
              "zijn neutraal; 18 centra om te winnen.")

ABOUT = {
    "standard": (("Standard", "Classica", "Standaard"),
                 ("The classic board: seven powers, 18 centres to win.",
                  "La mappa classica: sette potenze, 18 centri per vincere.",
                  "Het klassieke bord: zeven landen, 18 centra om te winnen.")),
    "fleet_rome": (("Fleet Rome", "Flotta a Roma", "Vloot in Rome"),
                   ("The classic game, but Italy starts with a fleet in Rome.",
                    "La partita classica, ma l'Italia comincia con una flotta a Roma.",
                    "Het klassieke spel, maar Italië begint met een vloot in Rome.")),
    "france_austria": (("France vs Austria", "Francia contro Austria",
                        "Frankrijk tegen Oostenrijk"),
                       ONE_VS_ONE),
    "germany_italy": (("Germany vs Italy", "Germania contro Italia", "Duitsland tegen Italië"),
                      ONE_VS_ONE),
    "pure": (("Pure", "Pura", "Puur"),
             ("Seven capitals, each bordering all the others; one army each; 4 centres to win.",
              "Sette capitali, ognuna confinante con tutte le altre; un'armata ciascuna; 4 "
              "centri per vincere.",
              "Zeven hoofdsteden die allemaal aan elkaar grenzen; één leger elk; 4 centra om "
              "te winnen.")),
    "chaos": (("Chaos", "Caos", "Chaos"),
              ("34 powers, one per centre of the classic board, building on any centre they "
               "own; the game starts with the builds of Winter 1900.",
               "34 potenze, una per ogni centro della mappa classica, che costruiscono in "
               "qualsiasi centro posseduto; la partita comincia con le costruzioni "
               "dell'inverno 1900.",
               "34 landen, één per centrum van het klassieke bord, die bouwen in elk "
               "centrum dat ze bezitten; het spel begint met de bouw van winter 1900.")),
    "ancmed": (("Ancient Mediterranean", "Mediterraneo antico", "Oude Middellandse Zee"),
               ("Five powers of antiquity around the Mediterranean, from Spring of year 1; 18 "
                "centres to win.",
                "Cinque potenze dell'antichità intorno al Mediterraneo, dalla primavera "
                "dell'anno 1; 18 centri per vincere.",
                "Vijf landen uit de oudheid rond de Middellandse Zee, vanaf de lente van "
                "jaar 1; 18 centra om te winnen.")),
}

ANCMED_POWERS = {"Carthage": ("Cartagine", "Carthago"), "Egypt": ("Egitto", "Egypte"),
                 "Greece": ("Grecia", "Griekenland"), "Persia": ("Persia", "Perzië"),
                 "Rome": ("Roma", "Rome")}

# Ancient Mediterranean: id -> (Italian names, Dutch names); English from the map files.
ANCMED_NAMES = {
    "adr": ("Mare Adriatico|Adriatico", "Adriatische Zee|Adriatische"),
    "aeg": ("Mare Egeo|Egeo", "Egeïsche Zee|Egeïsche"),
    "ale": ("Alessandria", "Alexandrië"),
    "ant": ("Antiochia", "Antiochië"),
    "apu": ("Apulia|Puglia", "Apulië"),
    "ara": ("Arabia", "Arabië"),
    "arm": ("Armenia", "Armenië"),
    "ath": ("Atene", "Athene"),
    "aus": ("Mare Ausonio|Ausonio", "Ausonische Zee|Ausonische"),
    "bal": ("Baleari|Isole Baleari", "Balearen"),
    "bay": ("Bayuda", "Bayuda"),
    "ber": ("Mare Berbero|Berbero", "Berberse Zee|Berberse"),
    "bit": ("Bitinia", "Bithynië"),
    "bla": ("Mar Nero|Mare Nero", "Zwarte Zee"),
    "byz": ("Bisanzio", "Byzantium"),
    "cap": ("Cappadocia", "Cappadocië"),
    "car": ("Cartagine", "Carthago"),
    "che": ("Chersoneso", "Chersonesos"),
    "cil": ("Stretto di Cilicia", "Straat van Cilicië"),
    "cir": ("Cirta", "Cirta"),
    "cor": ("Corsica", "Corsica"),
    "cre": ("Creta", "Kreta"),
    "cyp": ("Cipro", "Cyprus"),
    "cyr": ("Cirene", "Cyrene"),
    "dac": ("Dacia", "Dacië"),
    "dal": ("Dalmazia", "Dalmatië"),
    "dam": ("Damasco", "Damascus"),
    "egy": ("Mare Egizio|Egizio", "Egyptische Zee|Egyptische"),
    "epi": ("Epiro", "Epirus"),
    "etr": ("Etruria", "Etrurië"),
    "gal": ("Galazia", "Galatië"),
    "gau": ("Gallia", "Gallië"),
    "gop": ("Golfo di Pelusio", "Golf van Pelusium"),
    "gos": ("Golfo della Sirte|Sirte", "Golf van Syrte|Syrte"),
    "got": ("Golfo di Tacape", "Golf van Tacape"),
    "ibe": ("Mare Iberico|Iberico", "Iberische Zee|Iberische"),
    "ill": ("Illiria", "Illyrië"),
    "ion": ("Mar Ionio|Mare Ionio|Ionio", "Ionische Zee|Ionische"),
    "isa": ("Isauria", "Isaurië"),
    "jer": ("Gerusalemme", "Jeruzalem"),
    "lep": ("Leptis", "Leptis"),
    "lib": ("Mare Libico|Libico", "Libische Zee|Libische"),
    "lig": ("Mar Ligure|Mare Ligure|Ligure", "Ligurische Zee|Ligurische"),
    "lus": ("Lusitania", "Lusitanië"),
    "mac": ("Macedonia", "Macedonië"),
    "mar": ("Marmarica", "Marmarica"),
    "mas": ("Massilia|Marsiglia", "Massilia"),
    "mau": ("Mauretania", "Mauretanië"),
    "mem": ("Menfi", "Memphis"),
    "mes": ("Mare di Messenia|Messenio", "Messenische Zee|Messenische"),
    "mil": ("Mileto", "Milete"),
    "min": ("Mare Minoico|Minoico", "Minoïsche Zee|Minoïsche"),
    "nab": ("Nabatea", "Nabatea"),
    "nea": ("Neapolis|Napoli", "Neapolis|Napels"),
    "num": ("Numidia", "Numidië"),
    "pet": ("Petra", "Petra"),
    "pha": ("Fezzan|Phazania", "Fezzan"),
    "pun": ("Mare Punico|Punico", "Punische Zee|Punische"),
    "rav": ("Ravenna", "Ravenna"),
    "ree": ("Mar Rosso|Mare Rosso", "Rode Zee"),
    "rha": ("Rezia", "Raetië"),
    "rom": ("Roma", "Rome"),
    "sag": ("Sagunto", "Saguntum"),
    "sah": ("Sahara", "Sahara"),
    "sad": ("Sardegna", "Sardinië"),
    "sam": ("Sarmazia", "Sarmatië"),
    "sic": ("Sicilia", "Sicilië"),
    "sid": ("Sidone", "Sidon"),
    "sin": ("Sinai", "Sinaï"),
    "sip": ("Sinope", "Sinope"),
    "spa": ("Sparta", "Sparta"),
    "syr": ("Mare Siriaco|Siriaco", "Syrische Zee|Syrische"),
    "tar": ("Tarraconense", "Tarraconensis"),
    "tha": ("Tapso", "Thapsus"),
    "thb": ("Tebe", "Thebe"),
    "tye": ("Tiro", "Tyrus"),
    "tyn": ("Mar Tirreno|Mare Tirreno|Tirreno", "Tyrreense Zee|Tyrreense"),
    "ven": ("Venezia|Venetia", "Venetië"),
    "vin": ("Vindobona", "Vindobona"),
}


def _vocab(language: str) -> dict:
    return languages.words("vocabulary", language)


def _standard_power_names() -> dict[str, dict[str, str]]:
    names = {lang: _vocab(lang)["power_names"] for lang in ("en", "it", "nl")}  # the files' keys
    return {p: {lang: names[lang][p] for lang in names} for p in names["en"]}


def _about(vid: str) -> dict:
    (en, it, nl), (den, dit, dnl) = ABOUT[vid]
    return {"id": vid, "name": {"en": en, "it": it, "nl": nl},
            "description": {"en": den, "it": dit, "nl": dnl}}


def _classic(vid: str, parsed, source: str, **extra) -> dict:
    """A variant on the classic geography: its powers, homes and units; the rest standard."""
    names = _standard_power_names()
    data = _about(vid) | {"map": "standard", "source": source}
    data["powers"] = {p: names.get(p, {}) for p in parsed.homes}
    data["homes"] = parsed.homes
    data["letters"] = parsed.letters
    data["starting_units"] = parsed.units
    data["start"] = "S1901M"
    data["victory_target"] = 18
    data["rules"] = {"builds_anywhere": False, "convoy_provinces": [],
                     "absent_powers": [p for p in names if p not in parsed.homes]}
    return data | extra


def _own_board(parsed, english: dict[str, list[str]]) -> dict:
    army, fleet = parsed.borders()
    provinces = {}
    homes = {c: p for p, cs in parsed.homes.items() for c in cs}
    for pid in sorted(parsed.kinds):
        if parsed.kinds[pid] == "shut":
            continue
        provinces[pid] = {"name": english[pid][0], "kind": parsed.kinds[pid],
                          "supply_center": pid in parsed.centers, "home": homes.get(pid),
                          "coasts": sorted(parsed.coasts.get(pid, ()))}
    return {"provinces": provinces,
            "army_borders": sorted(sorted(b) for b in army),
            "fleet_borders": sorted(sorted(b) for b in fleet)}


def _phase(begin: str) -> str:
    season, year, kind = begin.split()
    return f"{season[0]}{int(year)}{kind[0]}"


def build(maps: Path) -> dict[str, dict]:
    standard = json.loads((ROOT / "engine" / "data" / "standard.json").read_text("utf-8"))
    std = read_map(_standard_map_text(standard))
    out: dict[str, dict] = {}
    out["standard"] = _classic("standard", std, "engine/data/standard.json (our own tables, "
                               "tools/standard_map_source.py); checked against the diplomacy "
                               "package's standard.map")
    fleet_rome = read_map((maps / "fleetrome.map").read_text("latin-1"), base=std)
    out["fleet_rome"] = _classic("fleet_rome", fleet_rome, "DPjudge fleetrome.map (MIT); the "
                                 "diplomacy package's standard_fleet_rome.map")
    for vid, absent in (("france_austria", "England Germany Italy Russia Turkey"),
                        ("germany_italy", "Austria England France Russia Turkey")):
        text = f"UNPLAYED {', '.join(absent.split())}\n"
        parsed = read_map(text, base=std)
        out[vid] = _classic(vid, parsed, f"the diplomacy package's standard_{vid}.map "
                            "(webDiplomacy's 1-vs-1 variant): the classic board, the other "
                            "powers unplayed, their centres unowned")
    chaos = read_map((maps / "chaos.map").read_text("latin-1"), base=std)
    data = _classic("chaos", chaos, "DPjudge chaos.map (MIT): one power per centre, "
                    "BEGIN WINTER 1900 ADJUSTMENTS, RULE BUILD_ANY")
    it, nl = _vocab("it")["provinces"], _vocab("nl")["provinces"]
    data["powers"] = {p: {"en": p, "it": it[cs[0]][0], "nl": nl[cs[0]][0]}
                      for p, cs in chaos.homes.items()}
    data["start"] = _phase(chaos.begin)
    data["rules"] = {"builds_anywhere": "BUILD_ANY" in chaos.rules, "convoy_provinces": [],
                     "absent_powers": []}
    out["chaos"] = data
    pure = read_map((maps / "pure.map").read_text("latin-1"))
    data = _about("pure") | {"map": "own", "source": "DPjudge pure.map (MIT); the diplomacy "
                             "package's pure.map"}
    names = _standard_power_names()
    data["powers"] = {p: names[p] for p in pure.homes}
    data["board"] = _own_board(pure, {p: [n] for p, n in pure.names.items()})
    data["province_names"] = {p: {"en": _vocab("en")["provinces"][p],
                                  "it": it[p], "nl": nl[p]} for p in pure.kinds}
    data |= {"homes": pure.homes, "letters": pure.letters, "starting_units": pure.units,
             "start": "S1901M",
             "victory_target": 4, "rules": {"builds_anywhere": False, "convoy_provinces": [],
                                            "absent_powers": []}}
    out["pure"] = data
    anc = read_map((maps / "ancmed.map").read_text("latin-1"))
    data = _about("ancmed") | {"map": "own", "source": "DPjudge ancmed.map (MIT); the "
                               "diplomacy package's ancmed.map. Italian and Dutch names: ours"}
    data["powers"] = {p: {"en": p, "it": it_, "nl": nl_}
                      for p, (it_, nl_) in ANCMED_POWERS.items()}
    english = {p: [n] for p, n in anc.names.items()}
    english["ree"] = ["Red Sea", "Reed Sea"]   # the diplomacy package's name, then DPjudge's
    english["car"] = ["Carthago", "Province of Carthage"]
    data["board"] = _own_board(anc, english)
    data["province_names"] = {p: {"en": english[p], "it": ANCMED_NAMES[p][0].split("|"),
                                  "nl": ANCMED_NAMES[p][1].split("|")} for p in sorted(anc.kinds)}
    data |= {"homes": anc.homes, "letters": anc.letters, "starting_units": anc.units,
             "start": _phase(anc.begin),
             "victory_target": 18,
             "rules": {"builds_anywhere": False, "convoy_provinces": sorted(anc.ports),
                       "absent_powers": []}}
    out["ancmed"] = data
    return out


def _standard_map_text(standard: dict) -> str:
    """Our standard board written back in the `.map` layout, as the base of the classic
    variants (their files `USE` a standard geography DPjudge keeps elsewhere)."""
    lines = []
    for power in standard["powers"]:
        homes = [p for p, v in standard["provinces"].items() if v["home"] == power]
        lines.append(f"{power.upper()} ({power.upper()}) {' '.join(h.upper() for h in homes)}")
        lines += [u.upper() for u in standard["starting_units"][power]]
    neutral = [p for p, v in standard["provinces"].items() if v["supply_center"] and not v["home"]]
    lines.append("UNOWNED " + " ".join(n.upper() for n in neutral))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--maps", type=Path, default=ROOT.parent / "shared" / "variants")
    args = parser.parse_args()
    for vid, data in build(args.maps).items():
        folder = ROOT / "engine" / "variants" / vid
        folder.mkdir(parents=True, exist_ok=True)
        source = data.pop("source")
        (folder / "SOURCE").write_text(
            f"{source}.\nDPjudge's map files are under the MIT licence: ../LICENSE-DPjudge.\n",
            encoding="utf-8")
        (folder / "variant.json").write_text(
            json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
