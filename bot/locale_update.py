"""`python -m bot.locale_update`: bring every catalog up to date with the words in the code.

The bot's words (bot/locale/<language>.po) are what `_()`, `N_()` and `ngettext()` mark in bot/ (Babel's extractor)
and the descriptions of the commands and options (read from the commands themselves); engine/locale holds what the
engine's core and the render core mark, and each game's verbs, options and rules sections (read from its
registration); engine/<game>/locale what that game's rules package and its painter (render/<game>) mark. A new
word enters each catalog untranslated (a test then fails until it is translated); a word gone from the code is
dropped; every translation is kept.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from importlib import import_module
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po
from discord import app_commands

import engine
import render

from .catalog import GROUP_DESCRIPTION, GROUP_DESCRIPTION_SHORT, YOUR_CHOICE
from .lang import FOLDERS, LANGUAGES

PROJECT, VERSION = "entdecker-bot", "0.1.0"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
BOT_ROOT = Path(__file__).parent
ENGINE_ROOT, RENDER_ROOT = Path(engine.__file__).parent, Path(render.__file__).parent
Word = str | tuple[str, str]  # a message, or a singular and its plural


def code_words(root: Path = BOT_ROOT, files: str = "**.py") -> Iterator[Word]:
    """What `_()`, `N_()` and `ngettext()` mark in the files under `root` that match `files`."""
    if not root.is_dir():
        return
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(root), method_map=[(files, "python")], keywords=KEYWORDS
    ):
        yield message if isinstance(message, str) else (message[0], message[1])


def game_folder(name: str) -> Path:
    """A registered game's rules package (where its registration's functions live)."""
    return Path(import_module(engine.GAMES[name].apply.__module__).__file__ or "").parent


def catalogs() -> dict[Path, list[Word]]:
    """Each catalog folder and every word it must hold."""
    wanted: dict[Path, list[Word]] = {
        FOLDERS[0]: [*code_words(), *command_words()],
        engine.ENGINE_FOLDER: [
            *code_words(ENGINE_ROOT, "*.py"),
            *code_words(ENGINE_ROOT / "core"),
            *code_words(RENDER_ROOT, "*.py"),
            *game_words(),
        ],
    }
    for name in engine.GAMES:
        folder = game_folder(name)
        found = [*code_words(folder), *code_words(RENDER_ROOT / folder.name)]
        if found or (folder / "locale").is_dir():
            wanted[folder / "locale"] = found
    return wanted


def command_words() -> Iterator[str]:
    """Every description the bot's own commands carry (the turn groups' come from GROUP_DESCRIPTION*)."""
    from .cogs.lobby import GameCog
    from .cogs.players import PlayerCog
    from .cogs.standings import StandingsCog
    from .cogs.turns import TurnCog

    yield from (GROUP_DESCRIPTION, GROUP_DESCRIPTION_SHORT, YOUR_CHOICE)
    yield from (str(GameCog.__cog_group_description__), str(StandingsCog.__cog_group_description__))
    for cog in (GameCog, PlayerCog, StandingsCog, TurnCog):
        for command in cog.__cog_app_commands__:
            yield from described(command)


def described(command: app_commands.Command | app_commands.Group) -> Iterator[str]:  # type: ignore[type-arg]
    yield str(command.description)
    if isinstance(command, app_commands.Command):
        yield from (str(p.description) for p in command.parameters if p.description != "…")


def game_words() -> Iterator[str]:
    """The games' words the bot shows around a game: its turn verbs, its summary, its variants and its AIs (the
    lobby, /help, /game rules)."""
    for info in engine.games():
        yield info.summary
        for option in info.options:
            yield from (option.label, option.description, *option.choice_labels)
        for kind in info.ai_kinds:
            yield from (kind.label, kind.description)
    for name in engine.GAMES:
        presenter = engine.presenter(name)
        yield from (text for text in (presenter.rules_text, presenter.rules_where) if text)
        for title, text in presenter.rules_sections:
            yield from (title, text)
        for verb in presenter.verbs:
            yield verb.description
            if verb.option_description:
                yield verb.option_description


def update(folder: Path, messages: Iterable[Word]) -> None:
    template = Catalog()
    for message in messages:
        template.add(message)
    for language in LANGUAGES[1:]:
        path = folder / f"{language}.po"
        if path.exists():
            with path.open("rb") as po:
                catalog = read_po(po, locale=language)
        else:
            catalog = Catalog(locale=language)
        created = catalog.creation_date
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        # The header says whose catalog it is and keeps its date, so an update that adds nothing changes nothing.
        catalog.project, catalog.version, catalog.fuzzy, catalog.creation_date = PROJECT, VERSION, False, created
        folder.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as po:
            write_po(po, catalog, width=120, omit_header=False, sort_output=False, no_location=True)


def main() -> int:
    for folder, words in catalogs().items():
        update(folder, words)
    return 0


if __name__ == "__main__":
    sys.exit(main())
