"""kill -9 in the middle of a turn, then a new process on the same database file: the game goes on where it was.

The bot runs in a subprocess (:mod:`tests.e2e.killable_bot`) against a FakeDiscord in the test process, so it can be
SIGKILLed at any moment. Four times in one game:

1. Deterministically between storing a move and announcing it: a click's interaction is acknowledged, then the
   bot's next request (the announcement) is held by the fake until the process is dead. The restarted bot must
   show that stored turn by itself (the announced_version catch-up); while its catch-up is held in turn, a click on
   the turn message's now stale buttons gets a polite private answer.
2. Three times at a seeded, random-ish moment after a move's interaction was sent (within about one move's handling
   time): the move happened entirely or not at all.

Each time the state in the database (snapshot and replayed log) must be the one before the kill or exactly one move
later, and the game is played on (to the end) by slash commands and by buttons of the current turn message. Every
interaction sent to a new process must be acknowledged and answered; the only Discord rule breaks allowed are those
of the interactions that were in flight at a kill, and no ERROR may be logged by any of the processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web

import engine
from storage import GameRecord, Store
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle

from .helpers import click_move, kill_all, ok, only_end_controls, open_game, refused, slash_move

ROOT = Path(__file__).resolve().parents[2]
CHANNEL = "game-1"
PLAYERS = ["alice", "bob"]
GAME_SEED = 5  # the game's deal (about 230 moves with the heuristic AI)
CHOICES_SEED = 20240607  # the test's own choices: slash or click, how many moves, when the second kill lands
START_TIMEOUT = 60.0  # a cold interpreter on a loaded machine
WAIT = 30.0
MAX_MOVES = 600
RANDOM_KILLS = 3
# Boards drawn in the bot's threads and no renderer warm-up: each of the five starts otherwise spawned two render
# workers and drew every game's warm-up boards in each before on_ready (seconds of CPU a start, on both cores). A
# killed bot's render workers ending is tests/bot/test_boards.py's; drawing in workers, test_announcements.py's.
# Sketched boards between the first and the last (tests/e2e/sketch.py): the catch-up's board is a new upload all the
# same.
BOT_OPTIONS = ("--render-processes", "0", "--cold", "--sketch")

Gate = Callable[[str, list[str]], bool]


class GatedFake(FakeDiscord):
    """A FakeDiscord that can hold the bot's requests, so that a kill lands exactly between two of them.

    ``hold(gate)`` keeps every request for which ``gate(method, path parts)`` is true waiting (listed in
    ``held``) until ``release``: ``deliver=True`` lets them through, ``deliver=False`` drops them unapplied (for a
    process that was killed meanwhile; nobody reads the answer).
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._gate: Gate | None = None
        self.held: list[tuple[str, asyncio.Future[bool]]] = []

    def hold(self, gate: Gate) -> None:
        self._gate = gate

    def release(self, *, deliver: bool) -> None:
        self._gate = None
        for _, future in self.held:
            if not future.done():
                future.set_result(deliver)
        self.held.clear()

    async def _route(
        self, method: str, p: list[str], request: web.Request, payload: Any, uploads: list[Any], route: str
    ) -> web.StreamResponse:
        if self._gate is not None and self._gate(method, p):
            future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
            self.held.append((route, future))
            self._notify()
            if not await future:
                return web.Response(status=503)
        return await super()._route(method, p, request, payload, uploads, route)

    async def stop(self) -> None:
        self.release(deliver=False)
        await super().stop()


def all_but_acks(method: str, p: list[str]) -> bool:
    """Everything the bot sends except initial interaction responses (defers)."""
    return p[0] != "interactions"


def channel_posts_and_edits(method: str, p: list[str]) -> bool:
    """Messages the bot posts or edits with its own token (turn messages, catch-ups), not interaction answers."""
    return method in ("POST", "PATCH") and len(p) >= 3 and p[0] == "channels" and p[2] == "messages"


@dataclass
class BotProcess:
    process: asyncio.subprocess.Process
    log: Path

    def errors(self) -> list[str]:
        return [line for line in self.log.read_text().splitlines() if line.startswith(("ERROR", "CRITICAL"))]


class Launcher:
    """Starts bot processes on one database file; every one of them is killed when the test ends."""

    def __init__(self, fake: FakeDiscord, db: Path, logs: Path) -> None:
        self.fake, self.db, self.logs = fake, db, logs
        self.processes: list[BotProcess] = []

    async def start(self) -> BotProcess:
        assert not self.fake.connected, "the previous bot is still on the gateway"
        log = self.logs / f"bot-{len(self.processes)}.log"
        with log.open("wb") as stderr:
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.e2e.killable_bot",
                str(self.fake.port),
                str(self.db),
                *BOT_OPTIONS,
                cwd=ROOT,
                stdout=asyncio.subprocess.PIPE,
                stderr=stderr,
            )
        bot = BotProcess(process, log)
        self.processes.append(bot)
        assert process.stdout is not None
        try:
            line = await asyncio.wait_for(process.stdout.readline(), START_TIMEOUT)
        except TimeoutError:
            line = b""
        if not line.startswith(b"ready"):
            raise AssertionError(f"bot process not ready (exit {process.returncode}):\n{log.read_text()}")
        await self.fake.wait_for(lambda: self.fake.connected, WAIT, "the new bot on the gateway")
        return bot

    async def kill(self, bot: BotProcess) -> None:
        bot.process.send_signal(signal.SIGKILL)
        assert await asyncio.wait_for(bot.process.wait(), WAIT) == -signal.SIGKILL
        # Its gateway socket is closed by the kernel; the fake must notice before anyone is dispatched to it.
        await self.fake.wait_for(lambda: not self.fake.connected, WAIT, "the killed bot's gateway socket to close")

    async def aclose(self) -> None:
        await kill_all((bot.process for bot in self.processes), WAIT)


@dataclass
class Turn:
    """The game as stored, and what the player to move would do next (None once the game is over)."""

    record: GameRecord
    state: Any
    user: str | None
    key: str | None

    @property
    def version(self) -> int:
        return self.record.version


class Observer:
    """Reads the game straight from the database file the bot processes write (a separate connection)."""

    def __init__(self, fake: FakeDiscord, store: Store) -> None:
        self.fake, self.store = fake, store
        self.channel_id = fake.channel(CHANNEL).id

    async def record(self) -> GameRecord:
        return (await self.store.history(self.channel_id, limit=1))[0]

    async def turn(self) -> Turn:
        record = await self.record()
        state = await self.store.load_state(record.id)
        assert state.version == record.version
        if record.status != "active":
            return Turn(record, state, None, None)
        players = await self.store.players(record.id)
        user_id = players[state.current_player].user_id
        assert user_id is not None
        return Turn(record, state, self.fake.users[user_id].name, engine.ai_move(state, "heuristic").key)

    async def check_log(self, turn: Turn) -> None:
        """The move log replays to exactly the stored state."""
        saved = await self.store.saved_game(turn.record.id)
        assert len(saved["moves"]) == turn.version
        assert engine.state_to_json(engine.replay(saved)) == engine.state_to_json(turn.state)

    async def shown(self, timeout: float = WAIT) -> Turn:
        """Wait until the channel shows the stored state: announced, and the turn message offers this version."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            # The games row alone while waiting (the state and the AI's next move only once it is shown: they are what
            # made the polls cost as much CPU as the bot's own work).
            record = await self.record()
            message = self.fake.messages.get(record.turn_message_id or 0)
            if record.announced_version == record.version and message is not None and message.attachments:
                ids = message.custom_ids()
                if record.status == "active":
                    fine = bool(ids) and all(f":{record.version}." in c for c in ids)
                else:  # a finished game's end message offers only Rematch and Replay
                    fine = only_end_controls(message) if record.status == "finished" else not ids
                if fine and (turn := await self.turn()).record == record:
                    return turn
            if loop.time() > deadline:
                raise AssertionError(f"the channel does not show version {record.version}: {record}")
            await asyncio.sleep(0.02)  # polling the database file: it is written by another process


def offers(message: FakeMessage, key: str) -> bool:
    """Whether the turn message has a button or select option for this move."""
    return any(b["custom_id"].split(":", 3)[3] == key for b in message.buttons()) or any(
        key in [o["value"] for o in s["options"]] for s in message.selects()
    )


async def send_move(fake: FakeDiscord, turn: Turn, by_click: bool) -> InteractionHandle:
    """The next move, by a button or select of the CURRENT turn message if asked and possible, else by slash."""
    assert turn.user is not None and turn.key is not None and turn.record.turn_message_id is not None
    if by_click:
        message = fake.message(turn.record.turn_message_id)
        assert all(f":{turn.version}." in c for c in message.custom_ids()), message.custom_ids()
        if offers(message, turn.key):
            return await click_move(fake, message, turn.user, turn.key)
    return await slash_move(fake, CHANNEL, turn.user, turn.key)


async def play(
    fake: FakeDiscord, game: Observer, rng: random.Random, moves: int, latencies: list[float] | None = None
) -> Turn:
    """Play up to `moves` moves (each one answered and stored once), half by clicks; returns the turn reached.
    `latencies` collects how long each move took from its interaction to its answer."""
    turn = await game.turn()
    for _ in range(moves):
        if turn.key is None:
            break
        handle = await send_move(fake, turn, by_click=rng.random() < 0.5)
        await ok(handle)
        if latencies is not None and handle.final_latency is not None:
            latencies.append(handle.final_latency)
        # The answer can come before the turn message's edit (one message per turn): a player clicks what is shown.
        after = await game.shown()
        assert after.version == turn.version + 1
        turn = after
    return turn


async def check_kill(game: Observer, before: Turn, *, answered: bool) -> Turn:
    """After a kill in the middle of `before.key`: that move happened entirely or not at all, never half."""
    after = await game.turn()
    await game.check_log(after)
    assert after.record.id == before.record.id
    assert after.version in (before.version, before.version + 1), (before.version, after.version)
    if answered:
        assert after.version == before.version + 1, "the user saw an answer, but the move is not stored"
    if after.version == before.version:
        assert engine.state_to_json(after.state) == engine.state_to_json(before.state)
    else:
        assert before.key is not None
        expected = engine.apply(before.state, engine.move_from_key(before.state, before.key))
        assert engine.state_to_json(after.state) == engine.state_to_json(expected)
        (last,) = await game.store.moves(after.record.id, after=before.version)
        assert engine.move_from_json(last.move).key == before.key
    return after


async def stale_click(fake: FakeDiscord, message: FakeMessage, user: str) -> InteractionHandle:
    if message.buttons():
        return await fake.click(user, message, message.buttons()[0]["custom_id"])
    select = message.selects()[0]
    return await fake.select(user, message, select["custom_id"], [select["options"][0]["value"]])


async def test_kill_9_in_the_middle_of_a_turn_and_restart(tmp_path: Path) -> None:
    rng = random.Random(CHOICES_SEED)
    db = tmp_path / "kill.db"
    in_flight: set[int] = set()  # interactions whose process was killed before it answered them
    async with GatedFake() as fake, contextlib.aclosing(Launcher(fake, db, tmp_path)) as processes:
        first = await processes.start()
        # Every step asked (no step made for a player): each move checked here is one stored version.
        await open_game(fake, CHANNEL, PLAYERS, seed=GAME_SEED, confirm_steps=True)
        async with await Store.open(db, lock=False) as store:  # an observer beside the bot
            game = Observer(fake, store)
            turn = await play(fake, game, rng, rng.randint(6, 16))

            # Kill 1: the click is acknowledged and its move stored; the announcement is held, then the bot dies.
            while not offers(fake.message(turn.record.turn_message_id), turn.key):
                await ok(await slash_move(fake, CHANNEL, turn.user, turn.key))
                turn = await game.turn()
            turn_message = fake.message(turn.record.turn_message_id)
            boards_before = {a.id for m in fake.channel_messages(CHANNEL) for a in m.attachments}
            fake.hold(all_but_acks)
            handle = await click_move(fake, turn_message, turn.user, turn.key)
            in_flight.add(handle.id)
            await fake.wait_for(lambda: fake.held, WAIT, "the clicked move's announcement")
            assert handle.callback is not None and handle.callback.type == 6  # deferred before storing
            await processes.kill(first)
            fake.release(deliver=False)
            assert handle.final_message is None
            stored = await check_kill(game, turn, answered=False)
            assert stored.version == turn.version + 1 and stored.record.announced_version == turn.version

            # Restart; its catch-up announcement is held for a moment, so the turn message still offers the old
            # version: a click there is refused politely (privately, naming what is legal now).
            sent_before_restart = set(fake.interactions)
            fake.hold(channel_posts_and_edits)
            second = await processes.start()
            await fake.wait_for(lambda: fake.held, WAIT, "the catch-up announcement")
            stale = fake.message(turn_message.id)
            assert stale.custom_ids() and all(f":{turn.version}." in c for c in stale.custom_ids())
            text = await refused(await stale_click(fake, stale, stored.user or turn.user))
            assert "earlier turn" in text or "game is over" in text, text
            fake.release(deliver=True)
            # The stored turn gets its board in the channel by itself.
            turn = await game.shown()
            assert turn.version == stored.version
            board = fake.message(turn.record.turn_message_id)
            assert {a.id for a in board.attachments}.isdisjoint(boards_before), "no new board after the restart"
            assert board.attachments[0].image().format == "PNG"

            # Kills at seeded moments after sending a move: before, during or after its handling, wherever they land.
            bot = second
            for _ in range(RANDOM_KILLS):
                latencies: list[float] = []
                turn = await play(fake, game, rng, rng.randint(5, 12), latencies)
                assert turn.key is not None, "the game ended too early for another kill"
                by_click = rng.random() < 0.5
                # Within about one move's handling time as measured just now (so it scales with the machine's load).
                delay = rng.uniform(0.0, 1.2) * statistics.median(latencies)
                handle = await send_move(fake, turn, by_click)
                in_flight.add(handle.id)
                await asyncio.sleep(delay)  # not a synchronisation: the kill is meant to land at an arbitrary moment
                answered = handle.final_message is not None
                await processes.kill(bot)
                fake.release(deliver=False)
                after = await check_kill(game, turn, answered=answered)
                bot = await processes.start()
                turn = await game.shown()  # a stored but unannounced move is shown by the catch-up
                assert turn.version == after.version

            # Play to the end: slash commands and buttons of the current turn message.
            turn = await play(fake, game, rng, MAX_MOVES)
            assert turn.record.status == "finished", "the game did not end"
            await game.check_log(turn)
            assert "Game over" in fake.channel_messages(CHANNEL)[-1].text
            await processes.kill(bot)

        # Every interaction the new processes got was acknowledged and answered (never "This interaction failed").
        skip = sent_before_restart | in_flight
        after_restart = [h for i, h in fake.interactions.items() if i not in skip]
        assert after_restart and not [h for h in after_restart if h.callback is None]
        assert not [h for h in after_restart if h.type != 4 and h.final_message is None]
        # Only the interactions in flight at a kill may have missed Discord's deadline.
        violations = [v for v in fake.violations if v.interaction_id not in in_flight]
        assert not violations, "\n".join(map(str, violations))
        for bot in processes.processes:
            assert not bot.errors(), bot.log.read_text()


def test_the_killable_bot_connects_as_the_bots_in_the_test_process() -> None:
    from tests.fakediscord import FAST_CLIENT_OPTIONS

    from . import killable_bot

    assert killable_bot.FAST_CLIENT_OPTIONS == FAST_CLIENT_OPTIONS
