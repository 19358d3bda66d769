"""The check every game's distinct-placement test makes: the turns of a tile a game offers show each look once,
and no look is lost. Each game says what a look is (tests/engine/<game>/test_placements_distinct.py)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable


def assert_each_look_offered_once(tid: str, offered: Iterable[int], look: Callable[[str, int], Hashable]) -> None:
    offered = list(offered)
    looks = [look(tid, r) for r in offered]
    assert len(looks) == len(set(looks)), f"{tid} offers a look twice: {offered}"
    assert set(looks) == {look(tid, r) for r in range(4)}, f"{tid} loses a look"
