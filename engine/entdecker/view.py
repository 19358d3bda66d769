"""What one viewer may see: no pile order, no face-down tokens, no other player's personal tiles."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.api import sees
from engine.core import reducer
from engine.core.moves import Move
from engine.core.words import either
from engine.entdecker import board as B
from engine.entdecker import rules
from engine.entdecker.lang import N_, _
from engine.entdecker.state import GRID, State
from engine.entdecker.tiles import tile

PROMPTS = {
    "ship": N_("put the ship on a circle"),
    "explore": N_("declare how many tiles to explore"),
    "place": N_("choose where the drawn tile goes (numbers as on the board)"),
    "natives": N_("take a plant token from the welcoming natives, or leave it"),
}
VOYAGE_STEPS = (
    ("draw", N_("draw a tile")),
    ("build", N_("build on the land you reached")),
    ("stop", N_("stop")),
)
ANY_MOVE = N_("make a move")


def tile_view(tid: str, rotation: int = 0) -> dict[str, Any]:
    t = tile(tid)
    g = t.rotation(rotation)
    return {
        "id": tid,
        "sides": g.sides,
        "segments": [list(s) for s in g.segments],
        "lines": list(g.lines),
        "circle": g.has_circle,
        "event": t.event,
    }


def hidden(state: State, move: Move, viewer: int | None) -> bool:
    """A player's personal tiles are theirs to see: the moves that play them too."""
    return move.kind == "personal" and not sees(viewer, move.player)


def island_winners(state: State) -> dict[int, list[int]]:
    """Who won each scored island (State.island_winners), rebuilt by playing the history again for a state read
    from JSON, which does not keep it (the same seed and moves give the same game)."""
    if state.island_winners is not None:
        return state.island_winners
    if not state.scored:
        return {}
    # The moves of the history were legal when made: played again without the checks, as the AIs look ahead.
    again = rules.new_game(list(state.names), dict(state.options), state.seed)
    for move in state.history:
        again = reducer.play(rules.apply, again, move)[0]
    return again.island_winners or {}


def view(state: State, viewer: int | None) -> dict[str, Any]:
    island_of: dict[tuple[int, int], int] = {}
    islands = []
    winners = island_winners(state)
    for nodes, complete in B.islands(state.board):
        key = B.island_key(nodes)
        for node in nodes:
            island_of[node] = key
        entry: dict[str, Any] = {
            "id": key,
            "spaces": sorted({GRID.name(s) for s, _seg in nodes}),
            "complete": complete,
            "scored": key in state.scored,
        }
        if key in winners:
            entry["winners"] = winners[key]  # the top builders when it scored (the buildings then went home)
        islands.append(entry)
    tiles = []
    for space, cell in enumerate(state.board):
        if cell is None:
            continue
        col, row = GRID.coords(space)
        g = B.cell_geometry(cell)
        seg_islands = [island_of.get((space, i)) for i in range(len(g.segments))]
        build = cell.build
        tiles.append(
            {
                "space": GRID.name(space),
                "col": col,
                "row": row,
                "sides": g.sides,
                "segments": [list(s) for s in g.segments],
                "lines": list(g.lines),
                "circle": g.has_circle,
                "event": B.tile_event(cell),
                "fill": cell.fill,
                "turn": cell.turn,
                "island": seg_islands[0] if seg_islands else None,
                "islands": seg_islands,
                "construction": None
                if build is None
                else {"player": build.player, "piece": build.piece, "segment": build.segment},
            }
        )
    players = []
    for i, p in enumerate(state.players):
        players.append(
            {
                "gold": p.gold,
                "vp": p.vp,
                "pieces": dict(p.pieces),
                "plants": list(p.plants),
                "personal_tiles": [tile_view(t) for t in p.personal] if sees(viewer, i) else None,
                "personal_count": len(p.personal),
            }
        )
    v = state.voyage
    voyage = None
    if v is not None and state.phase in ("explore", "voyage", "place", "natives"):
        # A drawn or played tile lies face up, so everyone sees it.
        drawn = tile_view(v.drawn) if v.drawn is not None else None
        voyage = {
            "declared": v.declared,
            "remaining": v.budget,
            "placed": [GRID.name(s) for s in v.placed],
            "drawn": drawn,
            "stormed": v.stormed,
        }
    return {
        "board": {"cols": GRID.cols, "rows": GRID.rows},
        "tiles": tiles,
        "islands": islands,
        "edge_circles": [GRID.edge_name(s, d) for s, d in GRID.edge_circles()],
        "ship": B.ship_name(state.ship) if state.ship else None,
        "players": players,
        "piles": {
            "discovery": [
                {"count": len(p), "top_event": bool(p) and tile(p[-1]).event is not None} for p in state.piles
            ],
            "fill": {str(k): len(v) for k, v in state.fills.items()},
            "kept": _kept_counts(state),
            "plants": [len(p) for p in state.plant_piles],
        },
        "season": state.season,
        "first_player": state.first,
        "voyage": voyage,
        "last_turn": {k: state.last_turn.get(k) for k in ("player", "spaces", "fills")},
        "options": dict(state.options),
    }


def prompt(state: State, legal: Sequence[Move]) -> str:
    """What the player to move does now, in words; mid-voyage only what is possible (no "build" at sea)."""
    if state.phase != "voyage":
        return _(PROMPTS.get(state.phase, ANY_MOVE))
    kinds = {m.kind for m in legal}
    steps = [_(words) for kind, words in VOYAGE_STEPS if kind in kinds]
    return either(steps) if steps else _(ANY_MOVE)


def _kept_counts(state: State) -> dict[str, int]:
    out: dict[str, int] = {}
    for tid in state.kept:
        key = str(tile(tid).geometry.edge_class())
        out[key] = out.get(key, 0) + 1
    return out
