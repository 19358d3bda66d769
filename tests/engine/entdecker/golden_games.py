"""Golden playthroughs of this game (see tests/engine/golden.py): fixed seeds played by the AIs.

Regenerate after an intended rules or tile-data change with `python -m tests.engine.entdecker.golden_games`,
and read the diff: every changed line is a changed game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.engine import golden

GAME = "entdecker"
GOLDEN_DIR = Path(__file__).parent / "golden"
CASES: list[dict[str, Any]] = [
    {"name": "two-heuristic", "seed": 101, "ais": ["heuristic", "heuristic"], "options": {}},
    {"name": "three-mixed", "seed": 202, "ais": ["heuristic", "random", "heuristic"], "options": {}},
    {
        "name": "four-variants",
        "seed": 303,
        "ais": ["heuristic", "random", "heuristic", "random"],
        "options": {
            "personal_tiles": True,
            "rotating_first_player": True,
            "keep_unplayable": True,
            "end_when_plants_run_out": True,
            "plant_draw": "bag",
        },
    },
]


def playthrough(case: dict[str, Any]) -> dict[str, Any]:
    return golden.playthrough(GAME, case)


def main() -> None:
    golden.write(GAME, CASES, GOLDEN_DIR)


if __name__ == "__main__":
    main()
