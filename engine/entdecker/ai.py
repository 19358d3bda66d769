"""Computer players: a random-legal one, and a heuristic one that looks one move ahead."""

from __future__ import annotations

from engine.core.moves import Move
from engine.core.rng import rand_below
from engine.entdecker import board as B
from engine.entdecker.rules import legal_moves, step
from engine.entdecker.scoring import rank_groups, shares
from engine.entdecker.state import PIECES, State

PLANT_GUESS = 3  # a face-down token's value as the AI imagines it (the mean is 2.5)


def random_move(state: State) -> Move:
    moves = legal_moves(state)
    # Seeded by the state itself, so a game between AIs is as reproducible as any other.
    return moves[rand_below(state.seed, "ai-random", state.version, len(moves))]


def potential(state: State, p: int) -> float:
    """Victory points now, plus a cautious share of every island still open, plus some gold."""
    score = state.players[p].vp + 0.25 * state.players[p].gold
    for nodes, complete in B.islands(state.board):
        if complete:
            continue
        strength: dict[int, list[int]] = {}
        node_set = set(nodes)
        spaces = {s for s, _ in nodes}
        for s in spaces:
            cell = state.board[s]
            if cell and cell.build and (s, cell.build.segment) in node_set:
                strength.setdefault(cell.build.player, [0, 0, 0])[2 - PIECES.index(cell.build.piece)] += 1
        if p not in strength:
            continue
        groups = rank_groups({q: (c[0], c[1], c[2]) for q, c in strength.items()})
        plant = 2.5 if any(c[0] or c[1] for c in strength.values()) else 0.0
        value = len(spaces) + 1 + int(plant)
        mine = shares(groups, value)[p]
        score += 0.8 * mine
    return score


def heuristic_move(state: State) -> Move:
    moves = legal_moves(state)
    p = state.current
    kinds = {m.kind for m in moves}
    if state.phase == "ship":
        return _choose_ship(state, [m for m in moves if m.kind == "ship"])
    if state.phase == "explore":
        gold = state.players[p].gold
        reserve = 3 if state.players[p].pieces["fort"] else 1
        want = max(1, min(4, gold - reserve))
        return next(m for m in moves if m.kind == "explore" and m.get("count") == want)
    if state.phase == "place":
        return _best_by_lookahead(state, moves, p)
    # Voyage: build when it pays more than sailing on; otherwise draw from the tallest pile.
    candidates = [m for m in moves if m.kind in ("build", "stop")]
    best_end = _best_by_lookahead(state, candidates, p) if candidates else None
    draws = [m for m in moves if m.kind in ("draw", "personal")]
    if draws:
        v = state.voyage
        assert v is not None
        keep_going = potential(state, p) + 0.6 * min(v.budget, 2)
        if best_end is None or best_end[1] <= keep_going or best_end[0].kind == "stop":
            pile_draws = [m for m in draws if m.kind == "draw"]
            if pile_draws:
                return max(pile_draws, key=lambda m: (len(state.piles[m.get("pile") - 1]), -m.get("pile")))
            return draws[0]
    if best_end is not None:
        return best_end[0]
    return moves[0] if "recall" not in kinds or len(moves) == 1 else next(m for m in moves if m.kind != "recall")


def blind(state: State) -> State:
    """A copy in which the face-down plant tokens are all worth the same, so looking ahead reveals nothing hidden.

    (The income spin ahead is the same for every candidate move, so it needs no masking.)
    """
    out = state.copy()
    out.plant_piles = [[PLANT_GUESS] * len(pile) for pile in state.plant_piles]
    return out


def _best_by_lookahead(state: State, moves: list[Move], p: int):  # type: ignore[no-untyped-def]
    state = blind(state)
    if state.phase == "place":
        scored = [(m, _placement_value(state, m, p)) for m in moves if m.kind == "place"]
        return max(scored, key=lambda x: x[1])[0]
    scored = []
    for m in moves:
        after, _ = step(state, m)
        scored.append((m, potential(after, p)))
    return max(scored, key=lambda x: x[1])


def _placement_value(state: State, move: Move, p: int) -> float:
    after, _ = step(state, move)
    value = potential(after, p)
    if after.current == p and after.phase == "voyage":
        # Prefer landings where a construction is possible, and courses that can carry on.
        if any(m.kind == "build" for m in legal_moves(after)):
            value += 0.7
        if after.ship and B.free_lines(after.board, after.ship[0]):
            value += 0.3
    return value


def _choose_ship(state: State, moves: list[Move]) -> Move:
    p = state.current
    best, best_score = moves[0], float("-inf")
    for m in moves:
        ship = B.parse_ship(m.get("position"))
        assert ship is not None
        space, side = ship
        cost = B.position_cost(state, space, p) if side < 0 else 0
        lines = len(B.ship_targets(state.board, ship))
        near_own = 0
        if side < 0:
            for d in range(4):
                nb = B.GRID.neighbour(space, d)
                cell = state.board[nb] if nb is not None else None
                if cell and cell.build and cell.build.player == p:
                    near_own += 1
        jitter = rand_below(state.seed, f"ai-ship-{m.key}", state.version, 64) / 6400  # varied, reproducible
        score = lines * 0.4 + near_own * 0.8 - cost * 1.5 + jitter
        if score > best_score:
            best, best_score = m, score
    return best


AIS = {"random": random_move, "heuristic": heuristic_move}


def ai_move(state: State, kind: str = "heuristic") -> Move:
    if kind not in AIS:
        raise ValueError(f"unknown AI {kind!r}; known: {', '.join(AIS)}")
    return AIS[kind](state)
