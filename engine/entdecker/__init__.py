"""Entdecker (Klaus Teuber, Goldsieber 1996): rules, tile data, scoring, views and AI players."""

from __future__ import annotations

from engine.api import Game, one_by_one
from engine.entdecker import left, rules, state, view
from engine.entdecker.ai import AIS
from engine.entdecker.info import INFO
from engine.entdecker.labels import NUMBERED, move_label
from engine.entdecker.presenter import PRESENTER
from engine.entdecker.undo import undoable

GAME = Game(
    info=INFO,
    presenter=PRESENTER,
    state=state.State,
    # the rules
    setup=rules.new_game,
    legal_moves=rules.legal_moves,
    apply=rules.apply,
    # what the seats see
    numbered=frozenset(NUMBERED),
    hidden=view.hidden,
    prompt=view.prompt,
    view=view.view,
    labels=one_by_one(move_label),
    # the computer players and the undo
    ais=AIS,
    undoable=undoable,
    tiles_left=left.tiles_left,  # /game tiles
)

__all__ = ["GAME"]
