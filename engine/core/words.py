"""Words every game's texts need: counted nouns, sides, who won, and an event's line from a table.

Each is in the reader's language (engine/core/lang.py): a game's table of lines holds English templates marked with
`N_()`, translated as a line is told and then filled, so the catalog holds the template, not each filled line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.lang import N_, _, ngettext


def plural(n: int, word: str, words: str | None = None) -> str:
    """`n` and the noun agreeing with it: "1 tile", "3 tiles" (`words` for an irregular plural)."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def winners_win(names: Sequence[str], winners: Sequence[int]) -> str:
    """The winners named and their verb agreeing: "Ann wins", "Ann and Bo win"."""
    who = _(" and ").join(names[p] for p in winners)
    return ngettext("{who} wins", "{who} win", len(winners)).format(who=who)


DIRECTION_WORDS = (N_("north"), N_("east"), N_("south"), N_("west"))


def listed(words: Sequence[str]) -> str:
    """Words joined as a sentence lists them: "a", "a and b", "a, b and c"."""
    items = list(words)
    if len(items) < 2:
        return "".join(items)
    return _("{some} and {last}").format(some=_(", ").join(items[:-1]), last=items[-1])


def directions(sides: Sequence[int]) -> str:
    """Sides (0 north .. 3 west) in words: "north", "north and east", "every side" (never the letters NESW)."""
    if len(set(sides)) == 4:
        return _("every side")
    return listed([_(DIRECTION_WORDS[d]) for d in sorted(set(sides))])


def with_article(words: str) -> str:
    """ "a desert bend", "an oasis edge"."""
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


class Told(dict[str, Any]):
    """An event as the words of a line see it: its fields, and `who` (the name of its `player`) or `who_<field>`
    (the name of the seat in that field), so a line can be a template: "{who} ends the turn."."""

    def __init__(self, event: Mapping[str, Any], names: Sequence[str]) -> None:
        super().__init__(event)
        self.event = event
        self.names = names

    def __missing__(self, key: str) -> Any:
        field = "player" if key == "who" else key.removeprefix("who_")
        if field == key:
            raise KeyError(key)
        seat = int(self.event[field])
        return self.names[seat] if 0 <= seat < len(self.names) else _("Player {n}").format(n=seat + 1)


Line = str | Callable[[Told], str | None]  # a template of a line, or a function for a line that needs more


def tell(lines: Mapping[str, Line], event: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """An event's line from a game's table of lines by event type (None: an event that needs no words)."""
    line = lines.get(str(event.get("type")))
    told = Told(event, names)
    if line is None:
        return None
    return _(line).format_map(told) if isinstance(line, str) else line(told)


def by(field: str, lines: Mapping[Any, Line]) -> Line:
    """A line chosen by the value of one of the event's fields: by("choice", {"leave": "...", "remove": "..."});
    "*" is the line for any other value (or a field the event lacks)."""

    def line(e: Told) -> str | None:
        value = e.get(field)
        chosen = lines[value] if value in lines else lines["*"]
        return _(chosen).format_map(e) if isinstance(chosen, str) else chosen(e)

    return line
