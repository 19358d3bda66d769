"""The Discovery's art colours: the three terrains, port cities and the free spaces of the map (the shared frame,
panel, text and player colours are in render/style.py)."""

from __future__ import annotations

from render.style import Color

TERRAIN: dict[str, Color] = {"G": (150, 196, 92), "M": (150, 120, 96), "S": (70, 140, 205)}
TERRAIN_EDGE: dict[str, Color] = {"G": (96, 140, 52), "M": (96, 74, 58), "S": (40, 96, 160)}
CITY: Color = (236, 72, 60)
CITY_ROOF: Color = (120, 30, 24)
EMPTY: Color = (28, 44, 62)  # a free space of the map
EMPTY_LINE: Color = (40, 60, 82)
