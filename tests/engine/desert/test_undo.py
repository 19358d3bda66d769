"""Which Wüstensöhne moves a player may take back alone: those that revealed nothing hidden (no pile tile drawn, no
rumour token learnt, not the end of the game). That an undo restores the state exactly: tests/engine/test_undo.py."""

from __future__ import annotations

import engine
from engine.core.moves import Move
from engine.desert.state import GRID, State
from tests.played import played


def _revealed(before: State, after: State) -> bool:
    """Judged from the states, not the events: a pile tile was turned up, a seat learnt a rumour token it did not
    know, or the game ended (every token is shown)."""
    learnt = any(set(a) - set(b) for a, b in zip(after.rumour_known, before.rumour_known, strict=True))
    return after.game_over or after.piles != before.piles or learnt


def _play(players: int, seed: int, kind: str, seen: dict[bool, set[str]]) -> None:
    for step in played("desert", players, seed, kind).steps:
        assert step.alone == (not _revealed(step.before, step.after)), (step.move.key, step.events)
        if step.alone:
            # Nothing hidden moved: the piles keep their order and nobody learnt a token.
            assert step.after.piles == step.before.piles and step.after.rumour_known == step.before.rumour_known
        seen[step.alone].add(step.move.kind)


def test_every_move_of_seeded_games_is_judged_by_what_it_revealed() -> None:
    seen: dict[bool, set[str]] = {True: set(), False: set()}
    for seed in range(4):
        _play(2 + seed % 3, seed, "random" if seed % 2 else "heuristic", seen)
    assert {"caravan", "place", "explorer", "action_space", "rumour", "stop", "bonus"} <= seen[True]
    assert "draw" in seen[False] and "draw" not in seen[True]
    assert {"action_space", "scout"} <= seen[False]  # a rumour action drew a token; a scout drew a replacement


def _rumour_position() -> State:
    """Red (seat 0) to look at the rumour token on myrrh-1 (token 0): the supply beside the board is empty."""
    state = engine.new_game("desert", ["Red", "Blue"], {}, 1)
    state.rumour_board["myrrh-1"] = 0
    state.rumour_supply = []
    state.phase, state.pending = "peek", {"seat": 0}
    return state


def test_looking_at_a_token_needs_consent_unless_the_seat_knows_it() -> None:
    state = _rumour_position()
    for slot, alone in (("myrrh-1", False), ("none", True)):
        move = Move.make("peek", 0, slot=slot)
        _, events = engine.step(state, move)
        assert engine.undoable(state, move, events) is alone, slot
    state.rumour_known[0] = [0]  # Red put it there: looking again shows nothing new
    move = Move.make("peek", 0, slot="myrrh-1")
    peeked, events = engine.step(state, move)
    assert engine.undoable(state, move, events)
    # Taking it off puts it face down on the supply, which nobody learns anything from.
    remove = Move.make("peeked", 0, choice="remove")
    removed, events = engine.step(peeked, remove)
    assert removed.rumour_supply == [0] and engine.undoable(peeked, remove, events)


def test_a_rumour_action_that_draws_a_token_needs_consent() -> None:
    state = _rumour_position()
    state.rumour_supply = [0]
    space = GRID.parse("F6")
    state.phase, state.pending = "action", None
    state.scoring = [{"spaces": [], "actions": [[space, "rumour"]], "taken": [], "queue": [[0, 16]], "turban": False}]
    move = Move.make("action_space", 0, space="F6")
    after, events = engine.step(state, move)
    assert after.phase == "rumour" and after.rumour_known[0] == [0]
    assert not engine.undoable(state, move, events)
    state.rumour_known[0] = [0]  # the token Red itself put back on the supply: drawing it shows nothing new
    assert engine.undoable(state, move, engine.step(state, move)[1])
    # Putting a drawn token on the board is quiet: only its seat knows it, before and after.
    put = Move.make("rumour", 0, slot="salt-2")
    _, events = engine.step(after, put)
    assert engine.undoable(after, put, events)
