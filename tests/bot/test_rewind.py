"""bot/service/rewind.py: the state after each turn, from every state of a replayed log."""

from __future__ import annotations

import engine
from bot.service.rewind import turn_ends
from engine.games import registered
from tests.toygame import GAME as NIM


def played(game: str, seed: int, players: int = 2, options: dict[str, object] | None = None) -> dict[str, object]:
    state = engine.new_game(game, [f"P{i}" for i in range(players)], options, seed)
    while not state.game_over:
        state = engine.apply(state, engine.ai_move(state, "random"))
    return engine.saved_game(state)


def test_every_turn_has_its_end_and_the_last_is_the_final_state() -> None:
    saved = played("entdecker", 4)
    states = list(engine.replayed(saved))
    ends = turn_ends(states)
    final = states[-1]
    assert sorted(ends) == list(range(max(ends) + 1)) and max(ends) >= final.turn - 1  # every turn, none twice
    assert ends[0] is states[0] and max(ends) in ends and ends[max(ends)] is final
    for turn, state in ends.items():
        if state is not final and turn > 0:
            # The state in which the next turn begins: everything at the end of this turn applied.
            assert state.turn == turn + 1
            before = states[state.version - 1]
            assert before.turn == turn
    assert engine.state_to_json(engine.replay(saved)) == engine.state_to_json(final)


def test_a_turn_of_one_move_each() -> None:
    with registered(NIM):
        saved = played("nim", 1, options={"stones": 7})
        states = list(engine.replayed(saved))
        ends = turn_ends(states)
    # Nim: every move is a turn, so the state after turn N is the state after move N.
    assert [state.version for state in ends.values()] == list(range(len(states)))
