"""The reducer: the legal moves of the seats to act, and applying one move with everything that follows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.moves import Move
from engine.desert import board as B
from engine.desert.setup import new_state
from engine.desert.state import (
    BASE_VALUE,
    CAMEL_SPACES,
    DISPLAY_LIMIT,
    GRID,
    HEIGHTS,
    ON_ACTION,
    RUMOUR_SLOTS,
    RUMOUR_VALUES,
    State,
)
from engine.desert.tiles import GOODS

Event = dict[str, Any]
SUB_PHASES = ("goods", "rumour", "peek", "peeked")
# Not in the rules: a safety end when nobody draws or attaches a tile for this many rounds (docs/desert.md).
STALL_ROUNDS = 8


def new_game(players: list[str], options: dict[str, Any], seed: int) -> State:
    state = new_state(players, options, seed)
    events: list[Event] = []
    _begin_turn(state, events)
    state.last_turn = {"player": None, "spaces": []}
    return state


# --- who acts ----------------------------------------------------------------------------------


def to_act(state: State) -> list[int]:
    if state.game_over:
        return []
    if state.phase == "action":
        return [state.scoring[0]["queue"][0][0]]
    if state.phase in SUB_PHASES:
        assert state.pending is not None
        return [state.pending["seat"]]
    return [state.current]


def turban_height(state: State) -> int:
    return max(HEIGHTS[state.turban])


def current_pile(state: State) -> int | None:
    """The index of the pile tiles are drawn from now (strictly in order), or None when all are used up."""
    return next((i for i, p in enumerate(state.piles) if p), None)


def free_camel_spaces(state: State, seat: int) -> int:
    return state.camels[seat] * CAMEL_SPACES - len(state.goods[seat])


def good_value(state: State, good: str) -> int:
    """The value of a good with every rumour token revealed (the end of the game)."""
    slots = [s for s in RUMOUR_SLOTS if s.startswith(good + "-")]
    return BASE_VALUE + sum(RUMOUR_VALUES[t] for s in slots if (t := state.rumour_board[s]) is not None)


# --- legal moves -------------------------------------------------------------------------------


def legal_moves(state: State) -> list[Move]:
    if state.game_over:
        return []
    p = state.current
    phase = state.phase
    if phase == "discard":
        return [Move.make("discard", p, tile=t) for t in state.displays[p]]
    if phase == "move":
        reach = {s: d for s, d in B.destinations(state, p).items() if not d or state.water[p] >= 1}
        steered = steered_destinations(state, p, reach)
        return [Move.make("caravan", p, to=GRID.name(s), driver=int(d)) for s, d in reach.items() if s in steered]
    if phase == "discover":
        return _discover_moves(state)
    if phase == "place":
        assert state.hand is not None
        return [
            Move.make("place", p, space=GRID.name(s), rotation=r)
            for s, r in B.placements(state.board, state.caravans[p], state.hand["tile"])
        ]
    if phase == "explorer":
        return _explorer_moves(state)
    if phase == "action":
        seat = state.scoring[0]["queue"][0][0]
        return [Move.make("action_space", seat, space=GRID.name(s)) for s, _ in _free_actions(state)]
    if phase == "goods":
        assert state.pending is not None
        seat = state.pending["seat"]
        held = sorted(set(state.goods[seat]), key=GOODS.index)
        return [Move.make("make_room", seat, drop=g) for g in held] + [Move.make("make_room", seat, drop="none")]
    if phase == "rumour":
        assert state.pending is not None
        seat = state.pending["seat"]
        return [Move.make("rumour", seat, slot=s) for s in RUMOUR_SLOTS if state.rumour_board[s] is None]
    if phase == "peek":
        assert state.pending is not None
        seat = state.pending["seat"]
        looks = [Move.make("peek", seat, slot=s) for s in RUMOUR_SLOTS if state.rumour_board[s] is not None]
        return [*looks, Move.make("peek", seat, slot="none")]  # looking is allowed, not required
    if phase == "peeked":
        assert state.pending is not None
        seat = state.pending["seat"]
        return [Move.make("peeked", seat, choice="leave"), Move.make("peeked", seat, choice="remove")]
    if phase == "bonus":
        return [Move.make("bonus", p), Move.make("stop", p)]
    raise AssertionError(f"unknown phase {phase}")


def steered_destinations(state: State, seat: int, reach: dict[int, bool]) -> set[int]:
    """Where the caravan may end its move. A full display "must move their caravan, if possible, onto a central space
    that has at least one open connecting line to which they can attach a fitting tile from their display"; the scout
    stays an alternative, so a space where the seat can still pay to scout a fitting tile is offered too. When no
    space of the first kind is reachable, every destination is (docs/desert.md)."""
    if len(state.displays[seat]) < DISPLAY_LIMIT:
        return set(reach)
    board = state.board
    own = {s for s in reach if any(B.placements(board, s, t) for t in state.displays[seat])}
    if not own:
        return set(reach)
    theirs = [t for q in range(state.players) if q != seat for t in state.displays[q]]
    scout = {
        s
        for s, driver in reach.items()
        if state.water[seat] - driver >= 1 and any(B.placements(board, s, t) for t in theirs)
    }
    return own | scout


def _discover_moves(state: State) -> list[Move]:
    p = state.current
    origin = state.caravans[p]
    out = []
    if len(state.displays[p]) < DISPLAY_LIMIT and current_pile(state) is not None:
        out.append(Move.make("draw", p))
    for t in state.displays[p]:
        if B.placements(state.board, origin, t):
            out.append(Move.make("display", p, tile=t))
    if state.water[p] >= 1:
        for q in range(state.players):
            if q == p:
                continue
            for t in state.displays[q]:
                if B.placements(state.board, origin, t):
                    out.append(Move.make("scout", p, tile=t))
    return out


def _explorer_moves(state: State) -> list[Move]:
    p = state.current
    out: list[Move] = []
    if state.attached is not None:
        parts = B.at(state.board, state.attached)
        assert parts is not None
        for e in state.explorers:
            if e[1] == p and e[2] < 0:
                out.extend(Move.make("explorer", p, height=e[0], part=i) for i in range(len(parts.parts)))
    for e in state.explorers:
        if e[1] == p and e[2] >= 0:
            out.append(Move.make("withdraw", p, height=e[0]))
    out.append(Move.make("no_explorer", p))
    return out


def _free_actions(state: State) -> list[tuple[int, str]]:
    sc = state.scoring[0]
    taken = set(sc["taken"])
    return [(s, k) for s, k in sc["actions"] if s not in taken]


# --- applying a move ---------------------------------------------------------------------------


def apply(state: State, move: Move, events: list[Event]) -> None:
    """What a legal move does (engine/core/reducer.py has checked it and copied the state)."""
    _HANDLERS[move.kind](state, move, events)


# --- turn flow ---------------------------------------------------------------------------------


def _begin_turn(state: State, events: list[Event]) -> None:
    p = state.current
    state.attached = None
    state.hand = None
    state.last_turn = {"player": p, "spaces": [], "progress": False}
    display = state.displays[p]
    if len(display) >= DISPLAY_LIMIT and not any(B.fits_anywhere(state.board, t) for t in display):
        state.phase = "discard"
    else:
        state.phase = "move"


def _do_discard(state: State, move: Move, events: list[Event]) -> None:
    t = move.get("tile")
    state.displays[state.current].remove(t)
    state.removed.append(t)
    events.append({"type": "discard", "player": state.current, "tile": t})
    state.phase = "move"


def _do_move(state: State, move: Move, events: list[Event]) -> None:
    p = state.current
    space = GRID.parse(move.get("to"))
    assert space is not None
    if move.get("driver"):
        state.water[p] -= 1
        state.water_supply += 1
    moved = space != state.caravans[p]
    state.caravans[p] = space
    events.append({"type": "move", "player": p, "to": move.get("to"), "driver": move.get("driver"), "moved": moved})
    if not B.open_sides(state.board, space):
        events.append({"type": "no_discovery", "player": p, "reason": "no_open_line"})
        _end_discovery(state, events)
        return
    state.phase = "discover"
    if not _discover_moves(state):
        events.append({"type": "no_discovery", "player": p, "reason": "nothing_fits"})
        _end_discovery(state, events)


def _draw_from_pile(state: State, events: list[Event]) -> str | None:
    i = current_pile(state)
    if i is None:
        return None
    t = state.piles[i].pop()
    if current_pile(state) is None and state.final_left is None:
        n = state.players
        state.final_left = [(state.current + k) % n for k in range(1, n + 1)]
        events.append({"type": "last_tile", "player": state.current})
    return t


def _do_draw(state: State, move: Move, events: list[Event]) -> None:
    p = state.current
    pile = current_pile(state)
    assert pile is not None
    t = _draw_from_pile(state, events)
    assert t is not None
    state.last_turn["progress"] = True
    events.append({"type": "draw", "player": p, "pile": pile + 1, "tile": t})
    options = B.placements(state.board, state.caravans[p], t)
    if not options:
        state.displays[p].append(t)
        events.append({"type": "to_display", "player": p, "tile": t})
        _end_discovery(state, events)
        return
    _hold(state, t, "pile", options, events)


def _do_display(state: State, move: Move, events: list[Event]) -> None:
    p = state.current
    t = move.get("tile")
    state.displays[p].remove(t)
    events.append({"type": "from_display", "player": p, "tile": t})
    _hold(state, t, "display", B.placements(state.board, state.caravans[p], t), events)


def _do_scout(state: State, move: Move, events: list[Event]) -> None:
    p = state.current
    t = move.get("tile")
    owner = next(q for q in range(state.players) if t in state.displays[q])
    state.displays[owner].remove(t)
    state.water[p] -= 1
    state.water_supply += 1
    events.append({"type": "scout", "player": p, "owner": owner, "tile": t})
    replacement = _draw_from_pile(state, events)
    if replacement is not None:
        state.displays[owner].append(replacement)
        events.append({"type": "replacement", "player": owner, "tile": replacement})
    _hold(state, t, "scout", B.placements(state.board, state.caravans[p], t), events)


def _hold(state: State, t: str, source: str, options: list[tuple[int, int]], events: list[Event]) -> None:
    if len(options) == 1:
        _attach(state, t, *options[0], events, auto=True)
        return
    state.hand = {"tile": t, "source": source}
    state.phase = "place"
    events.append({"type": "choose_position", "player": state.current, "tile": t, "options": len(options)})


def _do_place(state: State, move: Move, events: list[Event]) -> None:
    assert state.hand is not None
    t = state.hand["tile"]
    state.hand = None
    space = GRID.parse(move.get("space"))
    assert space is not None
    _attach(state, t, space, move.get("rotation"), events, auto=False)


def _attach(state: State, t: str, space: int, rotation: int, events: list[Event], auto: bool) -> None:
    p = state.current
    state.board[space] = (t, rotation)
    state.caravans[p] = space
    state.last_turn["spaces"].append(GRID.name(space))
    state.last_turn["progress"] = True
    g = B.at(state.board, space)
    assert g is not None
    events.append(
        {"type": "attach", "player": p, "tile": t, "space": GRID.name(space), "rotation": rotation, "auto": auto}
    )
    if g.desert:
        # An all-desert tile: the caravan may move and discover again.
        events.append({"type": "desert", "player": p})
        state.phase = "move"
        return
    state.attached = space
    _end_discovery(state, events)


def _end_discovery(state: State, events: list[Event]) -> None:
    state.phase = "explorer"
    moves = _explorer_moves(state)
    if len(moves) == 1:  # only "no explorer": nothing to decide
        _after_explorer(state, events)


def _do_explorer(state: State, move: Move, events: list[Event]) -> None:
    p = state.current
    h, part = move.get("height"), move.get("part")
    assert state.attached is not None
    e = next(e for e in state.explorers if e[0] == h)
    e[2], e[3] = state.attached, part
    events.append({"type": "explorer", "player": p, "height": h, "space": GRID.name(state.attached), "part": part})
    _after_explorer(state, events)


def _do_withdraw(state: State, move: Move, events: list[Event]) -> None:
    e = next(e for e in state.explorers if e[0] == move.get("height"))
    events.append(
        {
            "type": "withdraw",
            "player": state.current,
            "height": e[0],
            "space": GRID.name(e[2]),
            "action_space": e[3] == ON_ACTION,
        }
    )
    e[2], e[3] = -1, 0
    _after_explorer(state, events)


def _do_no_explorer(state: State, move: Move, events: list[Event]) -> None:
    _after_explorer(state, events)


def _after_explorer(state: State, events: list[Event]) -> None:
    space = state.attached
    state.attached = None
    if space is not None:
        g = B.at(state.board, space)
        assert g is not None
        seen: set[tuple[int, int]] = set()
        for part in range(len(g.parts)):
            if (space, part) in seen:
                continue
            nodes, closed = B.oasis(state.board, (space, part))
            seen.update(nodes)
            if closed:
                _queue_scoring(state, nodes, events)
    _run_scoring(state, events)


def _queue_scoring(state: State, nodes: list[tuple[int, int]], events: list[Event]) -> None:
    state.completed.append(list(nodes[0]))
    node_set = set(nodes)
    line = [e for e in state.explorers if e[2] >= 0 and (e[2], e[3]) in node_set]
    tall = turban_height(state)
    line.sort(key=lambda e: (e[0] != tall, -e[0]))
    queue = [[e[1], e[0]] for e in line]
    for e in line:
        e[2], e[3] = -1, 0  # lined up beside the oasis: those that take no action space end up in the supply
    actions = B.action_spaces(state.board, nodes)
    size = len({s for s, _ in nodes})
    turban_in = any(h == tall for _, h in queue)
    event: Event = {
        "type": "oasis",
        "player": state.current,
        "spaces": sorted({GRID.name(s) for s, _ in nodes}),
        "size": size,
        "line": [list(q) for q in queue],
        "actions": [k for _, k in actions],
        "paid": None,
        "withdrawn": None,
    }
    if len(queue) >= 2:
        seat = queue[0][0]
        if state.water[seat] >= 1:
            state.water[seat] -= 1
            state.water_supply += 1
            event["paid"] = seat
        else:
            event["withdrawn"] = queue.pop(0)
    events.append(event)
    state.scoring.append(
        {
            "spaces": event["spaces"],
            "actions": [[s, k] for s, k in actions],
            "taken": [],
            "queue": queue,
            "turban": turban_in,
        }
    )


def _run_scoring(state: State, events: list[Event]) -> None:
    """Let the next explorer in line choose an action space, or finish the oases in turn; then the bonus turn."""
    while state.scoring:
        sc = state.scoring[0]
        if sc["queue"] and _free_actions(state):
            state.phase = "action"
            return
        if sc["queue"]:
            events.append({"type": "no_space_left", "seats": [q[0] for q in sc["queue"]]})
        if sc["turban"]:
            state.turban = (state.turban + 1) % state.players
            events.append({"type": "turban", "player": state.turban, "height": turban_height(state)})
        state.scoring.pop(0)
    _offer_bonus(state, events)


def _do_action(state: State, move: Move, events: list[Event]) -> None:
    sc = state.scoring[0]
    seat, height = sc["queue"].pop(0)
    space = GRID.parse(move.get("space"))
    assert space is not None
    kind = next(k for s, k in sc["actions"] if s == space)
    sc["taken"].append(space)
    # "The player whose explorer figure stands at the front takes it and thereby occupies an action space": it stays
    # there until its owner takes it back on a turn without placing one.
    explorer = next(e for e in state.explorers if e[0] == height)
    explorer[2], explorer[3] = space, ON_ACTION
    event: Event = {"type": "action", "player": seat, "height": height, "space": move.get("space"), "action": kind}
    events.append(event)
    if kind in GOODS:
        if state.goods_supply[kind] == 0:
            event["result"] = "none_left"
        elif free_camel_spaces(state, seat) > 0:
            state.goods_supply[kind] -= 1
            state.goods[seat].append(kind)
            event["result"] = "loaded"
        else:
            state.pending = {"seat": seat, "good": kind}
            state.phase = "goods"
            return
    elif kind == "camel":
        if state.camel_supply > 0:
            state.camel_supply -= 1
            state.camels[seat] += 1
            event["result"] = "camel"
        else:
            event["result"] = "none_left"
    elif kind == "water":
        if state.water_supply > 0:
            state.water_supply -= 1
            state.water[seat] += 1
            event["result"] = "water"
        else:
            event["result"] = "none_left"
    elif kind == "rumour":
        if state.rumour_supply:
            token = state.rumour_supply.pop()
            if seat not in state.rumour_known[token]:
                state.rumour_known[token].append(seat)
            state.pending = {"seat": seat, "token": token}
            state.phase = "rumour"
        else:
            state.pending = {"seat": seat}
            state.phase = "peek"
        return
    _run_scoring(state, events)


def _do_make_room(state: State, move: Move, events: list[Event]) -> None:
    assert state.pending is not None
    seat, good = state.pending["seat"], state.pending["good"]
    drop = move.get("drop")
    state.pending = None
    if drop != "none":
        state.goods[seat].remove(drop)
        state.goods_supply[drop] += 1
        state.goods[seat].append(good)
        state.goods_supply[good] -= 1
    events.append({"type": "make_room", "player": seat, "good": good, "drop": drop})
    _run_scoring(state, events)


def _do_rumour(state: State, move: Move, events: list[Event]) -> None:
    assert state.pending is not None
    seat, token = state.pending["seat"], state.pending["token"]
    state.pending = None
    state.rumour_board[move.get("slot")] = token
    events.append({"type": "rumour", "player": seat, "slot": move.get("slot")})
    _run_scoring(state, events)


def _do_peek(state: State, move: Move, events: list[Event]) -> None:
    assert state.pending is not None
    seat = state.pending["seat"]
    slot = move.get("slot")
    if slot == "none":
        state.pending = None
        events.append({"type": "peek", "player": seat, "slot": None})
        _run_scoring(state, events)
        return
    token = state.rumour_board[slot]
    assert token is not None
    if seat not in state.rumour_known[token]:
        state.rumour_known[token].append(seat)
    state.pending = {"seat": seat, "slot": slot}
    state.phase = "peeked"
    events.append({"type": "peek", "player": seat, "slot": slot})


def _do_peeked(state: State, move: Move, events: list[Event]) -> None:
    assert state.pending is not None
    seat, slot = state.pending["seat"], state.pending["slot"]
    state.pending = None
    if move.get("choice") == "remove":
        token = state.rumour_board[slot]
        assert token is not None
        state.rumour_board[slot] = None
        state.rumour_supply.append(token)
    events.append({"type": "peeked", "player": seat, "slot": slot, "choice": move.get("choice")})
    _run_scoring(state, events)


def _offer_bonus(state: State, events: list[Event]) -> None:
    p = state.current
    if not state.bonus_turn and state.final_left is None and state.water[p] >= 1 and not _game_stuck(state):
        state.phase = "bonus"
        return
    _end_turn(state, events)


def _do_bonus(state: State, move: Move, events: list[Event]) -> None:
    p = state.current
    state.water[p] -= 1
    state.water_supply += 1
    state.bonus_turn = True
    _count_idle(state)
    state.turn += 1
    events.append({"type": "bonus", "player": p})
    _begin_turn(state, events)


def _do_stop(state: State, move: Move, events: list[Event]) -> None:
    _end_turn(state, events)


def _count_idle(state: State) -> None:
    state.idle_turns = 0 if state.last_turn.get("progress") else state.idle_turns + 1


def _game_stuck(state: State) -> bool:
    return not B.any_open_line(state.board)


def _end_turn(state: State, events: list[Event]) -> None:
    _count_idle(state)
    n = state.players
    if _game_stuck(state):
        _finish(state, "no_open_lines", events)
        return
    if state.idle_turns >= STALL_ROUNDS * n:
        _finish(state, "stalled", events)
        return
    if state.final_left is not None:
        if not state.final_left:
            _finish(state, "last_tile", events)
            return
        state.current = state.final_left.pop(0)
    else:
        state.current = (state.current + 1) % n
    state.turn += 1
    state.bonus_turn = False
    events.append({"type": "turn", "player": state.current, "turn": state.turn, "final": state.final_left is not None})
    _begin_turn(state, events)


def _finish(state: State, reason: str, events: list[Event]) -> None:
    values = {g: good_value(state, g) for g in GOODS}
    scores = [sum(values[g] for g in goods) for goods in state.goods]
    best = max(scores)
    top = [i for i, s in enumerate(scores) if s == best]
    most_water = max(state.water[i] for i in top)
    winners = [i for i in top if state.water[i] == most_water]
    order = sorted(range(state.players), key=lambda i: (-scores[i], -state.water[i]))
    ranking = [0] * state.players
    for place, i in enumerate(order):
        prev = order[place - 1] if place else None
        same = prev is not None and (scores[prev], state.water[prev]) == (scores[i], state.water[i])
        ranking[i] = ranking[prev] if same and prev is not None else place + 1
    revealed = {s: RUMOUR_VALUES[t] for s, t in state.rumour_board.items() if t is not None}
    state.result = {"scores": scores, "winners": winners, "ranking": ranking, "values": values, "reason": reason}
    state.game_over = True
    state.phase = "over"
    state.scoring = []
    state.pending = None
    events.append({"type": "end", "reason": reason, "revealed": revealed, "values": values})
    # what each score is made of (issue 24): the goods each player carries, and the water that breaks a tie
    carried = [{g: goods.count(g) for g in GOODS if g in goods} for goods in state.goods]
    events.append(
        {"type": "game_over", "scores": scores, "winners": winners, "goods": carried, "water": list(state.water)}
    )


_HANDLERS: dict[str, Callable[[State, Move, list[Event]], None]] = {
    "discard": _do_discard,
    "caravan": _do_move,
    "draw": _do_draw,
    "display": _do_display,
    "scout": _do_scout,
    "place": _do_place,
    "explorer": _do_explorer,
    "withdraw": _do_withdraw,
    "no_explorer": _do_no_explorer,
    "action_space": _do_action,
    "make_room": _do_make_room,
    "rumour": _do_rumour,
    "peek": _do_peek,
    "peeked": _do_peeked,
    "bonus": _do_bonus,
    "stop": _do_stop,
}
