"""Computer players: a random-legal one, and a heuristic one that weighs every placement with its best follower
choice by the points it is worth now and what it may grow into."""

from __future__ import annotations

from engine.core.moves import Move
from engine.core.rng import rand_below
from engine.discovery import board as B
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


def _potential(m: B.Map, followers: list[Follower], p: int, score: int, supply: int, turns: int) -> float:
    """Points in hand plus what the player's followers are worth (complete ones at full value only as long as
    there are turns left to cash them, one a turn) plus followers in supply."""
    total = float(score)
    growth_weight = GROWTH * min(1.0, turns / 6)
    complete_gains = []
    for f in followers:
        if f.player != p:
            continue
        t = m.at(f.x, f.y, f.region)
        final = m.value(t, final=True)
        if t.complete:
            complete_gains.append(m.value(t) - final)
            total += final
        else:
            total += final + growth_weight * min(t.open_faces, 3)
    complete_gains.sort(reverse=True)
    total += sum(complete_gains[: max(0, turns - 1)])
    total += supply * SUPPLY_WORTH * min(1.0, turns / 4)
    return total


def _objective(
    state: State, m: B.Map, followers: list[Follower], scores: list[int], supplies: list[int], turns: int, p: int
) -> float:
    mine = _potential(m, followers, p, scores[p], supplies[p], turns)
    others = [_potential(m, followers, q, scores[q], supplies[q], turns) for q in range(len(state.players)) if q != p]
    return mine - (sum(others) / len(others) if others else 0.0)


def _best_follower(state: State, m: B.Map, pos: tuple[int, int], moves: list[Move], turns: int) -> tuple[Move, float]:
    p = state.current
    scores = [pl.score for pl in state.players]
    supplies = [pl.supply for pl in state.players]
    best: tuple[Move, float] | None = None
    g = B.geometry(state.board[pos])
    for move in moves:
        followers = state.followers
        sc, su = list(scores), list(supplies)
        bonus = 0.0
        if move.kind == "deploy":
            sides = parse_sides(move.get("region"))
            i = next(i for i, r in enumerate(g.regions) if r.sides == sides)
            followers = [*followers, Follower(p, pos[0], pos[1], i)]
            su[p] -= 1
        elif move.kind == "score":
            at, sides = parse_pos(move.get("at")), parse_sides(move.get("region"))
            f = next(
                f
                for f in followers
                if f.player == p and (f.x, f.y) == at and B.geometry(state.board[at]).regions[f.region].sides == sides
            )
            followers = [x for x in followers if x != f]
            sc[p] += m.value(m.at(f.x, f.y, f.region))
            su[p] += 1
            bonus = CASH_BONUS
        value = _objective(state, m, followers, sc, su, turns, p) + bonus
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
    for move in moves:
        pos = parse_pos(move.get("at"))
        assert pos is not None
        tid = state.players[p].hand[move.get("tile") - 1] if move.get("tile") else state.drawn
        assert tid is not None
        trial = state.copy()
        trial.board[pos] = Cell(tid, TURN_DEGREES.index(move.get("turn")), state.turn, p)
        trial.placed = pos
        trial.phase = "follower"
        m = B.analyse(trial.board)
        value = _best_follower(trial, m, pos, follower_moves(trial, m), turns)[1]
        value += rand_below(state.seed, f"ai-{move.key}", state.version, 100) / 10000  # varied, reproducible
        if best is None or value > best[1]:
            best = (move, value)
    assert best is not None
    return best[0]


AIS = {"heuristic": heuristic_move, "random": random_move}
