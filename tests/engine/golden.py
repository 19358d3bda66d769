"""Golden playthroughs (OpenSpiel style), the same for every game: fixed seeds played by the AIs, written out as
a readable transcript, and the checks that a fresh playthrough and a replay of the saved log match the file.

Each game's `tests/engine/<game>/golden_games.py` lists its cases; regenerate after an intended rules or data change
with `python -m tests.engine.<game>.golden_games` and read the diff: every changed line is a changed game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import engine

Case = dict[str, Any]


def playthrough(game: str, case: Case) -> dict[str, Any]:
    """The case played to the end by its AIs (one AI kind per seat): moves, labels and events in words."""
    names = [f"{kind}-{i + 1}" for i, kind in enumerate(case["ais"])]
    state = engine.new_game(game, names, case["options"], case["seed"])
    transcript = []
    while not state.game_over:
        move = engine.ai_move(state, case["ais"][engine.to_act(state)[0]])
        label = engine.move_label(state, move)
        state, events = engine.step(state, move)
        lines = [t for t in (engine.describe(game, e, names) for e in events) if t]
        transcript.append({"move": move.key, "label": label, "events": lines})
    return {
        "case": case,
        "saved": engine.saved_game(state),
        "transcript": transcript,
        "result": state.result,
        "final_state": json.loads(engine.state_to_json(state)),
    }


def write(game: str, cases: list[Case], directory: Path) -> None:
    directory.mkdir(exist_ok=True)
    for case in cases:
        path = directory / f"{case['name']}.json"
        path.write_text(json.dumps(playthrough(game, case), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {path}")


def _golden(case: Case, directory: Path) -> dict[str, Any]:
    return json.loads((directory / f"{case['name']}.json").read_text(encoding="utf-8"))


def check_playthrough(game: str, case: Case, directory: Path) -> None:
    """A fresh playthrough equals the golden file, move by move (the first differing move is named)."""
    golden = _golden(case, directory)
    fresh = playthrough(game, case)
    for i, (want, got) in enumerate(zip(golden["transcript"], fresh["transcript"], strict=False)):
        assert got == want, f"move {i + 1} differs"
    assert len(fresh["transcript"]) == len(golden["transcript"])
    assert fresh["result"] == golden["result"]
    assert fresh["final_state"] == golden["final_state"]


def check_replay(case: Case, directory: Path) -> None:
    """The golden file's saved log replays to its final state."""
    golden = _golden(case, directory)
    state = engine.replay(golden["saved"])
    assert json.loads(engine.state_to_json(state)) == golden["final_state"]
