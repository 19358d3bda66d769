"""The picture of a view no game's painter can draw (an unknown game, or a painter that failed): the status in
words, from the common view header only. Less than a board, but never an error."""

from __future__ import annotations

from PIL import Image, ImageDraw

from . import panel, style
from .sprites import put_text

WIDTH = 720
LINE = 38
SIZE = 24


def status_words(view: dict) -> list[str]:
    """What the header says: who must act and the prompt, or the result; then one line per player."""
    if panel.is_over(view):
        lines = [panel.game_over_line(view)]
    else:
        seats = view.get("to_act") if isinstance(view.get("to_act"), list) else []
        names = " & ".join(panel.player_name(view, s) for s in seats)
        prompt = view.get("prompt") if isinstance(view.get("prompt"), str) else ""
        lines = [f"{names}: {prompt}" if names and prompt else names or prompt or "Waiting for the game"]
    players = view.get("players") if isinstance(view.get("players"), list) else []
    res = view.get("result") if isinstance(view.get("result"), dict) else {}
    scores = res.get("scores") if isinstance(res.get("scores"), list) else []
    for i, p in enumerate(players[:8]):
        if isinstance(p, dict):
            seat = panel.as_int(p.get("seat"), i)
            score = f": {scores[seat]}" if 0 <= seat < len(scores) and isinstance(scores[seat], int) else ""
            lines.append(f"{p.get('name', '?')}{score}")
    return lines


def draw(view: object) -> Image.Image:
    """A plain panel with the status words (any object: a view that is no dict gets a picture too)."""
    try:
        lines = status_words(view) if isinstance(view, dict) else []
    except Exception:  # the last resort must not fail: a header too broken to read gets the bare words
        lines = []
    lines = lines or ["Waiting for the game"]
    im = Image.new("RGB", (WIDTH, 2 * panel.PAD + LINE * len(lines)), style.PANEL)
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, WIDTH - 1, im.height - 1), outline=style.PANEL_LINE, width=2)
    for i, line in enumerate(lines):
        color = style.GOLD if i == 0 and panel.is_over(view if isinstance(view, dict) else {}) else style.TEXT
        size = SIZE + 4 if i == 0 else SIZE
        put_text(im, (panel.PAD, panel.PAD + LINE * i + 28), style.fit(line, size, WIDTH - 2 * panel.PAD), size, color)
    return im
