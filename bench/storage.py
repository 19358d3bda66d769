"""Storage benchmark: the periodic listings with many stored games, start-up, and bytes written per finished game.

    python bench/storage.py [--active 10000] [--finished 10000] [--runs 3] [--keep DIR]

Builds its own database in a temporary directory: a few template games are played through the public Store API
(random AI, fixed seeds), then copied row by row in SQL until there are --active active and --finished finished
games (the copies of active games are spread over the last 48 hours, so half of them are idle for a day; all are
announced but ten). Then prints medians of --runs runs of:

* the reminder pass: idle_games(now, 24 h), and idle_games(now, 0) (every active game, as the AI catch-up asks),
* the longest read of one channel's game (active_game) made while the reminder pass runs,
* the unannounced listing (unannounced_games),
* Store.open on the full database (integrity check and migrations included) and load_state of a finished game,
* the bot's start-up as its user sees it: from starting `python -m bot` (a new process) until its store is open and
  the bot is about to log in to Discord (the login is replaced by a stub that opens the store the way setup_hook
  does if the bot was not handed one, so an older tree that opened the database twice is measured as it starts),
* bytes written per finished game (and per move): the process's write() bytes (/proc/self/io wchar, which is what
  SQLite hands to the kernel: WAL frames, checkpoints, the lock file) over one whole game played move by move
  through append_move,
* the cost of a move late in a game against early on: append_move of moves 6-15 and of moves 246-255, and load_state
  right after each of them, medians over --long games. Random-AI Entdecker games for three last 200-260 moves, so
  the games are the first seeds (from 1000 on) whose game lasts at least 255 moves; the seeds used are printed.

The reminder pass, the unannounced listing and Store.open are also given in process CPU time (all threads), which
a busy shared machine inflates less than the wall time. Only public Store methods and plain SQL on the tables are
used, so the same script measures an older storage/ (PYTHONPATH pointing at it) for before/after figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# Run as a script, this file's directory comes first on sys.path, and this file is named like the package.
sys.path = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # appended: a PYTHONPATH pointing at another tree wins

import engine  # noqa: E402
from storage import Store  # noqa: E402

NOW = 1_800_000_000.0
EARLY = range(6, 16)  # the moves "around move 10" whose cost is compared with ...
LATE = range(246, 256)  # ... the moves "around move 250"
DAY = 86400.0
ACTIVE_TEMPLATES = 8
NAMES = ["Ann", "Bob", "Cem"]


def wchar() -> int:
    with open("/proc/self/io") as io:
        for line in io:
            if line.startswith("wchar:"):
                return int(line.split()[1])
    raise RuntimeError("no wchar in /proc/self/io")


async def start(store: Store, channel: int, seed: int, now: float) -> tuple[int, Any]:
    game = await store.create_game(1, channel, "entdecker", {}, seed, 1, now)
    for i, name in enumerate(NAMES, start=1):
        await store.join(game.id, i, name, max_seats=len(NAMES), now=now)
    state = engine.new_game("entdecker", NAMES, {}, seed)
    await store.start_game(game.id, state, now)
    return game.id, state


async def play(store: Store, game_id: int, state: Any, moves: int | None, now: float) -> Any:
    """Random-AI moves recorded one by one (all of them if moves is None), each by the seat's user."""
    done = 0
    while not state.game_over and (moves is None or done < moves):
        move = engine.ai_move(state, "random")
        new_state, events = engine.step(state, move)
        await store.append_move(game_id, state.version, move, new_state, events, move.player + 1, now + done)
        state, done = new_state, done + 1
    return state


async def bytes_per_finished_game(store: Store, channel: int, seed: int) -> tuple[int, int]:
    """(bytes written, moves) for one whole game played through append_move."""
    game_id, state = await start(store, channel, seed, NOW - 3 * DAY)
    before = wchar()
    state = await play(store, game_id, state, None, NOW - 3 * DAY)
    return wchar() - before, state.version


# Run in a new process: `python -m bot` with Discord's login replaced by "the store is open now".
# The stub is put on the bot object create_bot returns, so that bot.app is imported when and how `python -m bot`
# imports it.
BOT_START = """
import runpy, types
import bot
from storage import open_store

async def start(self, token, *, reconnect=True):
    if self.store is None:  # what setup_hook does first in a bot that was not handed an open store
        self.store = await open_store(self.settings.db_path)
    print("store open", flush=True)

real_create_bot = bot.create_bot

def create_bot(*args, **kwargs):
    made = real_create_bot(*args, **kwargs)
    made.start = types.MethodType(start, made)
    return made

bot.create_bot = create_bot
runpy.run_module("bot", run_name="__main__")
"""


def bot_start_ms(path: Path) -> float:
    """Wall ms from starting the bot's process until its store is open (see BOT_START)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DISCORD_", "ENTDECKER_"))}
    env.update(DISCORD_TOKEN="bench", ENTDECKER_DB=str(path))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (os.environ.get("PYTHONPATH"), str(ROOT)) if p)
    t0 = time.perf_counter()
    with subprocess.Popen(
        [sys.executable, "-c", BOT_START],
        env=env,
        cwd=path.parent,  # not this tree: "-c" puts the working directory first on sys.path
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdout is not None
        line = child.stdout.readline()
        elapsed = (time.perf_counter() - t0) * 1000
        _, err = child.communicate(timeout=60)
    if line.strip() != "store open" or child.returncode != 0:
        raise RuntimeError(f"the bot did not start: {line!r} {err[-2000:]}")
    return elapsed


def long_seeds(count: int, first: int = 1000) -> list[int]:
    """The first `count` seeds from `first` on whose random-AI game lasts at least LATE.stop moves."""
    found = []
    seed = first
    while len(found) < count:
        state = engine.new_game("entdecker", NAMES, {}, seed)
        while not state.game_over and state.version < LATE.stop:
            state = engine.apply(state, engine.ai_move(state, "random"))
        if state.version >= LATE.stop:
            found.append(seed)
        seed += 1
    return found


async def early_and_late(store: Store, channel: int, seeds: list[int]) -> dict[str, list[float]]:
    """append_move and load_state times (ms) of the EARLY and the LATE moves of one game per seed."""
    times: dict[str, list[float]] = {}
    for i, seed in enumerate(seeds):
        game_id, state = await start(store, channel + i, seed, NOW - DAY)
        while state.version < LATE.stop:
            move = engine.ai_move(state, "random")
            new_state, events = engine.step(state, move)
            t0 = time.perf_counter()
            await store.append_move(game_id, state.version, move, new_state, events, move.player + 1, NOW)
            record_ms = (time.perf_counter() - t0) * 1000
            state = new_state
            window = "10" if state.version in EARLY else "250" if state.version in LATE else None
            if window is None:
                continue
            t0 = time.perf_counter()
            loaded = await store.load_state(game_id)
            load_ms = (time.perf_counter() - t0) * 1000
            assert loaded.version == state.version
            times.setdefault(f"append_move at move ~{window} (ms)", []).append(record_ms)
            times.setdefault(f"load_state after move ~{window} (ms)", []).append(load_ms)
    return times


def columns(raw: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in raw.execute(f"PRAGMA table_info({table})")]


def clone(raw: sqlite3.Connection, templates: list[int], copies: int, first_channel: int, active: bool) -> None:
    """`copies` games copied round-robin from the templates, with their seats, moves (or archived logs) and
    snapshots."""
    raw.execute("DROP TABLE IF EXISTS temp.map")
    raw.execute("CREATE TEMP TABLE map (new_id INTEGER PRIMARY KEY, template INTEGER, channel INTEGER, shift REAL)")
    next_id = raw.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM games").fetchone()[0]
    rows = []
    for i in range(copies):
        # Active copies: the last move spread over the past 48 hours (half of them idle for a day).
        shift = -(i * 2 * DAY / copies) if active else 0.0
        rows.append((next_id + i, templates[i % len(templates)], first_channel + i, shift))
    raw.executemany("INSERT INTO temp.map VALUES (?, ?, ?, ?)", rows)
    game_cols = columns(raw, "games")
    picked = []
    for col in game_cols:
        if col == "id":
            picked.append("m.new_id")
        elif col == "channel_id":
            picked.append("m.channel")
        elif col in ("last_move_at", "started_at", "updated_at", "created_at", "ended_at", "last_reminder_at"):
            picked.append(f"g.{col} + m.shift")
        else:
            picked.append(f"g.{col}")
    raw.execute(
        f"INSERT INTO games ({', '.join(game_cols)}) SELECT {', '.join(picked)}"
        " FROM temp.map m JOIN games g ON g.id = m.template ORDER BY m.new_id"
    )
    # move_archives: ended games' logs (migration 0006); an older tree's database has no such table.
    for table in ("players", "moves", "snapshots", "move_archives"):
        cols = columns(raw, table)
        if not cols:
            continue
        picked = ["m.new_id" if col == "game_id" else f"t.{col}" for col in cols]
        order = ", t.seq" if table == "moves" else ""
        raw.execute(
            f"INSERT INTO {table} ({', '.join(cols)}) SELECT {', '.join(picked)}"
            f" FROM temp.map m JOIN {table} t ON t.game_id = m.template ORDER BY m.new_id{order}"
        )


async def build(path: Path, active: int, finished: int, seed: int) -> list[int]:
    """The database; returns the bytes written for each finished template game (the per-game figure)."""
    store = await Store.open(path)
    active_templates = []
    for i in range(ACTIVE_TEMPLATES):
        game_id, state = await start(store, 1 + i, seed + i, NOW - 3600)
        await play(store, game_id, state, 10 + 25 * i, NOW - 3600)  # 10 .. 185 moves, a few minutes ago
        active_templates.append(game_id)
    finished_templates = []
    for i in range(3):
        game_id, _ = await start(store, 100 + i, seed + 100 + i, NOW - 3 * DAY)
        finished_templates.append(game_id)
        await play(store, game_id, (await store.load_state(game_id)), None, NOW - 3 * DAY)
    await store.close()
    with sqlite3.connect(path, isolation_level=None) as raw:
        raw.execute("BEGIN")
        clone(raw, active_templates, active - len(active_templates), 10_000, active=True)
        clone(raw, finished_templates, finished - len(finished_templates), 10_000_000, active=False)
        # Everything was shown in its channel but ten games (catch-up after a crash finds those).
        # games.version is the log's length (migration 0003), wherever the log is kept.
        raw.execute("UPDATE games SET announced_version = version WHERE status != 'lobby'")
        last_ten = "SELECT id FROM games ORDER BY id DESC LIMIT 10"
        raw.execute(f"UPDATE games SET announced_version = 0 WHERE id IN ({last_ten})")
        raw.execute("COMMIT")
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return finished_templates


CPU: dict[str, float] = {}  # the last timed() call's process CPU time (all threads), ms


async def timed(coro: Any) -> tuple[float, Any]:
    """(wall ms, result); the process CPU ms it took are left in CPU["ms"]: on a shared machine the wall time also
    counts waiting for a core, the CPU time does not."""
    t0, c0 = time.perf_counter(), time.process_time()
    result = await coro
    CPU["ms"] = (time.process_time() - c0) * 1000
    return (time.perf_counter() - t0) * 1000, result


async def read_during_pass(store: Store) -> tuple[float, float]:
    """(pass ms, longest single-channel read ms while it ran)."""
    longest = 0.0
    done = asyncio.Event()

    async def reader() -> None:
        nonlocal longest
        channel = 10_000
        while not done.is_set():
            ms, _ = await timed(store.active_game(channel))
            longest = max(longest, ms)
            channel += 1
            await asyncio.sleep(0.002)

    task = asyncio.create_task(reader())
    await asyncio.sleep(0.01)
    ms, _ = await timed(store.idle_games(NOW, DAY))
    done.set()
    await task
    return ms, longest


def med(values: list[float]) -> str:
    return f"{statistics.median(values):9.1f}"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--active", type=int, default=10_000)
    parser.add_argument("--finished", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--long", type=int, default=6, help="games played to move 255 per run (early/late costs)")
    parser.add_argument("--keep", type=Path, help="build the database in this directory and leave it there")
    parser.add_argument("--page-size", type=int, help="the page size of the new database (default: the store's)")
    args = parser.parse_args()
    import storage

    if args.page_size is not None:
        # Read when the store creates the file; storage/db.py held it before storage/sqlite_driver.py.
        import importlib

        for name in ("storage.sqlite_driver", "storage.db"):
            try:
                importlib.import_module(name).PAGE_SIZE = args.page_size
                break
            except ImportError:
                continue
    print(f"storage from {Path(storage.__file__).parent}; SQLite {sqlite3.sqlite_version}")
    with tempfile.TemporaryDirectory(prefix="bench-storage-") as tmp:
        directory = args.keep or Path(tmp)
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / "bench.db"
        t0 = time.perf_counter()
        finished_templates = await build(path, args.active, args.finished, args.seed)
        size = path.stat().st_size
        print(
            f"built {args.active} active + {args.finished} finished games in {time.perf_counter() - t0:.0f} s"
            f" ({size / 1e6:.0f} MB, pages of {sqlite3.connect(path).execute('PRAGMA page_size').fetchone()[0]} bytes)"
        )
        seeds = long_seeds(args.long)
        print(f"games of at least {LATE.stop} moves: seeds {seeds}")
        results: dict[str, list[float]] = {}
        counts: dict[str, int] = {}

        def add(name: str, value: float, count: int | None = None) -> None:
            results.setdefault(name, []).append(value)
            if count is not None:
                counts[name] = count  # games listed, or moves played (the last run's)

        for run in range(args.runs):
            add("bot start-up, process start to store open (ms)", bot_start_ms(path))
            ms, store = await timed(Store.open(path))
            add("Store.open (ms)", ms)
            add("Store.open (CPU ms)", CPU["ms"])
            try:
                ms, idle = await timed(store.idle_games(NOW, DAY))
                add("reminder pass, idle_games(now, 24 h) (ms)", ms, len(idle))
                add("reminder pass, idle_games(now, 24 h) (CPU ms)", CPU["ms"], len(idle))
                ms, idle = await timed(store.idle_games(NOW + 1, 0))
                add("every active game, idle_games(now, 0) (ms)", ms, len(idle))
                _, longest = await read_during_pass(store)
                add("longest active_game read during the reminder pass (ms)", longest)
                ms, unannounced = await timed(store.unannounced_games())
                add("unannounced_games (ms)", ms, len(unannounced))
                add("unannounced_games (CPU ms)", CPU["ms"], len(unannounced))
                ms, state = await timed(store.load_state(finished_templates[0]))
                add("load_state of a finished game (ms)", ms, state.version)
                written, moves = await bytes_per_finished_game(store, 20_000_000 + run, args.seed + 100)
                add("bytes written per finished game (KB)", written / 1000, moves)
                add("bytes written per move (KB)", written / 1000 / moves, moves)
                costs = await early_and_late(store, 30_000_000 + 100 * run, seeds)
                for name in sorted(costs, key=lambda n: (n.split()[0], len(n))):
                    add(name, statistics.median(costs[name]), len(costs[name]))
            finally:
                await store.close()
        print(f"medians of {args.runs} runs:")
        for name, values in results.items():
            count = f"  [{counts[name]}]" if name in counts else ""
            print(f"  {med(values)}  {name}{count}")


if __name__ == "__main__":
    asyncio.run(main())
