"""The heuristic computer player: looks one move ahead and weighs the chance that the next tile fits, counted
from the tiles nobody has seen yet (fit.py)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.grid import DIRECTIONS
from engine.core.moves import Move
from engine.core.rng import rand_below
from engine.entdecker import board as B
from engine.entdecker import fit as F
from engine.entdecker.rules import legal_moves, play
from engine.entdecker.scoring import plants_left, rank_groups, shares
from engine.entdecker.state import GRID, PIECES, Cell, State

PLANT_GUESS = 3  # a face-down token's value as the AI imagines it (the mean is 2.5)


@dataclass
class Tuning:
    """The heuristic AI's weights (tuned by self-play on seeds 1-100, see docs/selfplay.md)."""

    ship_fit: float = 4.0  # ship choice: per unit of chance that the first tile fits
    declare_one_below: float = 0.35  # declare a single tile when the first one fits with less chance than this
    declare_two_below: float = 0.6  # at most two below this
    stop_below: float = 0.35  # after a draw: stop rather than draw into targets this unlikely to fit
    next_fit: float = 1.0  # placement: per unit of chance that the tile after it fits
    hole: float = 1.0  # placement: per unit of unlikeliness of an almost closed space it leaves (3 sides known)
    hole_two: float = 0.3  # the same for a space with two sides known
    fill_missing: float = 3.0  # placement: closing a space whose fill-in pile is empty


TUNING = Tuning()


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
        assert state.ship is not None
        chance = F.fit_share(F.unseen(state), state.board, B.ship_targets(state.board, state.ship))
        if chance < TUNING.declare_one_below:
            want = 1
        elif chance < TUNING.declare_two_below:
            want = min(want, 2)
        return next(m for m in moves if m.kind == "explore" and m.get("count") == want)
    if state.phase == "place":
        return _best_placement(state, moves, p)
    if state.phase == "natives":
        return natives_choice(state, moves)
    # Voyage: build when it pays more than sailing on; otherwise draw from the tallest pile.
    candidates = [m for m in moves if m.kind in ("build", "stop")]
    best_end = _best_by_lookahead(state, candidates, p) if candidates else None
    draws = [m for m in moves if m.kind in ("draw", "personal")]
    if draws:
        v = state.voyage
        assert v is not None
        keep_going = potential(state, p) + 0.6 * min(v.budget, 2)
        assert state.ship is not None
        unlikely = (
            best_end is not None
            and v.drew_any
            and F.fit_share(F.unseen(state), state.board, B.ship_targets(state.board, state.ship)) < TUNING.stop_below
        )
        if unlikely:
            # Drawing into a space the next tile probably will not fit only wastes a tile the board needs.
            assert best_end is not None
            return best_end[0]
        if best_end is None or best_end[1] <= keep_going or best_end[0].kind == "stop":
            pile_draws = [m for m in draws if m.kind == "draw"]
            if pile_draws:
                return max(pile_draws, key=lambda m: (len(state.piles[m.get("pile") - 1]), -m.get("pile")))
            return draws[0]
    if best_end is not None:
        return best_end[0]
    return moves[0] if "recall" not in kinds or len(moves) == 1 else next(m for m in moves if m.kind != "recall")


def natives_choice(state: State, moves: list[Move]) -> Move:
    """Take the welcoming natives' plant token: it only counts towards Grand Inventor, so it never hurts, unless
    (Dutch end) it is the last one and taking it ends the game while this player is not ahead."""
    p = state.current
    take = next(m for m in moves if m.get("choice") == "take")
    leave = next(m for m in moves if m.get("choice") == "leave")
    if not (state.options.get("end_when_plants_run_out") and plants_left(state) == 1):
        return take
    counts = [len(q.plants) + (1 if q is state.players[p] else 0) for q in state.players]
    best = max(counts)
    standing = [potential(state, q) + (best if counts[q] == best else 0) for q in range(len(state.players))]
    return take if standing[p] >= max(standing) else leave


def blind(state: State) -> State:
    """A copy in which the face-down plant tokens are all worth the same, so looking ahead reveals nothing hidden.

    (The income spin ahead is the same for every candidate move, so it needs no masking.)
    """
    out = state.copy()
    out.plant_piles = [[PLANT_GUESS] * len(pile) for pile in state.plant_piles]
    return out


def _best_placement(state: State, moves: list[Move], p: int) -> Move:
    state = blind(state)
    counts = F.unseen(state)
    scored = [(m, _placement_value(state, m, p, counts)) for m in moves if m.kind == "place"]
    return max(scored, key=lambda x: x[1])[0]


def _best_by_lookahead(state: State, moves: list[Move], p: int) -> tuple[Move, float]:
    """The move of the voyage's end (build or stop) with the best potential after it, and that potential."""
    state = blind(state)
    scored: list[tuple[Move, float]] = []
    for m in moves:
        after, _ = play(state, m)
        scored.append((m, potential(after, p)))
    return max(scored, key=lambda x: x[1])


def _placement_value(state: State, move: Move, p: int, counts: list[int]) -> float:
    after, _ = play(state, move)
    if after.phase == "natives":
        after, _ = play(after, natives_choice(after, legal_moves(after)))
    value = potential(after, p)
    space = GRID.parse(move.get("space"))
    assert space is not None
    value -= _hole_risk(state, after.board, space, counts)
    if after.current == p and after.phase == "voyage":
        # Prefer landings where a construction is possible, and courses that can carry on.
        if any(m.kind == "build" for m in legal_moves(after)):
            value += 0.7
        if after.ship and B.free_lines(after.board, after.ship[0]):
            value += 0.3
            v = after.voyage
            if v is not None and v.budget >= 1:
                targets = B.ship_targets(after.board, after.ship)
                value += TUNING.next_fit * F.fit_share(counts, after.board, targets)
    return value


def _hole_risk(state: State, board: list[Cell | None], space: int, counts: list[int]) -> float:
    """How much harder to fill the spaces next to `space` became by placing a tile on it (the space itself
    counts as it was before, since it is now filled)."""
    risk = -_space_risk(state, state.board, space, counts)
    for nb in GRID.neighbours()[space]:
        if nb is not None and board[nb] is None:
            risk += _space_risk(state, board, nb, counts) - _space_risk(state, state.board, nb, counts)
    return risk


def _space_risk(state: State, board: list[Cell | None], space: int, counts: list[int]) -> float:
    need = F.sides(board, space)
    known = sum(1 for n in need if n != F.OPEN)
    if known == 4:
        pile = B.pattern_class([n == F.LAND for n in need])
        return 0.0 if state.fills[pile] else TUNING.fill_missing
    if known == 3:
        return TUNING.hole * (1.0 - F.hole_share(counts, need, F.KNOWN_SEA))
    if known == 2:
        return TUNING.hole_two * (1.0 - F.hole_share(counts, need, F.ANY_SIDE))
    return 0.0


def _choose_ship(state: State, moves: list[Move]) -> Move:
    return max(ship_scores(state, moves), key=lambda x: x[1])[0]


def ship_scores(state: State, moves: list[Move]) -> list[tuple[Move, float]]:
    """Each ship move with the heuristic's liking for it: the chance the first tile fits, lines on, own
    constructions nearby, and what starting there costs."""
    p = state.current
    counts = F.unseen(state)
    out = []
    for m in moves:
        ship = B.parse_ship(m.get("position"))
        assert ship is not None
        space, side = ship
        cost = B.position_cost(state, space, p) if side < 0 else 0
        targets = B.ship_targets(state.board, ship)
        lines = len(targets)
        chance = F.fit_share(counts, state.board, targets)
        near_own = 0
        if side < 0:
            for d in DIRECTIONS:
                nb = GRID.neighbour(space, d)
                cell = state.board[nb] if nb is not None else None
                if cell and cell.build and cell.build.player == p:
                    near_own += 1
        jitter = rand_below(state.seed, f"ai-ship-{m.key}", state.version, 64) / 6400  # varied, reproducible
        out.append((m, TUNING.ship_fit * chance + lines * 0.4 + near_own * 0.8 - cost * 1.5 + jitter))
    return out
