"""Announcing adjudicated phases: the results (text, map, centres before and after, civil
disorder, dislodged units with their retreat options, the next deadline or the game's end)
posted to the game's channel, after the commit that adjudicated them.

An announcement may repeat (a crash between posting and marking it announced), never vanish:
a phase stays unannounced until a post succeeds, and `announce_pending` (each `run_due`, and
start-up) tries again. A channel that refuses the post for good (`ChannelUnavailable`: deleted,
no permission) is left alone for REFUSED_RETRY between tries, and the moderator is told once.

Several processes may share one database: the process posting a phase's results holds it in
the database (`phases.claim_announcement`, for ANNOUNCE_LEASE; the adjudicating process from
the adjudicating transaction on), and the others leave it alone. A failed post lets it go; a
claim left by a process that died lapses. A process starting up takes over at once the claims
held under its own instance name (`ARBITRO_INSTANCE`: its previous run's), and another's only
once they lapse, so a rolling restart never posts what a live process is posting.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from engine.vocabulary import PhaseKind, Power
from service.games.end_rules import eliminated
from service.games.lookups import game_or_fail
from service.games.obligations import unordered
from service.maps.drawing import Drawing
from service.models import Game, PhaseReport, PhaseRow
from service.notices import results_text as announcements
from service.notices.fog_notices import phase_over, private_reports
from service.notices.notifier import ChannelUnavailable, Message, Notifier
from service.notices.outbox import Outbox, on_board
from service.notices.turn_notices import turn_messages
from service.orders.ahead import unused_notes
from service.storage.db import Database
from service.storage.repos import orders as order_rows
from service.storage.repos import phases, results, seats
from service.storage.stored import engine_results, position_after
from service.timing.boundary import Faults
from service.timing.clock import Clock, now_ts

log = logging.getLogger(__name__)

# How long a channel that refused a phase's results is left alone before trying again.
REFUSED_RETRY = timedelta(minutes=5)
# How long a process may take to post a phase's results before another may (drawing the map
# and posting take seconds; a claim lasting this long is a process that died).
ANNOUNCE_LEASE = timedelta(minutes=5)


class Announcer:
    def __init__(self, db: Database, clock: Clock, notifier: Notifier, drawing: Drawing,
                 outbox: Outbox, faults: Faults, instance: str) -> None:
        self.db = db
        self.clock = clock
        self.notifier = notifier
        self.drawing = drawing
        self.outbox = outbox
        self.faults = faults
        self.instance = instance
        # Phases whose announcement is claimed by a coroutine of this process (claimed inside
        # the adjudicating transaction, so a retry of pending announcements never doubles it).
        self._announcing: set[int] = set()
        # Phases whose channel refused their results (ChannelUnavailable): when to try again,
        # and whether the moderator was told (once per phase in this process).
        self._refused_until: dict[int, float] = {}
        # Phases whose announcement failed otherwise: when this process tries again (the
        # pause of their game's fault, service/timing/boundary.py).
        self._retry_after: dict[int, float] = {}

    def hold(self, phase_id: int) -> None:
        """The adjudicating transaction claimed this phase's announcement for this process."""
        self._announcing.add(phase_id)

    def release(self, phase_id: int) -> None:
        """That transaction did not commit: the phase is not this process's to announce."""
        self._announcing.discard(phase_id)

    async def announce_pending(self, *, take_over: bool = False) -> None:
        """Announce the phases adjudicated and not yet announced, but those another process
        is posting (`take_over`, at start-up: this instance's own claims too)."""
        async with self.db.read() as conn:
            pending = await phases.unannounced(conn)
        now = now_ts(self.clock)
        for phase_id in pending:
            if self._refused_until.get(phase_id, now) <= now \
                    and self._retry_after.get(phase_id, now) <= now:
                await self.announce(phase_id, take_over=take_over)

    async def phase_report_of(self, phase_id: int, *, with_image: bool,
                              size: str = "normal") -> PhaseReport:
        async with self.db.read() as conn:
            phase = await phases.get(conn, phase_id)
            game = await game_or_fail(conn, phase.game_id)
            rows = await results.of_phase(conn, phase_id)
            stored = await results.outcome(conn, phase_id)
            quiet = await results.silence(conn, phase_id)
            following = await phases.by_seq(conn, game.id, phase.seq + 1)
        after, disorder = stored if stored else ({}, [])
        before = {p.value: n for p, n in phase.position.center_counts().items() if n}
        centres_after = ({p: len(cs) for p, cs in after["supply_centers_after"].items()}
                         if "supply_centers_after" in after else before)
        silent = unordered(phase.position, [(r.power, r.order) for r in rows],
                           game.neutral_in(phase.position.phase))
        text = announcements.results_text(
            game_name=game.name, phase=phase.name, results=rows,
            civil_disorder=[p.value for p in disorder],
            refused=sorted(p.value for p in quiet.refused),
            forced=[i["power"] for i in silent if "removed_forced" in i], after=after,
            centres_before=before,
            centres_after=centres_after,
            next_phase=following.name if following else None,
            next_deadline=following.deadline_at if following else None,
            outcome=game.outcome if following is None else None)
        gone = self._newly_eliminated(game, phase, after)
        if gone:
            text += "\nEliminated: " + ", ".join(p.value for p in gone)
        image = None
        if with_image:
            # the new position, with what happened drawn on it: its legend's centre counts
            # are those of the text it is posted with; a map that cannot be drawn (its
            # workers keep dying) leaves the results to go without it, saying so
            try:
                image = await self.drawing.map_image(
                    game, phase, results=engine_results(rows, phase.position.phase.kind),
                    civil_disorder=tuple(disorder),
                    after=position_after(phase, after) if after else None, size=size)
            except Exception:
                log.exception("the map of phase %s could not be drawn: posted without it",
                              phase_id)
                text += "\n(The map could not be drawn: the results go without it.)"
        return PhaseReport(game.id, phase.name, phase.seq, tuple(rows), tuple(disorder), after,
                           text, image, tuple(silent), tuple(sorted(quiet.missed)),
                           tuple(sorted(quiet.refused)))

    @staticmethod
    def _newly_eliminated(game: Game, phase: PhaseRow, after: dict[str, Any]) -> list[Power]:
        """Powers eliminated by this phase, decided (as the game's end) only when it counted
        the centres or was the adjustments."""
        counted = "supply_centers_after" in after \
            or phase.position.phase.kind is PhaseKind.ADJUSTMENT
        if not after or not counted:
            return []
        position = position_after(phase, after)
        return sorted(eliminated(game, position) - eliminated(game, phase.position))

    async def announce(self, phase_id: int, *, claimed: bool = False,
                       take_over: bool = False) -> None:
        """Announce a phase once at a time, in this process and among the processes sharing
        the database (`claimed`: held since the adjudicating transaction). A failure (the
        notifier raised) is logged and the phase stays unannounced, to be retried by the next
        `run_due` or start-up."""
        if not claimed:
            if phase_id in self._announcing:
                return
            self._announcing.add(phase_id)
        try:
            if not claimed and not await self._claim(phase_id, take_over):
                return  # announced already, or another process is posting it
            game_id = await self._announce(phase_id)
            self._refused_until.pop(phase_id, None)
            self._retry_after.pop(phase_id, None)
            if self.faults.known_failing(game_id):
                await self.faults.game_works(game_id, "announce")
        except ChannelUnavailable as exc:
            await self._channel_refused(phase_id, exc)
        except Exception as exc:  # this phase's failure: its game is marked and retried later
            log.exception("announcing phase %s failed; it will be retried", phase_id)
            await self._let_go(phase_id, None)
            await self._announce_failed(phase_id, exc)
        finally:
            self._announcing.discard(phase_id)

    async def _announce_failed(self, phase_id: int, exc: BaseException) -> None:
        """Mark the phase's game failing (told once, shown by doctor) and wait as long as
        its fault says before trying this phase again in this process."""
        try:
            async with self.db.read() as conn:
                phase = await phases.get(conn, phase_id)
        except Exception:
            log.exception("reading phase %s failed", phase_id)
            return
        if phase is None:
            return
        retry_at = await self.faults.game_failed(phase.game_id, phase_id, "announce", exc)
        self._retry_after[phase_id] = retry_at if retry_at is not None \
            else now_ts(self.clock) + REFUSED_RETRY.total_seconds()

    async def _claim(self, phase_id: int, take_over: bool) -> bool:
        now = now_ts(self.clock)
        async with self.db.transaction() as conn:
            return await phases.claim_announcement(
                conn, phase_id, now, now + ANNOUNCE_LEASE.total_seconds(), self.instance,
                take_over=take_over)

    async def _let_go(self, phase_id: int, until: float | None) -> None:
        """After a failed post: let any process claim the phase again (from `until`)."""
        try:
            async with self.db.transaction() as conn:
                await phases.release_announcement(conn, phase_id, until)
        except Exception:  # the claim lapses by itself; the caller must not fail for it
            log.exception("could not release the announcement of phase %s", phase_id)

    async def _channel_refused(self, phase_id: int, exc: ChannelUnavailable) -> None:
        """The channel refused a phase's results: the phase stays unannounced (tried again
        every REFUSED_RETRY, and at start-up), and the moderator hears of it, once."""
        first = phase_id not in self._refused_until
        self._refused_until[phase_id] = now_ts(self.clock) + REFUSED_RETRY.total_seconds()
        await self._let_go(phase_id, self._refused_until[phase_id])  # others wait as long
        log.warning("the channel refused the results of phase %s (%s); trying again in %s",
                    phase_id, exc, REFUSED_RETRY)
        if not first:
            return
        async with self.db.read() as conn:
            phase = await phases.get(conn, phase_id)
            game = await game_or_fail(conn, phase.game_id)
        await self.outbox.tell_moderators(game, Message(
            "game.channel_unavailable", f"{game.name}: the results of {phase.name} could not "
            "be posted in the game's channel: it is gone, or the bot may not write there (it "
            "needs View Channel, Send Messages and Attach Files). They will be posted as soon "
            "as the channel accepts them.",
            {"game": game.name, "game_id": game.id, "phase": phase.name,
             "channel_id": game.channel_id}))

    async def _announce(self, phase_id: int) -> int:
        """Post a phase's results (text, map, centres, civil disorder, dislodged units with
        their retreat options, next deadline or the game's end), then mark it announced;
        the game's id."""
        async with self.db.read() as conn:
            phase = await phases.get(conn, phase_id)
            game = await game_or_fail(conn, phase.game_id)
            following = await phases.by_seq(conn, game.id, phase.seq + 1)
        # fog of war: no map of the whole board (each player's is drawn for them), until the
        # phase that ends the game: the game opens up whole, its last results with it
        fog = game.settings.fog and following is not None
        report = await self.phase_report_of(phase_id, with_image=not fog)
        async with self.db.read() as conn:
            # an anonymous game does not say which seats the computer plays, unless it says so
            computer = set() if game.settings.anonymous and not game.settings.reveal_computers \
                else await order_rows.by_computer(conn, phase_id)
        params: dict[str, Any] = {
            "game": game.name, "game_id": game.id, "phase": report.phase,
            "results": [{"power": r.power.value, "order": r.order, "status": r.status,
                         "reason": r.reason, "province": r.province} for r in report.results],
            "civil_disorder": [p.value for p in report.civil_disorder],
            # orders came, none valid: not "no orders received"
            "refused": [p.value for p in report.refused],
            "dislodged": report.after.get("dislodged_after", []),
            "civil_disorder_removes": report.after.get("civil_disorder_removes", []),
            "supply_centers": report.after.get("supply_centers_after"),
            # the counts the phase started from, so readers show each power's change
            "centres_before": {p.value: n for p, n in phase.position.center_counts().items()
                               if n},
            "next_phase": following.name if following else None,
            "next_deadline": following.deadline_at if following else None,
            "outcome": game.outcome if following is None else None,
            # every unit accounted for: no order (held), not retreated (disbanded), builds
            # not used
            "unordered": list(report.unordered),
            # the powers whose orders the computer gave (docs/computer.md)
            "computer": sorted(p.value for p in computer)}
        image = report.image
        if image is None:
            params["map_missing"] = True      # the readers say the map could not be drawn
        fogged = None
        if fog:                     # fog of war: the channel hears only that it is over
            async with self.db.read() as conn:
                fogged = private_reports(game, phase, following, report,
                                         await seats.all_seats(conn, game.id))
            await self.notifier.post(game.channel_id, phase_over(game, phase, following, report))
        else:
            await self.notifier.post(game.channel_id, on_board(game, Message(
                "phase.results", report.text, params, image.png if image else None,
                image.filename if image else None, lang=game.settings.language,
                anonymous=game.settings.anonymous)))
        async with self.db.transaction() as conn:
            await phases.mark_announced(conn, phase_id, now_ts(self.clock))
            for user_id, told in fogged or ():      # each player's own results and map
                await self.outbox.owe_private(conn, game.id, user_id, told,
                                              after_phase=phase_id, draw="fog")
            # the private notices of the phase that opened ("your turn", "you missed"), owed
            # with the mark that the results are out, then sent (service/notices/outbox.py)
            seated = await seats.all_seats(conn, game.id)
            # orders sent ahead for the phase that opened and not used: said in the notice
            unused = await unused_notes(conn, game, phase, following.position) \
                if following is not None else {}
            for user_id, notice in turn_messages(game, phase, following, seated, report,
                                                 unused):
                await self.outbox.owe_private(conn, game.id, user_id, notice, after_phase=phase_id)
        # those notices (and at a game's end its replay, chart and an anonymous game's
        # reveal, owed since the adjudicating transaction) go once the results are out
        await self.outbox.deliver_owed(game.id)
        return game.id

