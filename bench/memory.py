"""Memory per cached active game: start N games (each a few turns in), load every table into the service's
cache, and print the growth of the process's resident set per cached game (median of 3 rounds).

    python bench/memory.py [--games 300] [--moves 40] [--game entdecker]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine
from bot.service import build_services
from bot.settings import Settings
from storage import Store


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


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


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--moves", type=int, default=40, help="AI moves played in each game before measuring")
    ap.add_argument("--game", default="entdecker")
    args = ap.parse_args()
    per_game = []
    for _ in range(3):
        with tempfile.TemporaryDirectory() as tmp:
            kib, cached = await one_round(args.games, args.moves, args.game, Path(tmp))
            per_game.append(kib)
    print(f"{args.game}: {cached} cached tables, {args.moves} moves each; RSS per cached game (3 rounds):")
    print("  " + ", ".join(f"{k:.0f} KiB" for k in per_game) + f"; median {statistics.median(per_game):.0f} KiB")


if __name__ == "__main__":
    asyncio.run(main())
