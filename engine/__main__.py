"""Command line: `python -m engine selfplay ...` and `python -m engine replay FILE`."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

import engine
from engine.selfplay import GameRecord, play


def _selfplay(args: argparse.Namespace) -> int:
    ais = args.ai.split(",") if args.ai else ["heuristic"] * args.players
    if len(ais) == 1:
        ais = ais * args.players
    if len(ais) != args.players:
        print(f"--ai lists {len(ais)} players but --players is {args.players}", file=sys.stderr)
        return 2
    options = json.loads(args.options) if args.options else {}
    save_dir = Path(args.save) if args.save else None
    if save_dir:
        save_dir.mkdir(parents=True, exist_ok=True)
    records = []
    for i in range(args.games):
        seed = args.seed + i
        try:
            rec = play(args.game, ais, seed, options)
        except engine.IllegalMove as exc:
            print(f"cannot play: {exc.reason}", file=sys.stderr)
            return 2
        records.append(rec)
        line = {
            "seed": seed,
            "players": ais,
            "moves": rec.moves,
            "turns": rec.turns,
            "scores": rec.scores,
            "winner": rec.winners,
            **rec.stats,
        }
        print(json.dumps(line))
        if save_dir:
            (save_dir / f"{args.game}-{seed}.json").write_text(json.dumps(engine.saved_game(rec.state), indent=1))
    wins: dict[str, float] = {}
    for rec in records:
        for w in rec.winners:
            wins[rec.ais[w]] = wins.get(rec.ais[w], 0) + 1 / len(rec.winners)
    spreads = [max(r.scores) - min(r.scores) for r in records]
    summary = {
        "summary": True,
        "games": len(records),
        "median_turns": statistics.median(r.turns for r in records),
        "median_moves": statistics.median(r.moves for r in records),
        **{
            f"median_{key}": statistics.median(r.stats[key] for r in records)
            for key in ("discarded", "islands", "incomplete_islands")
            if any(r.stats.get(key) for r in records)
        },
        **_summed_tallies(records),
        "median_winning_score": statistics.median(max(r.scores) for r in records),
        "median_score_spread": statistics.median(spreads),
        "end_reasons": {k: sum(1 for r in records if r.stats["end"] == k) for k in {r.stats["end"] for r in records}},
        "wins_by_ai": wins,
    }
    print(json.dumps(summary))
    return 0


def _summed_tallies(records: list[GameRecord]) -> dict[str, dict[str, int]]:
    """Per-game tallies a game's selfplay_stats hook keeps as dicts (e.g. oases by size), summed over the games."""
    out: dict[str, dict[str, int]] = {}
    for rec in records:
        for key, value in rec.stats.items():
            if isinstance(value, dict):
                total = out.setdefault(f"total_{key}", {})
                for k, n in value.items():
                    total[str(k)] = total.get(str(k), 0) + n
    return {k: dict(sorted(v.items())) for k, v in out.items()}


def _replay(args: argparse.Namespace) -> int:
    try:
        saved = json.loads(Path(args.file).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        print(f"cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    try:
        state = engine.replay(saved)
    except engine.IllegalMove as exc:
        print(f"illegal log: {exc.reason}", file=sys.stderr)
        return 1
    out = {
        "game": state.game,
        "version": state.version,
        "game_over": state.game_over,
        "scores": state.result["scores"] if state.result else None,
        "result": state.result,
    }
    print(json.dumps(out))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine")
    sub = parser.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("selfplay", help="AI players against each other; one JSON line per game, then a summary")
    sp.add_argument("--game", default="entdecker", choices=sorted(engine.GAMES))
    sp.add_argument("--players", type=int, default=4)
    sp.add_argument("--games", type=int, default=10)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--ai", help="comma-separated AI kinds per seat (random, heuristic); one name = all seats")
    sp.add_argument("--options", help="game options as JSON, e.g. '{\"personal_tiles\": true}'")
    sp.add_argument("--save", help="directory to write each saved game to")
    rp = sub.add_parser("replay", help="replay a saved game and print the final scores")
    rp.add_argument("file")
    args = parser.parse_args(argv)
    return _selfplay(args) if args.command == "selfplay" else _replay(args)


if __name__ == "__main__":
    sys.exit(main())
