"""What remains to be drawn, for `/game tiles` (`Game.tiles_left`): piles of tiles counted by kind, never in their
order. A game says which tiles make up each pile as far as everyone may know (a pile shuffled apart from others is
merged with them; tiles in private hands are counted with the pile they came from), and how a tile looks and reads;
this module counts them.

A pile is `{"name": str, "count": int, "kinds": [{"tile": dict, "count": int, "words": str}, ...]}`: `tile` is the
game's own tile dict as its views carry it, less its id (which would tell copies apart), so its painter can draw it;
kinds come most numerous first, then by their words and looks, an order that says nothing of the pile's."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

Pile = dict[str, Any]


def pile(
    name: str, tiles: Iterable[str], view_of: Callable[[str], dict[str, Any]], words_of: Callable[[str], str]
) -> Pile:
    """The pile `name` holding `tiles` (ids, in any order), counted by how each looks."""
    kinds: dict[str, dict[str, Any]] = {}
    count = 0
    for tid in tiles:
        look = {k: v for k, v in view_of(tid).items() if k != "id"}
        key = json.dumps(look, sort_keys=True, default=str)
        if key in kinds:
            kinds[key]["count"] += 1
        else:
            kinds[key] = {"tile": look, "count": 1, "words": words_of(tid)}
        count += 1
    # a total order (the look breaks ties of words): the order the tiles came in must not show through
    ordered = sorted(kinds, key=lambda key: (-kinds[key]["count"], kinds[key]["words"], key))
    return {"name": name, "count": count, "kinds": [kinds[key] for key in ordered]}
