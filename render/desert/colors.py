"""Im Reich der Wüstensöhne's art colours: sand, oases, lines, undiscovered spaces and the action spaces (the shared
frame, panel, text and player colours are in render/style.py)."""

from __future__ import annotations

from render.style import Color

SAND: Color = (226, 200, 146)
SAND_CROSS: Color = (212, 182, 122)
SAND_EDGE: Color = (176, 146, 92)
UNKNOWN: Color = (54, 50, 46)
UNKNOWN_DOT: Color = (74, 68, 60)
OASIS: Color = (70, 162, 86)
OASIS_DONE: Color = (44, 118, 92)  # an oasis already scored
OASIS_EDGE: Color = (30, 90, 44)
BROWN: Color = (122, 74, 32)
WHITE: Color = (252, 252, 246)
CENTRE: Color = (248, 232, 196)

# Action spaces: a colour each, and a letter (tiles.action_letter: the first of the kind's name in the reader's
# language), so colour is never the only cue.
ACTIONS: dict[str, Color] = {
    "myrrh": (196, 112, 40),
    "frankincense": (236, 226, 200),
    "gemstone": (200, 40, 90),
    "salt": (190, 200, 210),
    "camel": (150, 100, 50),
    "rumour": (120, 70, 160),
    "water": (40, 120, 220),
}
