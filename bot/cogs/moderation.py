"""/mod: everything the service lets a moderator do. A moderator has the Manage Server
permission or the role the server set with `/mod role`; anyone else is refused."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import zones
from bot.app import NotModerator, error_text, reply
from bot.choosing import (
    LANGUAGE_CHOICES,
    game_autocomplete,
    parse_power,
    players_of,
    power_autocomplete,
    powers_of_game,
    resolve_game,
    variant_autocomplete,
)
from bot.cogs.schedules import schedule_summary
from bot.confirm import Answer, AskOnce, Confirm, ask, confirmed, fits
from bot.formatting import (
    PHASE_LENGTHS,
    deadline_rule,
    duration,
    for_phase,
    names_on,
    order_gloss,
    phase_label,
    power_name,
    timestamp,
)
from bot.i18n import language_of, tr
from bot.mod_texts import (
    audit_text,
    owing_text,
    setting_label,
    setting_of,
    setting_typed,
    settings_matching,
    settings_text,
    value_text,
)
from bot.permissions import is_moderator
from bot.zones import powers_matching, zones_matching
from engine.variants import board_of
from engine.vocabulary import Power
from service.errors import InvalidRequest, NeedsConfirmation
from service.games.setting_registry import setting_named
from service.models import GameSettings
from service.timing.when import wall_clock, zone_choices, zone_for_locale

if TYPE_CHECKING:
    from bot.app import ArbitroBot
    from service.models import GameView

GAME = "the game (default: the only game of this channel)"
_MENTION = re.compile(r"<@!?(\d+)>")


async def moderator_only(interaction: discord.Interaction) -> bool:
    bot: ArbitroBot = interaction.client  # type: ignore[assignment]
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    role = await bot.service.preferences.moderator_role(interaction.guild_id)
    if not is_moderator(interaction.user, role):
        raise NotModerator()
    return True


def parse_assignments(text: str, variant: str | None = None) -> dict[Power, int]:
    """"England @alice, France @bob" (mentions, or user ids) -> {Power: user id}."""
    assignments: dict[Power, int] = {}
    for part in filter(None, (p.strip() for p in re.split(r"[,;\n]", text))):
        match = re.fullmatch(r"(?P<power>[^:=<]+?)\s*[:=]?\s*(?:<@!?(?P<m>\d+)>|(?P<id>\d+))",
                             part)
        if not match:
            raise InvalidRequest("mod.bad_assignment", f"cannot read {part!r}: write a power "
                                 "and a mention, e.g. England @alice", part=part)
        user = int(match.group("m") or match.group("id"))
        if not 0 < user < 2**63:       # no Discord id is that long
            raise InvalidRequest("mod.bad_assignment", f"cannot read {part!r}: write a power "
                                 "and a mention, e.g. England @alice", part=part[:60])
        assignments[parse_power(match.group("power"), variant)] = user
    return assignments


def _refuse_unless_running(view: GameView) -> None:
    """Before asking to end a game: only a running game can end."""
    if view.status not in ("active", "paused"):
        raise InvalidRequest("moderation.not_running", f"{view.name} is {view.status}",
                             game=view.name, status=view.status)


_POWER_LIST = re.compile(r"\s*(?:[,;/+&]|\band\b|\be\b|\ben\b)\s*", re.IGNORECASE)


def _named_powers(text: str, variant: str | None) -> list[Power]:
    """The powers of a list ("England, France and Russia"); a part that names no power is
    read as names between spaces ("England France"), so that "St Petersburg" stays one."""
    named = []
    for part in filter(str.strip, _POWER_LIST.split(text)):
        try:
            named.append(Power.parse(part, variant))
        except ValueError:
            named.extend(parse_power(word, variant) for word in part.split())
    return named


async def setting_autocomplete(interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
    """The settings, named in the moderator's language, found by their names in any language
    or as the export writes them."""
    bot: ArbitroBot = interaction.client  # type: ignore[assignment]
    lang = await bot.language_of_interaction(interaction)
    return [app_commands.Choice(name=label[:100], value=name)
            for label, name in settings_matching(lang, current)][:25]


async def value_autocomplete(interaction: discord.Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
    """For a choice, its values with what each does; for the others, a few examples."""
    bot: ArbitroBot = interaction.client  # type: ignore[assignment]
    lang = await bot.language_of_interaction(interaction)
    setting = setting_typed(str(getattr(interaction.namespace, "setting", "") or ""))
    if setting is None:
        return []
    if setting.kind == "zone":         # every IANA zone, by name, city or country
        return [app_commands.Choice(name=label, value=zone)
                for label, zone in zones_matching(lang, current)]
    if setting.kind == "choice":
        offered = [(value_text(lang, setting, v), v) for v in setting.choices]
    elif setting.kind == "yesno":
        offered = [(value_text(lang, setting, True), "yes"),
                   (value_text(lang, setting, False), "no")]
    elif setting.kind == "zone":          # the IANA list itself, filtered by what is typed
        offered = [(z, z) for z in zone_choices(current)]
    else:
        offered = [(v, v) for v in _EXAMPLES.get(setting.kind, ())]
    typed = " ".join(current.split()).lower().replace(" ", "_") if setting.kind == "zone" \
        else current.strip().lower()
    return [app_commands.Choice(name=name[:100], value=value) for name, value in offered
            if typed in name.lower() or typed in value][:25]


def _in_language(matching: Callable[[str, str], list[tuple[str, str]]]):
    """An autocomplete offering what `matching(lang, typed)` finds, named in the user's
    language."""
    async def complete(interaction: discord.Interaction,
                       current: str) -> list[app_commands.Choice[str]]:
        bot: ArbitroBot = interaction.client  # type: ignore[assignment]
        lang = await bot.language_of_interaction(interaction)
        return [app_commands.Choice(name=name, value=value)
                for name, value in matching(lang, current)]
    return complete


# time zones by any part of their name, city or country; a list of powers, the one being
# typed completed
zone_autocomplete = _in_language(zones_matching)


async def powers_autocomplete(interaction: discord.Interaction,
                              current: str) -> list[app_commands.Choice[str]]:
    """A list of the game's powers (its variant's), the one being typed completed."""
    bot: ArbitroBot = interaction.client  # type: ignore[assignment]
    lang = await bot.language_of_interaction(interaction)
    powers, variant = await powers_of_game(bot, interaction)
    return [app_commands.Choice(name=name, value=value)
            for name, value in powers_matching(lang, current, powers, variant)]


_EXAMPLES = {"hours": ("12h", "24h", "36h", "48h", "72h"),
             "hours_list": ("24h, 2h", "12h, 1h", "2h", "-"),
             "clock": ("21:00", "20:00", "22:00", "-"),
             "weekdays": ("saturday, sunday", "sunday", "-")}


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)   # hidden from members without it;
# a server admin may grant /mod to the moderator role (Server Settings → Integrations). The
# rights are checked again at run time (moderator_only), whatever Discord shows.
class Moderation(commands.GroupCog, group_name="mod", group_description="Moderate games"):
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        self._warming = asyncio.get_running_loop().run_in_executor(None, zones.warm)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await moderator_only(interaction)

    async def _begin(self, interaction: discord.Interaction, game: int | None, *,
                     include_finished: bool = False) -> GameView:
        """Answer "thinking" at once (the service may adjudicate, draw a map or post to the
        channel before it returns, and Discord waits only 3 s), then find the game (a
        finished one only with `include_finished`: it is refused with how it ended)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        return await resolve_game(self.bot, interaction, game, include_finished=include_finished)

    async def _lang(self, interaction: discord.Interaction) -> str:
        return await self.bot.language_of_interaction(interaction)

    @app_commands.command(name="create", description="Create a game in this channel")
    @app_commands.describe(name="the game's name",
                           rules="which rules judge the orders where rulebooks differ",
                           players="how many players (2 to 7; a variant: its own number)",
                           movement_hours="hours for each movement phase",
                           retreat_hours="hours for each retreat phase",
                           adjustment_hours="hours for each adjustment phase",
                           reminders="remind players this long before each deadline, "
                                     "e.g. 24h, 2h (- for none)",
                           victory_centres="centres needed to win (default 18)",
                           end_year="end the game after this year",
                           variant="the variant: the classic game, a 1-vs-1 game, Chaos, the "
                                   "Ancient Mediterranean, …",
                           setup="three players only: set-up a or b of the rulebook",
                           timezone="time zone of the deadlines, e.g. Europe/Rome (default: "
                                    "from your language, else UTC)",
                           schedule_time="deadlines every day at this time, e.g. 21:00 "
                                         "(leave out: each phase lasts its hours)",
                           missed_orders="when orders are missing at the deadline",
                           grace_hours="with a grace period: how many hours to wait at most",
                           abandon_after="unseat a player who sends no orders this many "
                                         "phases in a row (0: never)",
                           extensions="who grants a player's request for more time",
                           min_on_time="only players who ordered on time at least this "
                                       "percentage of their phases may join",
                           language="the language of the game's channel posts and maps "
                                    "(default: yours)",
                           channels="give the game a category with a private channel and a "
                                    "role per power (docs/channels.md)",
                           press="how players may talk to each other (default: as they like)",
                           anonymous="hide who plays which power until the game ends",
                           grey_press="let players send messages without saying who sent "
                                      "them",
                           computer="at the start, the computer takes the seats nobody "
                                    "joined for",
                           fog="fog of war: each power sees only what its units and centres "
                               "border")
    @app_commands.autocomplete(timezone=zone_autocomplete, variant=variant_autocomplete)
    @app_commands.choices(rules=[app_commands.Choice(
        name="1971: the printed rulebook, e.g. a fleet to Spain must name its coast",
        value="1971"), app_commands.Choice(
        name="2023: DATC 3.0, the rulings of the 2023 rulebook", value="2023")],
        setup=[app_commands.Choice(name="a: set-up a of the rulebook", value="a"),
                 app_commands.Choice(name="b: set-up b of the rulebook", value="b")],
        missed_orders=[
            app_commands.Choice(name="civil disorder at once", value="immediate"),
            app_commands.Choice(name="wait for them (grace period)", value="grace")],
        extensions=[
            app_commands.Choice(name="the moderator", value="moderator"),
            app_commands.Choice(name="all the other players", value="players"),
            app_commands.Choice(name="nobody: no extensions", value="off")],
        language=LANGUAGE_CHOICES,
        press=[app_commands.Choice(name="full: in the channel and in private", value="full"),
               app_commands.Choice(name="public: only in the game's channel", value="public"),
               app_commands.Choice(name="gunboat: no talking, orders only", value="gunboat")])
    @app_commands.autocomplete(timezone=zone_autocomplete)
    async def create(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 80],
                     rules: str = "1971", players: app_commands.Range[int, 2, 7] | None = None,
                     movement_hours: app_commands.Range[float, 0.05, 336.0] = 24.0,
                     retreat_hours: app_commands.Range[float, 0.05, 336.0] = 12.0,
                     adjustment_hours: app_commands.Range[float, 0.05, 336.0] = 12.0,
                     reminders: app_commands.Range[str, 1, 60] = "2h",
                     victory_centres: app_commands.Range[int, 1, 34] | None = None,
                     end_year: app_commands.Range[int, 1901, 2100] | None = None,
                     variant: str | None = None, setup: str | None = None,
                     timezone: app_commands.Range[str, 1, 64] | None = None,
                     schedule_time: app_commands.Range[str, 1, 5] | None = None,
                     missed_orders: str = "immediate",
                     grace_hours: app_commands.Range[float, 0.1, 168.0] = 12.0,
                     abandon_after: app_commands.Range[int, 0, 20] = 0,
                     extensions: str = "moderator",
                     language: str | None = None,
                     min_on_time: app_commands.Range[int, 0, 100] | None = None,
                     channels: bool = False,
                     press: str = "full", anonymous: bool = False,
                     grey_press: bool = False, computer: bool = False,
                     fog: bool = False) -> None:
        settings = GameSettings(
            timezone=timezone or zone_for_locale(interaction.locale),
            schedule_time=schedule_time, nmr_policy=missed_orders,
            nmr_grace=timedelta(hours=grace_hours), abandon_after=abandon_after,
            extension_rule=extensions,
            rules=rules, players=players or players_of(variant), variant=setup,
            board=(variant or "standard").strip().lower(),
            movement_deadline=timedelta(hours=movement_hours),
            retreat_deadline=timedelta(hours=retreat_hours),
            adjustment_deadline=timedelta(hours=adjustment_hours),
            reminders=setting_named("reminders").read(reminders),
            victory_target=victory_centres, end_year=end_year, min_on_time=min_on_time,
            language=language or language_of(interaction.locale),
            press=press, anonymous=anonymous, grey_press=grey_press, computer_fills=computer,
            fog=fog)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = await self._lang(interaction)
        layout = self.bot.get_cog("Channels")
        missing = layout.refusal(interaction, lang, name) if channels and layout else None
        if channels and anonymous:     # the same rule as service.game_channels.enable
            missing = tr(lang, "channels.anonymous", game=name)
        if missing:        # checked before anything is created (bot/cogs/channels.py)
            await reply(interaction, missing)
            return
        async def create_it(asked: discord.Interaction, confirmed: bool = False) -> str:
            game = await self.bot.service.games.create(
                channel_id=interaction.channel_id, moderator_id=interaction.user.id,
                name=name, settings=settings, guild_id=interaction.guild_id,
                confirmed=confirmed)
            lines = [tr(lang, "mod.created", game=game.name, id=game.id, players=players,
                        rules=rules), schedule_summary(lang, game.settings)]
            if computer:
                lines.append(tr(lang, "mod.created_computer"))
            if channels and layout:
                lines.append(await layout.set_up(asked, game.id, lang))
            return "\n".join(lines)

        try:
            text = await create_it(interaction)
        except NeedsConfirmation as doubt:   # a name like another game's of this channel
            await ask(interaction, error_text(lang, doubt), AskOnce(
                interaction.user.id, lang, "mod.create_yes",
                lambda pressed: create_it(pressed, confirmed=True)))
            return
        await reply(interaction, text)

    @app_commands.command(name="start", description="Start a game: powers drawn by lot, or as "
                                                    "you assign them")
    @app_commands.describe(game=GAME, assignments="optional: England @alice, France @bob, ... "
                                                  "(every power in play)")
    @app_commands.autocomplete(game=game_autocomplete())
    async def start(self, interaction: discord.Interaction, game: int | None = None,
                    assignments: str | None = None) -> None:
        view = await self._begin(interaction, game)
        chosen = parse_assignments(assignments, view.settings.board) if assignments else None
        started = await self.bot.service.games.start(view.id, interaction.user.id, assignments=chosen)
        await reply(interaction, tr(await self._lang(interaction), "mod.started",
                                    game=started.name, deadline=timestamp(started.deadline)))

    @app_commands.command(name="process", description="Adjudicate the current phase now")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def process(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        lang = await self._lang(interaction)
        service, actor = self.bot.service, interaction.user.id
        phase, owing = await service.upkeep.owing(view.id)
        if not owing:
            await reply(interaction, await _process(self.bot, interaction, view.id,
                                                    view.phase or "", lang))
            return
        text = "\n".join([tr(lang, "mod.process_missing", game=view.name,
                               phase=phase_label(lang, phase), count=len(owing)),
                          owing_text(lang, owing),
                          tr(lang, for_phase("mod.process_confirm", phase))])
        await ask(interaction, text, Confirm(actor, lang, "process", view.id, view.phase or "",
                                             "mod.process_anyway"))

    @app_commands.command(name="extend", description="Give the current phase more time")
    @app_commands.describe(game=GAME, hours="how many hours to add")
    @app_commands.autocomplete(game=game_autocomplete())
    async def extend(self, interaction: discord.Interaction,
                     hours: app_commands.Range[float, 0.05, 336.0],
                     game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        after = await self.bot.service.moderation.extend_deadline(view.id, interaction.user.id,
                                                       by=timedelta(hours=hours))
        await reply(interaction, tr(await self._lang(interaction), "mod.deadline_now",
                                    game=after.name, deadline=timestamp(after.deadline)))

    @app_commands.command(name="deadline", description="Set the current phase's deadline")
    @app_commands.describe(game=GAME, when="e.g. 2026-12-01 21:00 (the game's time zone), +36h, "
                                           "tomorrow 21:00, friday 21:00")
    @app_commands.autocomplete(game=game_autocomplete())
    async def deadline(self, interaction: discord.Interaction,
                       when: app_commands.Range[str, 1, 100], game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        after = await self.bot.service.moderation.set_deadline_typed(view.id, interaction.user.id,
                                                                    when)
        lang = await self._lang(interaction)
        await reply(interaction, "\n".join([
            tr(lang, "mod.deadline_now", game=after.name, deadline=timestamp(after.deadline)),
            tr(lang, "status.game_time", time=wall_clock(after.deadline,
                                                         after.settings.timezone))]))

    @app_commands.command(name="pause", description="Stop the clock (no deadline passes)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def pause(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        await self.bot.service.moderation.pause(view.id, interaction.user.id)
        await reply(interaction, tr(await self._lang(interaction), "mod.paused", game=view.name))

    @app_commands.command(name="resume", description="Restart the clock with the time left")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def resume(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        after = await self.bot.service.moderation.resume(view.id, interaction.user.id)
        await reply(interaction, tr(await self._lang(interaction), "mod.resumed", game=after.name,
                                    deadline=timestamp(after.deadline)))

    @app_commands.command(name="replace", description="Seat a player at a power (replacing its "
                                                      "player, or taking a vacant power)")
    @app_commands.describe(game=GAME, power="the power", player="who plays it from now on",
                           anonymous_override="an anonymous game: seat a player who already "
                                              "plays another power all the same")
    @app_commands.autocomplete(game=game_autocomplete(), power=power_autocomplete)
    async def replace(self, interaction: discord.Interaction, power: str, player: discord.Member,
                      game: int | None = None, anonymous_override: bool = False) -> None:
        view = await self._begin(interaction, game)
        chosen = parse_power(power, view.settings.board)
        lang = await self._lang(interaction)
        actor = interaction.user.id
        arg = f"{_code(chosen, view.settings.board)}.{player.id}.{int(anonymous_override)}"
        held = [s.power for s in view.seats if s.user_id == player.id and s.power != chosen]
        if not held:
            await reply(interaction, await _seat(self.bot, interaction, view.id, arg, lang,
                                                 second_seat=False))
            return
        if view.settings.anonymous and not anonymous_override:
            raise InvalidRequest("moderation.second_seat_anonymous", "an anonymous game",
                                 game=view.name, user=player.id, power=chosen.value,
                                 powers=[p.value for p in held])   # as the service refuses
        text = [tr(lang, "mod.second_seat_confirm", game=view.name, player=player.mention,
                   powers=", ".join(power_name(lang, p) for p in held),
                   power=power_name(lang, chosen))]
        if view.settings.press == "gunboat":
            text.append(tr(lang, "mod.second_seat_gunboat"))
        await ask(interaction, "\n".join(text), Confirm(actor, lang, "second_seat", view.id, arg,
                                                        "mod.second_seat_yes"))

    @app_commands.command(name="offer", description="Offer a seat in the channel: players "
                                                    "ask for it with a button, you approve")
    @app_commands.describe(game=GAME, power="the power whose seat is open")
    @app_commands.autocomplete(game=game_autocomplete(), power=power_autocomplete)
    async def offer(self, interaction: discord.Interaction, power: str,
                    game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        chosen = parse_power(power, view.settings.board)
        await self.bot.service.seating.offer_seat(view.id, interaction.user.id, chosen)
        lang = await self._lang(interaction)
        await reply(interaction, tr(lang, "mod.offered", game=view.name,
                                    power=power_name(lang, chosen)))

    @app_commands.command(name="computer", description="Seat the computer at a power: it gives "
                                                       "the orders until a player takes the seat")
    @app_commands.describe(game=GAME, power="the power the computer plays")
    @app_commands.autocomplete(game=game_autocomplete(), power=power_autocomplete)
    async def computer(self, interaction: discord.Interaction, power: str,
                       game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        chosen = parse_power(power)
        await self.bot.service.computer.seat(view.id, interaction.user.id, chosen)
        lang = await self._lang(interaction)
        await reply(interaction, tr(lang, "mod.computer_seated", game=view.name,
                                    power=power_name(lang, chosen),
                                    lead=duration(lang, view.settings.computer_lead)))

    @app_commands.command(name="computer_orders", description="The orders the computer gave "
                                                              "for its seats in this phase")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def computer_orders(self, interaction: discord.Interaction,
                              game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        given = await self.bot.service.computer.given(view.id)
        lang = await self._lang(interaction)
        await reply(interaction, computer_orders_text(lang, view, given))

    @app_commands.command(name="remove", description="Unseat a player (their powers go into "
                                                     "civil disorder)")
    @app_commands.describe(game=GAME, player="the player to remove")
    @app_commands.autocomplete(game=game_autocomplete())
    async def remove(self, interaction: discord.Interaction, player: discord.Member,
                     game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        await self.bot.service.moderation.remove_player(view.id, interaction.user.id, player.id)
        await reply(interaction, tr(await self._lang(interaction), "mod.removed", game=view.name,
                                    player=player.mention))

    @app_commands.command(name="rollback", description="Undo the last adjudication")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete(include_finished=True))
    async def rollback(self, interaction: discord.Interaction, game: int | None = None) -> None:
        # the one change a finished game takes: undoing its last phase reopens it
        view = await self._begin(interaction, game, include_finished=True)
        after = await self.bot.service.moderation.rollback(view.id, interaction.user.id)
        lang = await self._lang(interaction)
        await reply(interaction, tr(lang, "mod.rolled_back", game=after.name,
                                    phase=phase_label(lang, after.phase)))

    @app_commands.command(name="end", description="End a game now")
    @app_commands.describe(game=GAME, reason="why (shown in the announcement)")
    @app_commands.autocomplete(game=game_autocomplete())
    async def end(self, interaction: discord.Interaction, game: int | None = None,
                  reason: app_commands.Range[str, 0, 200] = "") -> None:
        view = await self._begin(interaction, game)
        await self.bot.service.moderation.end_game(view.id, interaction.user.id, reason)
        await reply(interaction, tr(await self._lang(interaction), "mod.ended", game=view.name))

    @app_commands.command(name="refuse-absence", description="Refuse a player's absence "
                                                             "(deadlines no longer wait for it)")
    @app_commands.describe(game=GAME, player="the player whose absence you refuse")
    @app_commands.autocomplete(game=game_autocomplete())
    async def refuse_absence(self, interaction: discord.Interaction, player: discord.Member,
                             game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        await self.bot.service.absences.refuse_latest(view.id, interaction.user.id, player.id)
        await reply(interaction, tr(await self._lang(interaction), "absence.refused_done",
                                    game=view.name, user=player.mention))

    @app_commands.command(name="role", description="The role whose members may moderate here "
                                                   "(besides Manage Server)")
    @app_commands.describe(role="the role; leave out to clear it")
    async def role(self, interaction: discord.Interaction,
                   role: discord.Role | None = None) -> None:
        member = interaction.user
        if not (isinstance(member, discord.Member) and member.guild_permissions.manage_guild):
            raise NotModerator()  # only server managers choose who else moderates
        await self.bot.service.preferences.set_moderator_role(interaction.guild_id, role.id if role else None)
        lang = await self._lang(interaction)
        text = (tr(lang, "mod.role_set", role=role.mention) if role
                else tr(lang, "mod.role_cleared"))
        await reply(interaction, text)

    # -- settings, upkeep, the end of a game (docs/moderation.md) ------------------------------

    @app_commands.command(name="settings", description="See every setting of a game, or "
                                                       "change one mid-game")
    @app_commands.describe(game=GAME, setting="the setting to change (leave out to see them "
                                              "all)",
                           value="its new value, e.g. 36h, or 24h, 2h for several reminders")
    @app_commands.autocomplete(game=game_autocomplete(), setting=setting_autocomplete,
                               value=value_autocomplete)
    async def settings(self, interaction: discord.Interaction,
                       setting: str | None = None,
                       value: app_commands.Range[str, 1, 100] | None = None,
                       game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        lang = await self._lang(interaction)
        config = self.bot.service.game_config
        if setting is None or value is None:
            shown = await config.show(view.id)
            if setting is not None:
                chosen = setting_of(setting)
                shown = [v for v in shown if v.setting is chosen]
            await reply(interaction, settings_text(lang, view.name, shown,
                                                   view.status != "forming",
                                                   rule=deadline_rule(lang, view.settings)))
            return
        actor = interaction.user.id
        try:
            text = await _change_setting(self.bot, view.id, actor, setting_of(setting).name,
                                         value, lang, confirmed=False)
        except NeedsConfirmation as doubt:   # a phase of months: almost surely a typo
            arg = f"{setting_of(setting).name}.{''.join(value.split())}"
            if not fits(arg):                # not a length the buttons can carry: ask again
                raise
            await ask(interaction, error_text(lang, doubt),
                      Confirm(actor, lang, "setting", view.id, arg, "settings.confirm_yes"))
            return
        await reply(interaction, text)

    @app_commands.command(name="delete", description="Delete a game that has not started "
                                                     "(asks first)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def delete(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        lang = await self._lang(interaction)
        if view.status != "forming":
            raise InvalidRequest("moderation.delete_started", f"{view.name} has started",
                                 game=view.name)
        await ask(interaction, tr(lang, "mod.delete_confirm", game=view.name,
                                  count=len(view.players)),
                  Confirm(interaction.user.id, lang, "delete", view.id, "", "mod.delete_yes"))

    @app_commands.command(name="log", description="Every moderator action of a game, in words")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete(include_finished=True))
    async def log(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = await resolve_game(self.bot, interaction, game, include_finished=True)
        entries = await self.bot.service.moderation.audit_log(view.id)
        await reply(interaction, audit_text(await self._lang(interaction), entries))

    @app_commands.command(name="remind", description="Remind everyone still owing orders, now")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def remind(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        reminded = await self.bot.service.upkeep.remind_now(view.id, interaction.user.id)
        lang = await self._lang(interaction)
        await reply(interaction, tr(lang, "mod.reminded", game=view.name, count=len(reminded))
                    if reminded else tr(lang, "mod.nobody_owes", game=view.name))

    @app_commands.command(name="draw", description="End the game in a draw among the powers "
                                                   "you name (asks first)")
    @app_commands.describe(game=GAME, powers="the powers sharing the draw, e.g. England, "
                                             "France, Russia")
    @app_commands.autocomplete(game=game_autocomplete(), powers=powers_autocomplete)
    async def draw(self, interaction: discord.Interaction,
                   powers: app_commands.Range[str, 1, 200], game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        lang = await self._lang(interaction)
        _refuse_unless_running(view)
        named = sorted(set(_named_powers(powers, view.settings.board)))
        await ask(interaction, tr(lang, "mod.draw_confirm", game=view.name, powers=", ".join(
            power_name(lang, p) for p in named)), Confirm(
            interaction.user.id, lang, "draw", view.id,
            "".join(_code(p, view.settings.board) for p in named), "mod.end_yes"))

    @app_commands.command(name="concede", description="End the game: everyone concedes to one "
                                                      "power (asks first)")
    @app_commands.describe(game=GAME, power="the power everyone concedes to")
    @app_commands.autocomplete(game=game_autocomplete(), power=power_autocomplete)
    async def concede(self, interaction: discord.Interaction, power: str,
                      game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        lang = await self._lang(interaction)
        _refuse_unless_running(view)
        chosen = parse_power(power, view.settings.board)
        await ask(interaction, tr(lang, "mod.concede_confirm", game=view.name,
                                  power=power_name(lang, chosen)),
                  Confirm(interaction.user.id, lang, "concede", view.id, _code(chosen, view.settings.board),
                          "mod.end_yes"))


# -- what "go ahead" does on a moderator's question, after a restart too (bot/confirm.py) ----

async def _change_setting(bot: ArbitroBot, game_id: int, actor: int, name: str, value: str,
                          lang: str, *, confirmed: bool = True) -> str:
    """Change one setting and say so; a phase length that a fixed schedule overrides is said
    to be unused, never silently."""
    change = await bot.service.game_config.change(game_id, actor, name, value, confirmed=confirmed)
    lines = [tr(lang, "settings.you_changed", game=change.game,
                setting=setting_label(lang, change.setting.name),
                old=value_text(lang, change.setting, change.old),
                new=value_text(lang, change.setting, change.new))]
    after = (await bot.service.games.status(game_id)).settings
    if change.setting.name in PHASE_LENGTHS and after.schedule_time is not None:
        lines.append(tr(lang, "settings.length_unused",
                        setting=setting_label(lang, change.setting.name),
                        time=after.schedule_time))
    elif change.setting.name == "schedule_time":
        lines.append(deadline_rule(lang, after))
    return "\n".join(lines)


@confirmed("setting", check=moderator_only)
async def _setting(bot: ArbitroBot, interaction: discord.Interaction, game_id: int, arg: str,
                   lang: str) -> str:
    name, _, value = arg.partition(".")
    return await _change_setting(bot, game_id, interaction.user.id, name, value, lang)


# A power in a confirmation button: one character, its place among the game's powers (a
# Chaos game has 34); an upper-case initial is a standard power's, from buttons made before.
_CODES = "0123456789abcdefghijklmnopqrstuvwxyz"
_BY_INITIAL = {p.value[0]: p for p in Power}       # A E F G I R T: the standard seven


def _code(power: Power, variant: str | None) -> str:
    return _CODES[board_of(variant or "standard").powers.index(power)]


async def _decode(bot: ArbitroBot, game_id: int, codes: str) -> list[Power]:
    powers = board_of((await bot.service.games.status(game_id)).settings.board).powers
    return [_BY_INITIAL[c] if c in _BY_INITIAL else powers[_CODES.index(c)] for c in codes]


def computer_orders_text(lang: str, view: GameView, given: dict[Power, list[str]]) -> str:
    """/mod computer_orders: each computer seat's orders of the open phase, the provinces
    named in the reader's language (for the moderators only, before the adjudication)."""
    if not given:
        return tr(lang, "mod.computer_orders_none", game=view.name,
                  lead=duration(lang, view.settings.computer_lead))
    lines = [tr(lang, "mod.computer_orders", game=view.name,
                phase=phase_label(lang, view.phase or ""))]
    with names_on(view.settings.board):
        for power, orders in given.items():
            lines.append(f"**{power_name(lang, power)}**")
            for order in orders:
                gloss = order_gloss(lang, order, order)
                lines.append(f"• `{order}`" + (f" — {gloss}" if gloss else ""))
    return "\n".join(lines)


@confirmed("process", check=moderator_only)
async def _process(bot: ArbitroBot, interaction: discord.Interaction, game_id: int, phase: str,
                   lang: str) -> str:
    # the phase the moderator saw: if a deadline got there first, the next is spared
    done = await bot.service.moderation.process_now(game_id, interaction.user.id, phase or None)
    name = (await bot.service.games.status(game_id)).name
    return tr(lang, "mod.processed" if done else "mod.already_processed", game=name)


async def _seat(bot: ArbitroBot, interaction: discord.Interaction, game_id: int, arg: str,
                lang: str, *, second_seat: bool = True) -> str:
    initial, player, override = arg.split(".")
    power, = await _decode(bot, game_id, initial)
    # a second seat only once the moderator pressed the button
    await bot.service.seating.replace_player(game_id, interaction.user.id, power, int(player),
                                     second_seat=second_seat, anonymous_override=override == "1")
    return tr(lang, "mod.replaced", game=(await bot.service.games.status(game_id)).name,
              power=power_name(lang, power), player=f"<@{player}>")


confirmed("second_seat", check=moderator_only)(_seat)


@confirmed("delete", check=moderator_only)
async def _delete(bot: ArbitroBot, interaction: discord.Interaction, game_id: int, _: str,
                  lang: str) -> str:
    return tr(lang, "mod.deleted",
              game=await bot.service.upkeep.delete_game(game_id, interaction.user.id))


@confirmed("draw", check=moderator_only)
async def _draw(bot: ArbitroBot, interaction: discord.Interaction, game_id: int,
                initials: str, lang: str) -> str:
    await bot.service.endgame.declare_draw(game_id, interaction.user.id,
                                           await _decode(bot, game_id, initials))
    return tr(lang, "mod.draw_done", game=(await bot.service.games.status(game_id)).name)


@confirmed("concede", check=moderator_only)
async def _concede(bot: ArbitroBot, interaction: discord.Interaction, game_id: int,
                   initial: str, lang: str) -> str:
    await bot.service.endgame.concede(game_id, interaction.user.id,
                                      (await _decode(bot, game_id, initial))[0])
    return tr(lang, "mod.concede_done", game=(await bot.service.games.status(game_id)).name)


async def setup(bot: ArbitroBot) -> None:
    await bot.add_cog(Moderation(bot))
    bot.add_dynamic_items(Answer)
