"""The Discord side of a move: acknowledge at once, apply through the service, then show it in the channel.

Commands and components both end up here, so a slash command and a button behave the same. Every interaction
is deferred before any database or rendering work (the 3-second rule); the board is rendered in a thread;
refusals go back ephemerally with what is legal now. Announcements of one channel are serialised by their own
lock so turn messages appear in the order the moves were made.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord

import render
from storage import StorageError

from . import messages
from .components import lobby_view, turn_view
from .service import MoveOutcome, Refusal, StaleClick, Table

if TYPE_CHECKING:
    from .app import EntdeckerBot

log = logging.getLogger(__name__)

DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's default per-file limit since 2025
UPLOAD_MARGIN = 4096  # multipart headers and rounding: stay a little below the limit
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


def is_manager(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and (perms.manage_channels or perms.administrator))


def board_png(view: dict[str, Any], overlay: bool, limit: int) -> bytes | None:
    """The board PNG under the upload limit: smaller rather than failing, None if even that does not fit."""
    data = render.render_board(view, overlay=overlay)
    budget = max(limit - UPLOAD_MARGIN, 1)
    if len(data) > budget:
        data = render.shrink_png(view, budget, overlay=overlay)
    return data if len(data) <= budget else None


def _clicked_on(interaction: discord.Interaction | None, message_id: int | None) -> bool:
    return (
        interaction is not None
        and interaction.type == discord.InteractionType.component
        and interaction.message is not None
        and interaction.message.id == message_id
    )


class Flow:
    def __init__(self, bot: EntdeckerBot) -> None:
        self.bot = bot
        self.service = bot.service
        self.settings = bot.settings
        self._announce_locks: dict[int, asyncio.Lock] = {}
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}

    # ------------------------------------------------------------------ helpers

    def channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.bot.get_channel(channel_id)
        if channel is None:  # not cached (e.g. a thread after a restart): a partial channel can still send
            return self.bot.get_partial_messageable(channel_id)
        return channel  # type: ignore[return-value]

    def upload_limit(self, channel_id: int, interaction: discord.Interaction | None = None) -> int:
        if interaction is not None:
            return interaction.filesize_limit
        channel = self.bot.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        return guild.filesize_limit if guild is not None else DEFAULT_UPLOAD_LIMIT

    async def board_file(self, view: dict[str, Any], overlay: bool, limit: int) -> discord.File | None:
        data = await asyncio.to_thread(board_png, view, overlay, limit)
        if data is None:
            return None
        import io

        return discord.File(io.BytesIO(data), filename="board.png")

    async def reply(self, interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
        """An ephemeral follow-up after a defer; never raises (the user has at least the defer)."""
        try:
            await interaction.followup.send(messages.clip(content, messages.CONTENT_LIMIT), ephemeral=True, **kwargs)
        except discord.HTTPException:
            log.warning("could not send a follow-up to interaction %s", interaction.id, exc_info=True)

    async def defer(self, interaction: discord.Interaction) -> None:
        """Acknowledge at once: a silent update for buttons, a private 'thinking…' for commands."""
        if interaction.response.is_done():
            return
        if interaction.type == discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)

    # ------------------------------------------------------------------ moves

    async def move_interaction(
        self,
        interaction: discord.Interaction,
        *,
        key: str | None = None,
        command: str | None = None,
        value: str | int | None = None,
        game_id: int | None = None,
        version: int | None = None,
    ) -> None:
        await self.defer(interaction)
        channel_id = interaction.channel_id
        assert channel_id is not None
        try:
            outcome = await self.service.play(
                channel_id,
                interaction.user.id,
                key=key,
                command=command,
                value=value,
                game_id=game_id,
                version=version,
            )
        except StaleClick as refusal:
            await self.reply(interaction, f"⚠️ {refusal}")
            await self.repair_turn_message(channel_id, interaction)
            return
        except Refusal as refusal:
            await self.reply(interaction, f"⚠️ {refusal}")
            return
        except Exception:
            # A bug or a broken database: say so instead of leaving the user with a silent defer.
            log.exception("move in channel %s failed", channel_id)
            await self.reply(interaction, "⚠️ Something went wrong on our side; the move was not made.")
            return
        await self.announce(outcome, interaction)
        if interaction.type != discord.InteractionType.component:
            done = " ".join(outcome.lines[:3]) or "Done."
            await self.reply(interaction, f"✅ {done}")
        self.after_move(outcome)

    async def repair_turn_message(self, channel_id: int, interaction: discord.Interaction) -> None:
        """A stale click on the *current* turn message means its last update was lost (say the process died
        between storing a move and announcing it): bring the message up to date so the right buttons show."""
        table = await self.service.table(channel_id)
        if table is None or not table.active or not _clicked_on(interaction, table.record.turn_message_id):
            return
        assert interaction.message is not None
        ids = [getattr(c, "custom_id", None) or "" for row in interaction.message.components for c in row.children]  # type: ignore[union-attr]
        if any(i.split(":")[2:3] == [str(table.version)] for i in ids if i.startswith(("ed:", "eds:"))):
            return  # the message is current already (a double click): nothing to repair
        lock = self._announce_locks.setdefault(channel_id, asyncio.Lock())
        async with lock:
            try:
                await self.update_turn(table, rerender=True, interaction=None)
            except (discord.HTTPException, StorageError):
                log.warning("could not repair the turn message in channel %s", channel_id, exc_info=True)

    def after_move(self, outcome: MoveOutcome) -> None:
        table = outcome.table
        if table.active and table.current is not None and table.current.is_ai:
            self.kick_ai(table.record.channel_id)

    async def announce(self, outcome: MoveOutcome, interaction: discord.Interaction | None = None) -> None:
        """Show a move: a new turn message with board and account when the turn ended, else refresh it."""
        channel_id = outcome.table.record.channel_id
        lock = self._announce_locks.setdefault(channel_id, asyncio.Lock())
        async with lock:
            try:
                if outcome.turn_over:
                    await self.post_turn(outcome.table, interaction=interaction, account_of_last_turn=True)
                else:
                    placed = any(e.get("type") in ("place", "discard", "fill") for e in outcome.events)
                    choose = outcome.table.view(None).get("phase") == "place"
                    await self.update_turn(outcome.table, rerender=placed or choose, interaction=interaction)
            except (discord.HTTPException, StorageError):
                # The move is stored; the channel just missed a picture. /game board shows it again.
                log.warning("could not announce a move in channel %s", channel_id, exc_info=True)

    async def post_turn(
        self,
        table: Table,
        *,
        interaction: discord.Interaction | None = None,
        account_of_last_turn: bool = False,
        header: str | None = None,
    ) -> None:
        """A new turn message: what happened in the last turn, the board and the next player's choices."""
        channel_id = table.record.channel_id
        account = []
        if account_of_last_turn:
            account = await self.service.turn_account(table.game_id, table.names, table.record.game)
        limit = self.upload_limit(channel_id, interaction)
        file = await self.board_file(table.view(None), overlay=table.active, limit=limit)
        view, left_out = turn_view(table)
        content = messages.turn_content(table, account, header=header)
        if left_out:
            content = messages.clip(content + f"\n({left_out} more choices: use the slash commands.)", 2000)
        kwargs: dict[str, Any] = {"content": content, "allowed_mentions": MENTION_USERS}
        if file is not None:
            kwargs["file"] = file
        if view is not None:
            kwargs["view"] = view
        channel = self.channel(channel_id)
        message = await channel.send(**kwargs)
        old = table.record.turn_message_id
        await self.service.store.set_message_ids(table.game_id, turn_message_id=message.id, board_message_id=message.id)
        if old is not None and old != message.id:
            # Old buttons would be refused politely anyway; removing them avoids the confusion.
            with contextlib.suppress(discord.HTTPException):
                if _clicked_on(interaction, old):
                    await interaction.edit_original_response(view=None)  # type: ignore[union-attr]
                else:
                    await channel.get_partial_message(old).edit(view=None)  # type: ignore[attr-defined]

    async def update_turn(self, table: Table, *, rerender: bool, interaction: discord.Interaction | None) -> None:
        """Mid-turn: edit the turn message with the account so far, the new choices and (if changed) the board."""
        record = await self.service.store.game(table.game_id)
        if record.turn_message_id is None:
            await self.post_turn(table, interaction=interaction)
            return
        account = await self.service.turn_account(table.game_id, table.names, table.record.game)
        view, left_out = turn_view(table)
        content = messages.turn_content(table, account)
        if left_out:
            content = messages.clip(content + f"\n({left_out} more choices: use the slash commands.)", 2000)
        kwargs: dict[str, Any] = {"content": content, "view": view, "allowed_mentions": MENTION_USERS}
        if rerender:
            limit = self.upload_limit(table.record.channel_id, interaction)
            file = await self.board_file(table.view(None), overlay=True, limit=limit)
            kwargs["attachments"] = [file] if file is not None else []
        channel = self.channel(table.record.channel_id)
        try:
            if _clicked_on(interaction, record.turn_message_id):
                # The button's own message: editing it through the interaction is also the user's answer.
                await interaction.edit_original_response(**kwargs)  # type: ignore[union-attr]
            else:
                await channel.get_partial_message(record.turn_message_id).edit(**kwargs)  # type: ignore[attr-defined]
        except discord.NotFound:
            await self.post_turn(table, interaction=interaction)

    # ------------------------------------------------------------------ AI seats

    def kick_ai(self, channel_id: int) -> None:
        """Let the AI play its turns in this channel (one task per channel; a no-op if it is running)."""
        task = self._ai_tasks.get(channel_id)
        if task is not None and not task.done():
            return
        self._ai_tasks[channel_id] = asyncio.create_task(self._drive_ai(channel_id), name=f"ai-{channel_id}")

    async def _drive_ai(self, channel_id: int) -> None:
        try:
            new_turn = True
            while not self.bot.is_closed():
                if new_turn and self.settings.ai_delay > 0:
                    await asyncio.sleep(self.settings.ai_delay)  # a pace people can follow
                outcome = await self.service.ai_step(channel_id)
                if outcome is None:
                    return
                new_turn = outcome.turn_over
                if outcome.turn_over:
                    await self.announce(outcome)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("AI turns in channel %s stopped", channel_id)

    async def stop(self) -> None:
        for task in self._ai_tasks.values():
            task.cancel()
        for task in self._ai_tasks.values():
            with contextlib.suppress(BaseException):
                await task
        self._ai_tasks.clear()

    # ------------------------------------------------------------------ lobby

    async def lobby_interaction(self, interaction: discord.Interaction, *, game_id: int, action: str) -> None:
        await self.defer(interaction)
        channel_id = interaction.channel_id
        assert channel_id is not None
        table = await self.service.table(channel_id, fresh=True)
        if table is None or table.game_id != game_id or table.record.status != "lobby":
            await self.reply(interaction, "⚠️ This lobby is closed. `/game new` opens a new one.")
            return
        await self.lobby_action(interaction, action)

    async def lobby_action(self, interaction: discord.Interaction, action: str, **kwargs: Any) -> None:
        """join / leave / addbot / start for commands and lobby buttons alike (already deferred)."""
        channel_id = interaction.channel_id
        assert channel_id is not None
        user = interaction.user
        try:
            if action == "join":
                table = await self.service.join(channel_id, user.id, user.display_name)
                note = "You have a seat."
            elif action == "leave":
                table = await self.service.leave(channel_id, user.id)
                note = "You left the lobby."
            elif action == "addbot":
                table = await self.service.add_bot(channel_id, user.id, kwargs.get("kind", "heuristic"))
                note = f"{table.players[-1].display_name} sits down."
            elif action == "start":
                table = await self.service.start(channel_id, user.id, is_manager(interaction))
                note = "The game is on."
            else:
                raise Refusal(f"Unknown action {action}.")
        except Refusal as refusal:
            await self.reply(interaction, f"⚠️ {refusal}")
            return
        except Exception:
            log.exception("lobby action %s in channel %s failed", action, channel_id)
            await self.reply(interaction, "⚠️ Something went wrong on our side; nothing was changed.")
            return
        if action == "start":
            try:
                await self.post_turn(table, interaction=interaction, header="⛵ The game begins!")
            except discord.HTTPException:
                log.warning("could not post the first turn in %s", channel_id, exc_info=True)
            if table.current is not None and table.current.is_ai:
                self.kick_ai(channel_id)
        await self.refresh_lobby(table, started=action == "start")
        await self.reply(interaction, f"✅ {note}")

    async def refresh_lobby(self, table: Table, *, started: bool = False) -> None:
        """Keep the lobby message's seat list current (its id is the turn message id until the start)."""
        message_id = table.record.turn_message_id
        if message_id is None:
            return
        channel = self.channel(table.record.channel_id)
        if started:
            content = messages.lobby_content(table).split("\n")[0] + " — started."
            kwargs: dict[str, Any] = {"content": content, "view": None}
        else:
            kwargs = {"content": messages.lobby_content(table), "view": lobby_view(table.game_id)}
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).edit(**kwargs)  # type: ignore[attr-defined]
