"""The Discord side of a move or a lobby action: acknowledge at once, act through the service, then show it.

Commands and components both end up here, so a slash command and a button behave the same. Every interaction
is deferred before any database or rendering work (the 3-second rule). A Refusal raised on the way is not caught
here: bot/errors.py answers it (and any other error) ephemerally, in one place.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from typing import Any

import discord

from storage import StorageError

from . import messages
from .ai_seats import AISeats
from .announcer import CANNOT_POST, NO_ACCESS, Announcer, again
from .catalog import Catalog
from .components import controls_view, pairs_controls, private_controls
from .interactions import Replies, clicked_on, is_manager
from .lang import LANGUAGE_NAMES, _, in_channel_language, speaking
from .service import stamp
from .service.cache import TableCache
from .service.lobby import Lobby
from .service.refusal import Refusal, StaleClick
from .service.table import Table
from .service.turns import Turns
from .text import safe_name

log = logging.getLogger(__name__)


@dataclass
class Flow:
    """Moves and lobby actions, from a command or a click alike."""

    turns: Turns
    lobby: Lobby
    tables: TableCache
    catalog: Catalog
    replies: Replies
    announcer: Announcer
    ai: AISeats

    async def defer(self, interaction: discord.Interaction) -> None:
        await self.replies.defer(interaction)

    async def reply(self, interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
        await self.replies.reply(interaction, content, **kwargs)

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
        tag: str | None = None,
    ) -> None:
        """`tag`: a component's state (stamp.STAMP); a command's value may carry the one it was offered at."""
        channel_id = interaction.channel_id
        assert channel_id is not None
        # Before the first await: the state this request reached the bot at, so that the same command sent twice at
        # once finds the first one's move and acts once (a typed value carries no state of its own).
        value, offered = stamp.untagged(value)
        cached = self.tables.cached(channel_id)
        arrived = stamp.tag_of(cached) if cached is not None and cached.state is not None else None
        await self.defer(interaction)
        try:
            outcome = await self.turns.play(
                channel_id,
                interaction.user.id,
                key=key,
                command=command,
                value=value,
                game_id=game_id,
                version=version,
                seen=tag or offered,
                arrived=arrived,
            )
        except StaleClick as refusal:
            # Once bot/errors.py has answered: repaired only when the stored announced version is behind (a lost
            # update); a double click does nothing here.
            refusal.afterwards = lambda: self.announcer.repair_turn_message(channel_id, interaction)
            raise
        by_command = interaction.type != discord.InteractionType.component
        done = " ".join(outcome.lines[:3]) or "Done."
        if outcome.settled:
            done = _("Done, and saved, though the database's answer was lost on the way: {done}").format(done=done)
        # A command that ends a turn is answered first, so that the next turn's message can be its follow-up (made
        # with its token: not counted against the bot's global rate limit) rather than the bot's own post.
        first = by_command and outcome.turn_over and not again(outcome)
        if first:
            await self.reply(interaction, f"✅ {done}")
        problem = await self.announcer.announce(outcome, interaction, answered=first)
        await self.announcer.answer_private_copy(interaction, outcome)
        if by_command and not first:
            await self.reply(interaction, f"✅ {done}" + (f"\n{problem}" if problem else ""))
        elif problem:
            await self.reply(interaction, problem)
        self.ai.after_move(outcome)

    async def _turn_click(
        self, interaction: discord.Interaction, game_id: int, version: int, tag: str | None
    ) -> tuple[Table, int]:
        """Defer a click on a turn control that shows choices, and check it: the game, the seat to act, the state it
        was made for (`tag`: its tag too, where it carries one). Returns the table and the clicker's seat."""
        await self.defer(interaction)
        channel_id = interaction.channel_id
        assert channel_id is not None
        table = await self.tables.table(channel_id)
        if table is None or table.game_id != game_id or not table.active:
            raise Refusal(_("This button belongs to a game that is over."))
        seat = self.turns.legal.check_turn(table, interaction.user.id)
        if version != table.version or (tag is not None and tag != stamp.tag_of(table)):
            raise StaleClick(
                _("This button is from an earlier turn. ") + self.turns.legal.legal_text(table, interaction.user.id)
            )
        return table, seat

    async def private_choices(self, interaction: discord.Interaction, *, game_id: int, version: int) -> None:
        """The seat to act opens the choices only it may see: all its legal moves, in a message only it sees."""
        table, seat = await self._turn_click(interaction, game_id, version, None)
        controls = private_controls(table, self.catalog.presenter(table.game), seat)
        view = controls_view(table.game_id, table.version, controls, tag=stamp.tag_of(table))
        words = _("Your choices (only you see this message):")
        if controls.left_out:
            words += _(" {left_out} more by slash command.").format(left_out=controls.left_out)
        await self.reply(interaction, words, **({"view": view} if view is not None else {}))

    async def open_pairs(
        self, interaction: discord.Interaction, *, game_id: int, version: int, tag: str | None, n: int | None
    ) -> None:
        """An opener shows its pairs on the message it is on (n), or Back shows the turn's choices again (n None):
        only for the seat to act, at the state the button was made for."""
        table, seat = await self._turn_click(interaction, game_id, version, tag)
        message = interaction.message
        private = message is not None and message.flags.ephemeral
        presenter = self.catalog.presenter(table.game)
        controls = pairs_controls(table, presenter, n, seat, private=private)
        if controls is None or not controls.rows:
            raise StaleClick(
                _("These choices have changed. ") + self.turns.legal.legal_text(table, interaction.user.id)
            )
        note = (
            ""
            if n is None
            else _("{name} is choosing: one click makes both steps.").format(
                name=safe_name(table.players[seat].display_name)
            )
        )
        await self.announcer.show_controls(interaction, table, controls, note)

    async def lobby_interaction(self, interaction: discord.Interaction, *, game_id: int, action: str) -> None:
        await self.defer(interaction)
        await self._lobby_of(interaction, game_id)
        await self.lobby_action(interaction, action)

    async def rematch_interaction(self, interaction: discord.Interaction, *, game_id: int) -> None:
        """The end message's Rematch: a new lobby with the same seats, posted in the channel."""
        await self.defer(interaction)
        channel_id = interaction.channel_id
        assert channel_id is not None
        table = await self.lobby.rematch(channel_id, game_id, interaction.user.id)
        try:
            await self.announcer.post_lobby(table)
        except discord.HTTPException as exc:
            # Nobody could see or join this lobby, and it would block the channel: take it back.
            log.warning("could not post a rematch lobby in channel %s", channel_id, exc_info=True)
            with contextlib.suppress(Refusal):
                await self.lobby.abandon(channel_id, interaction.user.id, manage=True)
            why = (
                _(CANNOT_POST)
                if isinstance(exc, NO_ACCESS)
                else _("Discord did not take the lobby message; try again.")
            )
            await self.reply(interaction, _("⚠️ No rematch was opened: {why}").format(why=why))
            return
        await self.reply(interaction, _("✅ The rematch's lobby is open, with the same seats: the host starts it."))

    async def lobby_action(self, interaction: discord.Interaction, action: str, **kwargs: Any) -> None:
        """join / leave / addbot / start for commands and lobby buttons alike (already deferred)."""
        channel_id = interaction.channel_id
        assert channel_id is not None
        user = interaction.user
        if action == "join":
            table = await self.lobby.join(channel_id, user.id, user.display_name)
            note = _("You have a seat.")
        elif action == "leave":
            table = await self.lobby.leave(channel_id, user.id)
            note = _("You left the lobby.")
        elif action == "addbot":
            table = await self.lobby.add_bot(channel_id, user.id, kwargs.get("kind"))
            note = _("{name} sits down.").format(name=table.shown_names[-1])
        elif action == "start":
            table = await self.lobby.start(channel_id, user.id, is_manager(interaction))
            note = _("The game is on.")
        else:
            raise Refusal(_("Unknown action {action}.").format(action=action))
        if action == "start":
            try:
                async with self.announcer.announce_lock(channel_id):
                    await self.announcer.post_turn(table, interaction=interaction, header=_("⛵ The game begins!"))
            except NO_ACCESS:
                log.warning("cannot post the first turn in %s (no access)", channel_id)
                await self.announcer.give_up(table)
                await self.refresh_lobby(table, started=True)
                await self.announcer.show_privately(
                    interaction,
                    table,
                    _("⚠️ The game has started, but {why}").format(why=_(CANNOT_POST)),
                )
                return
            except (discord.HTTPException, StorageError):
                log.warning("could not post the first turn in %s", channel_id, exc_info=True)
                note += _(" (The first turn could not be posted; `/game board` shows the board.)")
            except Exception:
                log.exception("posting the first turn in %s failed", channel_id)
                note += _(" (The first turn could not be posted; `/game board` shows the board.)")
            if table.current is not None and table.current.is_ai:
                self.ai.kick(channel_id)
        await self.refresh_lobby(table, started=action == "start", interaction=interaction)
        await self.reply(interaction, f"✅ {note}")

    @in_channel_language
    async def refresh_lobby(
        self, table: Table, *, started: bool = False, interaction: discord.Interaction | None = None
    ) -> None:
        """Keep the lobby message's seat list current (its id is the turn message id until the start); through the
        click's own token when the click was on it (not counted against the bot's global rate limit)."""
        message_id = table.record.turn_message_id
        if message_id is None:
            return
        if started:
            content = messages.lobby_content(self.catalog, table).split("\n")[0] + _(" — started.")
            kwargs: dict[str, Any] = {"content": content, "view": None}
        else:
            kwargs = {
                "content": messages.lobby_content(self.catalog, table),
                "view": self.announcer.lobby_components(table),
            }
        with contextlib.suppress(discord.HTTPException):
            if interaction is not None and clicked_on(interaction, message_id):
                await interaction.edit_original_response(**kwargs)
                return
            await self.announcer.partial_message(table.record.channel_id, message_id).edit(**kwargs)

    async def _lobby_of(self, interaction: discord.Interaction, game_id: int) -> Table:
        """The channel's lobby if the clicked lobby is still open; else a Refusal."""
        channel_id = interaction.channel_id
        assert channel_id is not None
        table = await self.tables.table(channel_id, fresh=True)
        if table is None or table.game_id != game_id or table.record.status != "lobby":
            raise Refusal(_("This lobby is closed. `/game new` opens a new one."))
        return table

    async def switches_interaction(self, interaction: discord.Interaction, *, game_id: int, chosen: list[str]) -> None:
        """The host picked the on/off variants to play with: those chosen are on, the others off."""
        await self.defer(interaction)
        table = await self._lobby_of(interaction, game_id)
        switches = [o for o in self.catalog.info(table.game).options if o.is_switch]
        await self._set_options(interaction, table, {o.name: o.name in chosen for o in switches})

    async def option_interaction(
        self, interaction: discord.Interaction, *, game_id: int, option: str, value: str
    ) -> None:
        await self.defer(interaction)
        table = await self._lobby_of(interaction, game_id)
        spec = self.catalog.info(table.game).option(option)
        choice = next((c for c in spec.choices if str(c).lower() == value.lower()), None) if spec else None
        if spec is None or choice is None:
            raise Refusal(_("That is not a choice of this game; the lobby shows the ones there are."))
        await self._set_options(interaction, table, {option: choice})

    async def _set_options(self, interaction: discord.Interaction, table: Table, options: dict[str, Any]) -> None:
        channel_id = table.record.channel_id
        try:
            table = await self.lobby.set_options(channel_id, interaction.user.id, options, is_manager(interaction))
        except Refusal as refusal:
            refusal.afterwards = lambda: self.refresh_lobby(table, interaction=interaction)  # the options that hold
            raise
        await self.refresh_lobby(table, interaction=interaction)
        words = messages.options_words(self.catalog, table.game, table.record.options)
        await self.reply(interaction, _("✅ Now playing with: {words}.").format(words=words))

    async def set_language(self, interaction: discord.Interaction, lang: str) -> None:
        """`/game language`: the channel's language of the game changes at once, in one write; the lobby message
        or the live turn message is shown again in it, the channel is told in it, and the asker in their own."""
        await self.defer(interaction)
        channel_id = interaction.channel_id
        assert channel_id is not None
        table = await self.lobby.set_language(channel_id, interaction.user.id, lang, is_manager(interaction))
        try:
            if table.record.status == "lobby":
                await self.refresh_lobby(table)
            else:
                async with self.announcer.announce_lock(channel_id):
                    await self.announcer.update_turn(table, rerender=True, interaction=None)
            with speaking(lang):
                told = _("🌐 {mention} set the game's language to {language}.").format(
                    mention=interaction.user.mention, language=LANGUAGE_NAMES[lang]
                )
            await self.announcer.channel(channel_id).send(told, allowed_mentions=discord.AllowedMentions.none())
        except (discord.HTTPException, StorageError):
            # The language is stored: the next turn message is in it even if this one could not be shown again.
            log.warning("could not show the new language in channel %s", channel_id, exc_info=True)
        await self.reply(
            interaction, _("✅ The game's language is now {language}.").format(language=LANGUAGE_NAMES[lang])
        )

    async def stop(self, timeout: float = 10.0) -> None:
        await self.replies.wait(timeout)
        await self.ai.stop()
