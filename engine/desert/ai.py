"""Computer players: a random-legal one, and a heuristic one that weighs each choice as a decent player would."""

from __future__ import annotations

from collections import deque

from engine.core.moves import Move
from engine.core.rng import rand_below
from engine.desert import board as B
from engine.desert.rules import current_pile, free_camel_spaces, legal_moves, to_act, turban_height
from engine.desert.state import BASE_VALUE, GRID, ON_ACTION, RUMOUR_VALUES, Cell, State
from engine.desert.tiles import GOODS

WATER_WORTH = 2.0  # a water stone buys a bonus turn or a first place in line, about half a good
# What taking an explorer back from an action space is worth, by how many the seat has in hand.
IN_HAND_WORTH = {0: 3.0, 1: 1.6, 2: 0.8}
# The cost of placing an explorer in an open oasis, by how many the seat holds before placing it.
KEEP_IN_HAND = {1: 2.0, 2: 0.7}


def random_move(state: State) -> Move:
    moves = legal_moves(state)
    # Seeded by the state itself, so a game between AIs is as reproducible as any other.
    return moves[rand_below(state.seed, "ai-random", state.version, len(moves))]


def _jitter(state: State, move: Move) -> float:
    return rand_below(state.seed, f"ai-{move.key}", state.version, 1000) / 100_000


def estimated_values(state: State, seat: int) -> dict[str, float]:
    """What `seat` believes each good is worth: known tokens count fully, unknown ones at their expected value."""
    known = [t for t in range(len(RUMOUR_VALUES)) if seat in state.rumour_known[t]]
    unknown = len(RUMOUR_VALUES) - len(known)
    mean_unknown = -sum(RUMOUR_VALUES[t] for t in known) / unknown if unknown else 0.0
    out = {}
    for g in GOODS:
        value = float(BASE_VALUE)
        for i in (1, 2):
            t = state.rumour_board[f"{g}-{i}"]
            if t is not None:
                value += RUMOUR_VALUES[t] if seat in state.rumour_known[t] else mean_unknown
        out[g] = value
    return out


def _stake(state: State, seat: int, good: str) -> float:
    """How much `seat` gains when `good` rises by one: own tokens minus the average rival's."""
    mine = state.goods[seat].count(good)
    rivals = [state.goods[q].count(good) for q in range(state.players) if q != seat]
    return mine - (sum(rivals) / len(rivals) if rivals else 0.0)


def _late(state: State) -> bool:
    """The last few tiles: camels and water hardly pay off any more."""
    return state.final_left is not None or sum(len(p) for p in state.piles) < 2 * state.players


def _action_value(state: State, seat: int, kind: str) -> float:
    values = estimated_values(state, seat)
    if _late(state) and kind in ("camel", "water"):
        return 0.3 if kind == "water" else 0.1
    if kind in GOODS:
        if state.goods_supply[kind] == 0:
            return 0.0
        if free_camel_spaces(state, seat) > 0:
            return values[kind]
        worst = min(values[g] for g in state.goods[seat])
        return max(0.0, values[kind] - worst)
    if kind == "camel":
        if state.camel_supply == 0:
            return 0.0
        return 0.5 + (3.5 if free_camel_spaces(state, seat) <= 1 else 0.0)
    if kind == "water":
        if state.water_supply == 0:
            return 0.0
        return {0: 3.5, 1: 2.5}.get(state.water[seat], 1.5)
    if kind == "rumour":
        return 1.0 + max((abs(_stake(state, seat, g)) for g in GOODS), default=0.0)
    return 0.0


def _oasis_prospect(
    state: State, board: list[Cell | None], nodes: list[B.Node], closed: bool, seat: int, extra: int = 0
) -> float:
    """A rough worth of an oasis to `seat`: its action spaces shared by the explorers in it."""
    node_set = set(nodes)
    line = [e for e in state.explorers if e[2] >= 0 and (e[2], e[3]) in node_set]
    mine = sum(1 for e in line if e[1] == seat) + extra
    others = len(line) - (mine - extra)
    actions = len(B.action_spaces(board, nodes))
    if mine == 0:
        return -0.8 * min(actions, others) if closed else 0.0
    share = min(mine, actions * mine / max(1, mine + others))
    value = 3.0 * share - 1.2 * min(others, max(0, actions - share))
    if closed:
        return value
    # An open oasis pays later, and the surer the fewer sides it still has open.
    return value * {1: 0.6, 2: 0.4}.get(_open_sides(board, nodes), 0.25)


def _placement_value(state: State, seat: int, tid: str, space: int, rotation: int) -> float:
    board = list(state.board)
    board[space] = (tid, rotation)
    g = B.at(board, space)
    assert g is not None
    has_free = any(e[1] == seat and e[2] < 0 for e in state.explorers)
    value = 0.15 * len(B.open_sides(board, space))
    seen: set[B.Node] = set()
    for part in range(len(g.parts)):
        if (space, part) in seen:
            continue
        nodes, closed = B.oasis(board, (space, part))
        seen.update(nodes)
        value += _oasis_prospect(state, board, nodes, closed, seat, extra=1 if has_free and part == 0 else 0)
    return value


def _best_placement(state: State, seat: int, tid: str) -> float:
    options = B.placements(state.board, state.caravans[seat], tid)
    return max((_placement_value(state, seat, tid, s, r) for s, r in options), default=-9.0)


def distances_to_fits(state: State, seat: int) -> dict[int, int]:
    """Turns of travel from each discovered space to the nearest space where a display tile can be attached.

    Brown lines cost nothing (a caravan runs along them freely); each white line costs a turn."""
    display = state.displays[seat]
    board = state.board
    frontier = [s for s, c in enumerate(board) if c is not None and any(B.placements(board, s, t) for t in display)]
    dist = dict.fromkeys(frontier, 0)
    queue = deque(frontier)
    while queue:
        s = queue.popleft()
        g = B.at(board, s)
        assert g is not None
        for d in g.lines:
            nb = GRID.neighbour(s, d)
            if nb is None or board[nb] is None:
                continue
            cost = 0 if g.sides[d] == "B" else 1
            if dist.get(nb, 99) > dist[s] + cost:
                dist[nb] = dist[s] + cost
                if cost:
                    queue.append(nb)
                else:
                    queue.appendleft(nb)
    return dist


def _move_value(state: State, seat: int, move: Move, dist: dict[int, int]) -> float:
    space = GRID.parse(move.get("to"))
    assert space is not None
    value = -WATER_WORTH if move.get("driver") else 0.0
    display = state.displays[seat]
    can_draw = len(display) < 3 and current_pile(state) is not None
    fitting = [t for t in display if B.placements(state.board, space, t)]
    if not can_draw:
        # Head for the nearest place where a display tile fits, over several turns if need be.
        return value - 0.3 * dist.get(space, 20) + (3.0 if fitting else 0.0)
    if not B.open_sides(state.board, space):
        return value - 1.0
    value += 1.5 + 0.8 * len(display) if fitting else 1.0
    if fitting:
        best_fit = max(
            _placement_value(state, seat, t, s, r) for t in fitting for s, r in B.placements(state.board, space, t)
        )
        value += 0.5 * max(best_fit, 0.0)
    for d in B.open_sides(state.board, space):
        g = B.at(state.board, space)
        assert g is not None
        part = g.part_at(d)
        if part is not None:
            nodes, _ = B.oasis(state.board, (space, part))
            node_set = set(nodes)
            if any(e[1] == seat and e[2] >= 0 and (e[2], e[3]) in node_set for e in state.explorers):
                value += 0.6
    return value


def _explorer_value(state: State, seat: int, move: Move) -> float:
    if move.kind == "no_explorer":
        return 0.0
    if move.kind == "withdraw":
        e = next(e for e in state.explorers if e[0] == move.get("height"))
        free = sum(1 for x in state.explorers if x[1] == seat and x[2] < 0)
        if e[3] == ON_ACTION:
            # Its work on the action space is done: back in hand it can stand in the next oasis, worth the more the
            # fewer are in hand (explorers are scarce: one comes back per turn without a placement).
            return IN_HAND_WORTH.get(free, 0.4) + 0.01 * e[0]
        nodes, _ = B.oasis(state.board, (e[2], e[3]))
        open_count = _open_sides(state.board, nodes)
        return (1.0 if free == 0 else -0.5) + 0.3 * open_count - 0.6 * len(B.action_spaces(state.board, nodes))
    assert state.attached is not None
    space, part, height = state.attached, int(move.get("part")), int(move.get("height"))
    nodes, closed = B.oasis(state.board, (space, part))
    node_set = set(nodes)
    rivals = [e[0] for e in state.explorers if e[2] >= 0 and (e[2], e[3]) in node_set and e[1] != seat]
    tall = turban_height(state)
    value = _oasis_prospect(state, state.board, nodes, closed, seat, extra=1)
    mine_heights = sorted(e[0] for e in state.explorers if e[1] == seat and e[2] < 0)
    if closed:
        # Scored at once: being first matters only against rivals; otherwise keep the tall ones.
        beats = (all(height > r for r in rivals) and tall not in rivals) or height == tall
        if beats and rivals:
            value += 1.0 if state.water[seat] >= 1 else -3.0  # the tallest pays a water stone or steps out
        value -= 0.05 * height
    else:
        # Keep two in hand for oases that close at once: one placed comes back only on a turn without a placement.
        value -= KEEP_IN_HAND.get(len(mine_heights), 0.0)
        value += 0.03 * height if rivals else -0.03 * height
    return float(value)


def _open_sides(board: list[Cell | None], nodes: list[B.Node]) -> int:
    """How many sides of the oasis made of `nodes` still face undiscovered land."""
    count = 0
    for space, part in nodes:
        g = B.at(board, space)
        assert g is not None
        count += sum(1 for d in g.parts[part] if _open_on(board, space, d))
    return count


def _open_on(board: list[Cell | None], space: int, d: int) -> bool:
    nb = GRID.neighbour(space, d)
    return nb is not None and board[nb] is None


def _rumour_value(state: State, seat: int, token: int, slot: str) -> float:
    good = slot.rsplit("-", 1)[0]
    return RUMOUR_VALUES[token] * _stake(state, seat, good)


def _space(name: str) -> int:
    space = GRID.parse(name)
    assert space is not None
    return space


def heuristic_move(state: State) -> Move:
    moves = legal_moves(state)
    seat = to_act(state)[0]
    phase = state.phase
    if len(moves) == 1:
        return moves[0]

    def best(score) -> Move:  # type: ignore[no-untyped-def]
        return max(moves, key=lambda m: score(m) + _jitter(state, m))

    if phase == "move":
        dist = distances_to_fits(state, seat)
        return best(lambda m: _move_value(state, seat, m, dist))
    if phase == "discover":

        def discover(m: Move) -> float:
            if m.kind == "draw":
                return 1.0
            value = _best_placement(state, seat, m.get("tile"))
            return value + (1.2 if m.kind == "display" else -WATER_WORTH)

        return best(discover)
    if phase == "place":
        assert state.hand is not None
        tid = state.hand["tile"]
        return best(lambda m: _placement_value(state, seat, tid, _space(m.get("space")), m.get("rotation")))
    if phase == "explorer":
        return best(lambda m: _explorer_value(state, seat, m))
    if phase == "action":
        kinds = {GRID.name(s): k for s, k in state.scoring[0]["actions"]}
        return best(lambda m: _action_value(state, seat, kinds[m.get("space")]))
    if phase == "goods":
        assert state.pending is not None
        values = estimated_values(state, seat)
        new = values[state.pending["good"]]
        return best(lambda m: 0.0 if m.get("drop") == "none" else new - values[m.get("drop")])
    if phase == "rumour":
        assert state.pending is not None
        token = state.pending["token"]
        return best(lambda m: _rumour_value(state, seat, token, m.get("slot")))
    if phase == "peek":
        return best(
            lambda m: -1.0 if m.get("slot") == "none" else abs(_stake(state, seat, m.get("slot").rsplit("-", 1)[0]))
        )
    if phase == "peeked":
        assert state.pending is not None
        token = state.rumour_board[state.pending["slot"]]
        assert token is not None
        harm = _rumour_value(state, seat, token, state.pending["slot"])
        return best(lambda m: -harm if m.get("choice") == "remove" else 0.0)
    if phase == "bonus":
        return best(lambda m: 1.0 if m.kind == "bonus" and state.water[seat] >= 2 else 0.0)
    if phase == "discard":
        return best(lambda m: -_best_placement(state, seat, m.get("tile")))
    return moves[0]


AIS = {"random": random_move, "heuristic": heuristic_move}


__all__ = ["AIS", "estimated_values", "heuristic_move", "random_move"]
