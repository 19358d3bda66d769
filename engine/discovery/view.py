"""What one viewer may see: the map, followers, territory values, scores; no pile order, no other player's hand."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from engine.api import sees
from engine.core.lang import reader
from engine.core.moves import Move
from engine.discovery import board as B
from engine.discovery.lang import N_, _
from engine.discovery.placing import look_words
from engine.discovery.state import State, pos_name
from engine.discovery.tiles import ROLE_OF, TERRAIN_WORDS, rotations, sides_code

PROMPTS = {
    "place": N_("place the tile (x,y as on the map's edges; numbers as on the board)"),
    "follower": N_("deploy a follower on the new tile, score one of yours, or pass"),
}


OTHERWISE = N_("make a move")  # a phase without a prompt of its own (none today)


def tile_view(tid: str, rotation: int = 0) -> dict[str, Any]:
    """A tile as it lies, for a view: a new dict, whose lists (the same for every view) are shared and never
    changed."""
    return dict(_tile_look(tid, rotation % 4, reader()))


@functools.lru_cache(maxsize=4096)
def _tile_look(tid: str, rotation: int, language: str) -> dict[str, Any]:
    """Kept per tile, turn and language: a view tells every tile on the map, so building these each time was
    most of a view's work."""
    g = rotations(tid)[rotation]
    return {
        "id": tid,
        "edges": g.edges,
        "regions": [{"terrain": r.terrain, "sides": list(r.sides)} for r in g.regions],
        "borders": [list(b) for b in g.borders],
        "cities": [list(c) for c in g.cities],
        "words": look_words(g),  # region by region, so one sea is told from two bays
    }


def prompt(state: State, legal: Sequence[Move]) -> str:
    return _(PROMPTS.get(state.phase, OTHERWISE))


def hidden(state: State, move: Move, viewer: int | None) -> bool:
    """In the double-tile variant the placements would show the tiles in a private hand."""
    return state.double and move.kind == "place" and not sees(viewer, move.player)


def view(state: State, viewer: int | None) -> dict[str, Any]:
    m = B.analyse(state.board)
    key = ("view", reader(), tuple(state.followers))
    if key not in m.memo:
        m.memo[key] = _the_map(state, m)
    bounds, tiles, territories, followers = m.memo[key]
    players = []
    for i, p in enumerate(state.players):
        players.append(
            {
                "score": p.score,
                "vp": p.score,
                "supply": p.supply,
                "on_map": sum(1 for f in state.followers if f.player == i),
                "hand": [tile_view(t) for t in p.hand] if sees(viewer, i) else None,
                "hand_count": len(p.hand),
            }
        )
    placed = state.placed
    return {
        "players": players,
        "bounds": dict(bounds),
        "tiles": tiles,
        "territories": territories,
        "followers": followers,
        "drawn": tile_view(state.drawn) if state.drawn else None,
        "placed": pos_name(placed) if placed else None,
        "pile": len(state.pile),
        "removed": [tile_view(t) for t in state.removed],
        "discarded": [tile_view(t) for t in state.discarded],
        "options": dict(state.options),
    }


def _the_map(state: State, m: B.Map) -> tuple[dict[str, int], list[Any], list[Any], list[Any]]:
    """What every seat sees alike of a map and its followers, in the reader's language: its bounds, tiles,
    territories and followers (kept with the map's analysis, so the views of one state share these lists; a view
    is read, never changed)."""
    taken = B.occupied(m, state.followers)
    tiles = []
    for (x, y), cell in sorted(state.board.items(), key=lambda kv: (-kv[0][1], kv[0][0])):
        tv = tile_view(cell.tile, cell.rotation)
        g = B.geometry(cell)
        tv.update(
            {
                "x": x,
                "y": y,
                "at": pos_name((x, y)),
                "rotation": cell.rotation,
                "turn": cell.turn,
                "player": cell.player,
                "territories": [m.of_node[(x, y, i)] for i in range(len(g.regions))],
            }
        )
        tiles.append(tv)
    territories = []
    for t in m.territories:
        here = taken.get(t.id, [])
        territories.append(
            {
                "id": t.id,
                "terrain": t.terrain,
                "kind": _(TERRAIN_WORDS[t.terrain]),  # in the reader's words, as every word of a view
                "tiles": sorted(pos_name(p) for p in t.tiles),
                "size": t.size,
                "complete": t.complete,
                "cities": m.city_count(t),
                "value": m.value(t),
                "final_value": m.value(t, final=True),
                "followers": sorted({f.player for f in here}),
            }
        )
    followers = []
    for f in state.followers:
        t = m.at(f.x, f.y, f.region)
        g = B.geometry(state.board[(f.x, f.y)])
        followers.append(
            {
                "player": f.player,
                "x": f.x,
                "y": f.y,
                "at": pos_name((f.x, f.y)),
                "region": f.region,
                "sides": sides_code(g.regions[f.region].sides),
                "role": ROLE_OF[t.terrain],
                "territory": t.id,
                "value": m.value(t),
            }
        )
    xs = [x for x, _y in state.board]
    ys = [y for _x, y in state.board]
    return {"min_x": min(xs), "max_x": max(xs), "min_y": min(ys), "max_y": max(ys)}, tiles, territories, followers
