"""Driving the real bot through fakediscord: start it, pick moves, play them by slash command or by button."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import Any

import engine
from bot import Settings, create_bot
from bot.app import EntdeckerBot
from bot.catalog import Catalog
from bot.service import Table, stamp
from tests.fakediscord import FAST_CLIENT_OPTIONS, BotRun, FakeDiscord, FakeMessage, InteractionHandle, run_bot

LOGGERS = ("discord", "bot")  # errors logged by either fail the test


def settings(db: Path, **overrides: Any) -> Settings:
    # Render threads and no warm-up: worker processes and a warm-up cost ~0.5 s each per bot start, and the tests
    # start hundreds of bots (tests/bot/test_boards.py and test_stopping.py cover both).
    values: dict[str, Any] = {
        "db_path": str(db),
        "ai_delay": 0.0,
        "check_interval": 3600.0,
        "warm_renderer": False,
        "render_processes": 0,
    }
    values.update(overrides)
    return Settings(**values)


@contextlib.asynccontextmanager
async def running(
    fake: FakeDiscord, config: Settings, clock: Callable[[], float] = time.time
) -> AsyncIterator[tuple[EntdeckerBot, BotRun]]:
    bot = create_bot(config, clock, **FAST_CLIENT_OPTIONS)
    async with run_bot(fake, bot, loggers=LOGGERS) as run:
        fake.settle = functools.partial(handled, bot)
        try:
            yield bot, run
        finally:
            fake.settle = None


async def handled(bot: EntdeckerBot, interaction_id: int) -> None:
    """Until the bot is done with the interaction: a command that ends a turn answers privately first and then posts
    the next turn's message, which the test looks at next."""
    if bot.parts is not None:
        await bot.parts.replies.handled(interaction_id)


@contextlib.asynccontextmanager
async def started(
    tmp_path: Path, channel: str, players: list[str], **game: Any
) -> AsyncIterator[tuple[FakeDiscord, EntdeckerBot]]:
    """The fake Discord, the bot on a fresh database and a game opened in `channel` (open_game's keywords); on the
    way out, that no Discord rule was broken."""
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            await open_game(fake, channel, players, **game)
            yield fake, bot
        fake.assert_no_violations()


async def ok(handle: InteractionHandle) -> FakeMessage:
    """The user's final answer, which must not be a refusal."""
    message = await handle.final(timeout=15)
    assert not message.text.startswith("⚠️"), message.text
    return message


async def refused(handle: InteractionHandle) -> str:
    """The ephemeral refusal the user got."""
    message = await handle.final(timeout=15)
    assert message.ephemeral, message.text
    assert message.text.startswith("⚠️"), message.text
    return message.text


def catalog() -> Catalog:
    """The bot's view of the registry as it is now: a game registered by a test shows, as in the bot built then."""
    return _catalog(tuple(engine.GAMES))


@functools.cache
def _catalog(names: tuple[str, ...]) -> Catalog:
    return Catalog()


async def open_game(
    fake: FakeDiscord, channel: str, players: list[str], seed: int = 1, game: str = "entdecker", **options: Any
) -> None:
    """A lobby opened by players[0], variants set by the host through the lobby menus, everyone seated, started."""
    await ok(await fake.slash(players[0], channel, "game", "new", game=game, seed=seed))
    if options:
        await set_options(fake, channel, players[0], game, **options)
    for name in players[1:]:
        await ok(await fake.slash(name, channel, "game", "join"))
    await ok(await fake.slash(players[0], channel, "game", "start"))


def lobby_message(fake: FakeDiscord, channel: str) -> FakeMessage:
    return next(
        m for m in reversed(fake.channel_messages(channel)) if any(c.startswith("edl:") for c in m.custom_ids())
    )


async def set_options(fake: FakeDiscord, channel: str, user: str, game: str, **options: Any) -> None:
    """Set variant options as the host would: the switches menu for on/off ones, one menu for each other."""
    info = catalog().info(game)
    switches = {o.name for o in info.options if o.is_switch}
    lobby = lobby_message(fake, channel)
    if switches & set(options):
        menu = next(s for s in lobby.selects() if s["custom_id"].startswith("edv:"))
        current = {o["value"] for o in menu["options"] if o.get("default")}
        chosen = sorted(
            (current - {n for n, v in options.items() if v is False}) | {n for n, v in options.items() if v is True}
        )
        await ok(await fake.select(user, lobby, menu["custom_id"], chosen))
    for name, value in options.items():
        if name in switches:
            continue
        key = str(value).lower() if isinstance(value, bool) else str(value)
        selects = fake.message(lobby.id).selects()
        menu = next((s for s in selects if s["custom_id"].endswith(f":{name}")), None)
        if menu is None:  # no room for its own menu: the lobby's last menu holds it ("name=value")
            menu = next(s for s in selects if s["custom_id"].startswith("edm:"))
            key = f"{name}={key}"
        await ok(await fake.select(user, lobby, menu["custom_id"], [key]))


async def table_of(bot: EntdeckerBot, fake: FakeDiscord, channel: str) -> Table | None:
    return await bot.services.tables.table(fake.channel(channel).id, fresh=True)


def user_of(fake: FakeDiscord, table: Table) -> str:
    current = table.current
    assert current is not None and current.user_id is not None
    return fake.users[current.user_id].name


# The AI that chooses the test players' moves where the test is about the bot, not the AI's choices. The Discovery's
# heuristic weighs every placement (4 s of CPU for a game's 166 moves in the test process, a third of the test); its
# random AI takes 0.25 s for games as long (the number of tiles decides) that reach every verb. Elsewhere the
# game's default AI: the random Entdecker and Wüstensöhne games run longer, which costs more in the bot than it saves.
PICKER = {"discovery": "random"}


# Seeds of short whole games (the length of the picked moves' game decides most of a whole-game test's CPU), of the
# first 30 seeds for two seats and the heuristic: Wüstensöhne lasts 333 moves from seed 9 (400 from seed 1),
# Entdecker 194 from seed 27 and 197 from seed 30 (230 and 243 from seeds 1 and 2). The Discovery's length is its
# number of tiles.
SHORT_GAME_SEEDS = {"desert": 9, "entdecker": 27}


def short_game_seed(game: str) -> int:
    return SHORT_GAME_SEEDS.get(game, 1)


def picker(game: str) -> str:
    return PICKER.get(game) or catalog().info(game).default_ai


def pick(table: Table) -> str:
    """The move the player to move makes in a test game, as a move key (`picker`: a fairly short game)."""
    return engine.ai_move(table.state, picker(table.game)).key


async def slash_move(
    fake: FakeDiscord, channel: str, user: str, key: str, game: str = "entdecker"
) -> InteractionHandle:
    """Play `key` as a user would: the game's verb for it (`/<game> <verb>`), the matching autocomplete choice,
    send."""
    kind = key.split(":", 1)[0]
    verb = catalog().verb(game, kind)
    assert verb is not None, key
    if not verb.option:
        return await fake.slash(user, channel, game, verb.name)
    return await choose(fake, channel, user, f"{game} {verb.name}", verb.option, key.split(":", 1)[1])


def values(choices: list[dict[str, Any]]) -> list[str]:
    """The autocomplete choices' values without the state they were offered at (bot/service/stamp.py)."""
    return [str(stamp.untagged(c["value"])[0]) for c in choices]


async def choose(
    fake: FakeDiscord, channel: str, user: str, command: str, option: str, value: str
) -> InteractionHandle:
    """Send `/command option:value` as a user would (`command` as typed: "play", "entdecker ship"): the
    autocomplete choice for `value` (which carries the state it was offered at), narrowed down by typing when more
    than 25 are legal."""
    names = command.split()
    choices = await fake.autocomplete(user, channel, *names, focused=option, value="")
    assert 0 < len(choices) <= 25
    if value not in values(choices):
        choices = await fake.autocomplete(user, channel, *names, focused=option, value=value)
    assert value in values(choices), (value, choices)
    chosen = choices[values(choices).index(value)]["value"]
    return await fake.slash(user, channel, *names, **{option: chosen})


async def play_move(fake: FakeDiscord, channel: str, user: str, key: str) -> InteractionHandle:
    """Play `key` through `/play move:`, the command every game has, taking the autocomplete choice."""
    return await choose(fake, channel, user, "play", "move", key)


def turn_message(fake: FakeDiscord, bot_table: Table) -> FakeMessage:
    """The table's live turn message: the newest in its channel whose controls are for its state, else the one on
    record (a turn message made as a click's follow-up is seen a moment before the bot records its id)."""
    state = stamp.state_field(bot_table.version, stamp.tag_of(bot_table))
    marks = (f"ed:{bot_table.game_id}:{state}:", f"eds:{bot_table.game_id}:{state}:")
    private = f"edp:{bot_table.game_id}:{bot_table.version}"  # a turn whose only control opens the private copy
    for message in reversed(fake.channel_messages(bot_table.record.channel_id)):
        if any(c.startswith(marks) or c == private for c in message.custom_ids()):
            return message
    message_id = bot_table.record.turn_message_id
    assert message_id is not None
    return fake.message(message_id)


async def click_move(fake: FakeDiscord, message: FakeMessage, user: str, key: str) -> InteractionHandle:
    """Play `key` through the turn message: its button, or the select option that carries it."""
    for button in message.buttons():
        if button["custom_id"].startswith("ed:") and button["custom_id"].split(":", 3)[3] == key:
            return await fake.click(user, message, button["custom_id"])
    for select in message.selects():
        if key in [o["value"] for o in select["options"]]:
            return await fake.select(user, message, select["custom_id"], [key])
    for opener in [b["custom_id"] for b in message.buttons() if b["custom_id"].startswith("edk:")]:
        # A step grouped under openers (issue 21): the opener that holds it, then a pair starting with it.
        opened = await ok(await fake.click(user, message, opener))
        for button in opened.buttons():
            custom_id = button["custom_id"]
            if custom_id.startswith("ed:") and custom_id.split(":", 3)[3].split("|")[0] == key:
                return await fake.click(user, opened, custom_id)
        back = next(b["custom_id"] for b in opened.buttons() if b["custom_id"].startswith("edb:"))
        message = await ok(await fake.click(user, opened, back))
    raise AssertionError(f"{key} is not on the turn message: {message.custom_ids()}")


async def click_old(fake: FakeDiscord, channel: str, message: FakeMessage, user: str, key: str) -> InteractionHandle:
    """A click on a component of a message as it was earlier (its buttons have changed since)."""
    for button in message.buttons():
        if button["custom_id"].split(":", 3)[3] == key:
            data = {"custom_id": button["custom_id"], "component_type": 2}
            return await fake._dispatch_interaction(type=3, user=user, channel=channel, data=data, message=message)
    select = next(s for s in message.selects() if key in [o["value"] for o in s["options"]])
    data = {"custom_id": select["custom_id"], "component_type": 3, "values": [key]}
    return await fake._dispatch_interaction(type=3, user=user, channel=channel, data=data, message=message)


async def kill_all(processes: Iterable[asyncio.subprocess.Process], wait: float) -> None:
    """Kill -9 the bot processes (tests.e2e.killable_bot) still running and reap them: a test that failed midway
    leaves some."""
    for process in processes:
        if process.returncode is None:
            process.kill()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(process.wait(), wait)


async def wait_for_human(bot: EntdeckerBot, fake: FakeDiscord, channel: str, timeout: float = 30) -> Table | None:
    """Wait while AI seats play (they run in the background); None once the game is over."""
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        table = await table_of(bot, fake, channel)
        if table is None or (table.current is not None and not table.current.is_ai):
            return table
        await asyncio.sleep(0.01)
    raise AssertionError("AI seats did not finish their turns")


END_CONTROLS = ("edr:", "edg:")  # a finished game's end message: Rematch, Replay (bot/components.py end_row)


def only_end_controls(message: FakeMessage) -> bool:
    """Whether a message carries a finished game's controls and nothing else to click (no move is left)."""
    ids = message.custom_ids()
    return bool(ids) and all(i.startswith(END_CONTROLS) for i in ids) and len(ids) == len(END_CONTROLS)
