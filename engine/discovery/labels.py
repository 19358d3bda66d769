"""Words for moves and events: the labels players see in autocomplete, buttons and the channel log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.moves import Move
from engine.core.words import plural, winners_win
from engine.discovery import board as B
from engine.discovery.placing import placement_words
from engine.discovery.state import State, parse_pos
from engine.discovery.tiles import TERRAIN_WORDS, parse_sides, region_words, rotations, tile_words

LABEL_MAX = 100  # Discord's limit for a choice's name


def fit(label: str) -> str:
    """A label within LABEL_MAX characters, cut at a word with "…" (what the label says first matters most)."""
    if len(label) <= LABEL_MAX:
        return label
    return label[: LABEL_MAX - 1].rsplit(" ", 1)[0].rstrip(";,") + "…"


ROLE_WORDS = {"explorer": "explorer", "brigand": "brigand", "navigator": "navigator"}


def labels(state: State, moves: Sequence[Move], numbers: Sequence[int | None]) -> list[str]:
    """Labels for a batch of legal moves, sharing one analysis of the map among them."""
    m = B.analyse(state.board) if moves else None
    return [move_label(state, move, n, m) for move, n in zip(moves, numbers, strict=True)]


def _follower_territory(state: State, m: B.Map, at: str, code: str) -> tuple[B.Territory, str] | None:
    pos, sides = parse_pos(at), parse_sides(code)
    if pos is None or pos not in state.board or sides is None:
        return None
    g = B.geometry(state.board[pos])
    for i, region in enumerate(g.regions):
        if region.sides == sides:
            return m.at(pos[0], pos[1], i), region_words(g, i)
    return None


def territory_words(m: B.Map, t: B.Territory) -> str:
    state_word = "complete" if t.complete else "open"
    size = plural(t.size, "tile")
    if t.terrain == "G":
        return f"{state_word} grassland, {size}"
    cities = m.city_count(t)
    return f"{state_word} {TERRAIN_WORDS[t.terrain]}, {size}, {cities} cit{'ies' if cities != 1 else 'y'}"


def move_label(state: State, move: Move, number: int | None = None, m: B.Map | None = None) -> str:
    """A label of at most 100 characters for a legal move of the current state."""
    k = move.kind
    if k == "place":
        pos = parse_pos(move.get("at"))
        r = (move.get("turn") or 0) // 90
        tid = state.players[move.player].hand[move.get("tile") - 1] if move.get("tile") else state.drawn
        prefix = f"#{number} " if number is not None else ""
        which = f"tile {move.get('tile')} " if move.get("tile") else ""
        if tid is None or pos is None:
            return f"{prefix}{which}at {move.get('at')}"
        m = m or B.analyse(state.board)
        return fit(f"{prefix}{which}at {move.get('at')}: {placement_words(state.board, m, pos, rotations(tid)[r])}")
    m = m or B.analyse(state.board)
    if k == "deploy":
        assert state.placed is not None
        found = _follower_territory(state, m, f"{state.placed[0]},{state.placed[1]}", move.get("region"))
        if found is None:
            return f"{move.get('role')} on {move.get('region')}"
        t, words = found
        return f"{move.get('role').capitalize()} on {words} ({territory_words(m, t)}; {m.value(t)} now)"[:100]
    if k == "score":
        found = _follower_territory(state, m, move.get("at"), move.get("region"))
        if found is None:
            return f"Remove the follower at {move.get('at')}"
        t, words = found
        role = {"G": "explorer", "M": "brigand", "S": "navigator"}[t.terrain]
        return f"Score {m.value(t)}: your {role} at {move.get('at')} ({territory_words(m, t)})"[:100]
    if k == "pass":
        return "Pass: deploy nothing, score nothing"
    return move.key


def describe(event: dict[str, Any], names: Sequence[str]) -> str | None:
    """One line of English for an event; None for bookkeeping events that need no words."""
    t = event["type"]

    def who(key: str = "player") -> str:
        i = event[key]
        return names[i] if 0 <= i < len(names) else f"Player {i + 1}"

    if t == "draw":
        return f"{who()} draws a tile: {tile_words(event['tile'])}."
    if t == "place":
        return f"{who()} places the tile at {event['at']}: {tile_words(event['tile'], event['turn'] // 90)}."
    if t == "complete":
        size = plural(event["tiles"], "tile")
        return f"A {TERRAIN_WORDS[event['terrain']]} of {size} is complete (worth {event['value']} now)."
    if t == "refill":
        return f"{who()} draws a new tile into their hand."
    if t == "discard":
        return f"A tile fits nowhere ({tile_words(event['tile'])}) and goes back into the box."
    if t == "deploy":
        where = "the inner region" if event["region"] == "inner" else f"the {event['region']} side"
        article = "an" if str(event["role"])[:1] in "aeiou" else "a"
        return f"{who()} deploys {article} {event['role']} at {event['at']} ({where})."
    if t == "score":
        done = "complete" if event["complete"] else "open"
        terrain = TERRAIN_WORDS[event["terrain"]]
        size = plural(event["tiles"], "tile")
        cities = "" if event["terrain"] == "G" else f", {event['cities']} cit{'ies' if event['cities'] != 1 else 'y'}"
        what = f"{done} {terrain}, {size}{cities}"
        return f"{who()} removes their {event['role']} at {event['at']}: {event['points']} points ({what})."
    if t == "pass":
        return f"{who()} keeps the followers where they are."
    if t == "no_choice":
        return f"{who()} has no follower to deploy or remove."
    if t == "skip":
        return f"{who()} has no tiles left and sits out."
    if t == "turn":
        return None
    if t == "end":
        return "The last tile is placed. Final scoring: every territory counts as incomplete."
    if t == "final":
        return f"Final scoring: {who()}'s {event['role']} at {event['at']} scores {event['points']}."
    if t == "game_over":
        return f"Game over. {winners_win(names, event['winners'])}!"
    return None
