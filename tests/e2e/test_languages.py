"""Issue 23 through the real discord.py client: every command described in German, Dutch and French (names
English, Discord's limits held: the fake Discord refuses a sync that breaks them), the game's language for its
channel and each person's own for what only they see: a whole Entdecker game on a French server where bob's
Discord speaks German."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

import engine
from bot.lang import FOLDERS
from tests.fakediscord import FakeDiscord, FakeMessage

from .helpers import lobby_message, ok, open_game, play_move, refused, running, settings, table_of

FIELD = re.compile(r"\{[^{}]*\}")


def english_left(language: str) -> list[str]:
    """The English pieces (between placeholders, a few words long) of every bot word translated for `language`:
    none of them may stand in a text written in that language."""
    with (FOLDERS[0] / f"{language}.po").open("rb") as po:
        catalog = read_po(po, locale=language)
    pieces = set()
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


async def test_a_french_game_with_a_german_speaking_player(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        fake.guild_locale = "fr"  # the server's preferred locale: the games' default language
        fake.user("bob").locale = "de"
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            await open_game(fake, "game-1", ["alice", "bob"])
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
            while (table := await table_of(bot, fake, "game-1")) is not None:
                current = table.current
                assert current is not None and current.user_id is not None
                player = fake.users[current.user_id].name
                key = engine.ai_move(table.state, "heuristic").key
                answer = await ok(await play_move(fake, "game-1", player, key))
                if player == "bob":
                    bob.append(answer)
                moves += 1
                assert moves < 2000
            channel = [m.text for m in fake.channel_messages("game-1")]
            assert "Partie terminée" in channel[-1]
            assert not found(channel, english_left("fr"))
            assert not found([m.text for m in bob], english_left("de"))
        fake.assert_no_violations()


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
