"""Source of engine/data/standard.json, written as readable tables.

Run `python tools/standard_map_source.py` to regenerate the data file; the engine reads only the
JSON. Facts of the standard Diplomacy board (names, borders, centres, starting units).
"""

import json
from pathlib import Path

# id: (English name, kind, home power or "" ; supply centre marker "*")
PROVINCES = """
adr Adriatic Sea|sea
aeg Aegean Sea|sea
alb Albania|coast
ank Ankara|coast|Turkey*
apu Apulia|coast
arm Armenia|coast
bal Baltic Sea|sea
bar Barents Sea|sea
bel Belgium|coast|*
ber Berlin|coast|Germany*
bla Black Sea|sea
boh Bohemia|land
bot Gulf of Bothnia|sea
bre Brest|coast|France*
bud Budapest|land|Austria*
bul Bulgaria|coast|*
bur Burgundy|land
cly Clyde|coast
con Constantinople|coast|Turkey*
den Denmark|coast|*
eas Eastern Mediterranean|sea
edi Edinburgh|coast|England*
eng English Channel|sea
fin Finland|coast
gal Galicia|land
gas Gascony|coast
gre Greece|coast|*
hel Heligoland Bight|sea
hol Holland|coast|*
ion Ionian Sea|sea
iri Irish Sea|sea
kie Kiel|coast|Germany*
lon London|coast|England*
lvn Livonia|coast
lvp Liverpool|coast|England*
lyo Gulf of Lyon|sea
mao Mid-Atlantic Ocean|sea
mar Marseilles|coast|France*
mos Moscow|land|Russia*
mun Munich|land|Germany*
naf North Africa|coast
nao North Atlantic Ocean|sea
nap Naples|coast|Italy*
nth North Sea|sea
nwg Norwegian Sea|sea
nwy Norway|coast|*
par Paris|land|France*
pic Picardy|coast
pie Piedmont|coast
por Portugal|coast|*
pru Prussia|coast
rom Rome|coast|Italy*
ruh Ruhr|land
rum Rumania|coast|*
ser Serbia|land|*
sev Sevastopol|coast|Russia*
sil Silesia|land
ska Skagerrak|sea
smy Smyrna|coast|Turkey*
spa Spain|coast|*
stp St Petersburg|coast|Russia*
swe Sweden|coast|*
syr Syria|coast
tri Trieste|coast|Austria*
tun Tunis|coast|*
tus Tuscany|coast
tyr Tyrolia|land
tys Tyrrhenian Sea|sea
ukr Ukraine|land
ven Venice|coast|Italy*
vie Vienna|land|Austria*
wal Wales|coast
war Warsaw|land|Russia*
wes Western Mediterranean|sea
yor Yorkshire|coast
"""

COASTS = {"bul": ["ec", "sc"], "spa": ["nc", "sc"], "stp": ["nc", "sc"]}

# Army borders: each province with its land neighbours (listed once per pair is enough; the
# generator symmetrises and the tests check the result).
ARMY = """
alb: gre ser tri
ank: arm con smy
apu: nap rom ven
arm: sev smy syr
bel: bur hol pic ruh
ber: kie mun pru sil
boh: gal mun sil tyr vie
bre: gas par pic
bud: gal rum ser tri vie
bul: con gre rum ser
bur: gas mar mun par pic ruh
cly: edi lvp
con: smy
den: kie swe
edi: lvp yor
fin: nwy stp swe
gal: rum sil ukr vie war
gas: mar par spa
hol: kie ruh
kie: mun ruh
lon: wal yor
lvn: mos pru stp war
lvp: wal yor
mar: pie spa
mos: sev stp ukr war
mun: ruh sil tyr
naf: tun
nap: rom
nwy: stp swe
par: pic
pie: tus tyr ven
por: spa
pru: sil war
rom: tus ven
rum: ser sev ukr
ser: gre tri
sev: ukr
sil: war
smy: syr
tri: tyr ven vie
tus: ven
tyr: ven vie
ukr: war
wal: yor
"""

# Fleet borders between locations (a coast is written stp/nc).
FLEET = """
adr: alb apu ion tri ven
aeg: bul/sc con eas gre ion smy
bal: ber bot den kie lvn pru swe
bar: nwg nwy stp/nc
bla: ank arm bul/ec con rum sev
bot: fin lvn stp/sc swe
eas: ion smy syr
eng: bel bre iri lon mao nth pic wal
lyo: mar pie spa/sc tus tys wes
hel: den hol kie nth
ion: alb apu gre nap tun tys
iri: lvp mao nao wal
mao: bre gas naf nao por spa/nc spa/sc wes
nao: cly lvp nwg
nth: bel den edi hel hol lon nwg nwy ska yor
nwg: cly edi nwy
ska: den nwy swe
tys: nap rom tun tus wes
wes: naf spa/sc tun
alb: gre tri
ank: arm con
apu: nap ven
arm: sev
bel: hol pic
ber: kie pru
bre: gas pic
bul/ec: con rum
bul/sc: con gre
cly: edi lvp
con: smy
den: kie swe
edi: yor
fin: stp/sc swe
gas: spa/nc
hol: kie
lon: wal yor
lvn: pru stp/sc
lvp: wal
mar: pie spa/sc
naf: tun
nap: rom
nwy: stp/nc swe
pie: tus
por: spa/nc spa/sc
rom: tus
rum: sev
smy: syr
tri: ven
"""

STARTING_UNITS = """
Austria: A vie, A bud, F tri
England: F lon, F edi, A lvp
France: F bre, A par, A mar
Germany: F kie, A ber, A mun
Italy: F nap, A rom, A ven
Russia: A mos, A war, F stp/sc, F sev
Turkey: F ank, A con, A smy
"""


def _pairs(table: str) -> list[list[str]]:
    pairs = set()
    for line in table.strip().splitlines():
        head, tail = line.split(":")
        for other in tail.split():
            pairs.add(tuple(sorted((head.strip(), other))))
    return [list(p) for p in sorted(pairs)]


def build() -> dict:
    provinces = {}
    for line in PROVINCES.strip().splitlines():
        ident, rest = line.split(" ", 1)
        parts = rest.split("|")
        name, kind = parts[0], parts[1]
        marker = parts[2] if len(parts) > 2 else ""
        provinces[ident] = {
            "name": name,
            "kind": kind,
            "supply_center": marker.endswith("*"),
            "home": marker.rstrip("*") or None,
            "coasts": COASTS.get(ident, []),
        }
    units = {}
    for line in STARTING_UNITS.strip().splitlines():
        power, rest = line.split(":")
        units[power] = [u.strip() for u in rest.split(",")]
    return {
        "name": "standard",
        "powers": ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"],
        "provinces": provinces,
        "army_borders": _pairs(ARMY),
        "fleet_borders": _pairs(FLEET),
        "starting_units": units,
        "first_year": 1901,
    }


if __name__ == "__main__":
    out = Path(__file__).resolve().parent.parent / "engine" / "data" / "standard.json"
    out.write_text(json.dumps(build(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")
