"""Computer players: a random-legal one, and a heuristic one that weighs every placement with its best follower
choice by the points it is worth now and what it may grow into."""

from __future__ import annotations

from engine.core.moves import Move
from engine.core.rng import rand_below
from engine.discovery import board as B
from engine.discovery.grown import grown
from engine.discovery.rules import TURN_DEGREES, follower_moves, legal_moves
from engine.discovery.state import Cell, Follower, State, parse_pos
from engine.discovery.tiles import parse_sides

SUPPLY_WORTH = 1.0  # a follower in supply: the chance to deploy it later
GROWTH = 0.15  # per open side of a territory, while turns remain
CASH_BONUS = 0.2  # taking points now rather than later (nothing can take them away)


def random_move(state: State) -> Move:
    moves = legal_moves(state)
    # Seeded by the state itself, so a game between AIs is as reproducible as any other.
    return moves[rand_below(state.seed, "ai-random", state.version, len(moves))]


def _turns_left(state: State, tiles_left: int) -> int:
    n = len(state.players)
    return (tiles_left + n - 1) // n


Worth = tuple[float, int | None]  # what a follower adds to its player's potential, and its gain if complete


def _worth(m: B.Map, f: Follower, growth_weight: float) -> Worth:
    """A follower's part of `_potential`: its final value, plus its growth while open; a complete one's gain is
    counted apart (only as long as there are turns to cash it)."""
    t = m.at(f.x, f.y, f.region)
    final = m.value(t, final=True)
    if t.complete:
        return final, m.value(t) - final
    return final + growth_weight * min(t.open_faces, 3), None


def _potential(worths: list[Worth], score: int, supply: int, turns: int) -> float:
    """Points in hand plus what the player's followers are worth (complete ones at full value only as long as
    there are turns left to cash them, one a turn) plus followers in supply."""
    total = float(score)
    complete_gains = []
    for points, gain in worths:
        if gain is not None:
            complete_gains.append(gain)
        total += points
    complete_gains.sort(reverse=True)
    total += sum(complete_gains[: max(0, turns - 1)])
    total += supply * SUPPLY_WORTH * min(1.0, turns / 4)
    return total


def _best_follower(state: State, m: B.Map, pos: tuple[int, int], moves: list[Move], turns: int) -> tuple[Move, float]:
    """The follower move that leaves the current player's potential furthest above the others' mean. Only the
    player's own followers differ between the moves, so each follower is valued once and the others' mean too (in
    the same order of additions as valuing each move afresh: the same floats, the same choices)."""
    p = state.current
    growth_weight = GROWTH * min(1.0, turns / 6)
    worth = {f: _worth(m, f, growth_weight) for f in state.followers}
    others = [
        _potential([worth[f] for f in state.followers if f.player == q], pl.score, pl.supply, turns)
        for q, pl in enumerate(state.players)
        if q != p
    ]
    others_mean = sum(others) / len(others) if others else 0.0
    score, supply = state.players[p].score, state.players[p].supply
    best: tuple[Move, float] | None = None
    g = B.geometry(state.board[pos])
    for move in moves:
        mine = [worth[f] for f in state.followers if f.player == p]
        sc, su = score, supply
        bonus = 0.0
        if move.kind == "deploy":
            sides = parse_sides(move.get("region"))
            i = next(i for i, r in enumerate(g.regions) if r.sides == sides)
            mine.append(_worth(m, Follower(p, pos[0], pos[1], i), growth_weight))
            su -= 1
        elif move.kind == "score":
            at, sides = parse_pos(move.get("at")), parse_sides(move.get("region"))
            f = next(
                f
                for f in state.followers
                if f.player == p and (f.x, f.y) == at and B.geometry(state.board[at]).regions[f.region].sides == sides
            )
            mine = [worth[x] for x in state.followers if x.player == p and x != f]
            sc += m.value(m.at(f.x, f.y, f.region))
            su += 1
            bonus = CASH_BONUS
        value = _potential(mine, sc, su, turns) - others_mean + bonus
        if best is None or value > best[1]:
            best = (move, value)
    assert best is not None
    return best


def heuristic_move(state: State) -> Move:
    moves = legal_moves(state)
    tiles_left = len(state.pile) + sum(len(pl.hand) for pl in state.players) + (1 if state.drawn else 0)
    if state.phase == "follower":
        assert state.placed is not None
        m = B.analyse(state.board)
        return _best_follower(state, m, state.placed, moves, _turns_left(state, tiles_left))[0]
    turns = _turns_left(state, tiles_left - 1)
    best: tuple[Move, float] | None = None
    p = state.current
    before = B.analyse(state.board)
    for move in moves:
        pos = parse_pos(move.get("at"))
        assert pos is not None
        tid = state.players[p].hand[move.get("tile") - 1] if move.get("tile") else state.drawn
        assert tid is not None
        cell = Cell(tid, TURN_DEGREES.index(move.get("turn")), state.turn, p)
        trial = _trial(state, pos, cell)
        m = grown(before, state.board, pos, cell)
        value = _best_follower(trial, m, pos, follower_moves(trial, m), turns)[1]
        value += rand_below(state.seed, f"ai-{move.key}", state.version, 100) / 10000  # varied, reproducible
        if best is None or value > best[1]:
            best = (move, value)
    assert best is not None
    return best[0]


def _trial(state: State, pos: tuple[int, int], cell: Cell) -> State:
    """The state after placing `cell` at `pos`, for reading only: it shares every list with `state` (a whole copy
    per trial placement, history and pile included, cost as much as weighing it)."""
    trial = object.__new__(State)
    trial.__dict__.update(state.__dict__)
    trial.board = {**state.board, pos: cell}
    trial.placed = pos
    trial.phase = "follower"
    return trial


AIS = {"heuristic": heuristic_move, "random": random_move}
