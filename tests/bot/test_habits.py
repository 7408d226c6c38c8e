"""Other bots' commands typed by habit, pointed to the slash command that does the same, in
the reader's language; and the choices of /orders withdraw."""

import pytest

from bot.cogs.orders import withdraw_choices
from bot.habits import habit_reply, slash_command


@pytest.mark.parametrize(("typed", "path"), [
    (".view_map", "game map"), (".map", "game map"), (".view_current", "game map"),
    ("!orders", "orders show"), (".view_orders", "orders show"), (".orders", "orders show"),
    (".remove_order A Par", "orders withdraw"), (".remove_all", "orders clear"),
    (".help", "help"), ("!ready", "ready"), (".order", "orders show"),
])
def test_a_typed_command_points_to_its_slash_command(typed, path):
    assert slash_command(typed) == path


@pytest.mark.parametrize("text", [".order\nA Par - Bur", ".orders A Par - Bur", "A Par - Bur",
                                  ".foo", "ciao", "!"])
def test_orders_after_the_order_command_and_anything_else_are_no_habit(text):
    assert slash_command(text) is None


@pytest.mark.parametrize(("lang", "command"), [
    ("en", "`/game map`"), ("it", "`/partita mappa`"), ("nl", "`/spel kaart`")])
def test_the_slash_command_is_named_as_the_readers_discord_shows_it(lang, command):
    text = habit_reply(lang, ".view_map")
    assert command in text and "`.view_map`" in text


def test_withdraw_choices_name_the_provinces_in_the_readers_language():
    orders = ["A PAR - BUR", "F BRE - MAO"]
    [par] = withdraw_choices("it", orders, "borg")
    assert par.value == "A PAR - BUR" and "Parigi" in par.name
    assert [c.value for c in withdraw_choices("nl", orders, "")] == orders
    assert [c.value for c in withdraw_choices("en", orders, "f bre")] == ["F BRE - MAO"]
