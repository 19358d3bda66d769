"""English words every game's texts need: counted nouns and who won."""

from __future__ import annotations

from collections.abc import Sequence


def plural(n: int, word: str, words: str | None = None) -> str:
    """`n` and the noun agreeing with it: "1 tile", "3 tiles" (`words` for an irregular plural)."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def winners_win(names: Sequence[str], winners: Sequence[int]) -> str:
    """The winners named and their verb agreeing: "Ann wins", "Ann and Bo win"."""
    return f"{' and '.join(names[p] for p in winners)} win{'s' if len(winners) == 1 else ''}"
