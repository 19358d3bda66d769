"""Golden playthroughs: fixed seeds played by the AIs, written out as a readable transcript.

Regenerate after an intended rules or tile-data change with `python -m tests.engine.discovery.golden_games`,
and read the diff: every changed line is a changed game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import engine

GOLDEN_DIR = Path(__file__).parent / "golden"
CASES: list[dict[str, Any]] = [
    {"name": "two-heuristic", "seed": 101, "ais": ["heuristic", "heuristic"], "options": {}},
    {
        "name": "three-double-equal",
        "seed": 202,
        "ais": ["heuristic", "random", "heuristic"],
        "options": {"double_tile": True, "equal_turns": True},
    },
]


def playthrough(case: dict[str, Any]) -> dict[str, Any]:
    names = [f"{kind}-{i + 1}" for i, kind in enumerate(case["ais"])]
    state = engine.new_game("discovery", names, case["options"], case["seed"])
    transcript = []
    while not state.game_over:
        move = engine.ai_move(state, case["ais"][state.current_player])
        label = engine.move_label(state, move)
        state, events = engine.step(state, move)
        lines = [t for t in (engine.describe("discovery", e, names) for e in events) if t]
        transcript.append({"move": move.key, "label": label, "events": lines})
    return {
        "case": case,
        "saved": engine.saved_game(state),
        "transcript": transcript,
        "result": state.result,
        "final_state": json.loads(engine.state_to_json(state)),
    }


def main() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for case in CASES:
        path = GOLDEN_DIR / f"{case['name']}.json"
        path.write_text(json.dumps(playthrough(case), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
