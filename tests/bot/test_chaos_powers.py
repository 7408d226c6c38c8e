"""Powers of a 34-power variant where a moderator names them: names with spaces ("St
Petersburg") in assignments and lists, the game's powers offered, and the one-character code
a confirmation button keeps."""

from __future__ import annotations

import pytest

from bot.cogs.moderation import _CODES, _code, _named_powers, parse_assignments
from bot.zones import powers_matching
from engine.variants import board_of
from engine.vocabulary import Power
from service.errors import ServiceError

CHAOS = board_of("chaos").powers


def test_assignments_name_powers_with_spaces_in_any_language():
    read = parse_assignments("St Petersburg <@11>, San Pietroburgo: 12; Parijs = <@!13>",
                             "chaos")
    stp, paris = Power.parse("St Petersburg", "chaos"), Power.parse("Paris", "chaos")
    assert read == {stp: 12, paris: 13}
    # a standard game's assignments read as before
    assert parse_assignments("England <@1>, France 2") == {Power.ENGLAND: 1, Power.FRANCE: 2}
    with pytest.raises(ServiceError):
        parse_assignments("St Petersburg <@11>")        # no such power on the standard board


def test_a_list_of_powers_keeps_names_with_spaces_and_reads_names_between_spaces():
    assert _named_powers("St Petersburg, Paris and Rome", "chaos") == [
        Power.parse(n, "chaos") for n in ("St Petersburg", "Paris", "Rome")]
    assert _named_powers("England France e Russia", None) == [
        Power.ENGLAND, Power.FRANCE, Power.RUSSIA]
    with pytest.raises(ServiceError):
        _named_powers("Paris, Atlantis", "chaos")


def test_the_list_autocomplete_offers_the_game_s_powers_in_the_reader_s_language():
    offered = powers_matching("it", "Parigi, San P", CHAOS, "chaos")
    assert offered == [("Parigi, San Pietroburgo",) * 2]
    assert [v for _, v in powers_matching("en", "", CHAOS, "chaos")][:2] == ["Ankara",
                                                                             "Belgium"]
    assert all(v in {p.value for p in Power} for _, v in powers_matching("en", ""))


def test_each_power_of_every_variant_has_its_own_code():
    codes = {_code(p, "chaos") for p in CHAOS}
    assert len(codes) == 34 and codes <= set(_CODES)
    assert _code(Power.ENGLAND, None) != _code(Power.FRANCE, None)
