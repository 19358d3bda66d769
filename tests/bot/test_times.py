"""Every moment the bot shows is a Discord timestamp (`<t:…:R>`, `<t:…:f>`, bot.service.hours.timestamp), which each
reader's client shows in their own time zone and language, never a clock time written in one zone (issue 23)."""

from __future__ import annotations

import ast
from pathlib import Path

import bot
from bot.service.hours import timestamp

BOT = Path(bot.__file__).parent
CLOCK_CALLS = {"strftime", "isoformat", "ctime", "asctime", "format_datetime", "format_time", "format_date"}
# /game me's confirmation of a chosen time zone: the clock *in that zone* ("it is 14:30 there now") is the point.
ZONE_CLOCK = {("service/hours.py", "describe")}


def clock_times(tree: ast.Module) -> list[tuple[str, int]]:
    """(function, line) of every place that writes a moment as a clock time: a call of a date's formatting, or an
    f-string's strftime format (`{when:%H:%M}`)."""
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            inside = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else where
            if isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute | ast.Name):
                name = child.func.attr if isinstance(child.func, ast.Attribute) else child.func.id
                if name in CLOCK_CALLS:
                    found.append((inside, child.lineno))
            if isinstance(child, ast.FormattedValue) and child.format_spec is not None:
                spec = "".join(
                    v.value
                    for v in ast.walk(child.format_spec)
                    if isinstance(v, ast.Constant) and isinstance(v.value, str)
                )
                if "%" in spec:
                    found.append((inside, child.lineno))
            visit(child, inside)

    visit(tree, "")
    return found


def test_no_moment_is_written_as_a_clock_time_in_one_zone() -> None:
    left = [
        f"{path.relative_to(BOT)}:{line} ({where})"
        for path in sorted(BOT.rglob("*.py"))
        for where, line in clock_times(ast.parse(path.read_text()))
        if (str(path.relative_to(BOT)), where) not in ZONE_CLOCK
    ]
    assert not left, "\n".join(left)


def test_the_scan_finds_a_clock_time() -> None:
    code = "def f(d):\n    return f'{d:%H:%M}' + d.strftime('%d.%m.')\n"
    assert clock_times(ast.parse(code)) == [("f", 2), ("f", 2)]


def test_a_moment_is_a_discord_timestamp() -> None:
    assert timestamp(1_800_000_000.7) == "<t:1800000000:R>" and timestamp(5, "f") == "<t:5:f>"
