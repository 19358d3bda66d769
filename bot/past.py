"""A game's past on Discord: `/game board turn:` (the board after a turn, as the asker could see it then) and
`/game replay` (an animated GIF, one frame per turn), also offered by a finished game's end message.

Which game: the channel's game in the lobby or under way, else its most recent one (a button names its game). The
states come from the log (bot/service/rewind.py); the pictures are drawn off the event loop like the boards."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

import engine
from storage import GameRecord, Store

from .boards import Boards
from .lang import _, speaking, table_language
from .service import Refusal, Rewind
from .text import NO_MENTIONS, named, safe_name

MAX_FRAMES = 400  # a longer game's replay starts this many turns before its end (Discord's 8-10 MiB)


def revealed_lines(presenter: engine.Presenter, view: dict[str, Any], names: list[str]) -> list[str]:
    """What was hidden during play, in the reader's words (a view for engine.EVERYONE)."""
    if presenter.revealed is None:
        return []
    return [named(_(words), fields, names) for words, fields in presenter.revealed(view)]


class Past:
    def __init__(self, store: Store, rewind: Rewind, boards: Boards) -> None:
        self.store = store
        self.rewind = rewind
        self.boards = boards

    async def _game(self, channel_id: int, game_id: int | None = None) -> GameRecord:
        if game_id is not None:
            record = await self.store.game(game_id)
            if record.channel_id != channel_id:
                raise Refusal(_("That game was played in another channel."))
        else:
            history = await self.store.history(channel_id, limit=1)
            if not history:
                raise Refusal(_("No game was played in this channel yet: `/game new` starts one."))
            record = history[0]
        if record.started_at is None:
            raise Refusal(_("The game has not started yet: there is no board to look back on."))
        return record

    async def _seat(self, record: GameRecord, user_id: int) -> int | None:
        return next((p.seat for p in await self.store.players(record.id) if p.user_id == user_id), None)

    async def board_at(self, interaction: discord.Interaction, turn: int, public: bool) -> None:
        """The board after turn `turn` (0: the start), as the asker's seat saw it then (a spectator: what everyone
        saw); a finished game's last turn shows its final board."""
        await interaction.response.defer(ephemeral=not public, thinking=True)
        assert interaction.channel_id is not None
        record = await self._game(interaction.channel_id)
        ends = await self.rewind.turn_ends(record.id)
        last = max(ends)
        if turn not in ends:
            raise Refusal(
                _("Game {game} has had {last} turns so far: choose a turn from 0 (the start) to {last}.").format(
                    game=record.id, last=last
                )
            )
        # A finished game shows all (every hand, rumour and personal tile as it was then). While it runs, or after it
        # was abandoned: public, nobody's hidden things; private, the asker's own, as they were then.
        finished = record.status == "finished"
        if finished:
            viewer: int | None = engine.EVERYONE
        else:
            viewer = None if public else await self._seat(record, interaction.user.id)
        with speaking(table_language(record.options)):  # the game's picture, in the game's language
            view = await asyncio.to_thread(engine.view, ends[turn], viewer)
            file = await self.boards.file(view, False, interaction.filesize_limit)
        if turn == 0:
            words = _("Game {game}, at the start.").format(game=record.id)
        elif ends[turn].game_over:
            words = _("Game {game}, after turn {turn} of {last} (the end).").format(
                game=record.id, turn=turn, last=last
            )
        else:
            words = _("Game {game}, after turn {turn} of {last}.").format(game=record.id, turn=turn, last=last)
        if finished:
            names = [safe_name(p.display_name) for p in await self.store.players(record.id)]
            hidden = revealed_lines(engine.presenter(record.game), view, names)
            if hidden:
                words += "\n" + "\n".join([_("A finished game shows all:"), *(f"• {line}" for line in hidden)])
        if file is None:
            await interaction.followup.send(
                words + "\n" + _("(The board is too large for this server's upload limit.)")
            )
            return
        await interaction.followup.send(words, file=file, allowed_mentions=NO_MENTIONS)

    async def replay_interaction(self, interaction: discord.Interaction, *, game_id: int) -> None:
        """The end message's Replay button: the whole game, privately to whoever clicked."""
        await self.replay(interaction, game_id=game_id)

    async def replay(
        self, interaction: discord.Interaction, from_turn: int = 0, public: bool = False, game_id: int | None = None
    ) -> None:
        """The animated replay from `from_turn`: one frame per turn, as everyone saw it (nothing hidden is shown)."""
        await interaction.response.defer(ephemeral=not public, thinking=True)
        assert interaction.channel_id is not None
        record = await self._game(interaction.channel_id, game_id)
        ends = await self.rewind.turn_ends(record.id)
        last = max(ends)
        if from_turn > last:
            raise Refusal(
                _("Game {game} has had {last} turns so far: start the replay at 0 to {last}.").format(
                    game=record.id, last=last
                )
            )
        turns = [turn for turn in sorted(ends) if turn >= from_turn][-MAX_FRAMES:]
        with speaking(table_language(record.options)):
            views = await asyncio.to_thread(lambda: [engine.view(ends[turn], None) for turn in turns])
            file = await self.boards.replay_file(views, interaction.filesize_limit)
        if turns[0] == 0:
            words = _("Game {game}: the board at the start and after each turn to turn {last} ({count} frames).")
        else:
            words = _("Game {game}: the board after turn {first} and each turn to turn {last} ({count} frames).")
        words = words.format(game=record.id, first=turns[0], last=turns[-1], count=len(turns))
        if file is None:
            await interaction.followup.send(
                words + "\n" + _("(The replay is too large for this server's upload limit.)")
            )
            return
        await interaction.followup.send(words, file=file, allowed_mentions=NO_MENTIONS)
