"""What one viewer may see: no pile contents, and only the rumour tokens that viewer placed or looked at."""

from __future__ import annotations

from typing import Any

from engine.api import EVERYONE, sees
from engine.desert import board as B
from engine.desert.rules import current_pile, free_camel_spaces, turban_height
from engine.desert.state import COLOURS, GRID, ON_ACTION, RUMOUR_SLOTS, RUMOUR_VALUES, State
from engine.desert.tiles import tile


def tile_view(tid: str, rotation: int = 0) -> dict[str, Any]:
    t = tile(tid)
    g = t.geometry.rotated(rotation)
    return {
        "id": tid,
        "sides": g.sides,
        "parts": [list(p) for p in g.parts],
        "action": t.action,
        "action_part": t.action_part if t.action else None,
        "pile": t.pile,
    }


def view(state: State, viewer: int | None) -> dict[str, Any]:
    oasis_of: dict[tuple[int, int], int] = {}
    oases = []
    completed = {tuple(c) for c in state.completed}
    for i, (nodes, closed) in enumerate(B.oases(state.board)):
        for node in nodes:
            oasis_of[node] = i
        oases.append(
            {
                "id": i,
                "spaces": sorted({GRID.name(s) for s, _ in nodes}),
                "size": len({s for s, _ in nodes}),
                "complete": closed,
                "scored": any(n in completed for n in nodes),
                "actions": [[GRID.name(s), k] for s, k in B.action_spaces(state.board, nodes)],
            }
        )
    tiles = []
    for space, cell in enumerate(state.board):
        if cell is None:
            continue
        col, row = GRID.coords(space)
        entry = tile_view(cell[0], cell[1])
        entry.update(
            {
                "space": GRID.name(space),
                "col": col,
                "row": row,
                "rotation": cell[1],
                "cross": tile(cell[0]).pile == 0,
                "oases": [oasis_of.get((space, i)) for i in range(len(entry["parts"]))],
                "open": B.open_sides(state.board, space),
            }
        )
        tiles.append(entry)
    tall = turban_height(state)
    explorers = []
    for h, owner, space, part in state.explorers:
        on_action = space >= 0 and part == ON_ACTION
        if on_action:
            cell = state.board[space]
            assert cell is not None
            part = tile(cell[0]).action_part
        explorers.append(
            {
                "height": h,
                "player": owner,
                "space": GRID.name(space) if space >= 0 else None,
                "part": part if space >= 0 else None,  # on an action space: the part that holds it
                "action_space": on_action,
                "turban": h == tall,
            }
        )
    players = []
    for i in range(state.players):
        players.append(
            {
                "colour": COLOURS[i],
                "caravan": GRID.name(state.caravans[i]),
                "water": state.water[i],
                "camels": state.camels[i],
                "goods": list(state.goods[i]),
                "free_spaces": free_camel_spaces(state, i),
                "display": [tile_view(t) for t in state.displays[i]],
                "turban": state.turban == i,
                "score": state.result["scores"][i] if state.result else None,
            }
        )
    rumour_board = []
    for slot in RUMOUR_SLOTS:
        token = state.rumour_board[slot]
        known = token is not None and (
            state.game_over or viewer == EVERYONE or (viewer is not None and viewer in state.rumour_known[token])
        )
        rumour_board.append(
            {
                "slot": slot,
                "good": slot.rsplit("-", 1)[0],
                "occupied": token is not None,
                "value": RUMOUR_VALUES[token] if known and token is not None else None,
            }
        )
    aside = None
    if state.pending and "token" in state.pending and sees(viewer, state.pending["seat"]):
        aside = RUMOUR_VALUES[state.pending["token"]]
    pile = current_pile(state)
    scoring = None
    if state.scoring and not state.game_over:
        sc = state.scoring[0]
        taken = set(sc["taken"])
        scoring = {
            "spaces": sc["spaces"],
            "queue": [{"player": s, "height": h} for s, h in sc["queue"]],
            "free_actions": [[GRID.name(s), k] for s, k in sc["actions"] if s not in taken],
            "waiting": len(state.scoring) - 1,
        }
    return {
        "players": players,
        "board": {"cols": GRID.cols, "rows": GRID.rows, "centre": "F6"},
        "tiles": tiles,
        "oases": oases,
        "explorers": explorers,
        "piles": [len(p) for p in state.piles],
        "current_pile": None if pile is None else pile + 1,
        "supply": {
            "water": state.water_supply,
            "camels": state.camel_supply,
            "goods": dict(state.goods_supply),
            "rumours": len(state.rumour_supply),
        },
        "rumour_board": rumour_board,
        "rumour_in_hand": aside,
        "scoring": scoring,
        "bonus_turn": state.bonus_turn,
        "final_round": state.final_left is not None,
        "hand": None if state.hand is None else tile_view(state.hand["tile"]),
        "attached": None if state.attached is None else GRID.name(state.attached),
        "last_turn": dict(state.last_turn),
        "options": dict(state.options),
    }
