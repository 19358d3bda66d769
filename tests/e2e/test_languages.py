"""Issue 23 through the real discord.py client: every command described in German, Dutch and French (names
English, Discord's limits held: the fake Discord refuses a sync that breaks them), the game's language for its
channel and each person's own for what only they see: a whole Entdecker game on a French server where bob's
Discord speaks German."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

import engine
from bot.locale_update import catalogs
from engine.core import lang as engine_lang
from engine.games import registered
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.toygame import GAME as TOY

from .helpers import (
    lobby_message,
    ok,
    open_game,
    pick,
    play_move,
    refused,
    running,
    settings,
    short_game_seed,
    table_of,
    turn_message,
    user_of,
)

FIELD = re.compile(r"\{[^{}]*\}")


def english_left(language: str) -> list[str]:
    """The English pieces (between placeholders, a few words long) of every word translated for `language`, the
    bot's and the engine's (bot/locale, engine/locale, each game's engine/<game>/locale): none
    of them may stand in a text written in that language. A word the catalog keeps as in English is allowed."""
    pieces = set()
    for folder in catalogs():
        with (folder / f"{language}.po").open("rb") as po:
            catalog = read_po(po, locale=language)
        for message in catalog:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for english in ids if message.id else ():
                if english in strings:
                    continue
                pieces |= {p.strip(" .,:;()*`\n") for p in FIELD.split(english)}
    return sorted(p for p in pieces if len(p) >= 14 and len(p.split()) >= 3)


def found(texts: list[str], pieces: list[str]) -> list[tuple[str, str]]:
    return [(piece, text[:120]) for text in texts for piece in pieces if piece in text]


def nodes(command: dict[str, Any]) -> list[dict[str, Any]]:
    return [command, *(n for option in command.get("options") or [] for n in nodes(option))]


async def played_to_the_end(
    bot: Any, fake: FakeDiscord, channel: str, asks: tuple[str, ...] = (), watcher: str = "bob"
) -> list[FakeMessage]:
    """The channel's game played to its end, each seat's move (the heuristic AI's choice) through /play; what
    `watcher` was answered privately: their moves, and every 25 moves before one of theirs `/game <ask>` for each
    of `asks`."""
    answers: list[FakeMessage] = []
    moves = 0
    while (table := await table_of(bot, fake, channel)) is not None:
        current = table.current
        assert current is not None and current.user_id is not None
        player = fake.users[current.user_id].name
        if player == watcher and moves % 25 == 0:
            answers += [await ok(await fake.slash(watcher, channel, "game", ask)) for ask in asks]
        key = engine.ai_move(table.state, "heuristic").key
        answer = await ok(await play_move(fake, channel, player, key))
        if player == watcher:
            answers.append(answer)
        moves += 1
        assert moves < 2000
    return answers


async def test_every_command_and_option_is_described_in_each_language(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db")):
            synced = [*fake.global_commands.values(), *(c for g in fake.guild_commands.values() for c in g.values())]
        fake.assert_no_violations()  # every description within 100 characters, in every language
    described = [n for c in synced for n in nodes(c)]
    assert len(described) > 60
    missing = [n["name"] for n in described if set(n.get("description_localizations") or {}) != {"de", "nl", "fr"}]
    assert not missing, missing
    assert not [n["name"] for n in described if n.get("name_localizations")]  # names stay English
    play = next(c for c in synced if c["name"] == "play")
    assert play["description_localizations"]["de"] == "Jeden Zug machen, den du jetzt machen kannst (jedes Spiel)"


@pytest.mark.usefixtures("sketched_boards")
async def test_a_french_game_with_a_german_speaking_player(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        fake.guild_locale = "fr"  # the server's preferred locale: the games' default language
        fake.user("bob").locale = "de"
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            await open_game(fake, "game-1", ["alice", "bob"], seed=short_game_seed("entdecker"))
            table = await table_of(bot, fake, "game-1")
            assert table is not None and table.record.options.get("language") == "fr"
            lobby = fake.channel_messages("game-1")[0].text  # the lobby, edited to say it started
            assert "Salon d'attente" in lobby and "lancée" in lobby, lobby
            bob: list[FakeMessage] = [
                await ok(await fake.slash("bob", "game-1", "help")),
                await ok(await fake.slash("bob", "game-1", "game", "status")),
            ]
            assert "**Dein Zug:**" in bob[0].text
            already = await refused(await fake.slash("bob", "game-1", "game", "start"))
            assert "Das Spiel hat schon begonnen." in already
            assert "à toi" in fake.channel_messages("game-1")[-1].text  # the first turn message
            moves = 0
            controls: list[str] = []  # the turn messages' buttons and menus, as the channel saw them
            offered: list[str] = []  # what bob's autocomplete offered him
            while (table := await table_of(bot, fake, "game-1")) is not None:
                current = table.current
                assert current is not None and current.user_id is not None
                player = fake.users[current.user_id].name
                controls += control_words(turn_message(fake, table))
                if player == "bob" and moves % 3 == 0:
                    choices = await fake.autocomplete("bob", "game-1", "play", focused="move", value="")
                    offered += [str(c["name"]) for c in choices]
                key = engine.ai_move(table.state, "heuristic").key
                answer = await ok(await play_move(fake, "game-1", player, key))
                if player == "bob":
                    bob.append(answer)
                moves += 1
                assert moves < 2000
            channel = [m.text for m in fake.channel_messages("game-1")]
            assert "Partie terminée" in channel[-1]
            assert not found(channel, english_left("fr"))
            assert not found(controls, english_left("fr")) and not [c for c in controls if "{" in c]
            assert not found([m.text for m in bob], english_left("de"))
            assert not found(offered, english_left("de"))
            # Entdecker's own words, not only the bot's: its events, labels and status in each reader's language
            assert any(" place le navire en " in text for text in channel), channel[:3]
            assert any("cercle du bord" in c for c in controls) and any("Randkreis" in c for c in offered)
            assert "noch zu bauen" in bob[1].text and "Saison" in bob[1].text, bob[1].text
        fake.assert_no_violations()


def control_words(message: FakeMessage) -> list[str]:
    """Every word a message's controls show: buttons' labels, menus' placeholders and options."""
    words = [str(b.get("label") or "") for b in message.buttons()]
    for menu in message.selects():
        words.append(str(menu.get("placeholder") or ""))
        words += [str(o.get(k) or "") for o in menu.get("options") or [] for k in ("label", "description")]
    return [w for w in words if w]


async def test_the_host_sets_the_language_in_the_lobby(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            await ok(await fake.slash("alice", "game-1", "game", "new"))
            lobby = lobby_message(fake, "game-1")
            assert "lobby" in lobby.text  # an en-US server: English
            menu = next(s for s in lobby.selects() if s["custom_id"].endswith(":language"))
            assert [o["label"] for o in menu["options"]][1:] == [
                "Language: Deutsch",
                "Language: Nederlands",
                "Language: Français",
            ]
            assert "Only the host" in await refused(await fake.select("bob", lobby, menu["custom_id"], ["nl"]))
            await ok(await fake.select("alice", lobby, menu["custom_id"], ["nl"]))
            lobby = fake.message(lobby.id)
            assert "-lobby (spel" in lobby.text and "Taal: Nederlands" in lobby.text
            table = await table_of(bot, fake, "game-1")
            assert table is not None and table.record.options == {"language": "nl"}
        fake.assert_no_violations()


async def test_the_host_changes_the_language_of_a_game_under_way(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            none = await refused(await fake.slash("alice", "game-2", "game", "language", language="fr"))
            assert "no game in this channel" in none
            await open_game(fake, "game-1", ["alice", "bob"])
            assert "Only the host" in await refused(
                await fake.slash("bob", "game-1", "game", "language", language="fr")
            )
            same = await refused(await fake.slash("alice", "game-1", "game", "language", language="en"))
            assert "in English already" in same
            answer = await ok(await fake.slash("alice", "game-1", "game", "language", language="fr"))
            assert answer.ephemeral and answer.text == "✅ The game's language is now Français."  # alice's own: English
            table = await table_of(bot, fake, "game-1")
            assert table is not None and table.record.options == {"language": "fr"}
            told = fake.channel_messages("game-1")[-1].text
            assert told.startswith("🌐 ") and "a passé la langue de la partie en Français" in told
            assert "à toi" in turn_message(fake, table).text  # the live turn message, shown again in French
            first = table.record.turn_message_id
            while (table := await table_of(bot, fake, "game-1")) is not None and table.record.turn_message_id == first:
                await ok(await play_move(fake, "game-1", user_of(fake, table), pick(table)))
            assert table is not None
            assert "à toi" in turn_message(fake, table).text  # the next turn's message: French too
            back = await ok(await fake.slash("alice", "game-1", "game", "language", language="de"))
            assert "Deutsch" in back.text and "hat die Sprache des Spiels auf Deutsch umgestellt" in (
                fake.channel_messages("game-1")[-1].text
            )
        fake.assert_no_violations()


async def test_the_language_command_in_the_lobby_shows_the_lobby_again(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db")):
            await ok(await fake.slash("alice", "game-1", "game", "new"))
            await ok(await fake.slash("alice", "game-1", "game", "language", language="nl"))
            assert "Taal: Nederlands" in lobby_message(fake, "game-1").text
        fake.assert_no_violations()


TOY_LABELS = {  # the toy game's label (tests/toygame) in a catalog this test gives it
    "de": ("Nimm {count} Stein, {left} bleiben", "Nimm {count} Steine, {left} bleiben"),
    "fr": ("Prendre {count} pierre, il en reste {left}", "Prendre {count} pierres, il en reste {left}"),
}


def toy_catalogs(folder: Path) -> Path:
    folder.mkdir()
    for language, forms in TOY_LABELS.items():
        words = Catalog(locale=language)
        words.add(("Take {count} stone, leaving {left}", "Take {count} stones, leaving {left}"), forms)
        with (folder / f"{language}.po").open("wb") as po:
            write_po(po, words)
    return folder


async def test_autocomplete_labels_are_in_the_askers_language_and_the_turn_message_in_the_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine's labels are words translated as they are composed: bob (German) asks in a French game whose
    turn message was composed first, alice (English) too; each gets their own, the channel keeps French."""
    folders = (*engine_lang.CORE.folders, toy_catalogs(tmp_path / "toy"))
    monkeypatch.setattr(engine_lang.CORE, "folders", folders)  # the toy game's words come through the core's
    with registered(TOY):
        async with FakeDiscord() as fake:
            fake.guild_locale = "fr"
            fake.user("bob").locale = "de"
            async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
                await open_game(fake, "game-1", ["alice", "bob"], seed=3, game=TOY.name, stones=10)
                expected = {"alice": "Take 1 stone, leaving", "bob": "Nimm 1 Stein, "}
                for _turn in range(2):
                    table = await table_of(bot, fake, "game-1")
                    assert table is not None
                    buttons = [b["label"] for b in turn_message(fake, table).buttons()]
                    assert any(label.startswith("Prendre 1 pierre, il en reste") for label in buttons), buttons
                    user = user_of(fake, table)
                    other = next(u for u in expected if u != user)
                    choices = await fake.autocomplete(user, "game-1", "play", focused="move", value="")
                    assert choices[0]["name"].startswith(expected[user]), choices
                    waiting = await fake.autocomplete(other, "game-1", "play", focused="move", value="")
                    if other == "bob":
                        assert "nicht" in waiting[0]["name"] or "Zug" in waiting[0]["name"], waiting
                    await ok(await play_move(fake, "game-1", user, "take:1"))
            fake.assert_no_violations()


def words_shown(message: FakeMessage) -> list[str]:
    """A message's words and its controls' (control_words)."""
    return [message.text, *control_words(message)]


@pytest.mark.usefixtures("sketched_boards")
async def test_a_french_desert_game_with_a_german_speaking_player(tmp_path: Path) -> None:
    """Im Reich der Wüstensöhne's own words too (issue 23): its turn accounts, prompts, controls and status in the
    channel's French, and bob's private answers (his hand of secret rumours, /game status, his moves) in German."""
    async with FakeDiscord() as fake:
        fake.guild_locale = "fr"
        fake.user("bob").locale = "de"
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            await open_game(fake, "game-1", ["alice", "bob"], game="desert", seed=short_game_seed("desert"))
            bob = await played_to_the_end(bot, fake, "game-1", asks=("hand", "status"))
            channel = [w for m in fake.channel_messages("game-1") for w in words_shown(m)]
            assert any("Partie terminée" in w for w in channel[-3:]), channel[-3:]
            assert any("caravane" in w for w in channel) and any("Gerüchte" in m.text for m in bob)
            assert not found(channel, english_left("fr"))
            assert not found([w for m in bob for w in words_shown(m)], english_left("de"))
        fake.assert_no_violations()


@pytest.mark.usefixtures("sketched_boards")
async def test_a_french_discovery_game_with_a_german_speaking_player(tmp_path: Path) -> None:
    """Carcassonne: The Discovery's composed words (labels, events, prompts, status, hand) in the channel's French
    and in bob's German: no English piece of the bot's catalog nor of the game's."""
    from tests.engine.discovery.test_words import english_left as game_english_left
    from tests.engine.discovery.test_words import english_pieces

    async with FakeDiscord() as fake:
        fake.guild_locale = "fr"
        fake.user("bob").locale = "de"
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            await open_game(fake, "game-2", ["alice", "bob"], game="discovery", double_tile=True)
            bob: list[FakeMessage] = []
            for moves in range(400):
                table = await table_of(bot, fake, "game-2")
                if table is None:
                    break
                seat = table.current
                player = fake.users[seat.user_id].name if seat is not None and seat.user_id is not None else ""
                if player == "bob" and moves % 8 == 2:
                    bob.append(await ok(await fake.slash("bob", "game-2", "game", "status")))
                    bob.append(await ok(await fake.slash("bob", "game-2", "game", "hand")))
                key = engine.ai_move(table.state, "random").key
                answer = await ok(await play_move(fake, "game-2", player, key))
                if player == "bob":
                    bob.append(answer)
            channel = [m.text for m in fake.channel_messages("game-2")]
            assert "Partie terminée" in channel[-1]
            assert any("pose la tuile en" in text for text in channel), channel[-5:]
            assert not found(channel, english_left("fr"))
            assert not game_english_left(channel, english_pieces("fr"))
            private = [m.text for m in bob]
            assert any("Deine Plättchen auf der Hand" in text for text in private), private[:3]
            assert not found(private, english_left("de"))
            assert not game_english_left(private, english_pieces("de"))
        fake.assert_no_violations()
