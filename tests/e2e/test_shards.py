"""Gateway sharding end to end: guilds on different shards, served by one sharded process, or by two processes on
two shards sharing one PostgreSQL database, one of them killed with kill -9 mid-game and restarted.

The fake gateway sends each guild's events only to the connection that identified with the guild's shard
((guild_id >> 22) % shard_count), as Discord does.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
import sys
from pathlib import Path
from typing import Any

import engine
from storage import AnyStore, open_store
from tests.fakediscord import FakeDiscord, InteractionHandle

from .helpers import click_move, kill_all, ok, open_game, running, settings, slash_move

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["alice", "bob"]
WAIT = 30.0
START_TIMEOUT = 60.0


def two_guilds(fake: FakeDiscord) -> tuple[int, int]:
    """A guild on shard 0 and one on shard 1 of 2, each with a channel: zero-1 and one-1."""
    zero, one = fake.add_guild("Shard Null", shard=(0, 2)), fake.add_guild("Shard Eins", shard=(1, 2))
    fake.add_channel("zero-1", guild=zero)
    fake.add_channel("one-1", guild=one)
    return zero, one


async def test_one_process_runs_both_shards(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        zero, one = two_guilds(fake)
        sent: list[tuple[int, str, int]] = []  # (shard of the connection, event, guild of the event)
        send = fake._send

        async def recording_send(conn: Any, payload: dict[str, Any]) -> None:
            data = payload.get("d")
            if payload.get("op") == 0 and isinstance(data, dict):
                guild = data.get("id") if payload["t"] == "GUILD_CREATE" else data.get("guild_id")
                if guild is not None:
                    sent.append((conn.shard[0], payload["t"], int(guild)))
            await send(conn, payload)

        fake._send = recording_send  # type: ignore[method-assign]
        config = settings(tmp_path / "s.db", shard_count=2, shard_ids=(0, 1))
        async with running(fake, config) as (bot, _):
            await fake.wait_for(lambda: fake.shards == [(0, 2), (1, 2)], WAIT, "both shards identified")
            assert (bot.get_guild(zero).shard_id, bot.get_guild(one).shard_id) == (0, 1)
            assert fake.connected_for(zero) == fake.connected_for(one) == 1
            for channel in ("zero-1", "one-1"):
                await open_game(fake, channel, PLAYERS)
            games = await bot.services.store.active_games()
            assert sorted(g.guild_id for g in games) == sorted([zero, one])
        # Every guild event went to the connection of the guild's shard only.
        for guild, shard in ((zero, 0), (one, 1)):
            events = {(s, t) for s, t, g in sent if g == guild}
            assert {t for _, t in events} >= {"GUILD_CREATE", "INTERACTION_CREATE"}
            assert {s for s, _ in events} == {shard}


class Processes:
    """Bot processes (tests.e2e.killable_bot) on shards of 2, all on one database; all killed by aclose."""

    def __init__(self, fake: FakeDiscord, db: str, logs: Path) -> None:
        self.fake, self.db, self.logs = fake, db, logs
        self.running: dict[int, asyncio.subprocess.Process] = {}
        self.started: list[Path] = []

    async def start(self, shard: int) -> None:
        # Boards in threads, no renderer warm-up (as tests/e2e/test_kill.py's BOT_OPTIONS say why).
        log = self.logs / f"shard-{shard}-{len(self.started)}.log"
        self.started.append(log)
        with log.open("wb") as stderr:
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.e2e.killable_bot", str(self.fake.port), self.db,
                "--shard-count", "2", "--shards", str(shard), "--render-processes", "0", "--cold",
                cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=stderr,
            )  # fmt: skip
        self.running[shard] = process
        assert process.stdout is not None
        try:
            line = await asyncio.wait_for(process.stdout.readline(), START_TIMEOUT)
        except TimeoutError:
            line = b""
        assert line.startswith(b"ready"), f"shard {shard} not ready (exit {process.returncode}):\n{log.read_text()}"
        await self.fake.wait_for(lambda: (shard, 2) in self.fake.shards, WAIT, f"shard {shard} on the gateway")

    async def kill(self, shard: int) -> None:
        process = self.running.pop(shard)
        process.send_signal(signal.SIGKILL)
        assert await asyncio.wait_for(process.wait(), WAIT) == -signal.SIGKILL
        await self.fake.wait_for(lambda: (shard, 2) not in self.fake.shards, WAIT, f"shard {shard} to drop off")

    def errors(self) -> list[str]:
        return [
            f"{log.name}: {line}"
            for log in self.started
            for line in log.read_text().splitlines()
            if line.startswith(("ERROR", "CRITICAL"))
        ]

    async def aclose(self) -> None:
        await kill_all(self.running.values(), WAIT)


class Table:
    """One channel's game as stored in the shared database (read by the test's own connection)."""

    def __init__(self, fake: FakeDiscord, store: AnyStore, channel: str) -> None:
        self.fake, self.store, self.channel = fake, store, channel

    async def now(self) -> tuple[Any, Any, str | None]:
        """(record, state, user to move or None once over)."""
        record = (await self.store.history(self.fake.channel(self.channel).id, limit=1))[0]
        state = await self.store.load_state(record.id)
        if record.status != "active":
            return record, state, None
        seat = (await self.store.players(record.id))[state.current_player]
        return record, state, self.fake.users[seat.user_id].name

    async def shown(self) -> tuple[Any, Any, str | None]:
        """Wait until the channel shows the stored version (its announcement, or the catch-up after a restart)."""
        deadline = asyncio.get_running_loop().time() + WAIT
        while True:
            record, state, user = await self.now()
            message = self.fake.messages.get(record.turn_message_id or 0)
            if record.announced_version == record.version and message is not None:
                ids = message.custom_ids()
                if all(f":{record.version}." in c for c in ids):
                    return record, state, user
            assert asyncio.get_running_loop().time() < deadline, f"{self.channel} does not show {record}"
            await asyncio.sleep(0.02)

    async def send(self, rng: random.Random) -> tuple[InteractionHandle, int] | None:
        """The next move, by a click on the turn message or by slash command; None once the game is over."""
        record, state, user = await self.shown()
        if user is None:
            return None
        key = engine.ai_move(state, "heuristic").key
        message = self.fake.message(record.turn_message_id)
        offered = any(b["custom_id"].split(":", 3)[3] == key for b in message.buttons()) or any(
            key in [o["value"] for o in s["options"]] for s in message.selects()
        )
        if offered and rng.random() < 0.5:
            return await click_move(self.fake, message, user, key), record.version
        return await slash_move(self.fake, self.channel, user, key), record.version

    async def play(self, rng: random.Random, moves: int) -> int:
        """Play up to `moves` moves, each answered and stored exactly once; returns the version reached."""
        version = (await self.now())[0].version
        for _ in range(moves):
            sent = await self.send(rng)
            if sent is None:
                break
            handle, before = sent
            await ok(handle)
            version = (await self.now())[0].version
            assert version == before + 1
        return version

    async def check_log(self) -> None:
        record, state, _ = await self.now()
        saved = await self.store.saved_game(record.id)
        assert len(saved["moves"]) == record.version == state.version
        assert engine.state_to_json(engine.replay(saved)) == engine.state_to_json(state)


async def test_two_processes_on_two_shards_share_postgres_and_survive_kill_9(pg_url: str, tmp_path: Path) -> None:
    rng = random.Random(13)
    store = await open_store(pg_url)  # creates the schema before either bot starts
    try:
        async with (
            FakeDiscord(response_deadline=10.0) as fake,
            contextlib.aclosing(Processes(fake, pg_url, tmp_path)) as bots,
        ):
            zero, one = two_guilds(fake)
            await asyncio.gather(bots.start(0), bots.start(1))
            # Each guild's events reach exactly one process: the one on its shard.
            assert fake.connected_for(zero) == fake.connected_for(one) == 1
            # Every step asked (no step made for a player): each move checked here is one stored version.
            await asyncio.gather(
                *(open_game(fake, c, PLAYERS, seed=s, confirm_steps=True) for c, s in (("zero-1", 3), ("one-1", 4)))
            )
            tables = {"zero-1": Table(fake, store, "zero-1"), "one-1": Table(fake, store, "one-1")}
            await asyncio.gather(*(t.play(rng, 8) for t in tables.values()))

            # kill -9 the process of shard 1 right after a move of its guild went out; shard 0 plays on meanwhile.
            sent = await tables["one-1"].send(rng)
            assert sent is not None
            _, before = sent
            await asyncio.sleep(rng.uniform(0.0, 0.05))
            await bots.kill(1)
            assert fake.connected_for(zero) == 1 and fake.connected_for(one) == 0
            await tables["zero-1"].play(rng, 5)
            after = (await tables["one-1"].now())[0].version
            assert after in (before, before + 1)  # the move happened entirely or not at all

            # The restarted process catches up its channel and the game goes on in both guilds.
            await bots.start(1)
            await tables["one-1"].shown()
            versions = await asyncio.gather(*(t.play(rng, 8) for t in tables.values()))
            assert versions[1] >= after + 1 or (await tables["one-1"].now())[2] is None
            for table in tables.values():
                await table.check_log()
            games = await store.active_games()
            assert sorted(g.guild_id for g in games) == sorted([zero, one])
            assert bots.errors() == []
    finally:
        await store.close()
