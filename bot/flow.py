"""The Discord side of a move: acknowledge at once, apply through the service, then show it in the channel.

Commands and components both end up here, so a slash command and a button behave the same. Every interaction
is deferred before any database or rendering work (the 3-second rule); the board is rendered in a thread;
refusals go back ephemerally with what is legal now. Announcements of one channel are serialised by their own
lock so turn messages appear in the order the moves were made.

games.announced_version records the state version the channel was last shown. Every announcement checks it under
the announcement lock (a state already shown, or a newer one, is not shown again), and `catch_up` shows what a
crash between storing a move and announcing it left unshown (after a restart, and from the reminder loop).
Names are escaped wherever they are shown, and a message only ever pings the player it is meant for.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord

import render
from storage import GameRecord, StorageError

from . import messages
from .components import lobby_view, turn_view
from .service import MoveOutcome, Refusal, StaleClick, Table
from .text import NO_MENTIONS, mentions

if TYPE_CHECKING:
    from .app import EntdeckerBot

log = logging.getLogger(__name__)

DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's default per-file limit since 2025
UPLOAD_MARGIN = 4096  # multipart headers and rounding: stay a little below the limit
NO_ACCESS = (discord.Forbidden, discord.NotFound)  # the channel refuses us: retrying will not help
CANNOT_POST = (
    "I cannot post in this channel: I need the **Send Messages** and **Attach Files** permissions here "
    "(ask someone with Manage Channels, or play in a channel where I have them)."
)
RENDER_SLOTS = 4  # a little above the cores: a render releases the GIL for most of its work
TOO_LARGE = "(The board picture is too large for this server's upload limit.)"


def turn_mentions(table: Table) -> discord.AllowedMentions:
    """A turn message pings the human player to move, and nobody else."""
    current = table.current
    if current is None or current.is_ai or current.user_id is None:
        return NO_MENTIONS
    return mentions(current.user_id)


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
        # Renders run in threads; more of them at once than there are cores only makes each one slower and
        # takes the GIL from the event loop more often.
        self._render_slots = asyncio.Semaphore(RENDER_SLOTS)
        # Per game id: the record as the last announcement bookkeeping write of this process left it (announced
        # version, turn message id). Those columns are written only here, under the announcement lock, so it
        # spares a read per announcement; dropped on any failure, and a new process starts by reading.
        self._shown: dict[int, GameRecord] = {}
        self._ai_tasks: dict[int, asyncio.Task[Any]] = {}
        # Interaction handlers still at work (registered by defer): closing waits for them, so their last
        # database write or message edit never meets a closed store or HTTP session.
        self._handlers: set[asyncio.Task[Any]] = set()

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
        async with self._render_slots:
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

    def track(self) -> None:
        """Register the running interaction handler, so that stop() lets it finish."""
        task = asyncio.current_task()
        if task is not None and task not in self._handlers:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)

    async def defer(self, interaction: discord.Interaction) -> None:
        """Acknowledge at once: a silent update for buttons, a private 'thinking…' for commands."""
        self.track()
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
            # Only when the stored announced version is behind (a lost update): a double click does nothing here.
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
        problem = await self.announce(outcome, interaction)
        if interaction.type != discord.InteractionType.component:
            done = " ".join(outcome.lines[:3]) or "Done."
            await self.reply(interaction, f"✅ {done}" + (f"\n{problem}" if problem else ""))
        elif problem:
            await self.reply(interaction, problem)
        self.after_move(outcome)

    async def repair_turn_message(self, channel_id: int, interaction: discord.Interaction) -> None:
        """A stale click on the *current* turn message while the stored announced version is behind the state
        means the last update was lost (say the process died between storing a move and announcing it): show
        the current state so the right buttons appear. A double click finds the state announced: no repair."""
        try:
            async with self.announce_lock(channel_id):
                table = await self.service.table(channel_id, fresh=True)
                if table is None or not table.active or not _clicked_on(interaction, table.record.turn_message_id):
                    return
                await self._show_unannounced(table)
        except NO_ACCESS:
            log.warning("cannot repair the turn message in channel %s (no access)", channel_id)
        except (discord.HTTPException, StorageError):
            log.warning("could not repair the turn message in channel %s", channel_id, exc_info=True)
        except Exception:
            log.exception("repairing the turn message in channel %s failed", channel_id)

    def after_move(self, outcome: MoveOutcome) -> None:
        table = outcome.table
        if table.active and table.current is not None and table.current.is_ai:
            self.kick_ai(table.record.channel_id)

    def announce_lock(self, channel_id: int) -> asyncio.Lock:
        return self._announce_locks.setdefault(channel_id, asyncio.Lock())

    async def announce(self, outcome: MoveOutcome, interaction: discord.Interaction | None = None) -> str | None:
        """Show a move: a new turn message with board and account when the turn ended, else refresh it.

        Never raises. Returns None when the channel shows the move (or a newer state already), else a note
        for the user who moved (the move is stored either way).
        """
        table = outcome.table
        channel_id = table.record.channel_id
        async with self.announce_lock(channel_id):
            try:
                record = await self.shown_record(table.game_id)
                if record.announced_version is not None and record.announced_version >= table.version:
                    return None  # shown already, by a catch-up or a later move's announcement
                try:
                    if outcome.turn_over:
                        await self.post_turn(table, interaction=interaction, account_of_last_turn=True, record=record)
                    else:
                        placed = any(e.get("type") in ("place", "discard", "fill") for e in outcome.events)
                        choose = table.view(None).get("phase") == "place"
                        await self.update_turn(table, rerender=placed or choose, interaction=interaction, record=record)
                except BaseException:
                    self._shown.pop(table.game_id, None)  # unsure what was written: read it next time
                    raise
                return None
            except NO_ACCESS:
                log.warning("cannot announce a move in channel %s (no access)", channel_id)
                await self._give_up(table)
                if interaction is not None and interaction.type == discord.InteractionType.component:
                    await self._show_privately(interaction, table, f"⚠️ Your move was saved, but {CANNOT_POST}")
                    await self._update_through(interaction, table)
                    return None
                if interaction is not None:
                    await self._show_privately(interaction, table, f"⚠️ The move was saved, but {CANNOT_POST}")
                    return None
                return f"⚠️ The move was saved, but {CANNOT_POST}"
            except (discord.HTTPException, StorageError):
                # The move is stored; the channel just missed a picture. /game board shows it again.
                log.warning("could not announce a move in channel %s", channel_id, exc_info=True)
            except Exception:
                log.exception("announcing a move in channel %s failed", channel_id)
            return "⚠️ The move was saved, but the channel could not be updated; `/game board` shows the board."

    async def shown_record(self, game_id: int) -> GameRecord:
        """The game's record with its announcement bookkeeping current (call under the announcement lock)."""
        record = self._shown.get(game_id)
        if record is None:
            record = await self.service.store.game(game_id)
        return record

    def _remember(self, record: GameRecord) -> None:
        self._shown[record.id] = record

    async def _give_up(self, table: Table) -> None:
        """Count a state as announced although the channel refused it, so nothing retries it forever."""
        self._shown.pop(table.game_id, None)
        try:
            await self.service.store.set_announced_version(table.game_id, table.version)
        except StorageError:
            log.warning("could not record the announced version of game %s", table.game_id, exc_info=True)

    async def _show_privately(self, interaction: discord.Interaction, table: Table, note: str) -> None:
        """The note, the turn text and (if it fits) the board, to the user only."""
        content = messages.clip(note + "\n" + messages.turn_content(table, []), messages.CONTENT_LIMIT)
        kwargs: dict[str, Any] = {"allowed_mentions": NO_MENTIONS}
        try:
            file = await self.board_file(table.view(None), overlay=False, limit=interaction.filesize_limit)
        except Exception:
            log.warning("could not render the board for a private answer", exc_info=True)
            file = None
        if file is not None:
            kwargs["file"] = file
        await self.reply(interaction, content, **kwargs)

    async def _update_through(self, interaction: discord.Interaction, table: Table) -> None:
        """Without Send Messages the clicked turn message can still be edited through the interaction: show the
        new state on it, so the game can go on by its buttons."""
        try:
            record = await self.service.store.game(table.game_id)
            if not _clicked_on(interaction, record.turn_message_id):
                return
            view, _ = turn_view(table)
            await interaction.edit_original_response(
                content=messages.turn_content(table, []), view=view, allowed_mentions=turn_mentions(table)
            )
        except (discord.HTTPException, StorageError):
            log.warning("could not update the clicked message in channel %s", table.record.channel_id, exc_info=True)

    async def post_turn(
        self,
        table: Table,
        *,
        interaction: discord.Interaction | None = None,
        account_of_last_turn: bool = False,
        header: str | None = None,
        record: GameRecord | None = None,
    ) -> None:
        """A new turn message: what happened in the last turn, the board and the next player's choices.

        `record`: the game as the announcement bookkeeping left it, if the caller has it (else table.record)."""
        channel_id = table.record.channel_id
        account = []
        if account_of_last_turn:
            account = await self.service.turn_account(
                table.game_id, table.shown_names, table.record.game, channel_id=channel_id, version=table.version
            )
        limit = self.upload_limit(channel_id, interaction)
        file = await self.board_file(table.view(None), overlay=table.active, limit=limit)
        view, left_out = turn_view(table)
        content = messages.turn_content(table, account, header=header)
        if left_out:
            content = messages.clip(content + f"\n({left_out} more choices: use the slash commands.)", 2000)
        if file is None:
            content = messages.clip(content + "\n" + TOO_LARGE, messages.CONTENT_LIMIT)
        kwargs: dict[str, Any] = {"content": content, "allowed_mentions": turn_mentions(table)}
        if file is not None:
            kwargs["file"] = file
        if view is not None:
            kwargs["view"] = view
        channel = self.channel(channel_id)
        message = await channel.send(**kwargs)
        old = (record or table.record).turn_message_id
        self._shown.pop(table.game_id, None)
        self._remember(
            await self.service.store.set_announced_version(
                table.game_id, table.version, turn_message_id=message.id, board_message_id=message.id
            )
        )
        if old is not None and old != message.id:
            # Old buttons would be refused politely anyway; removing them avoids the confusion.
            with contextlib.suppress(discord.HTTPException):
                if _clicked_on(interaction, old):
                    await interaction.edit_original_response(view=None)  # type: ignore[union-attr]
                else:
                    await channel.get_partial_message(old).edit(view=None)  # type: ignore[attr-defined]

    async def update_turn(
        self,
        table: Table,
        *,
        rerender: bool,
        interaction: discord.Interaction | None,
        record: GameRecord | None = None,
    ) -> None:
        """Mid-turn: edit the turn message with the account so far, the new choices and (if changed) the board.

        `record`: the game as the announcement bookkeeping left it, if the caller has it (read otherwise)."""
        if record is None:
            record = await self.shown_record(table.game_id)
        if record.turn_message_id is None:
            await self.post_turn(table, interaction=interaction, record=record)
            return
        account = await self.service.turn_account(
            table.game_id,
            table.shown_names,
            table.record.game,
            channel_id=table.record.channel_id,
            version=table.version,
        )
        view, left_out = turn_view(table)
        content = messages.turn_content(table, account)
        if left_out:
            content = messages.clip(content + f"\n({left_out} more choices: use the slash commands.)", 2000)
        attachments: list[discord.File] | None = None  # None: leave the picture as it is
        if rerender:
            limit = self.upload_limit(table.record.channel_id, interaction)
            file = await self.board_file(table.view(None), overlay=True, limit=limit)
            if file is not None:
                attachments = [file]
            else:  # keep the earlier picture rather than none, and say why it is not the latest
                content = messages.clip(content + "\n" + TOO_LARGE + " The picture is from earlier.", 2000)
        kwargs: dict[str, Any] = {"content": content, "view": view, "allowed_mentions": turn_mentions(table)}
        if attachments is not None:
            kwargs["attachments"] = attachments
        channel = self.channel(table.record.channel_id)
        try:
            if _clicked_on(interaction, record.turn_message_id):
                # The button's own message: editing it through the interaction is also the user's answer.
                await interaction.edit_original_response(**kwargs)  # type: ignore[union-attr]
            else:
                await channel.get_partial_message(record.turn_message_id).edit(**kwargs)  # type: ignore[attr-defined]
        except discord.NotFound:
            await self.post_turn(table, interaction=interaction, record=record)
            return
        self._shown.pop(table.game_id, None)
        self._remember(await self.service.store.set_announced_version(table.game_id, table.version))

    # ------------------------------------------------------------------ catching up

    async def _show_unannounced(self, table: Table) -> bool:
        """Show the table's state if the channel has not been shown it (call under the announcement lock, with a
        table read just now). A new turn message when a turn ended since the last one shown, else an update."""
        record = table.record
        announced = record.announced_version if record.announced_version is not None else -1
        if table.state is None or announced >= table.version:
            return False
        moves = await self.service.store.moves(table.game_id, after=max(announced, 0))
        turn_ended = any(e.get("type") in ("turn", "game_over") for m in moves for e in m.events)
        self._shown.pop(table.game_id, None)  # the record read just now is the truth
        if announced < 0 or record.turn_message_id is None or turn_ended or not table.active:
            await self.post_turn(table, account_of_last_turn=True, record=record)
        else:
            await self.update_turn(table, rerender=True, interaction=None, record=record)
        return True

    async def catch_up(self, grace: float = 0.0) -> int:
        """Show the stored moves no channel has been shown (the process died between storing and announcing),
        leaving alone games whose last move is younger than `grace` seconds (its own announcement is probably
        on its way) and channels whose AI is playing. Never raises; returns how many games were caught up."""
        shown = 0
        try:
            records = await self.service.store.unannounced_games()
        except StorageError:
            log.warning("could not look for unannounced games", exc_info=True)
            return 0
        now = self.service.clock()
        for record in records:
            channel_id = record.channel_id
            task = self._ai_tasks.get(channel_id)
            if task is not None and not task.done():
                continue
            if now - (record.last_move_at or record.started_at or record.updated_at) < grace:
                continue
            table: Table | None = None
            try:
                async with self.announce_lock(channel_id):
                    table = await self.service.game_table(record.id)
                    if await self._show_unannounced(table):
                        shown += 1
            except NO_ACCESS:
                log.warning("cannot catch up game %s in channel %s (no access); given up", record.id, channel_id)
                if table is not None:
                    await self._give_up(table)
            except (discord.HTTPException, StorageError):
                log.warning("could not catch up game %s in channel %s", record.id, channel_id, exc_info=True)
            except Exception:
                log.exception("catching up game %s in channel %s failed", record.id, channel_id)
        return shown

    async def prune(self) -> None:
        """Forget per-channel locks and finished AI tasks of channels without an open game."""
        try:
            open_channels = {record.channel_id for record in await self.service.store.active_games()}
        except StorageError:
            log.warning("could not list the open games", exc_info=True)
            return
        self.service.prune(open_channels)
        for channel_id, task in list(self._ai_tasks.items()):
            if task.done():
                del self._ai_tasks[channel_id]
        for channel_id, lock in list(self._announce_locks.items()):
            if channel_id not in open_channels and not lock.locked() and not getattr(lock, "_waiters", None):
                del self._announce_locks[channel_id]
        for game_id, record in list(self._shown.items()):
            if record.channel_id not in open_channels:
                del self._shown[game_id]

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
        finally:
            if self._ai_tasks.get(channel_id) is asyncio.current_task():
                del self._ai_tasks[channel_id]

    async def stop(self, timeout: float = 10.0) -> None:
        handlers = self._handlers - {asyncio.current_task()}
        if handlers:
            await asyncio.wait(handlers, timeout=timeout)
        tasks = list(self._ai_tasks.values())  # a finishing task removes itself from the dict
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        self._ai_tasks.clear()

    # ------------------------------------------------------------------ lobby

    async def lobby_interaction(self, interaction: discord.Interaction, *, game_id: int, action: str) -> None:
        await self.defer(interaction)
        channel_id = interaction.channel_id
        assert channel_id is not None
        try:
            table = await self.service.table(channel_id, fresh=True)
        except Exception:
            log.exception("lobby click in channel %s failed", channel_id)
            await self.reply(interaction, "⚠️ Something went wrong on our side; nothing was changed.")
            return
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
                note = f"{table.shown_names[-1]} sits down."
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
                async with self.announce_lock(channel_id):
                    await self.post_turn(table, interaction=interaction, header="⛵ The game begins!")
            except NO_ACCESS:
                log.warning("cannot post the first turn in %s (no access)", channel_id)
                await self._give_up(table)
                await self.refresh_lobby(table, started=True)
                await self._show_privately(interaction, table, f"⚠️ The game has started, but {CANNOT_POST}")
                return
            except (discord.HTTPException, StorageError):
                log.warning("could not post the first turn in %s", channel_id, exc_info=True)
                note += " (The first turn could not be posted; `/game board` shows the board.)"
            except Exception:
                log.exception("posting the first turn in %s failed", channel_id)
                note += " (The first turn could not be posted; `/game board` shows the board.)"
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
