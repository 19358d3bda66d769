"""README.md's test command is what CI runs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Run the tests", 1)[1]
    command = re.search(r"```sh\n(.+?)\n```", section, re.S).group(1).strip()
    ci_lines = [line.strip() for line in (ROOT / ".ci/run").read_text().splitlines()]
    assert command in ci_lines


def test_readme_names_the_bot_command_and_token() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python -m bot" in readme and "DISCORD_TOKEN" in readme
