"""The registered games as the bot sees them: their turn verbs (one command group per game), seats and words.

Built from `engine.games()` and each game's Presenter, so the bot offers whatever games the engine registry holds
without naming any of them. Discord-free.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

import engine
from engine.api import GameInfo, OptionSpec, Presenter, Verb

from .lang import ENGLISH, LANGUAGE_NAMES, LANGUAGE_OPTION, LANGUAGES, N_, _

DESCRIPTION_LIMIT = 100
# How the bot runs a table, set in the lobby beside a game's variants but never handed to the rules (issue 21).
CONFIRM_STEPS = OptionSpec(
    "confirm_steps",
    N_("Confirm every step"),
    N_("Ask even when a step has only one choice (otherwise the bot makes it and says so)"),
    False,
    (False, True),
)
# The channel's language (issue 23): a new game starts in the server's preferred locale when it is one of ours.
LANGUAGE = OptionSpec(
    LANGUAGE_OPTION,
    N_("Language"),
    N_("The channel's language (what each of you sees privately follows your own Discord language)"),
    ENGLISH,
    LANGUAGES,
    tuple(LANGUAGE_NAMES[code] for code in LANGUAGES),
)
TABLE_OPTIONS = (CONFIRM_STEPS, LANGUAGE)
TABLE_OPTION_NAMES = frozenset(o.name for o in TABLE_OPTIONS)


def game_options(options: dict[str, Any]) -> dict[str, Any]:
    """A lobby's options without the table's own: what the rules are given."""
    return {k: v for k, v in options.items() if k not in TABLE_OPTION_NAMES}


GROUP_DESCRIPTION = N_("Your turn in {title}, step by step (/play move: takes any move)")
GROUP_DESCRIPTION_SHORT = N_("Your turn in {title}")
YOUR_CHOICE = N_("Your choice")  # an option described by no words of its game
BOT_COMMANDS = frozenset({"game", "play", "undo", "help"})  # the bot's own top-level commands
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")  # Discord's rule for a command's name (lowercase checked apart)


@dataclass(frozen=True)
class Group:
    """One game's turn verbs as Discord shows them: `/<game> <verb> <option>:` (the group is named by the game's
    key, so no two games' verbs meet, and a game's verbs stand together in the command list)."""

    name: str  # the game's key
    template: str  # its description in words around the game's {title} (each language fills the title in)
    title: str
    verbs: tuple[Verb, ...]

    @property
    def description(self) -> str:
        return self.template.format(title=self.title)


class CatalogError(ValueError):
    """A game's commands cannot be registered as they are (a bug in the game's info or presenter)."""


class Catalog:
    """Every registered game's info and presenter, and the turn commands they need."""

    def __init__(self, infos: Iterable[GameInfo] | None = None) -> None:
        # Each game's info with the table options after its own variants (the lobby's menus and words use them).
        self.infos: dict[str, GameInfo] = {
            i.name: replace(i, options=(*i.options, *TABLE_OPTIONS))
            for i in (infos if infos is not None else engine.games())
        }
        self.presenters: dict[str, Presenter] = {name: engine.presenter(name) for name in self.infos}
        self.groups: dict[str, Group] = {name: _group(self.infos[name], p) for name, p in self.presenters.items()}

    @property
    def default_game(self) -> str:
        return next(iter(self.infos))

    @property
    def max_seats(self) -> int:
        return max(i.max_players for i in self.infos.values())

    def info(self, game: str) -> GameInfo:
        return self.infos[game]

    def presenter(self, game: str) -> Presenter:
        return self.presenters[game]

    def title(self, game: str) -> str:
        info = self.infos.get(game)
        return info.title if info is not None else game

    def find(self, text: str) -> str | None:
        """The game a user named, by key or title, ignoring case; None if no game fits."""
        wanted = " ".join(str(text or "").lower().split())
        for name, info in self.infos.items():
            if wanted in (name.lower(), info.title.lower()):
                return name
        matches = [n for n, i in self.infos.items() if wanted and (wanted in n or wanted in i.title.lower())]
        return matches[0] if len(matches) == 1 else None

    def games_list(self) -> str:
        return ", ".join(
            _("**{title}** (`{key}`, {least}–{most} players)").format(
                title=i.title, key=i.name, least=i.min_players, most=i.max_players
            )
            for i in self.infos.values()
        )

    def verb(self, game: str, kind: str) -> Verb | None:
        presenter = self.presenters.get(game)
        return presenter.verb_of(kind) if presenter is not None else None

    def verb_named(self, game: str, name: str) -> Verb | None:
        presenter = self.presenters.get(game)
        if presenter is None:
            return None
        return next((v for v in presenter.verbs if v.name == name), None)

    def verbs_text(self, game: str) -> str:
        """The game's turn commands as a player would type them ("`/entdecker ship position:` · … · `/play move:`")."""
        parts = [usage(game, v) for v in self.presenters[game].verbs]
        return " · ".join([*parts, "`/play move:`"])

    def steps_text(self, game: str) -> str:
        """The game's group in a few words: "`/entdecker` ship · explore · draw · … (a command for each step)"."""
        names = " · ".join(v.name for v in self.presenters[game].verbs)
        return _("`/{game}` {verbs} (a command for each step)").format(game=game, verbs=names)

    def legal_summary(self, game: str, legal: list[dict[str, Any]], limit: int = 8) -> str:
        """What the player may do now, by command, with the choices' labels: never a move key."""
        presenter = self.presenters[game]
        by_verb: dict[str, list[str]] = {}
        usages: dict[str, str] = {}
        for entry in legal:
            verb = presenter.verb_of(entry["kind"])
            name = verb.name if verb is not None else "play"
            usages.setdefault(name, usage(game, verb) if verb is not None else "`/play move:`")
            if verb is None or verb.option is not None:
                by_verb.setdefault(name, []).append(str(entry.get("label") or entry["key"]))
            else:
                by_verb.setdefault(name, [])
        parts = []
        for name, labels in by_verb.items():
            if not labels:
                parts.append(usages[name])
                continue
            more = "; " + _("… ({n} in all)").format(n=len(labels)) if len(labels) > limit else ""
            shown = "; ".join(labels[:limit]) + more
            parts.append(f"{usages[name]} {shown}")
        return _("You can: {moves}").format(moves=" · ".join(parts)) if parts else _("There is nothing to do now.")

    def command_of(self, command: str) -> tuple[str, Verb] | None:
        """The game and verb of a qualified turn command ("entdecker ship"); None for `/play` or an unknown one."""
        game, _space, name = command.partition(" ")
        verb = self.verb_named(game, name)
        return (game, verb) if verb is not None else None


def usage(game: str, verb: Verb) -> str:
    """How a player types a verb: "`/entdecker ship position:`", "`/entdecker stop`"."""
    option = f" {verb.option}:" if verb.option else ""
    return f"`/{game} {verb.name}{option}`"


def _group(info: GameInfo, presenter: Presenter) -> Group:
    """The game's command group, every description whole: a game whose words do not fit is refused, not cut."""
    template = GROUP_DESCRIPTION
    problems = [f"the group name {info.name!r}"] if not _is_name(info.name) or info.name in BOT_COMMANDS else []
    for verb in presenter.verbs:
        texts = (verb.description, verb.option_description or YOUR_CHOICE)
        if not _is_name(verb.name) or (verb.option is not None and not _is_name(verb.option)):
            problems.append(f"the name of /{info.name} {verb.name}")
        problems += [f"/{info.name} {verb.name}: {t!r}" for t in texts if not 1 <= len(t) <= DESCRIPTION_LIMIT]
    if len(template.format(title=info.title)) > DESCRIPTION_LIMIT:  # a long title: the short form, or refused
        template = GROUP_DESCRIPTION_SHORT
        too_long = len(template.format(title=info.title)) > DESCRIPTION_LIMIT
        problems += [f"the title {info.title!r} is too long"] if too_long else []
    if problems:
        raise CatalogError(f"{info.title} cannot be registered as commands: {'; '.join(problems)}")
    return Group(name=info.name, template=template, title=info.title, verbs=presenter.verbs)


def _is_name(name: str) -> bool:
    return bool(COMMAND_NAME.match(name)) and name == name.lower()
