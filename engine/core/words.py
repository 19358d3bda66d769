"""English words every game's texts need: counted nouns and who won."""

from __future__ import annotations

from collections.abc import Sequence


def plural(n: int, word: str, words: str | None = None) -> str:
    """`n` and the noun agreeing with it: "1 tile", "3 tiles" (`words` for an irregular plural)."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def winners_win(names: Sequence[str], winners: Sequence[int]) -> str:
    """The winners named and their verb agreeing: "Ann wins", "Ann and Bo win"."""
    return f"{' and '.join(names[p] for p in winners)} win{'s' if len(winners) == 1 else ''}"


DIRECTION_WORDS = ("north", "east", "south", "west")


def listed(words: Sequence[str]) -> str:
    """Words joined as a sentence lists them: "a", "a and b", "a, b and c"."""
    items = list(words)
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def directions(sides: Sequence[int]) -> str:
    """Sides (0 north .. 3 west) in words: "north", "north and east", "every side" (never the letters NESW)."""
    if len(set(sides)) == 4:
        return "every side"
    return listed([DIRECTION_WORDS[d] for d in sorted(set(sides))])


def with_article(words: str) -> str:
    """ "a desert bend", "an oasis edge"."""
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"
