"""Golden playthroughs (OpenSpiel style): the same seeds and moves must give the same game, line for line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.engine import golden
from tests.engine.desert.golden_games import CASES, GAME, GOLDEN_DIR


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_playthrough_matches_golden_file(case: dict) -> None:
    golden.check_playthrough(GAME, case, GOLDEN_DIR)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_save_replays_to_the_same_state(case: dict) -> None:
    golden.check_replay(case, GOLDEN_DIR)


def test_cli_selfplay_and_replay(tmp_path) -> None:
    cmd = [sys.executable, "-m", "engine", "selfplay", "--game", "desert", "--players", "3", "--games", "2"]
    cmd += ["--seed", "5", "--ai", "heuristic,random,random", "--save", str(tmp_path)]
    out = subprocess.run(cmd, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert lines[0]["end"] in ("last_tile", "stalled", "no_open_lines") and "oases" in lines[0]
    assert lines[0]["tiles_on_board"] > 21
    assert lines[-1]["summary"] is True and "total_actions" in lines[-1]
    saved = sorted(tmp_path.glob("*.json"))
    assert len(saved) == 2
    rp = subprocess.run([sys.executable, "-m", "engine", "replay", str(saved[0])], capture_output=True, text=True)
    assert rp.returncode == 0, rp.stderr
    assert json.loads(rp.stdout)["scores"] == lines[0]["scores"]
