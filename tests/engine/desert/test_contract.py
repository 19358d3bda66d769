"""This game's side of the contract (engine/api.py): its INFO, who is named in the header, secrets, words. What every
game must do is tested once in tests/engine/test_contract.py."""

from __future__ import annotations

import json

import engine
from engine.core.moves import Move
from engine.desert import rules as R
from engine.desert.info import INFO
from engine.desert.labels import slot_words
from engine.desert.presenter import PRESENTER, secrets
from tests.engine.desert.helpers import BLUE, RED, place_explorer, top_row_oasis


def test_info_names_the_game_and_its_seats() -> None:
    info = engine.info("desert")
    assert info is INFO and info.title == "Im Reich der Wüstensöhne"
    assert (info.min_players, info.max_players) == (2, 4)
    assert info.default_ai == "heuristic" and info.ai_kind("random") is not None
    assert len(info.ai_names) >= 4
    assert info.normalise_options({}) == {"two_player_pile_one": False}
    assert info.option("two_player_pile_one").label


def play_some(seed: int, players: int = 3, moves: int = 4000):  # type: ignore[no-untyped-def]
    state = engine.new_game("desert", [f"P{i}" for i in range(players)], {}, seed)
    for _ in range(moves):
        if state.game_over:
            break
        yield state
        state = engine.apply(state, engine.ai_move(state, "heuristic"))
    yield state


def test_a_non_current_player_choosing_an_action_space_is_named_in_the_header() -> None:
    # A hand-made position rather than AI play: whether AIs share an oasis depends on how they are tuned.
    state, closing = top_row_oasis()
    place_explorer(state, 16, "C1")  # Red's explorer in the oasis Blue closes
    state = engine.apply(state, Move.make("display", BLUE, tile=closing))
    state = engine.apply(state, Move.make("no_explorer", BLUE))
    assert state.phase == "action" and R.to_act(state) == [RED] and state.current == BLUE
    view = engine.view(state, None)
    assert view["to_act"] == [RED] and view["current_player"] == BLUE
    assert view["legal"] and all(e["player"] == RED for e in view["legal"])
    # The prompt speaks to the one who chooses; the bot names them once, from to_act (not twice, as it did).
    assert view["prompt"].startswith("choose an action space") and state.names[RED] not in view["prompt"]


def test_secret_rumours_are_private() -> None:
    for state in play_some(3):
        placed = [(slot, t) for slot, t in state.rumour_board.items() if t is not None]
        if placed:
            slot, token = placed[0]
            knower = state.rumour_known[token][0]
            other = next(s for s in range(3) if s not in state.rumour_known[token])
            mine = {r["slot"]: r["value"] for r in engine.view(state, knower)["rumour_board"]}
            theirs = {r["slot"]: r["value"] for r in engine.view(state, other)["rumour_board"]}
            assert mine[slot] is not None and theirs[slot] is None
            assert all(r["value"] is None for r in engine.view(state, None)["rumour_board"])
            assert slot_words(slot) in secrets(engine.view(state, knower))
            assert slot_words(slot) not in secrets(engine.view(state, other))
            return
    raise AssertionError("no rumour placed")


def test_describe_and_status_words_for_a_whole_game() -> None:
    names = ["Ann", "Bo", "Cy"]
    state = engine.new_game("desert", names, {}, 9)
    lines = []
    while not state.game_over:
        state, events = engine.step(state, engine.ai_move(state, "heuristic"))
        lines += [t for t in (engine.describe("desert", e, names) for e in events) if t]
    assert any("Oasis complete" in line for line in lines)
    assert "Game over" in lines[-1]
    assert not any("{" in line or "_" in line for line in lines)
    status = PRESENTER.status_of(engine.view(state, None), names)
    assert len(status) == 4 and "Ann" in status[0]
    assert "Wüstensöhne" in PRESENTER.rules_text
    json.dumps(engine.view(state, 0))
