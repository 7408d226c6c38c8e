"""The draw vote in words (bot/draw_texts.py): the rule as it stands, the private notice of a
proposed draw, the reply to /draw and the announcement's tally, in each language."""

from __future__ import annotations

from bot.draw_texts import vote_reply
from bot.formatting import outcome_text_of
from bot.messages import render_message
from engine.vocabulary import Power
from service.models import DrawReport
from service.notices.notifier import Message

ACTIVE = ["England", "France", "Germany"]
NOTICE = Message("draw.proposed", "A draw is proposed", {
    "game": "Lepanto", "active": ACTIVE, "excluded": ["Turkey"], "policy": "left_out"})


async def test_the_notice_of_a_proposed_draw_in_each_language():
    it = "\n".join(await render_message(None, NOTICE, "it"))
    assert "In **Lepanto** è stata proposta una patta." in it
    assert "votata: Francia, Germania, Inghilterra." in it          # the reader's order
    assert "Non votano: Turchia (in sommossa o senza giocatore); se la patta è approvata, " \
           "ne restano fuori." in it
    nl = "\n".join(await render_message(None, NOTICE, "nl"))
    assert "Stem met `/draw`" in nl and "Turkije" in nl and "vallen ze erbuiten" in nl
    en = "\n".join(await render_message(None, Message(
        "draw.proposed", "", {**NOTICE.params, "excluded": [], "policy": "agree"}), "en"))
    assert "England, France, Germany." in en and "Not voting" not in en


def test_the_reply_to_a_vote_says_the_rule_and_whether_it_counts():
    report = DrawReport(True, False, (), (Power.ENGLAND, Power.FRANCE), (Power.TURKEY,),
                        "agree", counted=True, told=1)
    text = vote_reply("en", report, "Lepanto")
    assert text.splitlines() == [
        "Your secret vote for a draw in **Lepanto** is recorded.",
        "A draw passes only when every power still playing has voted for it: England, "
        "France. Not voting: Turkey (in civil disorder or without a player); if the draw "
        "passes, they share it.",
        "The other players still in the game have been told privately that a draw is "
        "proposed, without your name."]
    void = DrawReport(True, False, (), (Power.ENGLAND,), (Power.TURKEY,), "agree",
                      counted=False)
    assert "Sei in sommossa" in vote_reply("it", void, "Lepanto")
    out = DrawReport(False, False, (), (Power.ENGLAND,), (), "agree", counted=False, out=True)
    assert "Je land is uitgeschakeld" in vote_reply("nl", out, "Lepanto")
    assert "tegen remise" in vote_reply("nl", out, "Lepanto")
    passed = DrawReport(True, True, (Power.ENGLAND, Power.FRANCE), (Power.ENGLAND, Power.FRANCE))
    assert vote_reply("it", passed, "Lepanto").splitlines()[1] == \
        "Con il tuo voto la patta è approvata: l'annuncio è nel canale della partita."


def test_the_announcement_names_who_voted_and_who_was_not_counted():
    outcome = {"kind": "draw", "powers": ["England", "France", "Turkey"],
               "voted": ["England", "France"], "excluded": ["Turkey"]}
    assert outcome_text_of("it", outcome) == (
        "🤝 La partita è finita: patta tra Inghilterra, Francia, Turchia, votata da tutte le "
        "potenze ancora in gioco (Inghilterra, Francia). Non contate (in sommossa o senza "
        "giocatore): Turchia.")
    declared = {"kind": "draw", "powers": ["England", "France"]}
    assert outcome_text_of("en", declared) == \
        "🤝 The game is over: a draw between England, France."
