"""Entdecker – Im Reich der Wüstensöhne (Klaus Teuber, Kosmos 2008): rules, tile data, views and AI players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.api import Game, one_by_one
from engine.core.moves import Move
from engine.desert import labels, left, rules, state, view
from engine.desert.ai import AIS
from engine.desert.info import INFO
from engine.desert.presenter import PRESENTER
from engine.desert.undo import undoable


def _prompt(s: state.State, legal: Sequence[Move]) -> str:
    return labels.prompt(s)


def selfplay_stats(events: Sequence[dict[str, Any]], stats: dict[str, Any]) -> None:
    """Self-play figures: completed oases by size (tiles) and action spaces used, by kind."""
    for e in events:
        if e.get("type") == "oasis":
            by_size = stats.setdefault("oases", {})
            by_size[str(e["size"])] = by_size.get(str(e["size"]), 0) + 1
        elif e.get("type") == "action":
            used = stats.setdefault("actions", {})
            used[e["action"]] = used.get(e["action"], 0) + 1


GAME = Game(
    info=INFO,
    presenter=PRESENTER,
    state=state.State,
    # the rules: the owners of explorers in a scored oasis act out of turn; a bonus turn is a turn of the same seat
    setup=rules.new_game,
    to_act=rules.to_act,
    legal_moves=rules.legal_moves,
    apply=rules.apply,
    turn_events=frozenset({"turn", "bonus", "game_over"}),
    # what the seats see
    numbered=labels.NUMBERED,
    prompt=_prompt,
    view=view.view,
    labels=one_by_one(labels.move_label),
    # the computer players, the undo, self-play figures
    ais=AIS,
    undoable=undoable,
    selfplay_stats=selfplay_stats,
    tiles_left=left.tiles_left,  # /game tiles
)

__all__ = ["GAME"]
