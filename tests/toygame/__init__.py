"""Nim, a toy game that lives only in the tests: two players take one to three stones in turn from one pile, and who
takes the last stone wins. It is registered through the registry alone (`engine.games.registered(GAME)`), so a test
can show that a game needs nothing outside its own package: not engine/games.py, not bot/, storage/ or render/.

    from engine.games import registered
    from tests.toygame import GAME

    with registered(GAME):
        state = engine.new_game("nim", ["Ann", "Bob"], {"stones": 7}, seed=1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.api import AIKind, Event, Game, GameInfo, OptionSpec, OptionValue, Presenter, Verb, View, one_by_one
from engine.core.lang import ngettext
from engine.core.moves import Move
from engine.core.rng import rand_below
from engine.core.state import CoreState

NAME = "nim"
MOST = 3  # stones one turn may take


@dataclass(kw_only=True)
class State(CoreState):
    names: list[str]
    pile: int
    taken: list[int]

    def copy_data(self, new: State) -> None:
        new.taken = list(self.taken)

    def data_to_dict(self) -> dict[str, Any]:
        return {"names": self.names, "pile": self.pile, "taken": self.taken}

    @classmethod
    def data_from_dict(cls, data: dict[str, Any]) -> dict[str, Any]:
        return {"names": list(data["names"]), "pile": data["pile"], "taken": list(data["taken"])}


def setup(players: list[str], options: dict[str, OptionValue], seed: int) -> State:
    stones = options["stones"]
    assert isinstance(stones, int)
    first = rand_below(seed, "first", 0, len(players))
    return State(
        game=NAME,
        rules_version=1,
        seed=seed,
        options=options,
        names=players,
        pile=stones,
        taken=[0] * len(players),
        current=first,
        phase="take",
    )


def legal_moves(state: State) -> list[Move]:
    return [Move.make("take", state.current, count=n) for n in range(1, min(MOST, state.pile) + 1)]


def apply(state: State, move: Move, events: list[Event]) -> None:
    count = int(move.get("count"))
    state.pile -= count
    state.taken[move.player] += count
    events.append({"type": "take", "player": move.player, "count": count, "left": state.pile})
    if state.pile == 0:
        winner = move.player
        scores = [1 if seat == winner else 0 for seat in range(len(state.names))]
        state.result = {"scores": scores, "winners": [winner], "ranking": [1 if s else 2 for s in scores]}
        state.game_over = True
        state.phase = "over"
        events.append({"type": "game_over", "winners": [winner]})
        return
    state.current = (state.current + 1) % len(state.names)
    state.turn += 1
    events.append({"type": "turn", "player": state.current})


def prompt(state: State, legal: Sequence[Move]) -> str:
    return f"take 1 to {len(legal)} stones"


def view(state: State, viewer: int | None) -> View:
    return {"players": [{"taken": n} for n in state.taken], "pile": state.pile, "options": dict(state.options)}


def label(state: State, move: Move, number: int | None) -> str:
    count = int(move.get("count"))
    # Through the engine's words, as a game's labels are: a test gives it a catalog (tests/e2e/test_languages.py).
    words = ngettext("Take {count} stone, leaving {left}", "Take {count} stones, leaving {left}", count)
    return words.format(count=count, left=state.pile - count)


def perfect(state: State) -> Move:
    """Leave the other player a multiple of four when that can be done; else take one and wait for a mistake."""
    moves = legal_moves(state)
    return next((m for m in moves if (state.pile - int(m.get("count"))) % (MOST + 1) == 0), moves[0])


def random(state: State) -> Move:
    moves = legal_moves(state)
    return moves[rand_below(state.seed, "ai-random", state.version, len(moves))]


def describe(event: Event, names: Sequence[str]) -> str | None:
    if event["type"] == "take":
        return f"{names[event['player']]} takes {event['count']}; {event['left']} left."
    if event["type"] == "game_over":
        return f"{names[event['winners'][0]]} takes the last stone and wins!"
    return None


def undoable(state_before: State, move: Move, events: Sequence[Event]) -> bool:
    """Nothing is hidden in Nim, but the end of a game is never taken back alone."""
    return not any(e["type"] == "game_over" for e in events)


INFO = GameInfo(
    name=NAME,
    title="Nim",
    summary="Take one to three stones in turn; who takes the last one wins.",
    min_players=2,
    max_players=2,
    options=(OptionSpec("stones", "Stones", "How many stones lie in the pile at the start", 10, (7, 10, 15)),),
    ai_kinds=(
        AIKind("perfect", "Perfect", "never misses a winning move"),
        AIKind("random", "Random", "picks any legal move"),
    ),
    rules_version=1,
    ai_names=("Bouton", "Sprague"),
)

PRESENTER = Presenter(
    verbs=(Verb("take", "Take stones from the pile", ("take",), "count", "How many stones"),),
    rules_text="Take one, two or three stones from the pile in turn. Who takes the last stone wins.",
    describe=describe,
)

GAME = Game(
    info=INFO,
    presenter=PRESENTER,
    state=State,
    setup=setup,
    legal_moves=legal_moves,
    apply=apply,
    prompt=prompt,
    view=view,
    labels=one_by_one(label),
    ais={"perfect": perfect, "random": random},
    undoable=undoable,
)
