"""The plain painter: the picture of a view no game's painter can draw (a game with no painter registered, or a
painter that failed): the status in words, from the common view header only. Less than a board, but never an
error, and nothing to write for a new game (a test's toy game is drawn like this until it registers a painter)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.core.lang import N_, _

from . import panel, style
from .layout import Picture
from .painter import Painter
from .sprites import put_text

WIDTH = 720
LINE = 38
SIZE = 24
WAITING = N_("Waiting for the game")


def status_words(view: dict[str, Any]) -> list[str]:
    """What the header says: who must act and the prompt, or the result; then one line per player."""
    if panel.is_over(view):
        lines = [panel.game_over_line(view)]
    else:
        seats = panel.as_list(view.get("to_act"))
        names = " & ".join(panel.player_name(view, s) for s in seats)
        prompt = view.get("prompt") if isinstance(view.get("prompt"), str) else ""
        lines = [f"{names}: {prompt}" if names and prompt else names or prompt or _(WAITING)]
    players = panel.as_list(view.get("players"))
    res = panel.as_dict(view.get("result"))
    scores = panel.as_list(res.get("scores"))
    for i, p in enumerate(players[:8]):
        if isinstance(p, dict):
            seat = panel.as_int(p.get("seat"), i)
            score = f": {scores[seat]}" if 0 <= seat < len(scores) and isinstance(scores[seat], int) else ""
            lines.append(f"{p.get('name', '?')}{score}")
    return lines


@dataclass(frozen=True)
class Lines(Picture):
    """The plain picture: no board, a panel with one line of words each."""

    lines: tuple[str, ...]
    over: bool
    panel_height: int
    width: int = WIDTH
    frame_height: int = 0


def layout(view: object) -> Lines:
    """The lines of any object (a view that is no dict gets a picture too)."""
    try:
        lines = status_words(view) if isinstance(view, dict) else []
    except Exception:  # the last resort must not fail: a header too broken to read gets the bare words
        lines = []
    lines = lines or [_(WAITING)]
    return Lines(tuple(lines), isinstance(view, dict) and panel.is_over(view), 2 * panel.PAD + LINE * len(lines))


def background(lay: Lines) -> Image.Image:
    im = Image.new("RGB", lay.size, style.PANEL)
    ImageDraw.Draw(im).rectangle((0, 0, WIDTH - 1, im.height - 1), outline=style.PANEL_LINE, width=2)
    return im


def legend(im: Image.Image, view: object, lay: Lines, overlay: bool) -> None:
    for i, line in enumerate(lay.lines):
        color = style.GOLD if i == 0 and lay.over else style.TEXT
        size = SIZE + 4 if i == 0 else SIZE
        put_text(im, (panel.PAD, panel.PAD + LINE * i + 28), style.fit(line, size, WIDTH - 2 * panel.PAD), size, color)


def no_board(im: Image.Image, view: object, lay: Lines) -> None:
    """The plain picture has no board."""


PLAIN: Painter[Lines] = Painter(game="", layout=layout, background=background, board=no_board, legend=legend)


def draw(view: object) -> Image.Image:
    """The plain picture of any object."""
    return PLAIN.draw(view, overlay=False)  # type: ignore[arg-type]  # the plain painter reads any object
