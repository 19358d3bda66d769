"""What remains to be drawn (`/game tiles`): each of the five piles, counted by kind. Every tile drawn from a pile
is shown (on the board, in a display, or in the hand of the player placing it), so a pile's tiles are the
catalogue's for that pile less those: public, though never their order."""

from __future__ import annotations

from engine.core.left import Pile, pile
from engine.desert.labels import kind_words
from engine.desert.lang import _
from engine.desert.state import State
from engine.desert.view import tile_view


def tiles_left(state: State) -> list[Pile]:
    return [pile(_("Pile {n}").format(n=i + 1), p, tile_view, kind_words) for i, p in enumerate(state.piles)]
