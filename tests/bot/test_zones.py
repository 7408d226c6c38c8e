"""Time zones and lists of powers as the user types them (bot/zones.py)."""

from __future__ import annotations

import zoneinfo

from bot.zones import SHOWN, powers_matching, zones_matching


def test_a_zone_is_found_by_its_city_in_the_readers_language_first():
    assert zones_matching("it", "roma")[0] == ("Europe/Rome · Roma, Italia", "Europe/Rome")
    assert zones_matching("nl", "brussel")[0] == ("Europe/Brussels · Brussel, België",
                                                  "Europe/Brussels")
    # by a city's name in another language, by country, by any part of the IANA name
    assert zones_matching("en", "bruxelles")[0][1] == "Europe/Brussels"
    assert zones_matching("it", "paesi bassi")[0] == (
        "Europe/Amsterdam · Amsterdam, Paesi Bassi", "Europe/Amsterdam")
    assert zones_matching("nl", "new_york")[0][1] == "America/New_York"
    assert zones_matching("en", "NEW YORK")[0][1] == "America/New_York"
    assert ("Europe/Rome · Rome, Italy", "Europe/Rome") in zones_matching("en", "europe/ro")


def test_every_zone_offered_is_one_python_knows_and_at_most_25():
    known = zoneinfo.available_timezones()
    for typed in ("", "a", "europe", "america", "utc", "st"):
        offered = zones_matching("it", typed)
        assert 0 < len(offered) <= SHOWN
        assert all(zone in known and len(label) <= 100 for label, zone in offered)
    assert zones_matching("nl", "atlantis") == []


def test_a_list_of_powers_is_completed_in_the_readers_language():
    assert powers_matching("it", "Francia, Ita") == [("Francia, Italia", "Francia, Italia")]
    assert powers_matching("nl", "France and ita") == [("Frankrijk, Italië",
                                                        "Frankrijk, Italië")]
    offered = powers_matching("nl", "Frankrijk en ")
    assert len(offered) == 6 and ("Frankrijk, Turkije", "Frankrijk, Turkije") in offered
    assert [v for _, v in powers_matching("it", "")][:2] == ["Austria", "Inghilterra"]
    assert powers_matching("it", "Francia, xyz") == []
