"""The pure rules engine: plain-data states, legal moves, a reducer, views and replays.

No Discord, Pillow, SQLite, asyncio or wall clock here: same seed and moves, same game.
See docs/engine-contract.md.
"""

from __future__ import annotations

import collections
import json
from collections.abc import Iterator
from typing import Any

from engine.api import Game, GameInfo, Presenter
from engine.core import reducer
from engine.core import state as core_state
from engine.core.lang import ENGINE_FOLDER, ENGINE_FOLDERS, LANGUAGE_NAMES, LANGUAGES, Words, language_of, words
from engine.core.moves import Move
from engine.errors import IllegalMove
from engine.games import GAMES, game_of

SAVE_FORMAT = "engine-save/1"

__all__ = [
    "ENGINE_FOLDER",
    "ENGINE_FOLDERS",
    "GAMES",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "SAVE_FORMAT",
    "GameInfo",
    "IllegalMove",
    "Move",
    "Presenter",
    "Words",
    "ai_move",
    "apply",
    "describe",
    "games",
    "info",
    "language_of",
    "legal_moves",
    "move_from_json",
    "move_from_key",
    "move_label",
    "move_to_json",
    "new_game",
    "presenter",
    "replay",
    "replayed",
    "saved_game",
    "state_from_json",
    "state_to_json",
    "step",
    "tiles_left",
    "to_act",
    "turn_passed",
    "undoable",
    "view",
    "words",
]


def _game(state: Any) -> Game[Any]:
    return game_of(getattr(state, "game", None))


def games() -> list[GameInfo]:
    """Every registered game's description, in registry order."""
    return [game.info for game in GAMES.values()]


def info(game: str) -> GameInfo:
    """The description of `game` (IllegalMove listing the games if there is no such game)."""
    return game_of(game).info


def presenter(game: str) -> Presenter:
    """How `game` reads in a chat: its turn verbs, controls and words (see engine/api.py)."""
    return game_of(game).presenter


def new_game(game: str, players: list[str], options: dict[str, Any] | None = None, seed: int = 0) -> Any:
    """A new game of `game` for the named players (seat order = list order); all randomness from `seed`."""
    return reducer.new_game(game_of(game), list(players), options, seed)


def legal_moves(state: Any) -> list[Move]:
    """The legal moves of every seat that must act now ([] when the game is over)."""
    return reducer.legal_moves(_game(state), state)


def step(state: Any, move: Move) -> tuple[Any, list[dict[str, Any]]]:
    """Apply `move` to a copy of `state`: (new state, events). Raises IllegalMove with a readable reason."""
    if not isinstance(move, Move):
        raise IllegalMove("That is not a move.")
    return reducer.step(_game(state), state, move)


def to_act(state: Any) -> list[int]:
    """The seats that must act now, in order ([] when the game is over)."""
    return reducer.to_act(_game(state), state)


def turn_passed(game: str, events: list[dict[str, Any]]) -> bool:
    """Whether the move that produced `events` ended a turn (or the game)."""
    return reducer.turn_passed(game_of(game), events)


def undoable(state_before: Any, move: Move, events: list[dict[str, Any]]) -> bool:
    """Whether the player who made `move` (on `state_before`, producing `events`) may take it back alone: it
    revealed nothing hidden. A game that does not say (no `Game.undoable`) allows no lone undo."""
    judge = _game(state_before).undoable
    return bool(judge(state_before, move, events)) if judge is not None else False


def apply(state: Any, move: Move) -> Any:
    return step(state, move)[0]


def view(state: Any, viewer: int | None = None) -> dict[str, Any]:
    """What seat `viewer` (None: a spectator) may see, as JSON-able data."""
    return reducer.view(_game(state), state, viewer)


def describe(game: str, event: dict[str, Any], names: list[str]) -> str | None:
    """One line of plain words for an event (None for bookkeeping events)."""
    return game_of(game).presenter.describe(event, names)


def tiles_left(state: Any) -> list[dict[str, Any]]:
    """What remains to be drawn, as everyone may know it: piles of tiles counted by kind (engine/core/left.py),
    never in their order; [] for a game without tiles to draw."""
    judge = _game(state).tiles_left
    return judge(state) if judge is not None else []


def move_label(state: Any, move: Move) -> str:
    return reducer.move_label(_game(state), state, move)


def move_from_key(state: Any, key: str) -> Move:
    """The legal move of the current player whose key is `key` (as offered by autocomplete or a button)."""
    moves = legal_moves(state)
    for m in moves:
        if m.key == key:
            return m
    if not moves:
        raise IllegalMove("There is nothing to do: the game is over.")
    sample = ", ".join(m.key for m in moves[:10])
    raise IllegalMove(f"{key!r} is not a legal choice now. Legal now: {sample}{'…' if len(moves) > 10 else ''}.")


def move_to_json(move: Move) -> dict[str, Any]:
    return move.to_json()


def move_from_json(data: Any) -> Move:
    return Move.from_json(data)


def ai_move(state: Any, kind: str = "heuristic") -> Move:
    """A legal move for the first seat to act, chosen by the AI of that kind (ValueError for an unknown kind)."""
    return reducer.ai_move(_game(state), state, kind)


def state_to_json(state: Any, *, history: bool = True) -> str:
    """The state as JSON text. history=False leaves the applied moves out (an empty "history"), for a caller that
    keeps them elsewhere anyway (storage's move log) and hands them back to state_from_json."""
    data = core_state.to_dict(state)
    if not history:
        data["history"] = []
    return json.dumps(data, separators=(",", ":"))


def state_from_json(text: str, history: list[dict[str, Any]] | None = None) -> Any:
    """The state saved by state_to_json. `history`: the applied moves (move_to_json dicts, oldest first) to put back
    into a state saved with history=False; it replaces whatever history the text holds."""
    data = json.loads(text)
    if history is not None:
        data["history"] = list(history)
    return reducer.from_dict(game_of(data.get("game", "")), data)


def saved_game(state: Any) -> dict[str, Any]:
    """The game as its log: replaying it reproduces `state` exactly."""
    return {
        "format": SAVE_FORMAT,
        "game": state.game,
        "rules_version": state.rules_version,
        "seed": state.seed,
        "players": state.names,
        "options": state.options,
        "moves": [m.to_json() for m in state.history],
    }


def replay(saved: dict[str, Any]) -> Any:
    """Rebuild a game from its log. A bad log raises IllegalMove naming the move and the reason."""
    return collections.deque(replayed(saved), maxlen=1)[0]


def replayed(saved: dict[str, Any]) -> Iterator[Any]:
    """Every state of a saved game in order: the start (version 0), then the state after each logged move (what
    `replay` returns last; the board at any turn and the animated replay read the states on the way). A bad log
    raises IllegalMove naming the move and the reason, when the replay reaches it."""
    if not isinstance(saved, dict):
        raise IllegalMove("A saved game must be a JSON object.")
    try:
        game = game_of(saved["game"])
        if saved.get("rules_version") != game.rules_version:
            raise IllegalMove(f"rules version {saved.get('rules_version')} is not {game.rules_version}")
        state = reducer.new_game(game, list(saved["players"]), saved.get("options"), saved["seed"])
        moves = saved["moves"]
    except KeyError as exc:
        raise IllegalMove(f"The saved game lacks {exc.args[0]!r}.") from exc
    yield state
    for i, data in enumerate(moves, 1):
        try:
            state = apply(state, Move.from_json(data))
        except IllegalMove as exc:
            raise IllegalMove(f"move {i} ({json.dumps(data)}): {exc.reason}") from exc
        yield state
