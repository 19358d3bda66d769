"""Showing the game in its channel: a turn message per turn (board, account, the next player's choices), edited
while the turn goes on; and catching up on states a crash left unshown.

Announcements of one channel are serialised by their own lock so turn messages appear in the order the moves were
made. games.announced_version records the state version the channel was last shown. Every announcement checks it
under the announcement lock (a state already shown, or a newer one, is not shown again), and `catch_up` shows what
a crash between storing a move and announcing it left unshown (after a restart, and from the reminder loop).
Names are escaped wherever they are shown, and a message only ever pings the players it is meant for.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Awaitable, Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

import discord

import engine
from storage import GameRecord, StorageError, Store, UserTime

from . import messages
from .boards import TOO_LARGE, Boards
from .catalog import Catalog
from .components import controls_view, end_row, lobby_view, turn_view
from .controls import Controls
from .editors import Editors
from .interactions import Replies, clicked_on
from .lang import N_, _, in_channel_language, ngettext, speaking, table_language
from .service import stamp
from .service.accounts import Accounts
from .service.cache import TableCache
from .service.hours import away_now, quiet_until, timestamp
from .service.table import MoveOutcome, Table
from .text import NO_MENTIONS, jump_link, mentions, safe_name
from .turn_layout import passed_layout, rows_of, shown_picture, turn_layout

log = logging.getLogger(__name__)

NO_ACCESS = (discord.Forbidden, discord.NotFound)  # the channel refuses us: retrying will not help
CANNOT_POST = N_(
    "I cannot post in this channel: I need the **Send Messages** and **Attach Files** permissions here "
    "(ask someone with Manage Channels, or play in a channel where I have them)."
)


HISTORY_LOOKBACK = 25  # recent messages searched for a turn message a crash left unrecorded
SINCE_LINES = 3  # "since your last turn": what happened near the player, the first scorings; the rest: /game log
NEAR_LINES = 2  # of which at most this many say what the others did near the player's pieces
PASSED = N_("⏭️ This turn is over: what happened next, and the board now, are in the next message")


def _reached(table: Table) -> int:
    """When the state was reached (its move's time, or the start), in milliseconds modulo 10**6: after an undo
    (`/undo`) a version number comes back, and this tells the state reached again from the one taken back."""
    record = table.record
    at = record.last_move_at if record.last_move_at is not None else (record.started_at or 0.0)
    return int(at * 1000) % 1_000_000


def turn_nonce(table: Table) -> str:
    """At most 25 characters, the same for every attempt to post this state's turn message."""
    return f"t{table.game_id}v{table.version}r{_reached(table)}"[:25]


def board_filename(table: Table) -> str:
    """The board's file name marks which state a turn message shows (found again after a crash)."""
    return f"board-{table.game_id}-{table.version}-{_reached(table)}.png"


def follows_up(interaction: discord.Interaction | None, *, answered: bool = False) -> bool:
    """Whether a new turn message can be this interaction's follow-up: a click acknowledged by a silent deferred
    update, or (`answered`) a command whose private answer has filled in its "thinking…" message already (its
    first follow-up would fill that in instead; the next is a message of its own, public unless made ephemeral).
    Not a click on an ephemeral message (the private copy of a player's choices): its follow-ups could be shown
    to that player alone."""
    if interaction is None or interaction.is_expired():
        return False
    if interaction.type == discord.InteractionType.application_command:
        return answered and interaction.response.type == discord.InteractionResponseType.deferred_channel_message
    return (
        interaction.type == discord.InteractionType.component
        and interaction.response.type == discord.InteractionResponseType.deferred_message_update
        and not (interaction.message is not None and interaction.message.flags.ephemeral)
    )


def turn_mentions(table: Table, quiet: Collection[int] = ()) -> discord.AllowedMentions:
    """A turn message pings the human players to act, and nobody else; not those in their quiet hours (their mention
    is still written, so they see it is their turn when they look, but Discord does not notify them)."""
    humans = [p.user_id for p in table.to_act if not p.is_ai and p.user_id is not None and p.user_id not in quiet]
    return mentions(*humans) if humans else NO_MENTIONS


async def _nobody(user_ids: Iterable[int]) -> dict[int, UserTime]:
    return {}


def again(outcome: MoveOutcome) -> bool:
    """A turn passed to the seat that moved (a bonus turn): its turn message goes on, edited, with no new ping."""
    current = outcome.table.current
    return outcome.table.active and current is not None and current.seat == outcome.seat


@dataclass
class Announcer:
    client: discord.Client
    store: Store
    tables: TableCache
    accounts: Accounts
    catalog: Catalog
    boards: Boards
    replies: Replies
    busy: Callable[[int], bool] = lambda channel_id: False  # whether the channel's AI is playing (catch-up waits)
    clock: Callable[[], float] = time.time
    # Each person's time (service/hours.py Hours.of): who is in their quiet hours, who is away.
    people: Callable[[Iterable[int]], Awaitable[dict[int, UserTime]]] = _nobody
    _announce_locks: dict[int, asyncio.Lock] = field(default_factory=dict, init=False)
    # Per game id: the record as the last announcement bookkeeping write of this process left it (announced
    # version, turn message id). Those columns are written only here, under the announcement lock, so it
    # spares a read per announcement; dropped on any failure, and a new process starts by reading.
    _shown: dict[int, GameRecord] = field(default_factory=dict, init=False)
    # Interactions whose token can edit a game's turn message (uncounted by Discord's global rate limit).
    editors: Editors = field(default_factory=Editors, init=False)
    # Per turn message id: the file name of the board it shows (a components-v2 message names its picture).
    _pictures: dict[int, str | None] = field(default_factory=dict, init=False)

    async def _people_to_act(self, table: Table) -> dict[int, UserTime]:
        humans = [p.user_id for p in table.to_act if not p.is_ai and p.user_id is not None]
        try:
            return await self.people(humans) if humans else {}
        except StorageError:  # settings that cannot be read now: the usual ping rather than no turn message
            log.warning("could not read the settings of %s", humans, exc_info=True)
            return {}

    async def turn_mentions(self, table: Table) -> discord.AllowedMentions:
        return turn_mentions(table, await self.quiet([p.user_id for p in table.to_act if not p.is_ai]))

    async def quiet(self, user_ids: Iterable[int | None]) -> set[int]:
        """Those of these people who are in their quiet hours now (none if their settings cannot be read)."""
        wanted = [u for u in user_ids if u is not None]
        try:
            people = await self.people(wanted) if wanted else {}
        except StorageError:  # the usual ping rather than no message
            log.warning("could not read the settings of %s", wanted, exc_info=True)
            return set()
        now = self.clock()
        return {u for u, p in people.items() if quiet_until(p, now) is not None}

    async def awake_mentions(self, *user_ids: int) -> discord.AllowedMentions:
        """Allow pinging these people, but not those in their quiet hours (their mention is still shown)."""
        quiet = await self.quiet(user_ids)
        return mentions(*(u for u in user_ids if u not in quiet))

    async def since_note(self, table: Table, account: list[str]) -> str:
        """For a person whose turn it is again: what the others did near their pieces (at most NEAR_LINES lines)
        and what scored while they waited, in at most SINCE_LINES lines in all (the rest is in /game log); "" when
        nothing did, for an AI, or when the database cannot tell."""
        current = table.current
        if current is None or current.is_ai or table.state is None:
            return ""
        try:
            near, scored = await self.accounts.since(
                table.game_id, table.record.game, table.shown_names, current.seat, account, table.view(None)
            )
        except StorageError:
            return ""
        if not near and not scored:
            return ""
        near = near[:NEAR_LINES]
        room = SINCE_LINES - len(near)
        more = len(scored) - room
        shown = [f"• {line}" for line in [*near, *scored[:room]]]
        if more > 0:
            shown.append(
                ngettext(
                    "… and {n} more scoring in `/game log`.", "… and {n} more scorings in `/game log`.", more
                ).format(n=more)
            )
        return "\n".join([_("🕰️ Since your last turn:"), *shown])

    async def away_note(self, table: Table) -> str:
        """ "bob is away until …" for each player to act who said so (the turn waits, then the AI covers)."""
        now = self.clock()
        names = {p.user_id: p.display_name for p in table.to_act if p.user_id is not None}
        return "\n".join(
            _("🏖️ {name} is away until {day}.").format(name=safe_name(names[u]), day=timestamp(p.away_until, "D"))
            for u, p in (await self._people_to_act(table)).items()
            if p.away_until is not None and away_now(p, now)
        )

    def channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.client.get_channel(channel_id)
        if channel is None:  # not cached (e.g. a thread after a restart): a partial channel can still send
            return self.client.get_partial_messageable(channel_id)
        if not isinstance(channel, discord.abc.Messageable):  # a category or a forum: nothing to post in
            return self.client.get_partial_messageable(channel_id)
        return channel

    def partial_message(self, channel_id: int, message_id: int) -> discord.PartialMessage:
        """A message to edit by id, without fetching it or its channel."""
        return self.client.get_partial_messageable(channel_id).get_partial_message(message_id)

    def turn_parts(
        self,
        table: Table,
        account: list[str],
        header: str | None = None,
        filename: str | None = None,
        note: str = "",
        controls: Controls | None = None,
    ) -> discord.ui.LayoutView:
        """The turn message: its words, the board it shows (`filename`, an attachment) and the controls (`controls`:
        these instead of the turn's own, as an opener's pairs)."""
        if controls is None:
            view, left_out = turn_view(table, self.catalog.presenter(table.game))
        else:
            view, left_out = controls_view(table.game_id, table.version, controls, tag=stamp.tag_of(table)), 0
        controls_rows = view
        rows = rows_of(controls_rows)
        if table.record.status == "finished" and table.state is not None and table.state.game_over:
            rows.append(end_row(table.game_id))
        content = messages.turn_content(self.catalog, table, account, header=header)
        if note:
            content = messages.clip(content + "\n" + note, messages.CONTENT_LIMIT)
        layout, more = turn_layout(content, filename, rows)
        if left_out + more:
            content = messages.clip(
                content + _("\n({left_out} more choices: use the slash commands.)").format(left_out=left_out + more),
                messages.CONTENT_LIMIT,
            )
            layout, _more = turn_layout(content, filename, rows)
        return layout

    async def picture_of(
        self, channel_id: int, message_id: int, interaction: discord.Interaction | None = None
    ) -> str | None:
        """The file name of the board a turn message shows: remembered, on the clicked message, or read back."""
        if message_id in self._pictures:
            return self._pictures[message_id]
        if clicked_on(interaction, message_id):
            return shown_picture(interaction.message if interaction is not None else None)
        try:
            return shown_picture(await self.partial_message(channel_id, message_id).fetch())
        except discord.HTTPException:
            return None

    def _shows(self, message_id: int, filename: str | None) -> None:
        self._pictures[message_id] = filename

    async def edit_turn_message(
        self,
        table: Table,
        message_id: int,
        interaction: discord.Interaction | None,
        make: Callable[[], dict[str, Any]],
        *,
        live: bool = True,
    ) -> None:
        """Edit a turn message, with an interaction's token where one can (the clicked message's, or the freshest
        that made or clicked it), else with the bot's. `make` gives the edit's arguments (afresh for a retry: a
        file is read once). `live`: the message is the game's turn message (a click on it gives a fresher token)."""
        if clicked_on(interaction, message_id):
            assert interaction is not None
            await interaction.edit_original_response(content=None, **make())
            if live:
                self.editors.clicked(table.game_id, interaction)
            return
        editor = self.editors.of(table.game_id, message_id)
        if editor is not None:
            try:
                await editor.edit(content=None, **make())
                return
            except discord.HTTPException:  # the token is no longer good: the bot's own edit does it
                log.info("could not edit turn message %s through an interaction", message_id, exc_info=True)
                self.editors.forget(table.game_id)
        await self.partial_message(table.record.channel_id, message_id).edit(content=None, **make())

    def announce_lock(self, channel_id: int) -> asyncio.Lock:
        return self._announce_locks.setdefault(channel_id, asyncio.Lock())

    async def announce(
        self, outcome: MoveOutcome, interaction: discord.Interaction | None = None, *, answered: bool = False
    ) -> str | None:
        """Show a move: a new turn message with board and account when the turn ended, else refresh it.

        `answered`: the interaction (a command) has had its private answer, so a new turn message can be its
        follow-up (`follows_up`). Never raises. Returns None when the channel shows the move (or a newer state
        already), else a note for the user who moved (the move is stored either way).
        """
        table = outcome.table
        channel_id = table.record.channel_id
        async with self.announce_lock(channel_id):
            try:
                record = await self.shown_record(table.game_id)
                if record.announced_version is not None and record.announced_version >= table.version:
                    return None  # shown already, by a catch-up or a later move's announcement
                try:
                    if outcome.turn_over and not again(outcome):
                        await self.post_turn(
                            table, interaction=interaction, account_of_last_turn=True, record=record, answered=answered
                        )
                    else:
                        redraw = outcome.turn_over or self.catalog.presenter(table.game).redraws(outcome.events)
                        await self.update_turn(table, rerender=redraw, interaction=interaction, record=record)
                except BaseException:
                    self._shown.pop(table.game_id, None)  # unsure what was written: read it next time
                    raise
                return None
            except NO_ACCESS:
                log.warning("cannot announce a move in channel %s (no access)", channel_id)
                await self.give_up(table)
                if interaction is not None and interaction.type == discord.InteractionType.component:
                    await self.show_privately(
                        interaction,
                        table,
                        _("⚠️ Your move was saved, but {why}").format(why=_(CANNOT_POST)),
                    )
                    await self._update_through(interaction, table)
                    return None
                if interaction is not None:
                    await self.show_privately(
                        interaction,
                        table,
                        _("⚠️ The move was saved, but {why}").format(why=_(CANNOT_POST)),
                    )
                    return None
                return _("⚠️ The move was saved, but {why}").format(why=_(CANNOT_POST))
            except (discord.HTTPException, StorageError):
                # The move is stored; the channel just missed a picture. /game board shows it again.
                log.warning("could not announce a move in channel %s", channel_id, exc_info=True)
            except Exception:
                log.exception("announcing a move in channel %s failed", channel_id)
            return _("⚠️ The move was saved, but the channel could not be updated; `/game board` shows the board.")

    async def answer_private_copy(self, interaction: discord.Interaction, outcome: MoveOutcome) -> None:
        """A move made from a private copy of the controls (`/game board`, "Your choices"): the copy says what was
        done and where the turn goes on (its controls are one move old now). Never raises."""
        table = outcome.table
        message = interaction.message
        if interaction.type != discord.InteractionType.component or message is None or not message.flags.ephemeral:
            return
        record = self._shown.get(table.game_id) or table.record
        link = jump_link(record.guild_id, record.channel_id, record.turn_message_id)
        done = " ".join([_("✅ Done."), *outcome.lines[:3]])
        line = done + (_(" The turn goes on in its message: {link}").format(link=link) if link else "")
        with contextlib.suppress(discord.HTTPException):
            await interaction.edit_original_response(content=None, view=passed_layout(line, None), attachments=[])

    async def shown_record(self, game_id: int) -> GameRecord:
        """The game's record with its announcement bookkeeping current (call under the announcement lock)."""
        record = self._shown.get(game_id)
        if record is None:
            record = await self.store.game(game_id)
        return record

    def _remember(self, record: GameRecord) -> None:
        self._shown[record.id] = record

    def forget_shown(self, game_id: int) -> None:
        """Read the announcement bookkeeping again next time (storage lowered it: an undo)."""
        self._shown.pop(game_id, None)

    async def give_up(self, table: Table) -> None:
        """Count a state as announced although the channel refused it, so nothing retries it forever."""
        self._shown.pop(table.game_id, None)
        try:
            await self.store.set_announced_version(table.game_id, table.version)
        except StorageError:
            log.warning("could not record the announced version of game %s", table.game_id, exc_info=True)

    async def show_privately(self, interaction: discord.Interaction, table: Table, note: str) -> None:
        """The note, the turn text and (if it fits) the board, to the user only."""
        content = messages.clip(note + "\n" + messages.turn_content(self.catalog, table, []), messages.CONTENT_LIMIT)
        kwargs: dict[str, Any] = {"allowed_mentions": NO_MENTIONS}
        try:
            with speaking(table_language(table.record.options)):  # the game's picture, in the game's language
                file = await self.boards.file(table.view(None), overlay=False, limit=interaction.filesize_limit)
        except Exception:
            log.warning("could not render the board for a private answer", exc_info=True)
            file = None
        if file is not None:
            kwargs["file"] = file
        await self.replies.reply(interaction, content, **kwargs)

    async def _account_so_far(self, table: Table) -> list[str]:
        """The turn's account up to the table's state (what the live turn message says happened)."""
        return await self.accounts.turn_account(
            table.game_id,
            table.shown_names,
            table.record.game,
            channel_id=table.record.channel_id,
            version=table.version,
        )

    @in_channel_language
    async def show_controls(
        self, interaction: discord.Interaction, table: Table, controls: Controls, note: str
    ) -> None:
        """Show other controls on the clicked message (an opener's pairs, or the turn's choices again), keeping its
        words and picture: the turn message through the click's token, or the private copy it was on."""
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            words = _("Your choices (only you see this message):") + (f"\n{note}" if note else "")
            view = controls_view(table.game_id, table.version, controls, tag=stamp.tag_of(table))
            await interaction.edit_original_response(content=words, view=view)
            return
        account = await self._account_so_far(table)
        name = shown_picture(message)
        layout = self.turn_parts(table, account, filename=name, note=note, controls=controls)
        await interaction.edit_original_response(content=None, view=layout, allowed_mentions=NO_MENTIONS)
        self.editors.clicked(table.game_id, interaction)

    @in_channel_language
    async def _update_through(self, interaction: discord.Interaction, table: Table) -> None:
        """Without Send Messages the clicked turn message can still be edited through the interaction: show the
        new state on it, so the game can go on by its buttons."""
        try:
            record = await self.store.game(table.game_id)
            if not clicked_on(interaction, record.turn_message_id):
                return
            view = self.turn_parts(table, [], filename=shown_picture(interaction.message))
            allowed = await self.turn_mentions(table)
            await interaction.edit_original_response(content=None, view=view, allowed_mentions=allowed)
        except (discord.HTTPException, StorageError):
            log.warning("could not update the clicked message in channel %s", table.record.channel_id, exc_info=True)

    def lobby_components(self, table: Table) -> discord.ui.View:
        return lobby_view(table.game_id, self.catalog.info(table.game), table.record.options)

    @in_channel_language
    async def post_lobby(self, table: Table, *, adopt: bool = False) -> discord.Message:
        """The lobby message (idempotent like a turn message: a nonce, and with `adopt` the channel's recent
        history is searched first), and its id recorded so the lobby can be edited."""
        channel = self.channel(table.record.channel_id)
        message = await self._posted_before(channel, table, (f"edl:{table.game_id}:",)) if adopt else None
        if message is None:
            message = await channel.send(
                messages.lobby_content(self.catalog, table),
                view=self.lobby_components(table),
                allowed_mentions=NO_MENTIONS,
                nonce=f"l{table.game_id}"[:25],
            )
        await self.store.set_message_ids(table.game_id, turn_message_id=message.id)
        self.tables.forget(table.record.channel_id)
        return message

    @staticmethod
    async def _sweep(games: Callable[[], Awaitable[list[GameRecord]]], what: str) -> list[GameRecord]:
        """The games a start-up sweep walks; storage failing yields none, so that the sweep never raises."""
        try:
            return await games()
        except StorageError:
            log.warning("could not %s", what, exc_info=True)
            return []

    async def post_lost_lobbies(self, grace: float) -> int:
        """Lobbies stored without a message (the process died during `/game new`) would block their channel
        unseen: post them. Never raises; returns how many were posted."""
        posted = 0
        records = await self._sweep(self.store.active_games, "list the open games")
        now = self.clock()
        for record in records:
            try:  # a damaged row (a time that is text) stops only its own game
                if record.status != "lobby" or record.turn_message_id is not None or now - record.created_at < grace:
                    continue
                async with self.announce_lock(record.channel_id):
                    table = await self.tables.table(record.channel_id, fresh=True)
                    if table is None or table.game_id != record.id or table.record.turn_message_id is not None:
                        continue
                    await self.post_lobby(table, adopt=True)
                    posted += 1
            except (discord.HTTPException, StorageError):
                log.warning("could not post the lost lobby of game %s", record.id, exc_info=True)
            except Exception:
                log.exception("posting the lost lobby of game %s failed", record.id)
        return posted

    @in_channel_language
    async def post_turn(
        self,
        table: Table,
        *,
        interaction: discord.Interaction | None = None,
        account_of_last_turn: bool = False,
        header: str | None = None,
        record: GameRecord | None = None,
        adopt: bool = False,
        answered: bool = False,
    ) -> None:
        """A new turn message: what happened in the last turn, the board and the next player's choices.

        Posting is idempotent: the message carries a nonce of (game, version), so a retried request (discord.py
        retries a 502 that Discord may have acted on) returns the message already made; and with `adopt` (a
        catch-up after a crash between posting and recording it) a turn message for this state found in the
        channel's recent history is taken instead of posting another.

        `record`: the game as the announcement bookkeeping left it, if the caller has it (else table.record).
        `answered`: `interaction` is a command whose private answer was sent (see `follows_up`)."""
        channel_id = table.record.channel_id
        channel = self.channel(channel_id)
        message = await self._posted_before(channel, table) if adopt else None
        if message is None:
            account = []
            if account_of_last_turn:
                account = await self.accounts.turn_account(
                    table.game_id, table.shown_names, table.record.game, channel_id=channel_id, version=table.version
                )
            limit = self.boards.upload_limit(channel_id, interaction)
            file = await self.boards.file(table.view(None), overlay=table.active, limit=limit)
            name = board_filename(table) if file is not None else None
            notes = [await self.since_note(table, account), await self.away_note(table), "" if file else _(TOO_LARGE)]
            view = self.turn_parts(table, account, header, filename=name, note="\n".join(n for n in notes if n))
            kwargs: dict[str, Any] = {"view": view, "allowed_mentions": await self.turn_mentions(table)}
            if file is not None:
                file.filename = board_filename(table)
                kwargs["file"] = file
            if follows_up(interaction, answered=answered):
                # The follow-up of the move that ended the turn (a click, or a command once answered): made with
                # its token, so not counted against the bot's global rate limit, and editable with it while the
                # next moves come quickly.
                assert interaction is not None
                message = await interaction.followup.send(wait=True, **kwargs)
                self.editors.made(table.game_id, message.id, interaction)
            else:
                message = await channel.send(nonce=turn_nonce(table), **kwargs)
            self._shows(message.id, name)
        before = record or table.record
        # Until a first turn was shown, the message on record is the lobby: its own refresh says it started.
        old = before.turn_message_id if before.announced_version is not None else None
        self._shown.pop(table.game_id, None)
        self._remember(
            await self.store.set_announced_version(
                table.game_id, table.version, turn_message_id=message.id, board_message_id=message.id
            )
        )
        if old is not None and old != message.id:
            await self._pass(table, old, message, interaction)

    @in_channel_language
    async def _pass(
        self, table: Table, old: int, new: discord.Message, interaction: discord.Interaction | None
    ) -> None:
        """The previous turn message keeps its picture and one line that points to the new one; its controls go
        (they would only be refused)."""
        name = await self.picture_of(table.record.channel_id, old, interaction)
        # From the record, not new.jump_url: a command's follow-up comes back without its server ("/channels/@me/").
        line = f"{_(PASSED)}: {jump_link(table.record.guild_id, table.record.channel_id, new.id)}"

        def make() -> dict[str, Any]:
            return {"view": passed_layout(line, name), "allowed_mentions": NO_MENTIONS}

        with contextlib.suppress(discord.HTTPException):
            await self.edit_turn_message(table, old, interaction, make, live=False)
        self._pictures.pop(old, None)

    async def _posted_before(
        self, channel: discord.abc.Messageable, table: Table, marks: tuple[str, ...] | None = None
    ) -> discord.Message | None:
        """This state's turn message (or, given `marks`, the message whose components start so) if one is among
        the channel's recent messages, by its board's file name or its components; None if not found or the
        history cannot be read."""
        me = self.client.user
        name = board_filename(table) if marks is None else None
        if marks is None:
            # The version alone (controls made before issue 19) or with its state's tag (bot/service/stamp.py).
            marks = tuple(f"{kind}:{table.game_id}:{table.version}{end}" for kind in ("ed", "eds") for end in ":.")
        try:
            async for message in channel.history(limit=HISTORY_LOOKBACK):
                if me is None or message.author.id != me.id:
                    continue
                if any(a.filename == name for a in message.attachments):
                    return message
                ids = [
                    getattr(c, "custom_id", None) or ""
                    for row in message.components
                    for c in getattr(row, "children", [])
                ]
                if any(i.startswith(marks) for i in ids):
                    return message
        except discord.HTTPException:
            log.warning("could not read the history of channel %s", table.record.channel_id, exc_info=True)
        return None

    @in_channel_language
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
        account = await self._account_so_far(table)
        channel_id = table.record.channel_id
        message_id = record.turn_message_id
        png: bytes | None = None
        note = ""
        if rerender:
            png = await self.boards.png(
                table.view(None), overlay=True, limit=self.boards.upload_limit(channel_id, interaction)
            )
            if png is None:  # keep the earlier picture rather than none, and say why it is not the latest
                note = _(TOO_LARGE) + _(" The picture is from earlier.")
        name = board_filename(table) if png is not None else await self.picture_of(channel_id, message_id, interaction)
        note = "\n".join(n for n in (await self.away_note(table), note) if n)
        view = self.turn_parts(table, account, filename=name, note=note)
        allowed = await self.turn_mentions(table)

        def make() -> dict[str, Any]:
            kwargs: dict[str, Any] = {"view": view, "allowed_mentions": allowed}
            if png is not None and name is not None:
                kwargs["attachments"] = [discord.File(io.BytesIO(png), filename=name)]
            return kwargs

        try:
            await self.edit_turn_message(table, message_id, interaction, make)
        except discord.NotFound:
            await self.post_turn(table, interaction=interaction, record=record)
            return
        self._shows(message_id, name)
        self._shown.pop(table.game_id, None)
        self._remember(await self.store.set_announced_version(table.game_id, table.version))

    # ------------------------------------------------------------------ catching up

    async def _show_unannounced(self, table: Table) -> bool:
        """Show the table's state if the channel has not been shown it (call under the announcement lock, with a
        table read just now). A new turn message when a turn ended since the last one shown, else an update."""
        record = table.record
        announced = record.announced_version if record.announced_version is not None else -1
        if table.state is None or announced >= table.version:
            return False
        moves = await self.store.moves(table.game_id, after=max(announced, 0))
        turn_ended = any(engine.turn_passed(table.game, m.events) for m in moves)
        self._shown.pop(table.game_id, None)  # the record read just now is the truth
        if announced < 0 or record.turn_message_id is None or turn_ended or not table.active:
            await self.post_turn(table, account_of_last_turn=True, record=record, adopt=True)
        else:
            await self.update_turn(table, rerender=True, interaction=None, record=record)
        return True

    async def catch_up(self, grace: float = 0.0) -> int:
        """Show the stored moves no channel has been shown (the process died between storing and announcing),
        leaving alone games whose last move is younger than `grace` seconds (its own announcement is probably
        on its way) and channels whose AI is playing. Never raises; returns how many games were caught up."""
        shown = 0
        records = await self._sweep(self.store.unannounced_games, "look for unannounced games")
        now = self.clock()
        for record in records:
            channel_id = record.channel_id
            table: Table | None = None
            try:  # everything about one game inside: a damaged row (a time that is text) stops only that game
                if self.busy(channel_id):
                    continue
                if now - (record.last_move_at or record.started_at or record.updated_at) < grace:
                    continue
                async with self.announce_lock(channel_id):
                    table = await self.tables.game_table(record.id)
                    if await self._show_unannounced(table):
                        shown += 1
            except NO_ACCESS:
                log.warning("cannot catch up game %s in channel %s (no access); given up", record.id, channel_id)
                if table is not None:
                    await self.give_up(table)
            except (discord.HTTPException, StorageError):
                log.warning("could not catch up game %s in channel %s", record.id, channel_id, exc_info=True)
            except Exception:
                log.exception("catching up game %s in channel %s failed", record.id, channel_id)
        return shown

    def prune(self, open_channels: set[int]) -> None:
        """Forget the announcement locks, records, tokens and pictures of channels without an open game."""
        for channel_id, lock in list(self._announce_locks.items()):
            if channel_id not in open_channels and not lock.locked() and not getattr(lock, "_waiters", None):
                del self._announce_locks[channel_id]
        for game_id, record in list(self._shown.items()):
            if record.channel_id not in open_channels:
                del self._shown[game_id]
        self.editors.prune(set(self._shown))
        live = {record.turn_message_id for record in self._shown.values()}
        for message_id in [m for m in self._pictures if m not in live]:
            del self._pictures[message_id]

    async def repair_turn_message(self, channel_id: int, interaction: discord.Interaction) -> None:
        """A stale click on the *current* turn message while the stored announced version is behind the state
        means the last update was lost (say the process died between storing a move and announcing it): show
        the current state so the right buttons appear. A double click finds the state announced: no repair.
        A command answered "already done" (its move was stored, maybe never shown) repairs likewise."""
        try:
            async with self.announce_lock(channel_id):
                table = await self.tables.table(channel_id, fresh=True)
                command = interaction.type == discord.InteractionType.application_command
                on_it = command or clicked_on(interaction, table.record.turn_message_id if table else None)
                if table is None or not table.active or not on_it:
                    return
                await self._show_unannounced(table)
        except NO_ACCESS:
            log.warning("cannot repair the turn message in channel %s (no access)", channel_id)
        except (discord.HTTPException, StorageError):
            log.warning("could not repair the turn message in channel %s", channel_id, exc_info=True)
        except Exception:
            log.exception("repairing the turn message in channel %s failed", channel_id)
