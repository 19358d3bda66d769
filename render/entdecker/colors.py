"""Entdecker's art colours: sea, land, coasts, undiscovered spaces, circles and event badges (the shared frame,
panel, text and player colours are in render/style.py)."""

from __future__ import annotations

from render.style import Color

SEA: Color = (44, 112, 164)
SEA_WAVE: Color = (88, 150, 196)
SHALLOW: Color = (78, 152, 190)
LAND: Color = (122, 170, 86)
LAND_DONE: Color = (92, 142, 62)  # land of a completed island
SAND: Color = (230, 210, 152)
COAST: Color = (46, 58, 40)
UNKNOWN: Color = (196, 186, 160)  # undiscovered space: parchment
UNKNOWN_HATCH: Color = (176, 164, 136)
CIRCLE: Color = (248, 248, 242)
CIRCLE_FILL: Color = (70, 136, 182)
LINE: Color = (250, 250, 245)  # dotted ship lines
FILL_HIGHLIGHT: Color = (200, 220, 236)  # frame of last turn's fill-in tiles
EVENT: Color = (250, 236, 200)
EVENT_RING: Color = (120, 40, 30)
EDGE_PILL: Color = (38, 82, 122)
