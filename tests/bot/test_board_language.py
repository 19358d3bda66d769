"""A board is drawn in the language it is asked for, also in a render worker process (which does not share the
asking task's context): the reader's language travels with the job (bot/boards.py)."""

from __future__ import annotations

import functools
from typing import Any

import engine
import render
from bot.boards import UPLOAD_MARGIN, Boards
from bot.lang import speaking
from engine.core.lang import reading
from render import panel

LIMIT = 10_000_000


@functools.cache
def finished() -> Any:
    """A seeded game of the first registered game, played to its end by the random AI."""
    info = engine.games()[0]
    kind = "random" if info.ai_kind("random") is not None else info.default_ai
    state = engine.new_game(info.name, ["Ann", "Bob"], None, 3)
    while not state.game_over:
        state = engine.apply(state, engine.ai_move(state, kind))
    return state


def finished_view(lang: str) -> dict[str, Any]:
    """The final view, its words in `lang` (the status line is the render core's "Game over - … wins …")."""
    with reading(lang):
        return engine.view(finished(), None)


def drawn_here(view: dict[str, Any], lang: str) -> bytes | None:
    with reading(lang):
        return render.png_for(view, False, LIMIT - UPLOAD_MARGIN)


async def test_a_french_games_board_is_french_in_a_worker_process_and_an_english_one_english() -> None:
    french, english = finished_view("fr"), finished_view("en")
    boards = Boards(None, processes=1)  # type: ignore[arg-type]
    try:
        with speaking("fr"):
            in_french = await boards.png(french, False, LIMIT)
        in_english = await boards.png(english, False, LIMIT)  # no reader set: English
    finally:
        boards.close()
    assert in_french == drawn_here(french, "fr")
    assert in_english == drawn_here(english, "en")
    assert in_french != in_english
    # The worker did not draw the French view with English words: the core's own line differs by language alone.
    assert drawn_here(french, "en") != in_french


async def test_threads_draw_in_the_askers_language_too() -> None:
    view = finished_view("de")
    boards = Boards(None, processes=0)  # type: ignore[arg-type]
    with speaking("de"):
        in_german = await boards.png(view, False, LIMIT)
    assert in_german == drawn_here(view, "de") != drawn_here(view, "en")


def test_the_core_words_of_a_board_are_translated() -> None:
    view = finished_view("fr")
    with reading("fr"):
        assert panel.game_over_line(view).startswith("Partie terminée - ")
        assert panel.player_name({}, 2) == "Joueur 3"
    assert panel.game_over_line(view).startswith("Game over - ")
