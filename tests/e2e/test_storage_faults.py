"""A database that fails mid-game for a cause outside the program (issue 19 item 8), made the real way: the player
reads what happened and that nothing changed, the bot keeps running, and the game goes on once the file is fixed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord

from .helpers import ok, open_game, refused, running, settings, slash_move, table_of


async def test_a_read_only_file_mid_game_is_told_in_words_and_the_game_goes_on(tmp_path: Path) -> None:
    """`chattr +i` on the file and its WAL, since chmod does not stop root (CI runs as root)."""
    if shutil.which("chattr") is None:
        pytest.skip("chattr is not installed: cannot make the file read-only for root")
    db = tmp_path / "g.db"
    files = [str(db), f"{db}-wal"]
    async with FakeDiscord() as fake:
        async with running(fake, settings(db)) as (bot, _):
            await open_game(fake, "game-1", ["alice", "bob"])
            table = await table_of(bot, fake, "game-1")
            assert table is not None
            before = table.version
            done = subprocess.run(["chattr", "+i", *files], capture_output=True)
            if done.returncode != 0:
                pytest.skip(f"this filesystem has no immutable flag: {done.stderr.decode().strip()}")
            try:
                text = await refused(await slash_move(fake, "game-1", "alice", "ship:A1N"))
                assert "cannot be written" in text and "nothing changed" in text, text
                assert "Something went wrong" not in text
            finally:
                subprocess.run(["chattr", "-i", *files], check=True)
            table = await table_of(bot, fake, "game-1")
            assert table is not None and table.version == before
            await ok(await slash_move(fake, "game-1", "alice", "ship:A1N"))
            table = await table_of(bot, fake, "game-1")
            assert table is not None and table.version == before + 1
        fake.assert_no_violations()
