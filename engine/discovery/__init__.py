"""Carcassonne: The Discovery (Leo Colovini, Hans im Glück 2005): rules, tile data, scoring, views and AI players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.api import Game
from engine.discovery import labels, left, rules, state, view
from engine.discovery.ai import AIS
from engine.discovery.info import INFO
from engine.discovery.presenter import PRESENTER
from engine.discovery.tiles import TERRAIN_WORDS
from engine.discovery.undo import undoable


def selfplay_stats(events: Sequence[dict[str, Any]], stats: dict[str, Any]) -> None:
    """Self-play figures (`python -m engine selfplay`), kept per move: territories completed during the game and
    left open at its end, by kind, and how the followers were scored."""
    for e in events:
        t = e.get("type")
        if t == "complete":
            done = stats.setdefault("completed", {})
            word = TERRAIN_WORDS[e["terrain"]]
            done[word] = done.get(word, 0) + 1
        elif t in ("score", "final"):
            scored = stats.setdefault("scored", {})
            how = "final" if t == "final" else ("complete" if e["complete"] else "open")
            scored[how] = scored.get(how, 0) + 1
        elif t == "end":
            stats["open_at_end"] = dict(e["open"])


GAME = Game(
    info=INFO,
    presenter=PRESENTER,
    state=state.State,
    # the rules: a refused move is explained by the handlers' own checks
    setup=rules.new_game,
    legal_moves=rules.legal_moves,
    apply=rules.apply,
    why_illegal=rules.why_illegal,
    # what the seats see: the placements of a hand in the double-tile variant only by its owner
    numbered=frozenset({"place"}),
    hidden=view.hidden,
    prompt=view.prompt,
    view=view.view,
    labels=labels.labels,
    # the computer players, the undo, self-play figures
    ais=AIS,
    undoable=undoable,
    selfplay_stats=selfplay_stats,
    tiles_left=left.tiles_left,  # /game tiles
)

__all__ = ["GAME"]
