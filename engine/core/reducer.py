"""The framework half of every game's reducer, written once: a game (engine.api.Game) supplies its data, its legal
moves, what a move does and the body of its view; this module does everything around them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.api import Event, Game, OptionValue, View
from engine.core import state as core_state
from engine.core.moves import Move
from engine.core.state import S
from engine.errors import IllegalMove

MAX_LABEL = 100


def new_game(game: Game[S], players: list[str], options: dict[str, Any] | None, seed: int) -> S:
    info = game.info
    if not info.min_players <= len(players) <= info.max_players:
        raise IllegalMove(f"{info.title} is for {info.min_players} to {info.max_players} players, not {len(players)}.")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise IllegalMove("The seed must be an integer.")
    opts: dict[str, OptionValue] = info.normalise_options(options)
    return game.setup([str(name) for name in players], opts, seed)


def to_act(game: Game[S], state: S) -> list[int]:
    if state.game_over:
        return []
    return game.to_act(state) if game.to_act is not None else [state.current]


def legal_moves(game: Game[S], state: S) -> list[Move]:
    return [] if state.game_over else game.legal_moves(state)


def step(game: Game[S], state: S, move: Move) -> tuple[S, list[Event]]:
    """The new state and its events; IllegalMove with a reason a player can read when `move` is not legal now."""
    if state.game_over:
        raise IllegalMove("The game is over.")
    seats = to_act(game, state)
    if not isinstance(move.player, int) or isinstance(move.player, bool) or move.player not in seats:
        # Seats are counted from 1 in words, from 0 in moves.
        mover = move.player + 1 if isinstance(move.player, int) and not isinstance(move.player, bool) else move.player
        raise IllegalMove(f"It is {state.names[seats[0]]}'s turn (seat {seats[0] + 1}), not seat {mover!r}'s.")
    legal = game.legal_moves(state)
    args = dict(move.args)
    match = next((m for m in legal if m.kind == move.kind and dict(m.args) == args), None)
    if match is None:
        raise IllegalMove(_why_illegal(game, state, move, legal))
    # The legal move's own form, so logs and keys never depend on how the caller ordered the arguments.
    return play(game.apply, state, match)


def play(apply: Callable[[S, Move, list[Event]], None], state: S, move: Move) -> tuple[S, list[Event]]:
    """A legal move played on a copy of `state`, without the checks of `step`: for AIs that look ahead over the
    moves legal_moves gave them."""
    new = state.copy()
    events: list[Event] = []
    apply(new, move, events)
    new.version += 1
    new.history.append(move)
    return new, events


def _why_illegal(game: Game[S], state: S, move: Move, legal: list[Move]) -> str:
    reason = game.why_illegal(state, move) if game.why_illegal is not None else None
    if reason:
        return reason
    same = [m for m in legal if m.kind == move.kind]
    if not same:
        kinds = ", ".join(sorted({m.kind for m in legal}))
        return f"You can't {move.kind} now; the moves now are: {kinds}."
    examples = ", ".join(m.key.split(":", 1)[-1] for m in same[:8])
    return f"{move.key} is not legal now. Legal choices: {examples}{'…' if len(same) > 8 else ''}."


def turn_passed(game: Game[Any], events: list[Event]) -> bool:
    return any(e.get("type") in game.turn_events for e in events)


def numbered_legal(
    game: Game[S], state: S, viewer: int | None = None, *, everyone: bool = False, moves: list[Move] | None = None
) -> list[dict[str, Any]]:
    """The legal moves (`moves`, if the caller has them already) as data: key, kind, player, number (1, 2, ...
    within the kind), the arguments and a label. Moves the game hides from `viewer` are left out unless `everyone`;
    the numbers count every legal move, so the board overlay and the autocomplete agree for everybody."""
    if moves is None:
        moves = legal_moves(game, state)
    counters: dict[str, int] = {}
    numbers = []
    for move in moves:
        counters[move.kind] = counters.get(move.kind, 0) + 1
        numbers.append(counters[move.kind])
    shown = [n if m.kind in game.numbered else None for m, n in zip(moves, numbers, strict=True)]
    labels = game.labels(state, moves, shown)
    out = []
    for move, number, label in zip(moves, numbers, labels, strict=True):
        if not everyone and game.hidden is not None and game.hidden(state, move, viewer):
            continue
        entry: dict[str, Any] = {"key": move.key, "kind": move.kind, "player": move.player, "number": number}
        entry.update(move.args)
        entry["label"] = label[:MAX_LABEL]
        out.append(entry)
    return out


def move_label(game: Game[S], state: S, move: Move) -> str:
    """The label of `move`, numbered exactly as in numbered_legal (a move that is not legal: its plain label)."""
    for entry in numbered_legal(game, state, everyone=True):
        if entry["key"] == move.key:
            return str(entry["label"])
    return game.labels(state, [move], [None])[0][:MAX_LABEL]


def view(game: Game[S], state: S, viewer: int | None) -> View:
    """The common header (engine.api.HEADER_KEYS), the same for every game by construction, then the game's body."""
    body = game.view(state, viewer)
    extras = body.pop("players")
    moves = legal_moves(game, state)
    header: View = {
        "game": state.game,
        "version": state.version,
        "viewer": viewer,
        "phase": state.phase,
        "to_act": to_act(game, state),
        "current_player": None if state.game_over else state.current,
        "turn": state.turn,
        "prompt": "" if state.game_over else game.prompt(state, moves),
        "legal": numbered_legal(game, state, viewer, moves=moves),
        "players": [
            {"seat": i, "name": name, **extra} for i, (name, extra) in enumerate(zip(state.names, extras, strict=True))
        ],
        "game_over": state.game_over,
        "result": state.result,
    }
    header.update(body)
    return header


def ai_move(game: Game[S], state: S, kind: str) -> Move:
    if kind not in game.ais:
        raise ValueError(f"unknown AI {kind!r}; known: {', '.join(game.ais)}")
    return game.ais[kind](state)


def from_dict(game: Game[S], data: dict[str, Any]) -> S:
    return core_state.from_dict(game.state, data)
