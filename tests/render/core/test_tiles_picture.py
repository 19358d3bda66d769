"""The picture of what remains to be drawn (`render.tiles_png`): every kind drawn by its game's painter with its
count, in words for a game whose painter draws no tiles; small enough to upload."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import engine
import render
from render import left, sprites

PILES = [
    {
        "name": "Pile A",
        "count": 3,
        "kinds": [{"tile": {}, "count": 2, "words": "a bay"}, {"tile": {}, "count": 1, "words": "a cape"}],
    }
]


@pytest.mark.parametrize("game", list(engine.GAMES))
def test_every_kind_is_drawn_with_its_count(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state = engine.new_game(game, ["a", "b"], {}, 5)
    for _ in range(20):
        state = engine.apply(state, engine.ai_move(state, "random"))
    piles = engine.tiles_left(state)
    written: list[str] = []
    real = sprites.text
    monkeypatch.setattr(sprites, "text", lambda s, *a, **k: written.append(s) or real(s, *a, **k))
    im = left.draw(game, piles)
    counts = [w for w in written if w.startswith("x ")]
    singles = [p for p in piles if len(p["kinds"]) == 1]
    assert sorted(counts) == sorted(f"x {k['count']}" for p in piles if p not in singles for k in p["kinds"])
    for p in piles:
        assert any(w.startswith(f"{p['name']}: {p['count']}") for w in written)
    assert im.width == left.WIDTH and im.height < 1600
    data = render.tiles_png(game, piles)
    assert data is not None and len(data) < 150_000
    assert Image.open(io.BytesIO(data)).size == im.size


def test_a_game_without_tile_art_lists_its_kinds_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[str] = []
    real = sprites.text
    monkeypatch.setattr(sprites, "text", lambda s, *a, **k: written.append(s) or real(s, *a, **k))
    left.draw("no-such-game", PILES)
    assert "2 x a bay" in written and "1 x a cape" in written


def test_a_picture_too_large_for_the_limit_is_none() -> None:
    assert render.tiles_png("no-such-game", PILES, max_bytes=10) is None
