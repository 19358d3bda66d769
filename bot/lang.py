"""Who reads which language, and the one call that gives a word in it: `_("…")` (and `ngettext` for a count).

The reader is set once where an interaction enters the bot (`reading(interaction)`: that person's Discord
language, for every private answer, autocomplete, `/game hand`, `/help`) and around whatever goes to a game's
channel (`speaking(table_language(...))`: the game's language, which the host sets in the lobby). Everything in
between calls `_()` and needs to know neither. A context variable carries it, so each interaction's task has its
own reader and the background tasks (AI seats, reminders) read English unless they say whose channel they write to.

Catalogs: bot/locale/<language>.po (gettext, edited as text; `python -m bot.locale_update` adds new words).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Awaitable, Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from engine import ENGINE_FOLDERS, LANGUAGE_NAMES, LANGUAGES, Words, language_of, words
from engine.core.lang import READER

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "_",
    "language",
    "language_of",
    "ngettext",
    "reader_language",
    "speaking",
    "table_language",
]

FOLDERS = (Path(__file__).parent / "locale", *ENGINE_FOLDERS)  # the bot's words, then the games'
LANGUAGE_OPTION = "language"  # the table option (bot.catalog.TABLE_OPTIONS) holding a game's language

ENGLISH = LANGUAGES[0]  # the language the code is written in
P = ParamSpec("P")
R = TypeVar("R")

_reader = READER  # one reader for the bot's words and the games' (engine/core/lang.py)


def N_(message: str) -> str:
    """Marks a word for the catalogs where it is defined (a constant); it is translated where it is shown."""
    return message


def language() -> str:
    """The language of whoever reads what is being written now."""
    return _reader.get()


def bot_words(lang: str | None = None) -> Words:
    return words(FOLDERS, lang or _reader.get())


def warm() -> None:
    """Compile every catalog now (start-up), so no interaction waits for one within Discord's 3 seconds."""
    for code in LANGUAGES:
        bot_words(code)


def _(message: str) -> str:
    """`message` (English, as written in the code) in the reader's language ("" stays "": gettext would give the
    catalog's header for it)."""
    return bot_words().gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for `n` things in the reader's language (its own plural rule), not yet formatted."""
    return bot_words().ngettext(singular, plural, n)


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Write in `lang` inside the block (a channel's message inside an interaction read by someone else)."""
    token = _reader.set(lang if lang in LANGUAGES else ENGLISH)
    try:
        yield
    finally:
        _reader.reset(token)


def read_by(lang: str) -> None:
    """Everything this task writes from now on is for a reader of `lang` (an interaction's entry)."""
    _reader.set(lang if lang in LANGUAGES else ENGLISH)


def reader_language(interaction: Any) -> str:
    """A person's own language: their Discord client's (`interaction.locale`), English if it is none of ours."""
    return language_of(getattr(interaction, "locale", None)) or ENGLISH


def server_language(guild_locale: object) -> str:
    """A new game's default language: the server's preferred locale when it is one of ours, else English."""
    return language_of(guild_locale) or ENGLISH


def table_language(options: Mapping[str, Any] | None) -> str:
    """A game's channel language, from its stored options (absent: English, the default of every game so far)."""
    value = (options or {}).get(LANGUAGE_OPTION, ENGLISH)
    return value if value in LANGUAGES else ENGLISH


def in_channel_language(method: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """For a method that writes to a table's channel (its argument `table`, or the first argument that has a
    game record): it writes in the game's language."""

    @functools.wraps(method)
    async def written(*args: P.args, **kwargs: P.kwargs) -> R:
        tables = [kwargs["table"]] if "table" in kwargs else [a for a in args[1:] if hasattr(a, "record")]
        record = getattr(tables[0], "record", None) if tables else None
        with speaking(table_language(getattr(record, "options", None))):
            return await method(*args, **kwargs)

    return written
