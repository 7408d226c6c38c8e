"""Rule presets. Both presets run through the same adjudicator; the differences are options.

`1971`: the rulebook of the seeds (default for new games). Where the seeds are silent it follows
`2023`. `2023`: the DATC v3.0 preferences (the 2023 rulebook).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rules:
    name: str
    # A convoy with several routes is disrupted when ANY fleet on any route is dislodged (1971,
    # seed 000 XII.4 example 12) rather than only when ALL routes are (2023).
    convoy_disrupted_by_any_route: bool
    # A fleet order to Spain, Bulgaria or St Petersburg without a coast is void (1971, seed 003
    # "Coste") rather than completed when only one coast is reachable (2023).
    fleet_coast_always_required: bool
    # Civil-disorder removals measure distance from the nearest home centre (1971, seed 000
    # XIV.4) rather than from the nearest owned centre (2023).
    civil_disorder_from_home_centers: bool
    # A convoyed army does not cut the support of a unit supporting an attack on one of the
    # fleets convoying it (1971, seed 000 XII.5 example 13). 2023 resolves such paradoxes by
    # the Szykman rule alone (both presets use Szykman for what remains).
    convoyed_army_spares_support_against_convoy: bool
    # An army ordered "via convoy" to an adjacent province that no fleet is ordered to convoy
    # moves by land instead (DATC v2 preference, MILA's engine). Off in both presets: DATC v3.0
    # 6.G.8 has no land fallback. Exists so games judged that way replay exactly.
    via_convoy_falls_back_to_land: bool = False

    def __str__(self) -> str:
        return self.name


RULES_1971 = Rules("1971", convoy_disrupted_by_any_route=True, fleet_coast_always_required=True,
                   civil_disorder_from_home_centers=True,
                   convoyed_army_spares_support_against_convoy=True)
RULES_2023 = Rules("2023", convoy_disrupted_by_any_route=False, fleet_coast_always_required=False,
                   civil_disorder_from_home_centers=False,
                   convoyed_army_spares_support_against_convoy=False)
PRESETS: dict[str, Rules] = {"1971": RULES_1971, "2023": RULES_2023}
DEFAULT_RULES = RULES_1971


def rules_named(name: str | Rules) -> Rules:
    if isinstance(name, Rules):
        return name
    try:
        return PRESETS[str(name)]
    except KeyError:
        raise ValueError(f"unknown rule preset {name!r}: use 1971 or 2023") from None
