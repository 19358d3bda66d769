"""The viewer who sees everything (`engine.EVERYONE`, a finished game's past): every hand, personal tile and rumour
is in its view and in the game's words for what was hidden (`Presenter.revealed`), where a spectator's view keeps
them hidden; Wüstensöhne's picture then shows the rumours' values."""

from __future__ import annotations

from typing import Any

import pytest

import engine
import render

CASES = [
    ("entdecker", {"personal_tiles": True}, "heuristic"),
    ("discovery", {"double_tile": True}, "random"),
    ("desert", {}, "heuristic"),
]


def _midgame(game: str, options: dict[str, Any], ai: str, moves: int) -> Any:
    state = engine.new_game(game, ["ann", "bob", "cem"], options, seed=4)
    for _ in range(moves):
        state = engine.apply(state, engine.ai_move(state, ai))
    return state


def _hidden(game: str, view: dict[str, Any]) -> list[Any]:
    if game == "entdecker":
        return [p["personal_tiles"] for p in view["players"]]
    if game == "discovery":
        return [p["hand"] for p in view["players"]]
    return [r["value"] for r in view["rumour_board"] if r["occupied"]]


@pytest.mark.parametrize(("game", "options", "ai"), CASES)
def test_everyone_sees_what_a_spectator_does_not(game: str, options: dict[str, Any], ai: str) -> None:
    state = _midgame(game, options, ai, 150 if game == "desert" else 30)
    everyone, spectator = engine.view(state, engine.EVERYONE), engine.view(state, None)
    shown, kept = _hidden(game, everyone), _hidden(game, spectator)
    assert shown and all(x is not None for x in shown), shown
    assert all(x is None for x in kept)
    lines = engine.presenter(game).revealed(everyone)  # type: ignore[misc]
    assert lines and all(words in engine.presenter(game).revealed_words for words, _fields in lines)
    assert engine.presenter(game).revealed(spectator) == []  # type: ignore[misc]
    assert not [e for e in everyone["legal"] if e["player"] not in everyone["to_act"]]


def test_the_desert_picture_shows_the_rumours_to_everyone_only() -> None:
    state = _midgame("desert", {}, "heuristic", 150)
    assert any(r["occupied"] for r in engine.view(state, None)["rumour_board"])
    everyone = render.render_image(engine.view(state, engine.EVERYONE))
    spectator, seat = (render.render_image(engine.view(state, v)) for v in (None, 0))
    assert everyone.tobytes() != spectator.tobytes()
    assert seat.tobytes() == spectator.tobytes()  # a seat's own knowledge is never drawn: the picture is for all
