"""`python -m bot` and create_bot: one-line errors with exit status 2, one database open, SIGTERM closes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import discord
import pytest

import bot.__main__ as main_module
from bot import Settings, create_bot
from tests.bot.helpers import python_process

ROOT = Path(__file__).resolve().parents[2]


def test_create_bot_does_not_start_it(tmp_path: Path) -> None:
    b = create_bot(Settings(db_path=str(tmp_path / "x.db")))
    assert b.settings.db_path.endswith("x.db") and not b.is_ready() and b.store is None


def run_main(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "ENTDECKER_"))}
    full.update(env)
    return subprocess.run([sys.executable, "-m", "bot"], cwd=ROOT, env=full, capture_output=True, text=True, timeout=60)


def test_missing_token_is_one_line() -> None:
    result = run_main({})
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "DISCORD_TOKEN" in result.stderr


def test_unwritable_database_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    result = run_main({"DISCORD_TOKEN": "x", "ENTDECKER_DB": str(blocker / "sub" / "e.db")})
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "cannot open database" in result.stderr


def test_bad_setting_is_one_line() -> None:
    result = run_main({"DISCORD_TOKEN": "x", "ENTDECKER_REMINDER_HOURS": "soon"})
    assert result.returncode == 2 and result.stderr.strip().count("\n") == 0


def test_invalid_token_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    async def refuse(settings: Settings) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(main_module, "_run", refuse)
    monkeypatch.setenv("DISCORD_TOKEN", "bad")
    assert main_module.main() == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "refused the token" in err


def test_some_shards_on_sqlite_is_one_line(tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": "x", "ENTDECKER_DB": str(tmp_path / "e.db"), "ENTDECKER_SHARD_COUNT": "2"}
    result = run_main({**env, "ENTDECKER_SHARDS": "1"})
    assert result.returncode == 2 and result.stderr.strip().count("\n") == 0
    assert "a SQLite database serves one process" in result.stderr
    assert not (tmp_path / "e.db").exists()  # refused before anything was created


def test_no_network_is_one_line_and_no_voice_warnings(tmp_path: Path) -> None:
    """Discord unreachable (here: a closed local port instead of discord.com): one line and exit 2, no traceback;
    and a bot without voice says nothing about voice libraries."""
    code = (
        "import discord.http, runpy; discord.http.Route.BASE = 'http://127.0.0.1:9/api/v10'; "
        "runpy.run_module('bot', run_name='__main__')"
    )
    env = {**os.environ, "DISCORD_TOKEN": "x", "ENTDECKER_DB": str(tmp_path / "g.db"), "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "voice" not in result.stderr, result.stderr
    ours = [line for line in result.stderr.splitlines() if line.startswith("entdecker-bot:")]
    assert len(ours) == 1 and "cannot reach Discord" in ours[0]


async def test_python_m_bot_opens_the_database_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening runs the integrity check over the whole file: the bot is handed the store `python -m bot` opened for
    its early failure, instead of opening it a second time in setup_hook."""
    import storage
    from bot.app import EntdeckerBot

    opened: list[object] = []
    real_open = storage.Store.open

    async def counting_open(path: object, **kwargs: object) -> storage.Store:
        store = await real_open(path, **kwargs)  # type: ignore[arg-type]
        opened.append(store)
        return store

    seen: dict[str, object] = {}

    async def start(self: EntdeckerBot, token: str, *, reconnect: bool = True) -> None:  # no Discord: just the hook
        await self.setup_hook()
        seen["store"] = self.store

    monkeypatch.setattr(storage.Store, "open", counting_open)
    monkeypatch.setattr(EntdeckerBot, "start", start)
    settings = Settings(token="x", db_path=str(tmp_path / "once.db"), sync_commands=False)
    assert await main_module._run(settings) is None
    assert len(opened) == 1 and seen["store"] is opened[0]
    with pytest.raises(storage.StorageError, match="closed"):
        await opened[0].game(1)  # the bot closed the store it was handed


def test_sigterm_closes_the_bot_instead_of_killing_the_process() -> None:
    proc = python_process(
        """
        import asyncio
        from bot.__main__ import close_on_sigterm

        class Bot:
            closed = asyncio.Event()
            async def close(self):
                self.closed.set()

        async def main():
            bot = Bot()
            close_on_sigterm(bot)
            print("ready", flush=True)
            await asyncio.wait_for(bot.closed.wait(), 30)
            print("closed", flush=True)

        asyncio.run(main())
        """
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready"
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert out.strip() == "closed"
