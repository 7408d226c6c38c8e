"""Which power's channel a private notice belongs in (bot/notifier.py, docs/channels.md): the
power the notice is about for its reader, when it names one."""

from __future__ import annotations

import pytest

from bot.notifier import _power_of
from engine.vocabulary import Power
from service.notices.notifier import Message


@pytest.mark.parametrize("params,power", [
    # press: the power it was sent to (the reader's), not the sender's
    ({"power": "England", "to_power": "France", "body": "hi"}, Power.FRANCE),
    ({"powers": ["Italy", "Austria"]}, Power.ITALY),                      # a briefing
    ({"duties": [{"power": "Turkey", "units": ["A CON"]}]}, Power.TURKEY),   # your turn
    ({"missing": {"Russia": ["A MOS"]}}, Power.RUSSIA),                   # a reminder
    ({"power": "Germany"}, Power.GERMANY),
    ({"game": "Lepanto"}, None),
    ({"power": "Atlantis"}, None),
])
def test_the_power_a_notice_is_about(params, power):
    assert _power_of(Message("any", "text", params)) == power
