"""Words for moves: the labels players see in autocomplete, buttons and menus, in the reader's language."""

from __future__ import annotations

from engine.core.moves import Move
from engine.core.words import directions
from engine.entdecker import board as B
from engine.entdecker.lang import N_, _, ngettext
from engine.entdecker.state import GRID, PIECE_VALUE, State
from engine.entdecker.tiles import tile
from engine.entdecker.words import tile_words

ROTATION_WORDS = (N_("as drawn"), N_("turned 90°"), N_("turned 180°"), N_("turned 270°"))
# An edge circle by the side of its space it lies on (0 north .. 3 west).
EDGE_LABELS = (
    N_("{pos}: edge circle north of {space}"),
    N_("{pos}: edge circle east of {space}"),
    N_("{pos}: edge circle south of {space}"),
    N_("{pos}: edge circle west of {space}"),
)
# By the construction (a whole phrase each: its article and gender differ per language): starting on another
# player's, building it, and building it on one of a tile's two lands (which, by its sides).
PIECE_LABELS = {
    "trading_post": (
        N_("{pos} (costs {cost} gold: {owner}'s trading post)"),
        N_("Build a trading post ({gold} gold, ends the turn)"),
        N_("Build a trading post on the land to the {sides} ({gold} gold, ends the turn)"),
    ),
    "fort": (
        N_("{pos} (costs {cost} gold: {owner}'s fort)"),
        N_("Build a fort ({gold} gold, ends the turn)"),
        N_("Build a fort on the land to the {sides} ({gold} gold, ends the turn)"),
    ),
    "colony": (
        N_("{pos} (costs {cost} gold: {owner}'s colony)"),
        N_("Build a colony ({gold} gold, ends the turn)"),
        N_("Build a colony on the land to the {sides} ({gold} gold, ends the turn)"),
    ),
}
FIXED_LABELS = {"stop": N_("Stop: end the turn without building")}
NATIVES_LABELS = {"take": N_("Take the plant token"), "leave": N_("Leave the plant token")}
NUMBERED = ("ship", "place")  # their labels carry the number the board overlay shows


def move_label(state: State, move: Move, number: int | None = None) -> str:
    """A label of at most 100 characters for a legal move of the current state."""
    k = move.kind
    prefix = f"#{number} " if number is not None else ""
    if k == "ship":
        pos = move.get("position")
        ship = B.parse_ship(pos)
        assert ship is not None
        if ship[1] >= 0:
            return prefix + _(EDGE_LABELS[ship[1]]).format(pos=pos, space=GRID.name(ship[0]))
        cost = B.position_cost(state, ship[0], move.player)
        cell = state.board[ship[0]]
        if cost and cell and cell.build:
            owner = state.players[cell.build.player].name
            start = _(PIECE_LABELS[cell.build.piece][0])
            return (prefix + start.format(pos=pos, cost=cost, owner=owner))[:100]
        return prefix + _("{pos}: on the discovered tile").format(pos=pos)
    if k == "explore":
        n = move.get("count")
        if state.options.get("personal_tiles"):
            return _("{n} gold for exploring").format(n=n)
        return ngettext("{n} tile (costs {n} gold)", "{n} tiles (costs {n} gold)", n).format(n=n)
    if k == "draw":
        i = move.get("pile")
        pile = state.piles[i - 1]
        if pile and tile(pile[-1]).event:
            text = ngettext(
                "Pile {i} ({n} tile) — a ? on top (event tile)",
                "Pile {i} ({n} tiles) — a ? on top (event tile)",
                len(pile),
            )
        else:
            text = ngettext("Pile {i} ({n} tile)", "Pile {i} ({n} tiles)", len(pile))
        return text.format(i=i, n=len(pile))
    if k == "place":
        return f"{prefix}{move.get('space')}, {_(ROTATION_WORDS[move.get('rotation')])}"
    if k == "build":
        piece, seg = move.get("piece"), move.get("segment")
        assert state.ship is not None
        cell = state.board[state.ship[0]]
        assert cell is not None
        gold = PIECE_VALUE[piece] * (2 if B.tile_event(cell) == "hostile_natives" else 1)
        g = B.cell_geometry(cell)
        _start, build, build_on = PIECE_LABELS[piece]
        if len(g.segments) > 1:
            return _(build_on).format(sides=directions(g.segments[seg]), gold=gold)
        return _(build).format(gold=gold)
    if k == "recall":
        return _("Take back the trading post on {space}").format(space=move.get("space"))
    if k == "natives":
        return _(NATIVES_LABELS[move.get("choice")])
    if k == "personal":
        return _("Personal tile: {tile} (2 gold)").format(tile=tile_words(move.get("tile")))[:100]
    return _(FIXED_LABELS[k])  # a kind with one text; a kind with none is a bug, never its key shown to players
