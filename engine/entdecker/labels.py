"""Words for moves and events: the labels players see in autocomplete, buttons and the channel log."""

from __future__ import annotations

from typing import Any

from engine.core.grid import DIR_WORDS
from engine.core.moves import Move
from engine.core.words import directions, plural, winners_win
from engine.entdecker import board as B
from engine.entdecker.state import GRID, PIECE_VALUE, State
from engine.entdecker.tiles import tile

PIECE_WORDS = {"trading_post": "trading post", "fort": "fort", "colony": "colony"}
EVENT_WORDS = {
    "storm": "Storm",
    "hostile_natives": "Hostile natives",
    "welcoming_natives": "Welcoming natives",
    "pirates": "Pirates",
    "ruins": "Ruins",
    "gold": "Gold",
}
ROTATION_WORDS = ("as drawn", "turned 90°", "turned 180°", "turned 270°")


SCORE_WORDS = ("point", "points")  # what the scores count, on the picture and in every message


# By edge class (the fill-in pile numbers): what a tile's sides are, in words.
SHAPE_WORDS = {
    1: "all sea",
    2: "land on one side",
    3: "land on two opposite sides",
    4: "land on two neighbouring sides",
    5: "land on three sides",
    6: "all land",
}


def shape_words(tid: str) -> str:
    g = tile(tid).geometry
    shape = SHAPE_WORDS[g.edge_class()]
    return f"{shape}, two pieces of land" if len(g.segments) > 1 else shape


def tile_words(tid: str) -> str:
    """A tile as players tell tiles apart: its name and the shape of its land (no side codes)."""
    t = tile(tid)
    name = "fill-in tile" if t.name.startswith("fill-in") else t.name
    words = f"{name} ({shape_words(tid)})"
    return f"{words}, event: {EVENT_WORDS[t.event]}" if t.event else words


FIXED_LABELS = {"stop": "Stop: end the turn without building"}
NATIVES_LABELS = {"take": "Take the natives' plant token", "leave": "Leave the plant token"}
NUMBERED = ("ship", "place")  # their labels carry the number the board overlay shows


def move_label(state: State, move: Move, number: int | None = None) -> str:
    """A label of at most 100 characters for a legal move of the current state."""
    k = move.kind
    prefix = f"#{number} " if number is not None else ""
    if k == "ship":
        pos = move.get("position")
        ship = B.parse_ship(pos)
        assert ship is not None
        if ship[1] >= 0:
            return f"{prefix}{pos}: edge circle {DIR_WORDS[ship[1]]} of {GRID.name(ship[0])}"
        cost = B.position_cost(state, ship[0], move.player)
        cell = state.board[ship[0]]
        if cost and cell and cell.build:
            owner = state.players[cell.build.player].name
            return f"{prefix}{pos} (costs {cost} gold: {owner}'s {PIECE_WORDS[cell.build.piece]})"[:100]
        return f"{prefix}{pos}: on the discovered tile"
    if k == "explore":
        n = move.get("count")
        unit = "gold" if state.options.get("personal_tiles") else ("tile" if n == 1 else "tiles")
        return f"{n} {unit} (costs {n} gold)" if unit != "gold" else f"{n} gold for exploring"
    if k == "draw":
        i = move.get("pile")
        pile = state.piles[i - 1]
        top = " — a ? on top (event tile)" if pile and tile(pile[-1]).event else ""
        return f"Pile {i} ({plural(len(pile), 'tile')}){top}"
    if k == "place":
        return f"{prefix}{move.get('space')}, {ROTATION_WORDS[move.get('rotation')]}"
    if k == "build":
        piece, seg = move.get("piece"), move.get("segment")
        assert state.ship is not None
        cell = state.board[state.ship[0]]
        assert cell is not None
        factor = 2 if B.tile_event(cell) == "hostile_natives" else 1
        g = B.cell_geometry(cell)
        where = f" on the land to the {directions(g.segments[seg])}" if len(g.segments) > 1 else ""
        return f"Build a {PIECE_WORDS[piece]}{where} ({PIECE_VALUE[piece] * factor} gold, ends the turn)"
    if k == "recall":
        return f"Take back the trading post on {move.get('space')}"
    if k == "natives":
        return NATIVES_LABELS[move.get("choice")]
    if k == "personal":
        return f"Personal tile: {tile_words(move.get('tile'))} (2 gold)"[:100]
    return FIXED_LABELS[k]  # a kind with one text; a kind with none is a bug, never its key shown to players


def describe(event: dict[str, Any], names: list[str]) -> str | None:
    """One line of English for an event; None for bookkeeping events that need no words."""
    t = event["type"]

    def who(key: str = "player") -> str:
        return names[int(event[key])]

    if t == "income":
        return f"Season {event['season']}: the wheel gives everyone {event['amount']} gold."
    if t == "turn":
        return None
    if t == "ship":
        cost = f", paying {event['cost']} gold" if event["cost"] else ""
        return f"{who()} puts the ship on {event['position']}{cost}."
    if t == "explore":
        return f"{who()} declares {plural(event['count'], 'exploration')}."
    if t == "draw":
        return f"{who()} draws from pile {event['pile']}: {tile_words(event['tile'])}."
    if t == "personal":
        return f"{who()} plays a personal tile: {tile_words(event['tile'])}."
    if t == "choose_placement":
        return f"It fits in {event['options']} ways; {who()} chooses."
    if t == "place":
        return f"The tile goes on {event['space']} and the ship sails onto it."
    if t == "discard":
        where = "is kept beside the fill-in piles" if event["kept"] else "leaves the game"
        return f"The tile fits nowhere and {where}."
    if t == "event":
        e = event["event"]
        if e == "storm":
            return f"Storm! {who()}'s turn ends at once."
        if e == "hostile_natives":
            return "Hostile natives: building on this tile costs double."
        if e == "welcoming_natives":
            if event.get("offer"):
                return f"Welcoming natives: {who()} may take a plant token."
            if event.get("plant") is None:
                return "Welcoming natives, but no plant tokens are left."
            return f"Welcoming natives: {who()} takes a plant token worth {event['plant']}."
        if e == "pirates":
            return f"Pirates! {who()} loses {event['gold_lost']} gold."
        if e == "ruins":
            return f"Ruins: {who()} scores 3 points."
        if e == "gold":
            return f"Gold: {who()} finds {event['gold_gained']} gold."
    if t == "natives":
        if event.get("plant") is None:
            return f"{who()} leaves the plant token with the natives."
        return f"{who()} takes a plant token worth {event['plant']}."
    if t == "forced_stop":
        reason = {
            "storm": "the storm",
            "no_draws_left": "no declared explorations left",
            "piles_empty": "the discovery piles are empty",
            "no_free_line": "no line leads to undiscovered sea",
        }[event["reason"]]
        return f"{who()}'s voyage ends: {reason}."
    if t == "build":
        return f"{who()} builds a {PIECE_WORDS[event['piece']]} on {event['space']} for {event['cost']} gold."
    if t == "stop":
        return f"{who()} ends the turn."
    if t == "recall":
        return f"{who()} takes back the trading post on {event['space']}."
    if t == "fill":
        return f"A fill-in tile ({SHAPE_WORDS[event['pile']]}) fills {event['space']}."
    if t == "fill_missing":
        return f"{event['space']} needs a fill-in tile ({SHAPE_WORDS[event['pile']]}), but none is left."
    if t == "island":
        size = plural(event["tiles"], "tile")
        kind = "Incomplete island" if event["incomplete"] else "Island complete"
        if not event["scores"]:
            return f"{kind}: {size}, nobody built there."
        plants = "".join(f" {names[int(p)]} finds a plant worth {v}." for p, v in event["plants"].items())
        short = " Not enough plant tokens for all the greatest discoverers." if event.get("plants_short") else ""
        ranked = sorted(event["scores"].items(), key=lambda x: -x[1])
        pts = ", ".join(f"{names[int(p)]} {plural(v, *SCORE_WORDS)}" for p, v in ranked)
        return f"{kind}: {size}, worth {event['value']}.{plants}{short} Scores: {pts}."
    if t == "pass":
        return f"{who()} cannot pay for an exploration and passes."
    if t == "end":
        return {
            "board_full": "The board is full: the game ends.",
            "piles_empty": "The last discovery tile is drawn: the game ends.",
            "plants_gone": "The plant tokens have run out: the game ends.",
            "nothing_to_explore": "No line leads to undiscovered sea any more: the game ends.",
        }[event["reason"]]
    if t == "inventor":
        ps = " and ".join(names[p] for p in event["players"])
        most = "hold" if len(event["players"]) > 1 else "holds"
        bonus = plural(event["bonus"], *SCORE_WORDS)
        return f"Grand Inventor: {ps} {most} the most plant tokens ({event['bonus']}) and scores {bonus}, 1 a token."
    if t == "game_over":
        return f"Game over. {winners_win(names, event['winners'])}!"
    return None
