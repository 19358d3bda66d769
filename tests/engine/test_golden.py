"""Golden playthroughs of every registered game (tests/engine/golden.py), and the command line that plays and
replays them (`python -m engine selfplay|replay`)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from tests.engine import golden

GOLDEN = [(game, path) for game in engine.GAMES for path in golden.golden_files(game)]
IDS = [f"{game}-{path.stem}" for game, path in GOLDEN]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True, text=True)


@pytest.mark.parametrize("game", list(engine.GAMES))
def test_every_game_has_golden_playthroughs(game: str) -> None:
    assert golden.golden_files(game), f"no {golden.golden_dir(game)}/*.json: add a case (tests/engine/golden.py)"


@pytest.mark.parametrize(("game", "path"), GOLDEN, ids=IDS)
def test_playthrough_matches_golden_file(game: str, path: Path) -> None:
    golden.check_playthrough(game, path)


@pytest.mark.parametrize(("game", "path"), GOLDEN, ids=IDS)
def test_golden_save_replays_to_the_same_state(game: str, path: Path) -> None:
    golden.check_replay(path)


@pytest.mark.parametrize("game", list(engine.GAMES))
def test_cli_selfplay_prints_a_line_per_game_and_saves_what_replays(game: str, tmp_path: Path) -> None:
    info = engine.info(game)
    seats = info.min_players
    ais = ",".join(info.ai_kinds[i % len(info.ai_kinds)].name for i in range(seats))  # every kind plays
    args = ["--game", game, "--players", str(seats), "--games", "2", "--seed", "5", "--ai", ais]
    out = _cli("selfplay", *args, "--save", str(tmp_path))
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [line["seed"] for line in lines[:2]] == [5, 6]
    assert lines[-1]["summary"] is True and lines[-1]["games"] == 2
    # A game's own tallies (dicts from its selfplay_stats hook) are summed in the summary line.
    assert all(f"total_{k}" in lines[-1] for k, v in lines[0].items() if isinstance(v, dict))
    saved = sorted(tmp_path.glob(f"{game}-*.json"))
    assert len(saved) == 2
    replayed = engine.replay(json.loads(saved[0].read_text()))
    assert replayed.result["scores"] == lines[0]["scores"]


@pytest.mark.parametrize("game", list(engine.GAMES))
def test_cli_replay_prints_the_scores_and_names_a_bad_move(game: str, tmp_path: Path) -> None:
    first = golden.read(golden.golden_files(game)[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(first["saved"]))
    out = _cli("replay", str(path))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["scores"] == first["result"]["scores"]
    saved = first["saved"]
    saved["moves"][3] = {**saved["moves"][3], "kind": "no-such-move"}
    path.write_text(json.dumps(saved))
    out = _cli("replay", str(path))
    assert out.returncode != 0
    assert "move 4" in out.stderr


def test_cli_replay_rejects_corrupt_json(tmp_path: Path) -> None:
    path = tmp_path / "corrupt.json"
    path.write_text("{not json")
    out = _cli("replay", str(path))
    assert out.returncode != 0
    assert "cannot read" in out.stderr
