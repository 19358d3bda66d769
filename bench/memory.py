"""Memory of the bot: per cached game, or of each process (bot and render workers) under continuous play.

python bench/memory.py [--games 300] [--moves 40] [--game entdecker]
    Start N games (each a few turns in), load every table into the service's cache, and print the growth of
    the process's resident set per cached game (median of 3 rounds).

python bench/memory.py --rss [--games 50] [--seconds 600] [--every 10]
    The bot as deployed (a process of its own with its render workers, bench/e2e.py's driver and fake Discord):
    N channels play Entdecker as fast as the bot answers, a new game in a new channel whenever one ends, for
    the given time. Every `--every` seconds each process's resident set is printed; at the end its first, last
    and peak figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine
from bot.service import build_services
from bot.settings import Settings
from storage import Store


def rss_kib(pid: int | str = "self") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS in /proc/{pid}/status")


async def one_round(games: int, moves: int, game: str, tmp: Path) -> tuple[float, int]:
    store = await Store.open(tmp / "m.db")
    service = build_services(store, Settings(db_path=str(tmp / "m.db"), ai_delay=0))
    info = engine.info(game)
    try:
        for i in range(games):
            channel = 10_000 + i
            await service.lobby.new_game(channel, 1, 1, "host", game, None, i)
            for _ in range(1, info.min_players):
                await service.lobby.add_bot(channel, 1)
            await service.lobby.start(channel, 1)
            for _ in range(moves):
                if await service.turns.ai_step(channel, force=True) is None:
                    break
        service.tables.prune(set())  # drop every table: measure loading them back
        gc.collect()
        before = rss_kib()
        for i in range(games):
            table = await service.tables.table(10_000 + i)
            table.view(None)  # what a turn message and autocomplete compute once per state
        gc.collect()
        after = rss_kib()
        return (after - before) / games, service.tables.cached_count()
    finally:
        await store.close()


# ---------------------------------------------------------------------- --rss: the processes under continuous play


def render_workers(bot: int) -> list[int]:
    """The bot's render workers: its children started by multiprocessing's spawn (not its resource tracker)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            parent = int((entry / "stat").read_text().rsplit(") ", 1)[1].split()[1])
            if parent == bot and "multiprocessing.spawn" in (entry / "cmdline").read_text():
                found.append(int(entry.name))
    return sorted(found)


class RssLog:
    """Resident set per process, in MB, sampled over time; a process is named by its role and pid."""

    def __init__(self, bot: int) -> None:
        self.bot = bot
        self.samples: dict[str, list[float]] = {}

    def sample(self) -> str:
        parts = []
        for name, pid in [("bot", self.bot), *((f"worker {p}", p) for p in render_workers(self.bot))]:
            with contextlib.suppress(OSError, RuntimeError):
                mb = rss_kib(pid) / 1024
                self.samples.setdefault(f"{name}", []).append(mb)
                parts.append(f"{name} {mb:.0f}")
        return ", ".join(parts)

    def summary(self) -> list[str]:
        return [
            f"  {name:<14} first {v[0]:6.0f} MB  last {v[-1]:6.0f} MB  peak {max(v):6.0f} MB  ({len(v)} samples)"
            for name, v in self.samples.items()
        ]


async def slot(run: object, first: int, stride: int, seed: int, games: list[int]) -> None:
    """One channel's worth of continuous play: game after game, each in a channel of its own."""
    from bench.e2e import play_game

    index = first
    while True:
        await play_game(run, index, seed + index, 10**6)  # type: ignore[arg-type]
        games[0] += 1
        index += stride


async def continuous(args: argparse.Namespace) -> None:
    from bench.e2e import Run, bot_processes, machine, watch_uploads
    from tests.fakediscord import FakeDiscord

    print(machine())
    with tempfile.TemporaryDirectory(prefix="entdecker-memory-") as tmp:
        async with (
            FakeDiscord(response_deadline=30.0) as fake,
            bot_processes(fake, str(Path(tmp) / "m.db"), 1, args.render_processes) as (_, pids),
        ):
            run = Run(fake, None, random.Random(args.seed), "mixed")
            watch_uploads(run)
            log = RssLog(pids[0])
            finished = [0]
            began = time.monotonic()
            print(f"t=   0 s  moves 0  {log.sample()}  (MB resident)", flush=True)
            tasks = [asyncio.create_task(slot(run, i, args.games, args.seed, finished)) for i in range(args.games)]
            try:
                while (elapsed := time.monotonic() - began) < args.seconds:
                    await asyncio.sleep(min(args.every, args.seconds - elapsed))
                    failed = [t for t in tasks if t.done()]
                    if failed:
                        failed[0].result()  # a driver error ends the run with its traceback
                    t = time.monotonic() - began
                    print(f"t={t:4.0f} s  moves {run.moves}  games ended {finished[0]}  {log.sample()}", flush=True)
                print(
                    f"{args.games} channels, {time.monotonic() - began:.0f} s, {run.moves} moves, {finished[0]} games"
                )
                print(f"errors logged: {len(run.errors)}, refusals: {len(run.refusals)}")
                print("resident set per process:")
                print("\n".join(log.summary()), flush=True)
            finally:
                for task in tasks:
                    task.cancel()
                # Under a heavy load the cancelled interactions take a while to unwind: do not wait for all of them.
                await asyncio.wait(tasks, timeout=30)


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=None, help="games (default 300; with --rss: channels, 50)")
    ap.add_argument("--moves", type=int, default=40, help="AI moves played in each game before measuring")
    ap.add_argument("--game", default="entdecker")
    ap.add_argument("--rss", action="store_true", help="each process's resident set under continuous play")
    ap.add_argument("--seconds", type=float, default=600.0, help="with --rss: how long to play (600)")
    ap.add_argument("--every", type=float, default=10.0, help="with --rss: seconds between samples (10)")
    ap.add_argument("--seed", type=int, default=1, help="with --rss: game i uses seed S+i")
    ap.add_argument("--render-processes", type=int, default=None, help="with --rss: the bot's render workers")
    args = ap.parse_args()
    if args.rss:
        args.games = args.games or 50
        await continuous(args)
        return
    args.games = args.games or 300
    per_game = []
    for _ in range(3):
        with tempfile.TemporaryDirectory() as tmp:
            kib, cached = await one_round(args.games, args.moves, args.game, Path(tmp))
            per_game.append(kib)
    print(f"{args.game}: {cached} cached tables, {args.moves} moves each; RSS per cached game (3 rounds):")
    print("  " + ", ".join(f"{k:.0f} KiB" for k in per_game) + f"; median {statistics.median(per_game):.0f} KiB")


if __name__ == "__main__":
    asyncio.run(main())
