"""`arbitro bot` without a token stops at once and says how to get one."""

import subprocess
import sys


def test_without_a_token_it_explains_how_to_create_the_application(tmp_path):
    env = {"PATH": "", "PYTHONPATH": ""}
    result = subprocess.run([sys.executable, "-m", "arbitro", "bot", "--env",
                             str(tmp_path / "none.env")], capture_output=True, text=True,
                            env=env, timeout=60, cwd=tmp_path)
    assert result.returncode == 2
    assert "no DISCORD_TOKEN" in result.stderr
    assert "discord.com/developers/applications" in result.stderr
    assert "scope=bot+applications.commands&permissions=117760" in result.stderr
    assert "Intents" in result.stderr


def test_a_bad_setting_is_named(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=x\nARBITRO_TEST_GUILD=club\n")
    result = subprocess.run([sys.executable, "-m", "arbitro", "bot", "--env", str(env_file)],
                            capture_output=True, text=True, env={"PATH": ""}, timeout=60,
                            cwd=tmp_path)
    assert result.returncode == 2 and "ARBITRO_TEST_GUILD" in result.stderr


def test_a_worker_publishes_no_commands(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=x\n")
    result = subprocess.run([sys.executable, "-m", "arbitro", "bot", "--worker", "--sync",
                             "--env", str(env_file)], capture_output=True, text=True,
                            env={"PATH": ""}, timeout=60, cwd=tmp_path)
    assert result.returncode == 2
    assert "a worker publishes no commands: run --sync on one bot process" in result.stderr
