"""The reducer: legal moves for the seat to act, and applying one move with everything that follows from it."""

from __future__ import annotations

from typing import Any

from engine.core import reducer
from engine.core.moves import Move
from engine.entdecker import board as B
from engine.entdecker.scoring import Event, draw_plant, final_result, plants_left, score_island
from engine.entdecker.setup import new_state, spin_wheel
from engine.entdecker.state import GRID, MAX_GOLD, PIECE_VALUE, PIECES, Cell, Construction, State, Voyage
from engine.entdecker.tiles import tile

PERSONAL_COST = 2
NATIVES_CHOICES = ("take", "leave")


def new_game(players: list[str], options: dict[str, Any], seed: int) -> State:
    state = new_state(players, options, seed)
    events: list[Event] = []
    _start_season(state, events)
    _begin_turn(state, events)
    state.last_turn = {"player": None, "spaces": [], "fills": []}
    return state


# --- legal moves --------------------------------------------------------------------------------


def legal_moves(state: State) -> list[Move]:
    if state.game_over:
        return []
    p = state.current
    phase = state.phase
    moves: list[Move] = []
    if phase == "ship":
        gold = state.players[p].gold
        for pos, cost in B.ship_positions(state, p):
            if gold - cost >= 1:
                moves.append(Move.make("ship", p, position=B.ship_name(pos)))
    elif phase == "explore":
        moves.extend(Move.make("explore", p, count=n) for n in range(1, state.players[p].gold + 1))
    elif phase == "voyage":
        moves.extend(_voyage_moves(state))
    elif phase == "place":
        v = state.voyage
        assert v is not None and v.drawn is not None and state.ship is not None
        for space, r in B.placements(state.board, state.ship, v.drawn):
            moves.append(Move.make("place", p, space=GRID.name(space), rotation=r))
    elif phase == "natives":
        # The rulebook: welcoming natives let the player draw a plant token ("may").
        moves.extend(Move.make("natives", p, choice=c) for c in NATIVES_CHOICES)
    if phase in ("ship", "explore", "voyage"):
        for space, cell in enumerate(state.board):
            if cell and cell.build and cell.build.player == p and cell.build.piece == "trading_post":
                moves.append(Move.make("recall", p, space=GRID.name(space)))
    return moves


def _can_draw(state: State) -> bool:
    v = state.voyage
    assert v is not None
    return v.budget >= 1 and not v.stormed and any(state.piles) and B.ship_has_free_line(state.board, state.ship)


def _personal_moves(state: State) -> list[Move]:
    v, p = state.voyage, state.current
    assert v is not None and state.ship is not None
    if not state.options["personal_tiles"] or v.personal_used or v.budget < PERSONAL_COST or v.stormed:
        return []
    return [
        Move.make("personal", p, tile=tid)
        for tid in state.players[p].personal
        if B.placements(state.board, state.ship, tid)
    ]


def _build_site(state: State) -> tuple[Cell, int] | None:
    """The tile the ship moved onto this turn, if it can still take a construction, with its cost factor."""
    v = state.voyage
    assert v is not None
    if v.stormed or state.ship is None or state.ship[1] >= 0 or state.ship[0] not in v.placed:
        return None
    cell = state.board[state.ship[0]]
    assert cell is not None
    if not B.cell_geometry(cell).segments or cell.build is not None:
        return None
    return cell, 2 if B.tile_event(cell) == "hostile_natives" else 1


def _recall_would_allow_building(state: State) -> bool:
    """A player whose trading posts are all on the board may take one back to build it here."""
    site = _build_site(state)
    player = state.players[state.current]
    if site is None or player.pieces["trading_post"] > 0 or player.gold < PIECE_VALUE["trading_post"] * site[1]:
        return False
    return any(
        c and c.build and c.build.player == state.current and c.build.piece == "trading_post" for c in state.board
    )


def _build_moves(state: State) -> list[Move]:
    p = state.current
    site = _build_site(state)
    if site is None:
        return []
    cell, factor = site
    g = B.cell_geometry(cell)
    player = state.players[p]
    out: list[Move] = []
    for piece in PIECES:
        if player.pieces[piece] > 0 and PIECE_VALUE[piece] * factor <= player.gold:
            out.extend(Move.make("build", p, piece=piece, segment=i) for i in range(len(g.segments)))
    return out


def _voyage_moves(state: State) -> list[Move]:
    v, p = state.voyage, state.current
    assert v is not None
    moves: list[Move] = []
    if _can_draw(state):
        moves.extend(Move.make("draw", p, pile=i + 1) for i, pile in enumerate(state.piles) if pile)
    if B.ship_has_free_line(state.board, state.ship):
        moves.extend(_personal_moves(state))
    moves.extend(_build_moves(state))
    if v.drew_any:
        moves.append(Move.make("stop", p))
    return moves


# --- applying a move ----------------------------------------------------------------------------


def apply(state: State, move: Move, events: list[Event]) -> None:
    """What a legal move does (engine/core/reducer.py has checked it and copied the state)."""
    _HANDLERS[move.kind](state, move, events)


def play(state: State, move: Move) -> tuple[State, list[Event]]:
    """A legal move's new state and events, for the AIs' look-ahead (engine.core.reducer.play)."""
    return reducer.play(apply, state, move)


def _do_ship(state: State, move: Move, events: list[Event]) -> None:
    pos = B.parse_ship(move.get("position"))
    assert pos is not None
    cost = B.position_cost(state, pos[0], state.current) if pos[1] < 0 else 0
    state.players[state.current].gold -= cost
    state.ship = pos
    state.voyage = Voyage(position_cost=cost)
    state.phase = "explore"
    events.append({"type": "ship", "player": state.current, "position": move.get("position"), "cost": cost})


def _do_explore(state: State, move: Move, events: list[Event]) -> None:
    n = move.get("count")
    v = state.voyage
    assert v is not None
    state.players[state.current].gold -= n
    v.declared = v.budget = n
    state.phase = "voyage"
    events.append({"type": "explore", "player": state.current, "count": n})
    _continue_voyage(state, events)


def _do_draw(state: State, move: Move, events: list[Event]) -> None:
    v = state.voyage
    assert v is not None
    tid = state.piles[move.get("pile") - 1].pop()
    v.budget -= 1
    v.drew_any = True
    events.append({"type": "draw", "player": state.current, "pile": move.get("pile"), "tile": tid})
    _tile_in_hand(state, tid, events, personal=False)


def _do_personal(state: State, move: Move, events: list[Event]) -> None:
    v = state.voyage
    assert v is not None
    tid = move.get("tile")
    state.players[state.current].personal.remove(tid)
    v.budget -= PERSONAL_COST
    v.personal_used = True
    v.drew_any = True
    events.append({"type": "personal", "player": state.current, "tile": tid})
    _tile_in_hand(state, tid, events, personal=True)


def _tile_in_hand(state: State, tid: str, events: list[Event], personal: bool) -> None:
    v = state.voyage
    assert v is not None and state.ship is not None
    options = B.placements(state.board, state.ship, tid)
    if not options:
        kept = state.options["keep_unplayable"] and tile(tid).event is None
        (state.kept if kept else state.box).append(tid)
        events.append({"type": "discard", "player": state.current, "tile": tid, "kept": kept})
        _continue_voyage(state, events)
    elif len(options) == 1:
        _place(state, tid, *options[0], events, auto=True)
    else:
        v.drawn, v.drawn_personal = tid, personal
        state.phase = "place"
        events.append({"type": "choose_placement", "player": state.current, "tile": tid, "options": len(options)})


def _do_place(state: State, move: Move, events: list[Event]) -> None:
    v = state.voyage
    assert v is not None and v.drawn is not None
    tid = v.drawn
    v.drawn, v.drawn_personal = None, False
    state.phase = "voyage"
    _place(state, tid, GRID.parse(move.get("space")), move.get("rotation"), events, auto=False)  # type: ignore[arg-type]


def _place(state: State, tid: str, space: int, rotation: int, events: list[Event], auto: bool) -> None:
    v = state.voyage
    assert v is not None
    state.board[space] = Cell(tid, rotation, state.turn)
    state.ship = (space, -1)
    v.placed.append(space)
    state.phase = "voyage"
    event = tile(tid).event
    events.append(
        {
            "type": "place",
            "player": state.current,
            "tile": tid,
            "space": GRID.name(space),
            "rotation": rotation,
            "auto": auto,
            "event": event,
        }
    )
    if event:
        _apply_event(state, event, events)
    _continue_voyage(state, events)


def _apply_event(state: State, event: str, events: list[Event]) -> None:
    p = state.current
    player = state.players[p]
    out: Event = {"type": "event", "event": event, "player": p}
    if event == "storm":
        assert state.voyage is not None
        state.voyage.stormed = True
    elif event == "welcoming_natives":
        if plants_left(state) > 0:
            state.phase = "natives"  # the voyage waits for the player's choice (_do_natives)
            out["offer"] = True
        else:
            out["plant"] = None
    elif event == "pirates":
        loss = (player.gold + 1) // 2  # half, rounded to the player's disadvantage
        player.gold -= loss
        out["gold_lost"] = loss
    elif event == "ruins":
        player.vp += 3
        out["vp"] = 3
    elif event == "gold":
        gain = min(3, MAX_GOLD - player.gold)
        player.gold += gain
        out["gold_gained"] = gain
    events.append(out)


def _do_natives(state: State, move: Move, events: list[Event]) -> None:
    p = state.current
    out: Event = {"type": "natives", "player": p, "plant": None}
    if move.get("choice") == "take":
        token = draw_plant(state)
        out["plant"] = token
        if token is not None:
            state.players[p].plants.append(token)
    events.append(out)
    state.phase = "voyage"
    _continue_voyage(state, events)


def _continue_voyage(state: State, events: list[Event]) -> None:
    """End the turn by itself when the player has nothing left to decide."""
    if state.phase != "voyage":
        return
    v = state.voyage
    assert v is not None
    if v.stormed:
        events.append({"type": "forced_stop", "player": state.current, "reason": "storm"})
        _end_turn(state, events)
        return
    if not any(state.piles):
        # The rulebook: when the last discovery tile is drawn, "the game ends when the last card is placed".
        reason = "piles_empty"
    elif _can_draw(state) or _personal_moves(state) or _build_moves(state) or _recall_would_allow_building(state):
        return
    elif v.budget < 1:
        reason = "no_draws_left"
    else:
        reason = "no_free_line"
    events.append({"type": "forced_stop", "player": state.current, "reason": reason})
    _end_turn(state, events)


def _do_build(state: State, move: Move, events: list[Event]) -> None:
    assert state.ship is not None
    space = state.ship[0]
    cell = state.board[space]
    assert cell is not None
    piece = move.get("piece")
    factor = 2 if B.tile_event(cell) == "hostile_natives" else 1
    cost = PIECE_VALUE[piece] * factor
    player = state.players[state.current]
    player.gold -= cost
    player.pieces[piece] -= 1
    state.board[space] = cell._replace(build=Construction(state.current, piece, move.get("segment")))
    events.append(
        {
            "type": "build",
            "player": state.current,
            "piece": piece,
            "space": GRID.name(space),
            "segment": move.get("segment"),
            "cost": cost,
        }
    )
    _end_turn(state, events)


def _do_stop(state: State, move: Move, events: list[Event]) -> None:
    events.append({"type": "stop", "player": state.current})
    _end_turn(state, events)


def _do_recall(state: State, move: Move, events: list[Event]) -> None:
    space = GRID.parse(move.get("space"))
    assert space is not None
    cell = state.board[space]
    assert cell is not None
    state.board[space] = cell._replace(build=None)
    state.players[state.current].pieces["trading_post"] += 1
    events.append({"type": "recall", "player": state.current, "space": move.get("space")})


_HANDLERS = {
    "ship": _do_ship,
    "explore": _do_explore,
    "draw": _do_draw,
    "personal": _do_personal,
    "place": _do_place,
    "build": _do_build,
    "stop": _do_stop,
    "recall": _do_recall,
    "natives": _do_natives,
}


# --- end of turn ----------------------------------------------------------------------------------


def _fill_in(state: State, events: list[Event]) -> list[int]:
    """Fill every empty space whose four sides are known, and gaps closed in by land, until none is left."""
    filled: list[int] = []
    changed = True
    while changed:
        changed = False
        for space in range(GRID.size):
            if state.board[space] is not None:
                continue
            land = B.determined_land(state.board, space)
            if land is not None and _fill_space(state, space, land, events):
                filled.append(space)
                changed = True
        for group in B.enclosed_by_land(state.board):
            for space in group:
                if _fill_space(state, space, [True] * 4, events):
                    filled.append(space)
                    changed = True
    return filled


def _fill_space(state: State, space: int, land: list[bool], events: list[Event]) -> bool:
    pile = B.pattern_class(land)
    stack = state.fills[pile]
    if stack:
        tid = stack.pop()
        fill = True
    else:
        # Variant: an unplayable tile kept beside the piles stands in for an empty fill-in pile.
        kept = [t for t in state.kept if B.rotation_matching(t, land) is not None]
        if not kept:
            if not any(e.get("type") == "fill_missing" and e["space"] == GRID.name(space) for e in events):
                events.append({"type": "fill_missing", "space": GRID.name(space), "pile": pile})
            return False
        tid = kept[0]
        state.kept.remove(tid)
        fill = False
    rotation = B.rotation_matching(tid, land)
    assert rotation is not None
    state.board[space] = Cell(tid, rotation, state.turn, fill=fill)
    events.append({"type": "fill", "space": GRID.name(space), "pile": pile, "tile": tid})
    return True


def _score_complete_islands(state: State, events: list[Event]) -> None:
    for nodes, complete in B.islands(state.board):
        key = B.island_key(nodes)
        if complete and key not in state.scored:
            state.scored.append(key)
            events.append(_note_winners(state, key, score_island(state, nodes, with_plants=True)))


def _note_winners(state: State, key: int, event: Event) -> Event:
    """Keep who won the island (its event's discoverers; nobody if nobody built there) for the board."""
    if state.island_winners is not None:
        state.island_winners[key] = list(event.get("discoverers") or [])
    return event


def _end_reason(state: State) -> str | None:
    if all(c is not None for c in state.board):
        return "board_full"
    if not any(state.piles):
        return "piles_empty"
    if state.options["end_when_plants_run_out"] and plants_left(state) == 0:
        return "plants_gone"
    if not any(True for _ in _reachable_positions(state)):
        return "nothing_to_explore"
    return None


def _reachable_positions(state: State):  # type: ignore[no-untyped-def]
    return (pos for pos, _ in B.ship_positions(state, state.current))


def _end_turn(state: State, events: list[Event]) -> None:
    v = state.voyage
    fills = _fill_in(state, events)
    _score_complete_islands(state, events)
    state.last_turn = {
        "player": state.current,
        "spaces": [GRID.name(s) for s in (v.placed if v else [])],
        "fills": [GRID.name(s) for s in fills],
    }
    state.voyage = None
    reason = _end_reason(state)
    if reason is not None:
        _finish(state, reason, events)
        return
    _next_player(state, events)


def _finish(state: State, reason: str, events: list[Event]) -> None:
    events.append({"type": "end", "reason": reason})
    if reason != "board_full":
        # The rulebook: incomplete islands then score as if complete, without plant tokens.
        for nodes, complete in B.islands(state.board):
            if not complete and B.island_key(nodes) not in state.scored:
                state.scored.append(B.island_key(nodes))
                island = score_island(state, nodes, with_plants=False, incomplete=True)
                events.append(_note_winners(state, B.island_key(nodes), island))
    result, final_events = final_result(state)
    events.extend(final_events)
    state.result = result
    state.game_over = True
    state.phase = "over"


def _start_season(state: State, events: list[Event]) -> None:
    amount = spin_wheel(state)
    for player in state.players:
        player.gold = min(MAX_GOLD, player.gold + amount)
    events.append({"type": "income", "season": state.season, "amount": amount, "first": state.first})


def _next_player(state: State, events: list[Event]) -> None:
    n = len(state.players)
    state.seat_in_season += 1
    if state.seat_in_season == n:
        state.season += 1
        state.seat_in_season = 0
        if state.options["rotating_first_player"]:
            # The old first player passes the wheel on and so misses what would have been their next turn.
            state.first = (state.first + 1) % n
        _start_season(state, events)
    state.current = (state.first + state.seat_in_season) % n
    state.turn += 1
    _begin_turn(state, events)


def _begin_turn(state: State, events: list[Event]) -> None:
    state.phase = "ship"
    state.voyage = None
    events.append({"type": "turn", "player": state.current, "season": state.season, "turn": state.turn})
    gold = state.players[state.current].gold
    if not any(gold - cost >= 1 for _, cost in B.ship_positions(state, state.current)):
        events.append({"type": "pass", "player": state.current, "reason": "cannot_pay"})
        state.last_turn = {"player": state.current, "spaces": [], "fills": []}
        _next_player(state, events)
