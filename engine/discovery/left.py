"""What remains to be drawn (`/game tiles`): the pile, counted by configuration; in the double-tile variant with
the tiles in every hand, which nobody else may see."""

from __future__ import annotations

from engine.core.left import Pile, pile
from engine.discovery.lang import _
from engine.discovery.placing import look_words
from engine.discovery.state import State
from engine.discovery.tiles import rotations
from engine.discovery.view import tile_view


def _words(tid: str) -> str:
    return look_words(rotations(tid)[0])


def tiles_left(state: State) -> list[Pile]:
    if not state.double:
        return [pile(_("The pile"), state.pile, tile_view, _words)]
    hands = [t for p in state.players for t in p.hand]
    return [pile(_("The pile and the hands (face down)"), [*state.pile, *hands], tile_view, _words)]
