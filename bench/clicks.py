"""Clicks per turn: python bench/clicks.py [--games N] [--seed S] [--game NAME ...]

Seeded games of each title (and its variants that change the controls) with three human seats that act only
through the turn message's components, each choosing the move the game's default AI would choose. The controls
are the ones the bot sends: `bot.components.public_controls` (what `Announcer.turn_parts` lays out; tests/bot/
test_clicks.py checks that the bot's turn message carries exactly these), built without Discord, and the private
copy (`private_controls`) behind its button where a choice is private (one click more). A button is one click, a
menu two (open, pick). A step whose one legal move the bot makes (`Legal.forced`, unless the table confirms every
step: --confirm) costs nothing. A move no component offers is made by a slash command and counted apart (not as
clicks).

Printed per game: turns, clicks per turn (mean, p90, max), decisions per turn (moves the players chose), steps
with a single legal choice (and how many of them the bot made), and slash fallbacks.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import engine
from bot.catalog import CONFIRM_STEPS, Catalog
from bot.components import private_controls, public_controls
from bot.service.legal import Legal
from bot.service.table import Table

CATALOG = Catalog()
NAMES = ["alice", "bob", "carol"]
# What the issue measured, and its variants whose controls differ (hands the spectators do not see)
CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("entdecker", {}),
    ("entdecker", {"personal_tiles": True}),
    ("desert", {}),
    ("discovery", {}),
    ("discovery", {"double_tile": True}),
)
AIMS = {"entdecker": (5, 9), "desert": (4, 10), "discovery": (2, 3)}  # clicks per turn: mean, max


def clicks_for(table: Table, key: str) -> tuple[int | None, bool]:
    """Clicks to make the move `key` on the turn message: a button 1, a menu 2, an opener and its pair 2 (the pair
    makes the next step too: True), behind the private copy's button one more; None: no control offers it."""
    presenter = CATALOG.presenter(table.game)
    controls = public_controls(table, presenter)
    if controls is None:
        return None, False
    clicks, opens = controls.clicks(key), controls.opens(key)
    if clicks is None and controls.private and table.current is not None:
        behind_controls = private_controls(table, presenter, table.current.seat)
        behind = behind_controls.clicks(key)
        clicks, opens = (None if behind is None else 1 + behind), behind_controls.opens(key)
    return clicks, opens


@dataclass
class Figures:
    turn_clicks: list[int] = field(default_factory=list)
    turn_decisions: list[int] = field(default_factory=list)
    decisions: int = 0
    single: int = 0
    made: int = 0
    slash: int = 0
    seconds: float = 0.0


def turns(game: str, options: dict[str, Any], seed: int, confirm: bool) -> Iterator[tuple[int, int, int, int, int]]:
    """Per turn of one game: (clicks, decisions, single-choice steps, of them made by the bot, slash fallbacks)."""
    kind = CATALOG.info(game).default_ai
    table_options = {**options, CONFIRM_STEPS.name: confirm}
    state = engine.new_game(game, NAMES, options, seed)
    clicks = decisions = single = made = slash = 0
    turn_over = True  # as the bot: no step is made for anyone before a move of this turn
    paired: set[str] = set()  # the next step's choices the last click's pair could have made with it
    while not state.game_over:
        seat = engine.to_act(state)[0]
        table = Table.detached(state, NAMES, table_options)
        mine = [m for m in engine.legal_moves(state) if m.player == seat]
        single += len(mine) == 1
        forced = Legal.forced(table, turn_over=turn_over)
        if forced is not None:
            move = engine.move_from_key(state, forced)
            made += 1
        else:
            move = engine.ai_move(state, kind)
            decisions += 1
            if move.key in paired:
                paired = set()  # made by the pair's click, with the step before it
            else:
                cost, opens = clicks_for(table, move.key)
                if cost is None:
                    slash += 1
                else:
                    clicks += cost
                seconds = Legal.seconds(table, move.key) if opens else None
                paired = {str(e["key"]) for e in seconds or ()}
        state, events = engine.step(state, move)
        turn_over = engine.turn_passed(game, events)
        if turn_over:
            yield clicks, decisions, single, made, slash
            clicks = decisions = single = made = slash = 0


def measure(game: str, options: dict[str, Any], games: int, seed: int, confirm: bool = False) -> Figures:
    figures = Figures()
    started = time.perf_counter()
    for n in range(games):
        for clicks, decisions, single, made, slash in turns(game, options, seed + n, confirm):
            figures.turn_clicks.append(clicks)
            figures.turn_decisions.append(decisions)
            figures.decisions += decisions + made
            figures.single += single
            figures.made += made
            figures.slash += slash
    figures.seconds = time.perf_counter() - started
    return figures


def p90(values: list[int]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) > 1 else float(values[0] if values else 0)


def report(game: str, options: dict[str, Any], f: Figures) -> str:
    name = CATALOG.info(game).title + "".join(f" +{k}" for k, v in options.items() if v)
    c = f.turn_clicks
    mean_aim, max_aim = AIMS.get(game, (0, 0))
    met = "met" if statistics.fmean(c) <= mean_aim and max(c) <= max_aim else "NOT met"
    return (
        f"{name}: {len(c)} turns, clicks per turn mean {statistics.fmean(c):.2f} p90 {p90(c):.0f} max {max(c)} "
        f"(aim {mean_aim}/{max_aim}: {met}); decisions per turn {statistics.fmean(f.turn_decisions):.2f}; "
        f"single-choice steps {f.single} of {f.decisions} ({100 * f.single / max(f.decisions, 1):.0f} %, "
        f"{f.made} made by the bot); "
        f"slash fallbacks {f.slash}; {f.seconds:.1f} s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=5, help="games per case (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--game", action="append", help="only these games (default: all cases)")
    parser.add_argument("--confirm", action="store_true", help='the lobby\'s "Confirm every step" on')
    args = parser.parse_args(argv)
    for game, options in CASES:
        if args.game and game not in args.game:
            continue
        print(report(game, options, measure(game, options, args.games, args.seed, args.confirm)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
