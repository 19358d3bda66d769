"""What happened: the account of the latest turn for the turn message, the channel's log, the last game."""

from __future__ import annotations

from typing import Any

import engine
from storage import GameRecord, PlayerRecord, StorageError

from ..text import safe_name
from .core import ACCOUNT_MOVES, ServiceCore


class AccountService(ServiceCore):
    def _note_account(
        self, channel_id: int, game_id: int, version: int, events: list[dict[str, Any]], turn_over: bool
    ) -> None:
        """Extend the channel's turn account by the move just recorded at `version` (if it follows on).

        The account holds the moves since the turn before the newest move ended: a move that ends a turn is
        kept (its turn is the one to tell), and the next move starts a new account."""
        known = self._accounts.get(channel_id)
        if version == 0:
            self._accounts[channel_id] = (game_id, 0, [], False)
        elif known is not None and known[0] == game_id and known[1] == version - 1:
            moves = [] if known[3] else known[2]
            self._accounts[channel_id] = (game_id, version, [*moves, events][-ACCOUNT_MOVES:], turn_over)
        else:
            self._accounts.pop(channel_id, None)

    async def turn_account(
        self,
        game_id: int,
        names: list[str],
        game: str,
        *,
        channel_id: int | None = None,
        version: int | None = None,
    ) -> list[str]:
        """What happened in the latest turn: the events of the moves since the turn before it ended.

        With the channel and the version of the state being shown, the events this process kept are used when
        they reach exactly that version; otherwise the log is read.
        """
        known = self._accounts.get(channel_id) if channel_id is not None else None
        if known is not None and known[0] == game_id and version is not None and known[1] == version:
            lines: list[str] = []
            for events in known[2]:
                lines.extend(self.describe_events(game, events, names))
            return lines
        moves = await self.store.recent_moves(game_id, ACCOUNT_MOVES)
        start = 0
        for i in range(len(moves) - 2, -1, -1):  # the last move ends this turn; look for the previous end
            if engine.turn_passed(game, moves[i].events):
                start = i + 1
                break
        if channel_id is not None and moves and (version is None or moves[-1].seq == version):
            current = self._accounts.get(channel_id)
            if current is None or current[0] != game_id or current[1] < moves[-1].seq:
                ended = engine.turn_passed(game, moves[-1].events)
                self._accounts[channel_id] = (game_id, moves[-1].seq, [m.events for m in moves[start:]], ended)
        lines = []
        for move in moves[start:]:
            lines.extend(self.describe_events(game, move.events, names))
        return lines

    async def log_lines(self, channel_id: int, limit: int = 40) -> tuple[GameRecord | None, list[str]]:
        """The latest events of the channel's open game, or of its most recent game when none is open."""
        record = await self.store.active_game(channel_id)
        if record is None:
            history = await self.store.history(channel_id, limit=1)
            record = history[0] if history else None
        if record is None:
            return None, []
        players = await self.store.players(record.id)
        names = [safe_name(p.display_name) for p in players]
        lines: list[str] = []
        for move in await self.store.recent_moves(record.id, limit):
            seat = move.move.get("player")
            for text in self.describe_events(record.game, move.events, names):
                lines.append(f"{move.seq}. {text}" if seat is not None else text)
        return record, lines

    async def last_game(self, channel_id: int) -> tuple[GameRecord, list[PlayerRecord], Any] | None:
        """The channel's most recent game (open or not) with its state, for /game status after the end."""
        history = await self.store.history(channel_id, limit=1)
        if not history:
            return None
        record = history[0]
        players = await self.store.players(record.id)
        state = None
        if record.started_at is not None:
            try:
                state = await self.store.load_state(record.id)
            except StorageError:
                state = None
        return record, players, state

    async def games_needing_ai(self) -> list[int]:
        """Channels whose open game waits on an AI seat (after a restart, say)."""
        out = []
        # idle_games with zero idle time lists every active game with its seat to act.
        for idle in await self.store.idle_games(self.clock() + 1, 0):
            if idle.player is not None and idle.player.is_ai:
                out.append(idle.game.channel_id)
        return out
