"""An event's line in the channel's turn account and the log, in the reader's language: templates marked N_() and
translated as they are told (engine/core/words.tell), or a function for a line that needs more."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.words import Line, Told, tell, winners_win
from engine.entdecker.lang import N_, _, ngettext
from engine.entdecker.words import PIECE_COUNTS, points, shape, tile_words, tiles


def _ship(e: Told) -> str:
    if e["cost"]:
        return _("{who} puts the ship on {position}, paying {cost} gold.").format_map(e)
    return _("{who} puts the ship on {position}.").format_map(e)


def _welcoming(e: Told) -> str:
    if e.get("offer"):
        return _("Welcoming natives: {who} may take a plant token.").format_map(e)
    if e.get("plant") is None:
        return _("Welcoming natives, but no plant tokens are left.")
    return _("Welcoming natives: {who} takes a plant token worth {plant}.").format_map(e)


EVENT_LINES: dict[str, Line] = {  # a tile's event, by the event it shows
    "storm": N_("Storm! {who}'s turn ends at once."),
    "hostile_natives": N_("Hostile natives: building on this tile costs double."),
    "welcoming_natives": _welcoming,
    "pirates": N_("Pirates! {who} loses {gold_lost} gold."),
    "ruins": N_("Ruins: {who} scores 3 points."),
    "gold": N_("Gold: {who} finds {gold_gained} gold."),
}
FORCED_STOPS = {  # why a voyage ended by itself
    "storm": N_("{who}'s voyage ends: the storm."),
    "no_draws_left": N_("{who}'s voyage ends: no declared explorations left."),
    "piles_empty": N_("{who}'s voyage ends: the discovery piles are empty."),
    "no_free_line": N_("{who}'s voyage ends: no line leads to undiscovered sea."),
}
BUILT = {
    "trading_post": N_("{who} builds a trading post on {space} for {cost} gold."),
    "fort": N_("{who} builds a fort on {space} for {cost} gold."),
    "colony": N_("{who} builds a colony on {space} for {cost} gold."),
}
ENDS = {
    "board_full": N_("The board is full: the game ends."),
    "piles_empty": N_("The last discovery tile is drawn: the game ends."),
    "plants_gone": N_("The plant tokens have run out: the game ends."),
    "nothing_to_explore": N_("No line leads to undiscovered sea any more: the game ends."),
}
_PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))  # by colonies, then forts, then trading posts


def _island(e: Told) -> str:
    size = tiles(e["tiles"])
    kind = _("Incomplete island") if e["incomplete"] else _("Island complete")
    if not e["scores"]:
        return _("{kind}: {size}, nobody built there.").format(kind=kind, size=size)
    names = e.names
    found = [_("{who} finds a plant worth {value}.").format(who=names[int(p)], value=v) for p, v in e["plants"].items()]
    short = [_("Not enough plant tokens for all the greatest discoverers.")] if e.get("plants_short") else []
    ranked = sorted(e["scores"].items(), key=lambda x: -x[1])
    worth = _("{kind}: {size}, worth {value}.").format(kind=kind, size=size, value=e["value"])
    built = e.get("built")  # absent from islands scored before issue 24
    if built is None:
        scores = ", ".join(f"{names[int(p)]} {points(v)}" for p, v in ranked)
        return " ".join([worth, *found, *short, _("Scores: {scores}.").format(scores=scores)])
    plant = max((int(v) for v in e["plants"].values()), default=0)
    marks = [int(v) for _p, v in ranked]
    shares = "; ".join(
        f"{_place(marks, int(v))}{names[int(p)]} {points(int(v))} ({_pieces(built[p])})" for p, v in ranked
    )
    halves = len(set(marks)) > 1  # each place below the first gets half the one above
    if plant:
        if halves:
            told = _("The plant makes it worth {value}: {shares}, each place half the one above (rounded up).")
        else:
            told = _("The plant makes it worth {value}: {shares}.")
        opening = _("{kind}: {size}.").format(kind=kind, size=size)
        return " ".join([opening, *found, *short, told.format(value=e["value"], shares=shares)])
    told = _("{shares}, each place half the one above (rounded up).") if halves else "{shares}."
    return " ".join([worth, *short, told.format(shares=shares)])


def _place(marks: Sequence[int], mine: int) -> str:
    """ "2nd " among several builders; nothing for a lone one."""
    return f"{_(_PLACES[min(sum(1 for x in marks if x > mine), 3)])} " if len(marks) > 1 else ""


def _pieces(counts: Sequence[int]) -> str:
    """A builder's constructions on an island, strongest first: "1 colony, 2 trading posts"."""
    order = ("colony", "fort", "trading_post")
    return ", ".join(PIECE_COUNTS[piece](n) for n, piece in zip(counts, order, strict=True) if n)


def _inventor(e: Told) -> str:
    who = _(" and ").join(e.names[p] for p in e["players"])
    line = ngettext(
        "Grand Inventor: {who} holds the most plant tokens ({count}) and scores {points}, 1 a token.",
        "Grand Inventor: {who} hold the most plant tokens ({count}) and scores {points}, 1 a token.",
        len(e["players"]),
    )
    return line.format(who=who, count=e["bonus"], points=points(e["bonus"]))


LINES: dict[str, Line] = {
    "income": N_("Season {season}: the wheel gives everyone {amount} gold."),
    "ship": _ship,
    "explore": lambda e: ngettext(
        "{who} declares {n} exploration.", "{who} declares {n} explorations.", e["count"]
    ).format(who=e["who"], n=e["count"]),
    "draw": lambda e: _("{who} draws from pile {pile}: {tile}.").format(
        who=e["who"], pile=e["pile"], tile=tile_words(e["tile"])
    ),
    "personal": lambda e: _("{who} plays a personal tile: {tile}.").format(who=e["who"], tile=tile_words(e["tile"])),
    "choose_placement": N_("It fits in {options} ways; {who} chooses."),
    "place": N_("The tile goes on {space} and the ship sails onto it."),
    "discard": lambda e: (
        _("The tile fits nowhere and is kept beside the fill-in piles.")
        if e["kept"]
        else _("The tile fits nowhere and leaves the game.")
    ),
    "event": lambda e: tell(EVENT_LINES, {**e.event, "type": e["event"]}, e.names, _),
    "natives": lambda e: (
        _("{who} leaves the plant token with the natives.").format(who=e["who"])
        if e.get("plant") is None
        else _("{who} takes a plant token worth {plant}.").format(who=e["who"], plant=e["plant"])
    ),
    "forced_stop": lambda e: _(FORCED_STOPS[e["reason"]]).format(who=e["who"]),
    "build": lambda e: _(BUILT[e["piece"]]).format(who=e["who"], space=e["space"], cost=e["cost"]),
    "stop": N_("{who} ends the turn."),
    "recall": N_("{who} takes back the trading post on {space}."),
    "fill": lambda e: _("A fill-in tile ({shape}) fills {space}.").format(shape=shape(e["pile"]), space=e["space"]),
    "fill_missing": lambda e: _("{space} needs a fill-in tile ({shape}), but none is left.").format(
        space=e["space"], shape=shape(e["pile"])
    ),
    "island": _island,
    "pass": N_("{who} cannot pay for an exploration and passes."),
    "end": lambda e: _(ENDS[e["reason"]]),
    "inventor": _inventor,
    "game_over": lambda e: _("Game over. {winners}!").format(winners=winners_win(e.names, e["winners"])),
}


def describe(event: dict[str, Any], names: Sequence[str]) -> str | None:
    """One line for an event in the reader's language; None for bookkeeping events ("turn") that need no words."""
    return tell(LINES, event, names, _)
