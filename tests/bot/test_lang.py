"""Issue 23's catalogs and who reads which language: every word of the code in every catalog, translated with the
same placeholders and each language's plural forms, and the reader's language chosen as the issue says."""

from __future__ import annotations

import ast
import asyncio
import re
import string
from pathlib import Path
from types import SimpleNamespace

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from bot import lang
from bot.catalog import LANGUAGE, TABLE_OPTIONS
from bot.lang import _, ngettext, reader_language, server_language, speaking, table_language
from bot.locale_update import catalogs
from engine import LANGUAGES, language_of

TRANSLATED = LANGUAGES[1:]
WANTED = catalogs()
FOLDERS = {str(folder.relative_to(Path(lang.__file__).parent.parent)): folder for folder in WANTED}
BOT = Path(lang.__file__).parent


def catalog(folder: Path, language: str) -> Catalog:
    with (folder / f"{language}.po").open("rb") as po:
        return read_po(po, locale=language)


def fields(text: str) -> list[str]:
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("part", FOLDERS)
def test_every_word_is_translated_with_the_same_placeholders(part: str, language: str) -> None:
    found = catalog(FOLDERS[part], language)
    problems = []
    for message in found:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            problems.append(f"untranslated: {ids[0]!r}")
            continue
        if isinstance(message.id, tuple) and len(strings) != found.num_plurals:
            problems.append(f"{ids[0]!r}: {len(strings)} plural forms, {language} has {found.num_plurals}")
        for text in strings:
            if fields(text) != fields(ids[0]):
                problems.append(f"{ids[0]!r} -> {text!r}: other placeholders")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("part", FOLDERS)
def test_the_catalogs_hold_every_word_of_the_code(part: str) -> None:
    """`python -m bot.locale_update` was run after the last new word (else the word would stay English)."""
    wanted = {w if isinstance(w, str) else w[0] for w in WANTED[FOLDERS[part]]}
    for language in TRANSLATED:
        have = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog(FOLDERS[part], language) if m.id}
        assert not wanted - have, f"{part}/{language}: run python -m bot.locale_update ({sorted(wanted - have)[:5]})"


def test_a_language_from_a_discord_locale() -> None:
    assert [language_of(code) for code in ("de", "nl", "fr", "en-US", "en-GB", "es-ES", None)] == [
        "de",
        "nl",
        "fr",
        "en",
        "en",
        None,
        None,
    ]
    assert server_language("fr") == "fr" and server_language("pt-BR") == "en"
    assert table_language({"language": "nl"}) == "nl" and table_language({}) == "en"
    assert table_language({"language": "xx"}) == "en"  # a damaged row is read in English rather than refused

    class Interaction:
        locale = "de"

    assert reader_language(Interaction()) == "de"


def test_the_table_option_offers_every_language_in_its_own_name() -> None:
    assert LANGUAGE in TABLE_OPTIONS
    assert [LANGUAGE.words(code) for code in LANGUAGE.choices] == ["English", "Deutsch", "Nederlands", "Français"]
    assert LANGUAGE.default == "en"


def test_the_reader_chooses_the_words_and_the_plural_rule() -> None:
    assert _("Language") == "Language"
    with speaking("de"):
        assert _("Language") == "Sprache"
        with speaking("fr"):
            assert _("Language") == "Langue"
        assert _("Language") == "Sprache"
    with speaking("xx"):
        assert _("Language") == "Language"
    # French counts 0 as one ("0 place"); English, German and Dutch as many.
    with speaking("fr"):
        assert ngettext("{n} day", "{n} days", 0) == "{n} jour"
    with speaking("de"):
        assert ngettext("{n} day", "{n} days", 0) == "{n} Tage"


async def test_each_task_has_its_own_reader() -> None:
    async def read(language: str) -> str:
        lang.read_by(language)
        await asyncio.sleep(0)
        return _("Language")

    assert await asyncio.gather(read("de"), read("nl"), read("fr")) == ["Sprache", "Taal", "Langue"]
    assert _("Language") == "Language"


# What may stay English in bot/: what the operator reads (the command line, settings, logs, a bug's message), the
# commands' descriptions (discord.py's Translator gives those, tests/e2e/test_languages.py checks them), and words
# that are stored rather than shown (an AI's seat name) or are commands.
OPERATOR_MODULES = {"__main__.py", "settings.py", "fatal.py", "shards.py", "locale_update.py", "ai_seats.py"}
NOT_WORDS = {"AI for ", "list the open games", "look for unannounced games", "`/game log page:", "`/play move:`"}
MARKERS = {"_", "N_", "ngettext"}
OPERATOR_CALLS = {"debug", "info", "warning", "error", "exception", "critical", "describe", "command"}
BUG_ERRORS = {"RuntimeError", "ValueError", "TypeError", "CatalogError", "SettingsError", "AssertionError"}


def _unmarked_words(tree: ast.Module) -> list[tuple[int, str]]:
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    docstrings = {
        node.body[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }

    def exempt(node: ast.AST) -> bool:
        while node in parents:
            node = parents[node]
            if isinstance(node, ast.keyword) and node.arg in ("description", "group_description"):
                return True
            # What is wrong with a game that cannot be registered (`problems`): a bug, told its author in English.
            targets = [*getattr(node, "targets", []), getattr(node, "target", None)]
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                targets.append(node.func.value)  # problems.append(...)
            if isinstance(node, ast.Assign | ast.AugAssign | ast.Call) and any(
                getattr(t, "id", "") == "problems" for t in targets
            ):
                return True
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                if name in MARKERS or name in BUG_ERRORS or name in OPERATOR_CALLS:
                    return True
        return False

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and not exempt(node):  # an f-string's words count together ("{n} players")
            text = " ".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
            if sum(word.isalpha() for word in text.split()) < 2:  # a custom id, a link, a file name
                continue
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node not in docstrings:
            if isinstance(parents.get(node), ast.JoinedStr):
                continue
            text = node.value
        else:
            continue
        if len(text.split()) < 2 or not re.search(r"[A-Za-z]{3}", text) or text in NOT_WORDS or exempt(node):
            continue
        found.append((node.lineno, text))
    return found


def test_no_english_word_is_left_outside_the_catalogs() -> None:
    """Every sentence the bot shows goes through `_()` (or is a constant marked `N_()` and translated where shown)."""
    left = [
        f"{path.relative_to(BOT)}:{line}: {text[:60]!r}"
        for path in sorted(BOT.rglob("*.py"))
        if path.name not in OPERATOR_MODULES
        for line, text in _unmarked_words(ast.parse(path.read_text()))
    ]
    assert not left, "\n".join(left)


async def test_a_channel_method_writes_in_its_games_language_whatever_its_arguments_order() -> None:
    class Table:
        record = SimpleNamespace(options={"language": "nl"})

    class Writer:
        @lang.in_channel_language
        async def post(self, table: Table) -> str:
            return _("Language")

        @lang.in_channel_language
        async def through(self, interaction: object, table: Table) -> str:
            return _("Language")

    with speaking("de"):
        assert await Writer().post(Table()) == "Taal"
        assert await Writer().through(object(), Table()) == "Taal"
        assert await Writer().post(table=Table()) == "Taal"
        assert _("Language") == "Sprache"  # the reader's own language again afterwards


def test_nothing_in_the_bot_binds_the_name_of_the_translation() -> None:
    """`_` is `bot.lang._` wherever it is imported: a local `_` (`_, record = …`) would make every `_()` of that
    function fail at run time, and only on the path that reaches it."""
    bound = [
        f"{path.relative_to(BOT)}:{node.lineno}"
        for path in sorted(BOT.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)
    ]
    assert bound == ["reminders.py:69"], bound  # a dataclass's `_: KW_ONLY`, a class attribute, not a local


def test_rules_are_read_and_asked_for_in_the_readers_language() -> None:
    from bot.catalog import Catalog
    from bot.messages import help_content, rules_topic

    catalog = Catalog()
    with speaking("de"):
        part = rules_topic(catalog, "entdecker", "Wertung")  # the German title finds the English part
        assert part.startswith("📖 **Entdecker: Wertung**\nEine Insel ist fertig"), part
        assert "**So läuft ein Zug:**\n1. Setz dein Schiff" in help_content(catalog, "entdecker", here="open")
    assert rules_topic(catalog, "entdecker", "Scoring").startswith("📖 **Entdecker: Scoring**\nAn island")


def test_a_persons_time_is_told_in_the_readers_language() -> None:
    """Issue 25's words (quiet hours, reminders, away) through the catalog: /game me's lines and its refusals."""
    import datetime as dt

    from bot.service import hours
    from bot.service.refusal import Refusal
    from storage import UserTime

    now = dt.datetime(2026, 12, 2, 23, 0, tzinfo=dt.UTC).timestamp()  # midnight in Berlin: inside 22:00 to 07:00
    person = UserTime(1, timezone="Europe/Berlin", quiet_from=22 * 60, quiet_to=7 * 60, away_until=now + 86400)
    with speaking("de"):
        lines = hours.describe(person, now, 24 * 3600, 3)
        assert lines[0] == "Zeitzone: **Europe/Berlin** (dort ist es jetzt 00:00)."
        assert (
            lines[1].startswith("Ruhezeiten: **22:00 bis 07:00** deiner Zeit:") and "Du bist gerade darin" in lines[1]
        )
        assert (
            lines[2].startswith("Weg bis **<t:")
            and lines[3] == "Erinnerungen: alle **24 h** Stille, höchstens **3** pro Zug."
        )
    with speaking("fr"), pytest.raises(Refusal, match="n'est pas un fuseau horaire que je connais"):
        hours.read_zone("Mars/Olympus")
    assert hours.describe(person, now, 24 * 3600, 3)[0].startswith("Time zone:")  # English outside `speaking`
