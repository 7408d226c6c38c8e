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
