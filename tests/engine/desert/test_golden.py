"""Golden playthroughs (OpenSpiel style): the same seeds and moves must give the same game, line for line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import engine
from tests.engine.desert.golden_games import CASES, GOLDEN_DIR, playthrough


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_playthrough_matches_golden_file(case: dict) -> None:
    golden = json.loads((GOLDEN_DIR / f"{case['name']}.json").read_text(encoding="utf-8"))
    fresh = playthrough(case)
    for i, (want, got) in enumerate(zip(golden["transcript"], fresh["transcript"], strict=False)):
        assert got == want, f"move {i + 1} differs"
    assert len(fresh["transcript"]) == len(golden["transcript"])
    assert fresh["result"] == golden["result"]
    assert fresh["final_state"] == golden["final_state"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_save_replays_to_the_same_state(case: dict) -> None:
    golden = json.loads((GOLDEN_DIR / f"{case['name']}.json").read_text(encoding="utf-8"))
    state = engine.replay(golden["saved"])
    assert json.loads(engine.state_to_json(state)) == golden["final_state"]


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
