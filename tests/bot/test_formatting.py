"""Results, echoes and phases in words, in each language."""

import re
from types import SimpleNamespace

from bot.formatting import phase_label, results_blocks, submission_text
from bot.limits import split_blocks
from bot.params import words


def row(power, order, status, reason=None, province=None):
    return SimpleNamespace(power=power, order=order, status=status, reason=reason,
                           province=province)


def test_phases_are_spelled_out_in_each_language():
    assert phase_label("en", "F1901R") == "Fall 1901, retreats"
    assert phase_label("it", "S1902M") == "Primavera 1902, movimenti"
    assert phase_label("nl", "W1901A") == "Winter 1901, aanpassingen"
    assert phase_label("en", "garbage") == "garbage"


def test_results_name_outcomes_reasons_disorder_retreats_and_centres():
    blocks = results_blocks(
        "en", game_name="Lepanto", phase="F1901M",
        results=[row("France", "A PAR - BUR", "fails", "bounced", "bur"),
                 row("Germany", "A MUN - BUR", "fails", "bounced", "bur"),
                 row("England", "F LON - ENG", "illegal", "wrong_power", "lon")],
        civil_disorder=["Russia"],
        after={"dislodged_after": [{"power": "Italy", "type": "A", "location": "ven",
                                    "attacker_from": "tyr", "retreat_options": ["apu"]}],
               "supply_centers_after": {"France": ["par", "bre", "mar", "spa"]}},
        centres_before={"France": 3}, centres_after={"France": 4}, powers=["Russia"])
    text = "\n".join(blocks)
    # provinces are named in the reader's language beside their codes
    assert "`A PAR - BUR` — fails: bounced at Burgundy (BUR)" in text
    assert ("illegal, the unit holds: the unit in London (LON) belongs to another power"
            in text)
    assert "**Russia** — civil disorder (no orders received)" in text
    assert ("Italy A Venice (VEN) (attacked from Tyrolia (TYR)) may retreat to: Apulia (APU)"
            in text)
    assert "France: 4 (+1)" in text


def test_results_in_italian():
    text = "\n".join(results_blocks(
        "it", game_name="L", phase="S1901M",
        results=[row("France", "A PAR - BUR", "succeeds")], civil_disorder=["Russia"],
        after={}))
    assert "risultati di Primavera 1901, movimenti" in text
    assert "**Francia**" in text and "riuscito" in text and "**Russia** — *sommossa*" in text


def test_long_results_split_into_messages_without_losing_a_line():
    rows = [row("France", f"A X{i:03d} H", "succeeds") for i in range(300)]
    blocks = results_blocks("en", game_name="Big", phase="S1901M", results=rows,
                            civil_disorder=[], after={})
    messages = split_blocks(blocks)
    assert len(messages) > 1 and all(len(m) <= 2000 for m in messages)
    joined = "\n".join(messages)
    assert all(f"`A X{i:03d} H`" in joined for i in range(300))


def test_submission_echo_shows_canonical_notes_errors_warnings_and_missing_units():
    report = SimpleNamespace(phase="S1901M", lines=[
        SimpleNamespace(input="A Parigi - Borgogna", ok=True, canonical="A PAR - BUR",
                        notes=("Parigi read as PAR",), warning=None, reason=None, error=None,
                        candidates=()),
        SimpleNamespace(input="F BRE - MUN", ok=True, canonical="F BRE - MUN", notes=(),
                        warning="MUN not reachable", reason="not_adjacent", province="mun",
                        error=None,
                        candidates=()),
        SimpleNamespace(input="A MAR xx", ok=False, canonical=None, notes=(), warning=None,
                        reason=None, error="no order verb after MAR", candidates=())],
        now=[SimpleNamespace(power="France", phase="S1901M",
                             orders=("A PAR - BUR", "F BRE - MUN"), missing=("A MAR",))])
    text = submission_text("en", report, "Lepanto")
    assert "✅ `A PAR - BUR` ← “A Parigi - Borgogna”" in text
    assert "ℹ️ Parigi read as PAR" in text
    assert "{province}" not in text and "?" not in text
    # a line that cannot succeed is marked ⚠️, not ✅, and the warning names both provinces
    assert "⚠️ `F BRE - MUN` — Brest → Munich" in text
    assert ("accepted, but it cannot succeed: Munich (MUN) cannot be reached from Brest (BRE)"
            in text)
    assert "❌ “A MAR xx”: no order verb after MAR" in text
    assert "Still without orders: `A MAR`" in text


def test_announcement_parameters_read_naturally():
    shown = words("it", {"powers": ["France", "Turkey"], "actor_id": 42, "phase": "F1901R",
                         "seats": {"England": 7}, "missing": {"Russia": ["A MOS"]}})
    assert shown["powers"] == "Francia, Turchia"
    assert shown["actor_id"] == "<@42>"
    assert shown["phase"] == "Autunno 1901, ritirate"
    assert shown["seats"] == "Inghilterra: <@7>"
    assert shown["missing"] == "Russia: `A MOS`"
    # builds still owed are words of the reader's language, not the service's English
    assert words("it", {"missing": {"Russia": ["1 build"]}})["missing"] == \
        "Russia: costruzioni ancora da dare: 1"


def test_player_text_is_cleaned_before_it_is_shown():
    from bot.formatting import clean

    assert clean("A\u0000B\u202eC`D") == "A�B�C'D"
    assert "@everyone" not in clean("hi @everyone")


async def test_announced_centre_changes_come_from_the_service_not_from_history():
    from bot.messages import render_message
    from service.notices.notifier import Message

    message = Message("phase.results", "(English)", {
        "game": "Lepanto", "game_id": 1, "phase": "F1901M",
        "results": [{"power": "Russia", "order": "F RUM H", "status": "succeeds",
                     "reason": None, "province": None}],
        "civil_disorder": [], "dislodged": [],
        "supply_centers": {"Russia": ["mos", "sev", "stp", "war", "rum"],
                           "Austria": ["vie", "bud"]},
        "centres_before": {"Russia": 4, "Austria": 3},
        "next_phase": "S1902M", "next_deadline": None, "outcome": None})
    # no bot: nothing may be looked up, the message says it all
    text = "\n".join(await render_message(None, message, "nl"))
    assert "Rusland: 5 (+1)" in text and "Oostenrijk: 2 (-1)" in text


async def test_a_channel_reminder_mentions_who_still_owes_orders_in_the_channel_language():
    from datetime import UTC, datetime

    from bot.messages import render_message
    from service.notices.notifier import Message

    when = datetime(2024, 5, 1, 18, 0, tzinfo=UTC)
    message = Message("reminder.channel", "(English)", {
        "game": "Lepanto", "game_id": 3, "phase": "S1901M", "deadline": when,
        "users": [11, 12], "powers": ["France", "Russia"]})
    [text] = await render_message(None, message, "it")
    assert "Primavera 1901, movimenti" in text and "Devono ancora mandare ordini" in text
    assert "<@11> <@12>" in text and f"<t:{int(when.timestamp())}:F>" in text


def test_the_services_refusal_of_a_line_is_shown_in_the_readers_language():
    from service.models import LineReport, SubmissionReport

    refused = LineReport("A MUN - RUH", False, error="the unit A MUN belongs to Germany, "
                         "which you do not play: this line was not recorded",
                         error_key="orders.not_your_unit",
                         error_params={"unit": "A MUN", "power": "Germany"})
    section = LineReport("A PAR H", False, error="you do not play France: this line was not "
                         "recorded", error_key="orders.not_your_section",
                         error_params={"power": "France"})
    report = SubmissionReport(1, "S1901M", (refused, section), (), (), ())
    italian = submission_text("it", report, "Lepanto")
    assert "l'unità A MUN è di un'altra potenza (Germania), che non giochi" in italian
    assert "non giochi Francia: questa riga non è stata registrata" in italian
    assert "belongs to" not in italian
    dutch = submission_text("nl", report, "Lepanto")
    assert "de eenheid A MUN is van Duitsland, dat je niet speelt" in dutch


def test_user_text_shown_in_a_post_cannot_ping_or_hide_a_link():
    from bot.formatting import clean
    from bot.params import words
    shown = clean("<@123> <@!4> <@&5> <#6> @here [click](https://evil.example) [a] (b)")
    assert not re.search(r"<[@#]", shown) and "@here" not in shown
    assert "[click](" not in shown and "evil.example" in shown and "[a] (b)" in shown
    assert clean(shown) == shown                 # press is cleaned when sent and when shown
    said = words("en", {"reason": "<@99> [x](https://e.example)", "game": "<@7> club",
                        "body": "@everyone"})
    assert "<@99>" not in said["reason"] and "<@7>" not in said["game"]
    assert "[x](" not in said["reason"] and "@everyone" not in said["body"]


def test_a_pinging_post_may_notify_only_the_users_it_is_for():
    from bot.notifier import pinged
    from service.notices.notifier import Message
    allowed = pinged(Message("reminder.channel", "<@3> <@4>", {"users": [1, 2]}, ping=True))
    assert allowed.to_dict() == {"parse": [], "users": [1, 2]}
    assert pinged(Message("game.joined", "<@3>", {"user_id": 3})).to_dict()["parse"] == []


def test_provinces_are_named_on_the_games_board():
    """An Ancient Mediterranean game's `spa` is Sparta and `bal` the Baleares; elsewhere the
    classic map's Spain and Baltic Sea (bot.formatting.names_on)."""
    from bot.formatting import names_on, place
    with names_on("ancmed"):
        assert (place("it", "spa"), place("nl", "bal")) == ("Sparta (SPA)", "Balearen (BAL)")
    with names_on("chaos"):                   # the classic map's names
        assert place("it", "spa") == "Spagna (SPA)"
    assert (place("it", "spa"), place("en", "bal")) == ("Spagna (SPA)", "Baltic Sea (BAL)")
