"""Panel primitives a game's legend is built from: they read the common view header only."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import panel, style
from render.layout import layout

PLAYERS = [{"seat": s, "name": n} for s, n in enumerate(("Ann", "Bob", "Cleo"))]


def test_player_rows_share_the_room() -> None:
    rows = panel.player_rows({"players": PLAYERS}, top=100, room=254)
    assert [(r.seat, r.top, r.height, r.size) for r in rows] == [(0, 100, 50, 27), (1, 150, 50, 27), (2, 200, 50, 27)]
    assert rows[1].cy == 175 and rows[1].base == 175 + 27 // 3
    many = panel.player_rows({"players": PLAYERS * 4}, top=0, room=254)
    assert len(many) == 8 and many[0].height == 254 // 12 and many[0].size == 22
    assert panel.player_rows({"players": None}, 0, 100) == []
    assert [r.seat for r in panel.player_rows({"players": [{"name": "x"}, 5, {"seat": 4}]}, 0, 100)] == [0, 4]


def test_names_and_result_words() -> None:
    view = {"players": PLAYERS, "result": {"winners": [0, 2], "scores": [7, 3, 7]}, "game_over": True}
    assert panel.is_over(view) and not panel.is_over({"phase": "play"})
    assert panel.player_name(view, 1) == "Bob"
    assert panel.player_name(view, 5) == "Player 6" and panel.player_name(view, "x") == "?"
    assert panel.game_over_line(view) == "Game over - Ann & Cleo win with 7 points!"
    assert panel.game_over_line({**view, "result": {"winners": [1]}}, "VP") == "Game over - Bob wins!"
    assert panel.game_over_line({"result": None}) == "Game over"


def test_legal_choices_are_numbered_as_their_labels() -> None:
    view = {
        "legal": [
            {"key": "a:1", "kind": "a", "label": "#1 C4, as drawn", "number": 1},
            {"key": "b", "kind": "b", "label": "Stop", "number": 1},
            {"key": "a:2", "kind": "a", "number": 2},
            "junk",
        ]
    }
    assert [m["numbered"] for m in panel.legal_choices(view)] == [True, False, False]
    assert [m["numbered"] for m in panel.legal_choices(view, ("a",))] == [True, False, True]


def test_primitives_draw_inside_their_place() -> None:
    lay = layout(4, 3, panel_height=200)
    im = Image.new("RGB", lay.size, style.FRAME)
    d = ImageDraw.Draw(im)
    panel.heading(im, lay, "A very long status line " * 10)
    assert im.crop((0, 0, lay.width, lay.frame_height)).getcolors() == [(lay.width * lay.frame_height, style.FRAME)]
    strip = im.crop((0, lay.frame_height, lay.width, lay.frame_height + 50))
    assert len(strip.getcolors(1 << 16) or []) > 2  # the heading is drawn in the panel...
    right = im.crop((lay.width - panel.PAD + 1, lay.frame_height, lay.width, lay.frame_height + 50))
    assert [c for _, c in right.getcolors()] == [style.FRAME]  # ... shortened to fit its width
    x = 20
    assert panel.tag(im, d, x, 300, "WINNER", style.GOLD) == panel.tag_width("WINNER")
    before = im.copy()
    panel.choice_list(im, d, [], 0, 0, 300)
    assert im.tobytes() == before.tobytes()
