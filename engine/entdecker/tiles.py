"""The Entdecker tile set, loaded from data/tiles.json (format documented in docs/tiles.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from engine.core.tiles import Geometry, all_rotations, parse_geometry

EVENTS = ("storm", "hostile_natives", "welcoming_natives", "pirates", "ruins", "gold")


@dataclass(frozen=True)
class TileDef:
    id: str
    kind: str  # "discovery" or "fill"
    type: str
    name: str
    geometry: Geometry
    event: str | None = None
    pile: int | None = None  # fill-in pile number

    def rotation(self, r: int) -> Geometry:
        return all_rotations(self.geometry)[r % 4]


@dataclass(frozen=True)
class TileSet:
    tiles: dict[str, TileDef]
    discovery: tuple[str, ...]
    fill: dict[int, tuple[str, ...]]
    personal_types: tuple[str, ...]
    wheel: tuple[int, ...]
    plants: tuple[int, ...]


def _build(data: dict[str, Any]) -> TileSet:
    if data.get("format") != "entdecker-tiles/1":
        raise ValueError("unknown tile data format")
    tiles: dict[str, TileDef] = {}
    discovery: list[str] = []
    for entry in data["discovery"]:
        geometry = parse_geometry(entry["sides"], entry["segments"], entry["lines"])
        if not geometry.lines:
            raise ValueError(f"discovery tile type {entry['type']} needs a ship line to be entered")
        events: list[str | None] = []
        for event, n in entry.get("events", {}).items():
            if event not in EVENTS:
                raise ValueError(f"unknown event {event}")
            events.extend([event] * n)
        if len(events) > entry["count"]:
            raise ValueError(f"more events than tiles in {entry['type']}")
        # Tiles without an event come first in each type, so personal tiles (taken first) never carry one.
        events = [*(None for _ in range(entry["count"] - len(events))), *events]
        for i, event in enumerate(events, 1):
            tid = f"{entry['type']}-{i:02d}"
            tiles[tid] = TileDef(tid, "discovery", entry["type"], entry["name"], geometry, event)
            discovery.append(tid)
    fill: dict[int, list[str]] = {p: [] for p in range(1, 7)}
    for entry in data["fill"]:
        geometry = parse_geometry(entry["sides"], entry["segments"], entry["lines"])
        pile = entry["pile"]
        if geometry.edge_class() != pile:
            raise ValueError(f"fill-in pile {pile} holds a tile of class {geometry.edge_class()}")
        for i in range(1, entry["count"] + 1):
            tid = f"fill{pile}-{i:02d}"
            tiles[tid] = TileDef(tid, "fill", f"fill{pile}", f"fill-in {pile}", geometry, None, pile)
            fill[pile].append(tid)
    plants = tuple(int(v) for v, n in sorted(data["plants"].items()) for _ in range(n))
    return TileSet(
        tiles=tiles,
        discovery=tuple(discovery),
        fill={p: tuple(ids) for p, ids in fill.items()},
        personal_types=tuple(data.get("personal", ())),
        wheel=tuple(data["wheel"]),
        plants=plants,
    )


@cache
def tileset() -> TileSet:
    text = resources.files("engine.entdecker").joinpath("data/tiles.json").read_text(encoding="utf-8")
    return _build(json.loads(text))


def tile(tid: str) -> TileDef:
    return tileset().tiles[tid]


@cache
def geometry(tid: str, rotation: int) -> Geometry:
    return tileset().tiles[tid].rotation(rotation)
