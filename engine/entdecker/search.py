"""The "expert" computer player: the heuristic one, but it chooses where to start each voyage by playing the turn
out in several imagined worlds and keeping the start that did best on average.

A world is the current position with the unseen discovery tiles dealt at random into piles of the real sizes and
the face-down plant tokens all worth the same (heuristic.blind): what any player could imagine, never the real order.
Every candidate start is tried in the same worlds, so they are compared on equal luck.
"""

from __future__ import annotations

from engine.core.moves import Move
from engine.core.rng import rand_below, shuffled
from engine.entdecker.heuristic import blind, heuristic_move, potential, ship_scores
from engine.entdecker.rules import legal_moves, play
from engine.entdecker.state import State

WORLDS = 6  # imagined worlds per decision
CANDIDATES = 6  # ship positions tried: the heuristic's best ones


def imagined_world(state: State, i: int) -> State:
    """The position with the unseen tiles re-dealt at random (their number per pile is public) and blind plants."""
    world = blind(state)
    # Sorted first, so the imagined deal depends on which tiles are unseen, never on the real order.
    pool = sorted(tid for pile in state.piles for tid in pile)
    pool = shuffled(pool, state.seed, f"ai-world-{state.version}-{i}")
    # The game's seed also decides future spins of the wheel and draws from the plant bag: imagine those too.
    world.seed = rand_below(state.seed, "ai-world-seed", state.version * WORLDS + i, 2**62)
    at = 0
    for pile in world.piles:
        n = len(pile)
        pile[:] = pool[at : at + n]
        at += n
    return world


def outcome(state: State, p: int) -> float:
    """How well seat p stands: its potential against the best of the others'."""
    others = [potential(state, q) for q in range(len(state.players)) if q != p]
    return potential(state, p) - (max(others) if others else 0.0)


def play_out_turn(world: State, move: Move, p: int) -> float:
    state, _ = play(world, move)
    turn = world.turn
    while not state.game_over and state.turn == turn:
        state, _ = play(state, heuristic_move(state))
    return outcome(state, p)


def expert_move(state: State) -> Move:
    if state.phase != "ship":
        return heuristic_move(state)
    moves = [m for m in legal_moves(state) if m.kind == "ship"]
    ranked = sorted(ship_scores(state, moves), key=lambda x: -x[1])[:CANDIDATES]
    if len(ranked) == 1:
        return ranked[0][0]
    worlds = [imagined_world(state, i) for i in range(WORLDS)]
    p = state.current
    best, best_value = ranked[0][0], float("-inf")
    for move, _ in ranked:
        value = sum(play_out_turn(w, move, p) for w in worlds)
        if value > best_value:
            best, best_value = move, value
    return best
