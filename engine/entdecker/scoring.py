"""Island scoring, plant tokens, the Grand Inventor bonus and the final ranking."""

from __future__ import annotations

from typing import Any

from engine.core.regions import Node
from engine.core.rng import rand_below
from engine.entdecker.state import PIECES, Cell, State

Event = dict[str, Any]


def halved(value: int, times: int) -> int:
    """The share `times` ranks below the top: halve, rounding up (in the player's favour), each time."""
    for _ in range(times):
        value = (value + 1) // 2
    return value


def rank_groups(strength: dict[int, tuple[int, int, int]]) -> list[list[int]]:
    """Players grouped by construction strength, best first: colonies, then forts, then trading posts."""
    order = sorted(strength, key=lambda p: (tuple(-x for x in strength[p]), p))
    groups: list[list[int]] = []
    for p in order:
        if groups and strength[groups[-1][0]] == strength[p]:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def shares(groups: list[list[int]], value: int) -> dict[int, int]:
    """Points per player: each rank position halves the one above; tied players share their first position."""
    out, position = {}, 0
    for group in groups:
        for p in group:
            out[p] = halved(value, position)
        position += len(group)
    return out


def plants_left(state: State) -> int:
    return sum(len(p) for p in state.plant_piles)


def draw_plant(state: State) -> int | None:
    """Take a plant token: from the taller face-down pile, or at random from the bag."""
    if state.options.get("plant_draw") == "bag":
        bag = state.plant_piles[0]
        if not bag:
            return None
        i = rand_below(state.seed, "bag", state.rng, len(bag))
        state.rng += 1
        return bag.pop(i)
    piles = [p for p in state.plant_piles if p]
    if not piles:
        return None
    return max(piles, key=len).pop()


def score_island(state: State, nodes: list[Node], with_plants: bool, incomplete: bool = False) -> Event:
    """Score one island in place: victory points, plant tokens, and constructions back to their owners."""
    node_set = set(nodes)
    spaces = sorted({space for space, _ in nodes})
    strength: dict[int, list[int]] = {}
    builds: list[tuple[int, Cell]] = []
    for space in spaces:
        cell = state.board[space]
        assert cell is not None
        if cell.build is not None and (space, cell.build.segment) in node_set:
            counts = strength.setdefault(cell.build.player, [0, 0, 0])
            counts[2 - PIECES.index(cell.build.piece)] += 1  # colony first, then fort, then trading post
            builds.append((space, cell))
    event: Event = {
        "type": "island",
        "spaces": spaces,
        "tiles": len(spaces),
        "incomplete": incomplete,
        "plants": {},
        "scores": {},
        "value": len(spaces),
    }
    if not strength:
        return event
    groups = rank_groups({p: (c[0], c[1], c[2]) for p, c in strength.items()})
    top = groups[0]
    if with_plants and any(c[0] or c[1] for c in strength.values()):
        if plants_left(state) >= len(top):
            for p in top:
                token = draw_plant(state)
                assert token is not None
                state.players[p].plants.append(token)
                event["plants"][p] = token
        else:
            event["plants_short"] = True
    value = len(spaces) + max(event["plants"].values(), default=0)
    event["value"] = value
    for p, pts in shares(groups, value).items():
        state.players[p].vp += pts
        event["scores"][p] = pts
    event["discoverers"] = top
    # What each builder had there (colonies, forts, trading posts): why the shares fell as they did (issue 24).
    event["built"] = {p: list(c) for p, c in strength.items()}
    for space, cell in builds:
        assert cell.build is not None
        state.players[cell.build.player].pieces[cell.build.piece] += 1
        state.board[space] = cell._replace(build=None)
    event["returned"] = len(builds)
    return event


def final_result(state: State) -> tuple[dict[str, Any], list[Event]]:
    """Grand Inventor bonus, then the ranking; tied players share a place (and a win)."""
    events: list[Event] = []
    counts = [len(p.plants) for p in state.players]
    best = max(counts)
    inventors = [i for i, c in enumerate(counts) if c == best and c > 0]
    for i in inventors:
        state.players[i].vp += best
    if inventors:
        events.append({"type": "inventor", "players": inventors, "bonus": best})
    scores = [p.vp for p in state.players]
    ranking = [1 + sum(1 for s in scores if s > mine) for mine in scores]
    winners = [i for i, r in enumerate(ranking) if r == 1]
    result = {"scores": scores, "ranking": ranking, "winners": winners, "inventor": inventors}
    events.append({"type": "game_over", **result})
    return result, events
