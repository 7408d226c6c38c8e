"""`arbitro bot [--sync] [--env FILE]`: run the Discord bot with the settings of `.env`."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys

HELP = "run the Discord bot (settings from the environment or .env; see .env.example)"

NO_TOKEN = """\
arbitro bot: no DISCORD_TOKEN is set.

To get one:
  1. Open https://discord.com/developers/applications and press "New Application".
  2. In "Bot", press "Reset Token", copy the token and put it in .env as DISCORD_TOKEN=...
     (copy .env.example to .env first). Keep it secret.
  3. Intents: none of the privileged ones are needed (the bot reads only the direct messages
     sent to it, whose text Discord always delivers; it needs no member list or presences).
  4. Invite it with this URL (put your application id, from "General Information"):
     https://discord.com/oauth2/authorize?client_id=APPLICATION_ID&scope=bot+applications.commands&permissions={permissions}
     (View Channels, Send Messages, Embed Links, Attach Files, Read Message History.)
  5. Run `arbitro bot --sync` once (or set ARBITRO_TEST_GUILD to a server id to sync there at
     every start) so the slash commands appear.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sync", action="store_true",
                        help="publish the slash commands (to ARBITRO_TEST_GUILD if set, else "
                             "globally, which Discord may take up to an hour to show); with "
                             "several processes (ARBITRO_SHARDS) give it to one of them only")
    parser.add_argument("--worker", action="store_true",
                        help="adjudicate and announce only, with no gateway connection: extra "
                             "capacity for deadline bursts beside the bot processes, on the "
                             "ARBITRO_DB they use (docs/scaling.md)")
    parser.add_argument("--check", action="store_true",
                        help="say what the bot would find (database, migrations, backups, and "
                             "at Discord: the token, shards, each game's channel) and exit")
    parser.add_argument("--env", default=".env",
                        help="file of settings to read before the environment (default .env)")


def run(args: argparse.Namespace) -> int:
    from dotenv import load_dotenv

    from bot.permissions import INVITE_PERMISSIONS
    from ops.settings import Settings, SettingsError

    load_dotenv(args.env, override=False)
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"arbitro bot: {exc}", file=sys.stderr)
        return 2
    if not settings.discord_token:
        print(NO_TOKEN.format(permissions=INVITE_PERMISSIONS), file=sys.stderr)
        return 2
    if args.check:
        return _check(settings)
    if args.worker and args.sync:
        print("arbitro bot: a worker publishes no commands: run --sync on one bot process",
              file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level,
                        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")

    from bot.runner import run_forever, run_worker_forever

    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run_worker_forever(settings) if args.worker
                        else run_forever(settings, sync=args.sync))
    except Exception as exc:  # start-up failed or the bot stopped: exit so it is restarted
        logging.getLogger("arbitro").critical("arbitro bot stopped: %s", exc, exc_info=exc)
        print(f"arbitro bot: stopped: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    return 0


def _check(settings) -> int:
    from datetime import UTC, datetime

    from arbitro.commands.doctor import report
    from bot.check import online_findings
    from ops.doctor import examine

    local = examine(settings, datetime.now(UTC))
    return report(local + asyncio.run(online_findings(settings)))

