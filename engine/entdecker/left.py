"""What remains to be drawn (`/game tiles`): the five discovery piles together (they were dealt from one shuffled
deck, so which pile holds what is not known) and each fill-in pile, counted by how the tiles look."""

from __future__ import annotations

from engine.core.left import Pile, pile
from engine.entdecker.lang import _
from engine.entdecker.state import State
from engine.entdecker.view import tile_view
from engine.entdecker.words import tile_words


def tiles_left(state: State) -> list[Pile]:
    discovery = [t for p in state.piles for t in p]
    out = [pile(_("Discovery piles 1-5 (shuffled together)"), discovery, tile_view, tile_words)]
    out += [pile(_("Fill-in pile {k}").format(k=k), state.fills[k], tile_view, tile_words) for k in sorted(state.fills)]
    return out
