"""The game contract (engine/api.py) as the bot relies on it, for every registered game over AI play: the verbs
offer every legal move under a value unique per seat, labels are readable, a step copies, states and logs round
trip, a bad move is refused with a reason and changes nothing, and an AI answers quickly. A game's own words and
positions are tested in tests/engine/<game>/; the view header and the seam are in tests/test_seam.py."""

from __future__ import annotations

import json
import time
from typing import Any, cast

import pytest

import engine
from engine.core.moves import Move
from tests.played import Step, played

GAMES = list(engine.GAMES)


def _played(game: str) -> tuple[Step, ...]:
    """The first 150 random moves of a game of one seat more than the fewest (tests/played.py keeps them: several
    tests walk them). Whole games are played by tests/engine/test_golden.py and test_undo.py."""
    info = engine.info(game)
    return played(game, min(info.min_players + 1, info.max_players), seed=5, kind="random", moves=150).steps


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_move_has_a_verb_a_unique_value_and_a_readable_label(game: str) -> None:
    presenter = engine.presenter(game)
    for step in _played(game)[::3]:
        view = engine.view(step.before, None)
        assert view["prompt"], "a running game says what the seats to act do"
        values: dict[tuple[int, str, str], str] = {}
        for entry in view["legal"]:
            verb = presenter.verb_of(entry["kind"])
            assert verb is not None, entry["kind"]
            slot = (entry["player"], verb.name, presenter.value_of(entry))
            assert slot not in values, f"{entry['key']} and {values[slot]} share /{verb.name} {slot[2]}"
            values[slot] = entry["key"]
            assert 0 < len(entry["label"]) <= 100 and not entry["label"].startswith(entry["kind"] + ":"), entry
        for entry in view["legal"][:: max(1, len(view["legal"]) - 1)]:  # each key finds its move: first and last
            move = engine.move_from_key(step.before, entry["key"])
            assert engine.move_label(step.before, move) == entry["label"]


@pytest.mark.parametrize("game", GAMES)
def test_a_step_copies_counts_and_records(game: str) -> None:
    for step in _played(game)[:40]:
        assert step.after is not step.before
        assert step.after.version == step.before.version + 1
        assert step.after.history[-1] == step.move
    first = _played(game)[0]
    fresh = engine.new_game(game, first.before.names, {}, 5)
    assert engine.state_to_json(first.before) == engine.state_to_json(fresh), "step left its input as it was"


@pytest.mark.parametrize("game", GAMES)
def test_states_and_logs_round_trip(game: str) -> None:
    steps = _played(game)
    for step in steps[:: max(1, len(steps) // 8)]:
        text = engine.state_to_json(step.after)
        back = engine.state_from_json(text)
        assert engine.state_to_json(back) == text
        assert engine.legal_moves(back) == engine.legal_moves(step.after)
        data = engine.move_to_json(step.move)
        assert engine.move_from_json(json.loads(json.dumps(data))) == step.move
    last = steps[-1].after
    replayed = engine.replay(json.loads(json.dumps(engine.saved_game(last))))
    assert engine.state_to_json(replayed) == engine.state_to_json(last)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "bad",
    [
        pytest.param(lambda legal, other: Move("no-such-move", legal.player, ()), id="unknown-kind"),
        pytest.param(lambda legal, other: Move(legal.kind, other, legal.args), id="wrong-seat"),
        pytest.param(lambda legal, other: Move(legal.kind, 99, legal.args), id="no-such-seat"),
        pytest.param(
            lambda legal, other: Move(legal.kind, cast(Any, str(legal.player)), legal.args), id="seat-not-a-number"
        ),
        pytest.param(lambda legal, other: Move(legal.kind, cast(Any, None), legal.args), id="seat-none"),
        pytest.param(lambda legal, other: legal.key, id="not-a-move"),
    ],
)
def test_a_bad_move_is_refused_with_a_reason_and_changes_nothing(game: str, bad: Any) -> None:
    state = _played(game)[0].before
    legal = engine.legal_moves(state)[0]
    other = (legal.player + 1) % len(state.names)
    before = engine.state_to_json(state)
    with pytest.raises(engine.IllegalMove) as refused:
        engine.step(state, bad(legal, other))
    assert refused.value.reason
    assert engine.state_to_json(state) == before


@pytest.mark.parametrize("game", GAMES)
def test_ai_moves_are_fast(game: str) -> None:
    worst = 0.0
    for step in _played(game)[::9]:
        for kind in engine.info(game).ai_kinds:
            t = time.process_time()
            engine.ai_move(step.before, kind.name)
            worst = max(worst, time.process_time() - t)
    # CPU seconds, which a busy machine does not inflate as it does the wall clock's (2.9 s once at load 6): a turn
    # is an interaction the bot must answer (bench/ has the figures).
    assert worst < 2.0, f"an AI move took {worst:.2f} s"
