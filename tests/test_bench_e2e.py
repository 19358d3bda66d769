"""bench/e2e.py still runs: a tiny load through the fake Discord, with the bot apart and in this process.

The benchmark's driver plays each game itself (same seed and moves as the bot: the engine is deterministic) and
takes every move from the choices the bot offers, so a run that completes without refusals or driver errors also
checks that the bot's game and the driver's copy agree move by move."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("processes", ["1", "0"])
def test_a_small_load_runs_clean(processes: str) -> None:
    run = subprocess.run(
        [sys.executable, "bench/e2e.py", "--games", "2", "--moves-per-game", "6", "--processes", processes,
         "--render-processes", "0"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    out = run.stdout
    assert "moves made: 12," in out, out + run.stderr
    assert "refusals: 0, unacknowledged: 0, warnings/errors logged or raised: 0" in out, out
    assert "fake Discord violations (deadline 30 s): 0" in out, out
    uploads = re.search(r"PNG uploads: (\d+)", out)
    assert uploads is not None and int(uploads.group(1)) >= 2, out  # at least the two first boards
    assert re.search(r"HTTP requests to Discord: \d+ \([\d.]+ per move", out), out
    assert re.search(r"requests per move: [\d.]+ in all, [\d.]+ counted \(PATCH/POST on /channels/...\)", out), out
