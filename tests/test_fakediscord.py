"""The loopback fake Discord works with the real discord.py client and catches rule violations."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.fakediscord import (
    FAST_CLIENT_OPTIONS,
    BotRun,
    FakeDiscord,
    UnknownCommandError,
    limits,
    run_bot,
)

TILES = [f"tile-{i:02d}" for i in range(40)]


class MoveButton(discord.ui.DynamicItem[discord.ui.Button], template=r"move:(?P<game>[a-z]+):(?P<n>\d+)"):
    """Restart-safe button: its state lives in the custom_id, not in a stored View."""

    def __init__(self, game: str, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Move {n}", custom_id=f"move:{game}:{n}"))
        self.game, self.n = game, n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> MoveButton:
        return cls(match["game"], int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"{interaction.user.name} made move {self.n}")


class PickView(discord.ui.View):
    @discord.ui.select(custom_id="pick", options=[discord.SelectOption(label=c, value=c) for c in "abc"])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"picked {select.values}", ephemeral=True)


def render_png(size: int) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (size, size), (10, 120, 200)).save(buf, "PNG")
    return buf.getvalue()


def make_bot() -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default(), **FAST_CLIENT_OPTIONS)
    game = app_commands.Group(name="game", description="Games")

    @game.command(name="new", description="Start a game")
    async def game_new(interaction: discord.Interaction, game: str, players: int = 2, public: bool = True) -> None:
        view = PickView(timeout=None)
        view.add_item(MoveButton(game, 1))
        await interaction.response.send_message(f"{game} for {players} (public={public})", view=view)

    @app_commands.command(description="Place a tile")
    async def place(interaction: discord.Interaction, tile: str) -> None:
        await interaction.response.send_message(f"placed {tile}", ephemeral=True)

    @place.autocomplete("tile")
    async def place_tile(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=t, value=t) for t in TILES if current in t][:25]

    @app_commands.command(description="Render the board")
    async def board(interaction: discord.Interaction, size: int, quick: bool = False) -> None:
        if quick:
            file = discord.File(io.BytesIO(render_png(size)), "quick.png")
            await interaction.response.send_message("quick board", file=file)
            return
        await interaction.response.defer(thinking=True)
        png = await asyncio.to_thread(render_png, size)
        await interaction.followup.send("board", file=discord.File(io.BytesIO(png), "board.png"))

    @app_commands.command(description="A components-v2 message, then its picture kept and its button gone")
    async def layout(interaction: discord.Interaction, bad: bool = False) -> None:
        await interaction.response.defer(thinking=True)
        view = discord.ui.LayoutView(timeout=None)
        view.add_item(discord.ui.TextDisplay("turn 1"))
        view.add_item(
            discord.ui.MediaGallery(
                discord.MediaGalleryItem("attachment://missing.png" if bad else "attachment://b.png")
            )
        )
        view.add_item(discord.ui.ActionRow(MoveButton("nim", 1)))
        file = discord.File(io.BytesIO(render_png(8)), "b.png")
        try:
            message = await interaction.followup.send(view=view, file=file, wait=True)
        except discord.HTTPException as exc:
            await interaction.followup.send(f"refused: {exc.text}")
            return
        kept = discord.ui.LayoutView(timeout=None)
        kept.add_item(discord.ui.TextDisplay("turn 1 is over"))
        kept.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://b.png")))
        await message.edit(view=kept)

    @app_commands.command(description="Post to the channel")
    async def announce(interaction: discord.Interaction, text: str) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send(text)
        await interaction.response.send_message("announced", ephemeral=True)

    @app_commands.command(description="Never answers")
    async def silent(interaction: discord.Interaction) -> None:
        return None

    @app_commands.command(description="Answers twice")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("one")
        # discord.py refuses a second response locally; forget the first one to act like
        # a second code path (another handler/process) that answers the same interaction.
        interaction.response._response_type = None
        await interaction.response.send_message("two")

    @app_commands.command(description="Too long")
    async def long(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("x" * 2001)

    @app_commands.command(description="Too big")
    async def bigfile(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.followup.send(file=discord.File(io.BytesIO(b"\0" * 5000), "big.bin"))

    @app_commands.command(description="Edits its answer")
    async def edit(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("v1")
        await interaction.edit_original_response(content="v2")
        await interaction.followup.send("secret", ephemeral=True)

    @app_commands.command(description="Followup after the token expired")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        await asyncio.sleep(0.3)
        await interaction.followup.send("too late")

    @app_commands.command(description="Crashes")
    async def crash(interaction: discord.Interaction) -> None:
        raise RuntimeError("boom")

    for command in (game, place, board, layout, announce, silent, twice, long, bigfile, edit, slow, crash):
        bot.tree.add_command(command)

    async def setup_hook() -> None:
        bot.add_dynamic_items(MoveButton)
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


@pytest.fixture
async def env() -> AsyncIterator[tuple[FakeDiscord, BotRun]]:
    async with FakeDiscord() as fake, run_bot(fake, make_bot()) as run:
        yield fake, run


async def test_login_sync_and_ready(env: tuple[FakeDiscord, BotRun]) -> None:
    fake, run = env
    assert run.bot.application_id == fake.application_id
    assert {"game", "place", "board"} <= set(fake.global_commands)
    guild = run.bot.get_guild(fake.guild_id)
    assert guild is not None and guild.get_channel(fake.channel("game-1").id) is not None
    # Without the members intent discord.py caches no members, but the count is there.
    assert guild.member_count == len(fake.users)
    assert discord.http.Route.BASE.startswith("http://127.0.0.1:")


async def test_slash_group_button_and_select(env: tuple[FakeDiscord, BotRun]) -> None:
    fake, run = env
    handle = await fake.slash("alice", "game-1", "game", "new", game="entdecker", players=3)
    message = await handle.final()
    assert (await handle.acked()).type == 4
    assert message.content == "entdecker for 3 (public=True)"
    assert set(message.custom_ids()) == {"pick", "move:entdecker:1"}
    assert fake.channel_messages("game-1") == [message]
    # MESSAGE_CREATE reached the bot's cache.
    await fake.wait_for(lambda: run.bot._connection._get_message(message.id))

    click = await fake.click("bob", message, "move:entdecker:1")
    assert (await click.acked()).type == 7
    assert (await click.final()).content == "bob made move 1"
    assert fake.message(message.id).edit_count == 1

    pick = await fake.select("carol", message, "pick", ["b"])
    reply = await pick.final()
    assert reply.ephemeral and reply.content == "picked ['b']"
    assert fake.ephemeral_replies(pick) == [reply]
    assert reply not in fake.channel_messages("game-1")
    assert reply in fake.visible_messages("carol", "game-1")
    assert reply not in fake.visible_messages("alice", "game-1")
    assert run.bot._connection._get_message(reply.id) is None  # no MESSAGE_CREATE for ephemerals
    fake.assert_no_violations()


async def test_autocomplete(env: tuple[FakeDiscord, BotRun]) -> None:
    fake, _ = env
    choices = await fake.autocomplete("alice", "game-1", "place", focused="tile", value="tile-1")
    assert [c["value"] for c in choices] == [f"tile-1{i}" for i in range(10)]
    assert len(await fake.autocomplete("alice", "game-1", "place", focused="tile", value="")) == 25
    fake.assert_no_violations()


async def test_defer_then_png_followup_and_channel_message(env: tuple[FakeDiscord, BotRun]) -> None:
    fake, _ = env
    handle = await fake.slash("dave", "game-2", "board", size=64)
    message = await handle.final()
    assert (await handle.acked()).type == 5
    assert message.id == handle.original.id  # the followup filled in the "thinking" message
    assert message.attachments[0].filename == "board.png"
    image = message.attachments[0].image()
    assert image.size == (64, 64) and image.getpixel((0, 0)) == (10, 120, 200)
    assert handle.ack_latency is not None and handle.final_latency is not None
    assert 0 <= handle.ack_latency <= handle.final_latency

    quick = await fake.slash("dave", "game-2", "board", size=8, quick=True)
    assert (await quick.final()).attachments[0].image().size == (8, 8)

    announce = await fake.slash("alice", "general", "announce", text="hello all")
    await announce.final()
    posted = await fake.wait_for_message("general", lambda m: m.content == "hello all")
    assert posted.author.id == fake.bot_user.id and not posted.ephemeral
    fake.assert_no_violations()


async def test_components_v2_message_and_its_picture_kept_on_edit(env: tuple[FakeDiscord, BotRun]) -> None:
    fake, _ = env
    handle = await fake.slash("dave", "game-2", "layout")
    await fake.wait_for(lambda: handle.original is not None and handle.original.edit_count >= 1)
    message = handle.original
    assert message.v2 and message.content == "" and message.text == "turn 1 is over"
    assert message.custom_ids() == [] and [a.filename for a in message.pictures()] == ["b.png"]
    [media] = limits.media_of(message.components)
    assert media["attachment_id"] == str(message.attachments[0].id)  # stored as Discord stores it: resolved
    fake.assert_no_violations()
    bad = await fake.slash("dave", "game-2", "layout", bad=True)
    assert (await bad.final()).content.startswith("refused")
    assert "attachment://missing.png is not an attachment" in str(bad.violations[0])
    fake.violations.clear()


async def test_edit_original_and_ephemeral_followup(env: tuple[FakeDiscord, BotRun]) -> None:
    fake, _ = env
    handle = await fake.slash("bob", "game-3", "edit")
    [followup] = await handle.wait_followups(1)
    assert followup.ephemeral and followup.visible_to == fake.user("bob").id
    assert handle.original is not None and handle.original.content == "v2"
    assert [m.content for m in fake.channel_messages("game-3")] == ["v2"]
    fake.assert_no_violations()


async def test_expired_token_is_rejected() -> None:
    async with FakeDiscord(token_lifetime=0.1) as fake, run_bot(fake, make_bot()) as run:
        handle = await fake.slash("alice", "game-1", "slow")
        [violation] = await fake.wait_for(lambda: handle.violations)
        assert (violation.status, violation.code) == (401, limits.INVALID_WEBHOOK_TOKEN)
        await fake.wait_for(lambda: run.errors)
        run.take_errors()
        # The deferred answer stays an ephemeral "thinking" message nobody else sees.
        assert handle.original is not None and handle.original.loading and handle.original.ephemeral


async def test_unknown_and_mistyped_commands_are_rejected(env: tuple[FakeDiscord, BotRun]) -> None:
    fake, _ = env
    with pytest.raises(UnknownCommandError):
        await fake.slash("alice", "game-1", "nope")
    with pytest.raises(UnknownCommandError):
        await fake.slash("alice", "game-1", "game", "delete")
    with pytest.raises(TypeError):
        await fake.slash("alice", "game-1", "board", size="big")
    with pytest.raises(ValueError):
        await fake.slash("alice", "game-1", "game", "new")  # required option missing


async def test_deadline_violation_is_recorded() -> None:
    async with FakeDiscord(response_deadline=0.3) as fake, run_bot(fake, make_bot()):
        handle = await fake.slash("alice", "game-1", "silent")
        violations = await fake.wait_for(lambda: handle.violations, timeout=2)
        assert [v.code for v in violations] == [limits.UNKNOWN_INTERACTION]
        assert handle.callback is None


async def test_double_response_is_40060(env: tuple[FakeDiscord, BotRun]) -> None:
    fake, run = env
    handle = await fake.slash("alice", "game-1", "twice")
    await fake.wait_for(lambda: handle.violations)
    await fake.wait_for(lambda: run.errors)
    assert [v.code for v in fake.violations] == [limits.ALREADY_ACKNOWLEDGED]
    # The bot saw Discord's real error, raised from its second send_message.
    [record] = run.take_errors()
    assert isinstance(record.exc_info[1].original, discord.HTTPException)
    assert record.exc_info[1].original.code == 40060
    assert [m.content for m in fake.channel_messages("game-1")] == ["one"]


async def test_too_long_content_is_50035(env: tuple[FakeDiscord, BotRun]) -> None:
    fake, run = env
    handle = await fake.slash("alice", "game-1", "long")
    [violation] = await fake.wait_for(lambda: handle.violations)
    assert (violation.status, violation.code) == (400, 50035)
    assert violation.details == ["content: Must be 2000 or fewer in length."]
    await fake.wait_for(lambda: run.errors)
    assert run.take_errors()[0].exc_info[1].original.code == 50035
    assert handle.callback is None  # a rejected response does not acknowledge


async def test_oversized_attachment_is_40005() -> None:
    async with FakeDiscord(attachment_size_limit=1000) as fake, run_bot(fake, make_bot()) as run:
        handle = await fake.slash("alice", "game-1", "bigfile")
        assert handle.payload["attachment_size_limit"] == 1000
        [violation] = await fake.wait_for(lambda: handle.violations)
        assert (violation.status, violation.code) == (413, 40005)
        await fake.wait_for(lambda: run.errors)
        assert run.take_errors()[0].exc_info[1].original.status == 413


async def test_swallowed_command_errors_fail_the_test() -> None:
    async with FakeDiscord(response_deadline=0.2) as fake:
        with pytest.raises(AssertionError, match="boom"):
            async with run_bot(fake, make_bot()):
                handle = await fake.slash("alice", "game-1", "crash")
                await fake.wait_for(lambda: handle.violations)


async def test_malformed_dispatch_surfaces_connect_task_error() -> None:
    async with FakeDiscord() as fake:
        with pytest.raises(RuntimeError, match="connect"):
            async with run_bot(fake, make_bot()):
                # P7: a parser KeyError kills discord.py's connect() task; run_bot re-raises it.
                await fake.dispatch_raw("INTERACTION_CREATE", {"id": "1"})
                await fake.wait_for(lambda: False, timeout=2)


def test_limits_components_and_embeds() -> None:
    button = {"type": 2, "style": 1, "label": "x", "custom_id": "a"}
    row = {"type": 1, "components": [button]}
    assert limits.check_components([row] * 6, 0)[0].path == "components"
    six = [{**button, "custom_id": str(i)} for i in range(6)]
    assert limits.check_components([{"type": 1, "components": six}], 0)
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}
    assert limits.check_components([{"type": 1, "components": [select, {**button, "custom_id": "b"}]}], 0)
    many = {**select, "options": [{"label": str(i), "value": str(i)} for i in range(26)]}
    assert limits.check_components([{"type": 1, "components": [many]}], 0)
    assert limits.check_components([row, row], 0)[0].error_type == "COMPONENT_CUSTOM_ID_DUPLICATED"
    assert limits.check_components([{"type": 1, "components": [{**button, "custom_id": "c" * 101}]}], 0)
    assert limits.check_components([{"type": 1, "components": [{**button, "label": "l" * 81}]}], 0)
    assert limits.check_embeds([{"description": "d" * 4000}, {"description": "d" * 2001}])
    assert limits.check_embeds([{"title": "t"}] * 11)
    assert limits.check_embeds([{"fields": [{"name": "n", "value": "v" * 1025}]}])
    assert limits.check_choices([{"name": str(i), "value": str(i)} for i in range(26)])
    assert limits.check_message(content="", embeds=[], components=[], attachment_count=0, flags=0)[0].code == 50006
    v2 = limits.FLAG_COMPONENTS_V2
    text = {"type": 10, "content": "t"}
    assert limits.check_components([text], 0)  # a Text Display needs the IS_COMPONENTS_V2 flag
    assert not limits.check_components([text, row], v2)
    assert limits.check_components([text] * 20 + [row] * 10, v2)  # 40 components in all, nested ones counted
    assert limits.check_components([{"type": 10, "content": "t" * 2001}] * 2, v2)  # 4,000 characters of text
    assert limits.check_components([{"type": 11, "media": {"url": "x"}}], v2)  # a thumbnail only as an accessory
    assert limits.check_components([{"type": 12, "items": []}], v2)  # a gallery holds 1-10 items
    assert limits.check_components([{"type": 17, "components": [{"type": 17, "components": [text]}]}], v2)
    section = {"type": 9, "components": [text] * 4, "accessory": button}
    assert limits.check_components([section], v2)  # 1-3 texts beside the accessory
    assert limits.check_components([{"type": 1, "components": six}], v2)  # rows keep their rules
    assert limits.check_message(content="x", embeds=[], components=[text], attachment_count=0, flags=v2)
    assert not limits.check_message(content="ok", embeds=[], components=[row], attachment_count=0, flags=0)
