"""The private notice of a phase that opened tells a player which orders they sent ahead were
not used: each dropped one with the engine's reason, each beyond the number allowed ignored;
in their language (issue 25)."""

from __future__ import annotations

import pytest

from bot.turns import turn_blocks

DROPPED = {"power": "Austria", "order": "F TRI R VEN", "status": "illegal",
           "reason": "retreat_blocked", "province": "ven"}
SURPLUS = {"power": "Italy", "order": "A VEN B", "surplus": True}


@pytest.mark.parametrize(("lang", "head", "dropped", "surplus"), [
    ("en", "2 orders you sent ahead were not used", "cannot retreat to Venice",
     "ignored: more than the number allowed"),
    ("it", "2 ordini che avevi inviato in anticipo non sono stati usati",
     "non può ritirarsi in Venezia", "ignorato: oltre il numero consentito"),
    ("nl", "2 orders die je vooruit had gestuurd zijn niet gebruikt",
     "kan niet terugtrekken naar Venetië", "genegeerd: meer dan het toegestane aantal"),
])
def test_unused_orders_sent_ahead_in_three_languages(lang, head, dropped, surplus):
    [block] = turn_blocks(lang, {"game": "Club", "phase": "W1901A",
                                 "unused_ahead": [DROPPED, SURPLUS]})
    first, second, third = block.splitlines()
    assert head in first and "**Club**" in first
    assert second.startswith("⏩ `F TRI R VEN`") and dropped in second
    assert third.startswith("⏩ `A VEN B`") and third.endswith(surplus)


def test_one_unused_order_reads_in_the_singular():
    [block] = turn_blocks("it", {"game": "Club", "phase": "F1901R", "unused_ahead": [DROPPED]})
    assert "un ordine che avevi inviato in anticipo non è stato usato" in block


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "your first message in this phase replaces them all"),
    ("it", "il tuo primo messaggio in questa fase li sostituisce tutti"),
    ("nl", "je eerste bericht in deze fase vervangt ze allemaal"),
])
def test_orders_show_says_a_winters_orders_were_sent_ahead(lang, words):
    from bot.formatting import power_status_text
    from engine.vocabulary import Power
    from service.models import PowerOrders
    duty = {"power": "Italy", "kind": "A", "units": [], "dislodged": [], "builds": 1,
            "sites": ["rom", "ven"], "removals": 0, "centres_over": 0}
    kept = PowerOrders(Power.ITALY, "W1901A", ("A ROM B",), (), True, None, duty,
                       from_ahead=True)
    assert words in power_status_text(lang, kept)
    given = PowerOrders(Power.ITALY, "W1901A", ("A VEN B",), (), False, None, duty)
    assert words not in power_status_text(lang, given)
