"""What remains to be drawn (`/game tiles`): each of the five piles, counted by kind. Every tile drawn from a pile
is shown (on the board, in a display, or in the hand of the player placing it), so a pile's tiles are the
catalogue's for that pile less those: public, though never their order."""

from __future__ import annotations

from engine.core.left import Pile, pile
from engine.desert.labels import ACTION_WORDS, SHAPE_WORDS
from engine.desert.state import State
from engine.desert.tiles import tile
from engine.desert.view import tile_view


def _words(tid: str) -> str:
    t = tile(tid)
    action = f", {ACTION_WORDS[t.action]}" if t.action else ""
    return f"{SHAPE_WORDS.get(t.shape, t.shape)}{action}"


def tiles_left(state: State) -> list[Pile]:
    return [pile(f"Pile {i + 1}", p, tile_view, _words) for i, p in enumerate(state.piles)]
