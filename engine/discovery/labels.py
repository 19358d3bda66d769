"""Words for moves and events: the labels players see in autocomplete, buttons and the channel log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.moves import Move
from engine.core.words import Line, Told, plural, tell, winners_win, with_article
from engine.discovery import board as B
from engine.discovery.placing import placement_words
from engine.discovery.state import State, parse_pos
from engine.discovery.tiles import TERRAIN_WORDS, parse_sides, region_words, rotations, sides_region_words, tile_words

LABEL_MAX = 100  # Discord's limit for a choice's name


def fit(label: str) -> str:
    """A label within LABEL_MAX characters, cut at a word with "…" (what the label says first matters most)."""
    if len(label) <= LABEL_MAX:
        return label
    return label[: LABEL_MAX - 1].rsplit(" ", 1)[0].rstrip(";,") + "…"


ROLE_WORDS = {"explorer": "explorer", "brigand": "brigand", "navigator": "navigator"}
ROLE_TERRAIN = {"explorer": "grassland", "brigand": "mountain", "navigator": "sea"}
SCORE_WORDS = ("point", "points")  # what the scores count, on the picture and in every message


def cities(n: int) -> str:
    return plural(n, "city", "cities")


FIXED_LABELS = {"pass": "Pass: deploy nothing, score nothing"}


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
    return f"{state_word} {TERRAIN_WORDS[t.terrain]}, {size}, {cities(m.city_count(t))}"


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
        assert found is not None, "a legal deployment names a region of the placed tile"
        t, words = found
        return f"{move.get('role').capitalize()} on {words} ({territory_words(m, t)}; {m.value(t)} now)"[:100]
    if k == "score":
        found = _follower_territory(state, m, move.get("at"), move.get("region"))
        assert found is not None, "a legal scoring names a follower's region"
        t, words = found
        role = {"G": "explorer", "M": "brigand", "S": "navigator"}[t.terrain]
        return f"Score {m.value(t)}: your {role} at {move.get('at')} ({territory_words(m, t)})"[:100]
    return FIXED_LABELS[k]  # a kind with one text; a kind with none is a bug, never its key shown to players


def _deploy(e: Told) -> str:
    where = sides_region_words(ROLE_TERRAIN.get(e["role"], "region"), parse_sides(str(e["region"])) or ())
    return f"{e['who']} deploys {with_article(e['role'])} on {where} of the tile at {e['at']}."


def _score(e: Told) -> str:
    done = "complete" if e["complete"] else "open"
    towns = "" if e["terrain"] == "G" else f", {cities(e['cities'])}"
    what = f"{done} {TERRAIN_WORDS[e['terrain']]}, {plural(e['tiles'], 'tile')}{towns}"
    return f"{e['who']} removes their {e['role']} at {e['at']}: {plural(e['points'], *SCORE_WORDS)} ({what})."


def _final_from(e: Told) -> str:
    """What a follower's final points come from: " (2 cities in the sea)"; "" for events stored before the engine
    recorded it."""
    if "tiles" not in e:
        return ""
    if e["terrain"] == "G":  # an incomplete grassland counts its tiles, a mountain or a sea its cities
        return f" ({plural(e['tiles'], 'tile')} of grassland)"
    return f" ({cities(e['cities'])} in the {TERRAIN_WORDS[e['terrain']]})"


LINES: dict[str, Line] = {
    "draw": lambda e: f"{e['who']} draws a tile: {tile_words(e['tile'])}.",
    "place": lambda e: f"{e['who']} places the tile at {e['at']}: {tile_words(e['tile'], e['turn'] // 90)}.",
    "complete": lambda e: (
        f"A {TERRAIN_WORDS[e['terrain']]} of {plural(e['tiles'], 'tile')} is complete (worth {e['value']} now)."
    ),
    "refill": "{who} draws a new tile into their hand.",
    "discard": lambda e: f"A tile fits nowhere ({tile_words(e['tile'])}) and goes back into the box.",
    "deploy": _deploy,
    "score": _score,
    "pass": "{who} keeps the followers where they are.",
    "no_choice": "{who} has no follower to deploy or remove.",
    "skip": "{who} has no tiles left and sits out.",
    "end": "The last tile is placed. Final scoring: every territory counts as incomplete.",
    "final": lambda e: (
        f"Final scoring: {e['who']}'s {e['role']} at {e['at']} scores {plural(e['points'], *SCORE_WORDS)}"
        f"{_final_from(e)}."
    ),
    "game_over": lambda e: f"Game over. {winners_win(e.names, e['winners'])}!",
}


def describe(event: dict[str, Any], names: Sequence[str]) -> str | None:
    """One line of English for an event; None for bookkeeping events ("turn") that need no words."""
    return tell(LINES, event, names)
