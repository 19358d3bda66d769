"""Game orchestration, independent of Discord: who may act, applying moves through storage, AI turns, accounts.

Every change to a channel's game happens under that channel's asyncio.Lock and is one storage transaction
guarded by the state version (storage raises StaleVersion if another process moved first), so two clicks at
once are applied one after the other and a double click is refused instead of acting twice. The bot never
decides legality itself: it asks engine.move_from_key and shows IllegalMove.reason.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import engine
from engine.entdecker import OPTIONS as ENTDECKER_OPTIONS
from storage import (
    AlreadyJoined,
    ChannelBusy,
    GameFull,
    GameRecord,
    NotJoined,
    PlayerRecord,
    StaleVersion,
    StorageError,
    Store,
    WrongStatus,
)

from .settings import Settings
from .text import safe_name

log = logging.getLogger(__name__)

GAMES: dict[str, dict[str, tuple[Any, tuple[Any, ...], str]]] = {"entdecker": ENTDECKER_OPTIONS}
MIN_SEATS = 2
MAX_SEATS = 4
AI_NAMES = ("Magellan", "Zheng He", "Cook", "Tasman")

# Which slash command offers which move kinds, and under which option name (also used to word refusals).
COMMANDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "ship": ("position", ("ship",)),
    "explore": ("tiles", ("explore",)),
    "draw": ("pile", ("draw", "personal")),
    "place": ("option", ("place",)),
    "build": ("piece", ("build",)),
    "stop": ("", ("stop",)),
    "recall": ("post", ("recall",)),
}
COMMAND_OF_KIND = {kind: command for command, (_, kinds) in COMMANDS.items() for kind in kinds}


class Refusal(Exception):
    """Something a user asked for that is not possible now; str(refusal) is the sentence to show them."""


class StaleClick(Refusal):
    """A button or menu from an earlier state of the game."""


class _Overtaken(Exception):
    """The cached table was behind storage (another process changed the game); nothing was written."""


@dataclass
class Table:
    """A channel's open game as this process knows it: the record, the seats and (once started) the state."""

    record: GameRecord
    players: list[PlayerRecord]
    state: Any | None = None
    _views: dict[int | None, dict[str, Any]] = field(default_factory=dict, repr=False)

    @property
    def game_id(self) -> int:
        return self.record.id

    @property
    def version(self) -> int:
        return self.state.version if self.state is not None else -1

    @property
    def active(self) -> bool:
        return self.state is not None and not self.state.game_over

    @property
    def names(self) -> list[str]:
        """Display names by seat: a substitute's name replaces the original one the engine keeps."""
        return [p.display_name for p in self.players]

    @property
    def shown_names(self) -> list[str]:
        """The names as they may appear in a message (they cannot ping anyone or break the Markdown)."""
        return [safe_name(n) for n in self.names]

    def view(self, viewer: int | None = None) -> dict[str, Any]:
        """engine.view, computed once per (state, viewer): autocomplete asks on every keystroke."""
        if viewer not in self._views:
            self._views[viewer] = engine.view(self.state, viewer)
        return self._views[viewer]

    def seat_of(self, user_id: int) -> int | None:
        for p in self.players:
            if p.user_id == user_id:
                return p.seat
        return None

    @property
    def current(self) -> PlayerRecord | None:
        if not self.active:
            return None
        seat = self.state.current_player
        return self.players[seat] if 0 <= seat < len(self.players) else None


@dataclass
class MoveOutcome:
    """One applied move: what it said, and whether the turn or the game ended with it."""

    table: Table  # after the move
    key: str
    seat: int
    by_ai: bool
    events: list[dict[str, Any]]
    lines: list[str]

    @property
    def turn_over(self) -> bool:
        return any(e.get("type") in ("turn", "game_over") for e in self.events)

    @property
    def game_over(self) -> bool:
        return bool(self.table.state.game_over)


ACCOUNT_MOVES = 60  # a turn account shows at most this many moves


def _ends_turn(events: list[dict[str, Any]]) -> bool:
    return any(e.get("type") == "turn" for e in events)


def describe_events(game: str, events: Iterable[dict[str, Any]], names: list[str]) -> list[str]:
    out = []
    for event in events:
        text = engine.describe(game, event, names)
        if text:
            out.append(text)
    return out


def value_of(entry: dict[str, Any]) -> str:
    """What a user types (or autocomplete fills in) for a legal entry: its key without the kind."""
    key = entry["key"]
    return key.split(":", 1)[1] if ":" in key else ""


def legal_summary(legal: list[dict[str, Any]], limit: int = 12) -> str:
    """'Legal now: /draw pile: 1, 2, 3 · /stop' — what the player may do, by command."""
    by_command: dict[str, list[str]] = {}
    for entry in legal:
        command = COMMAND_OF_KIND.get(entry["kind"], entry["kind"])
        by_command.setdefault(command, [])
        value = value_of(entry)
        if value:
            by_command[command].append(value)
    parts = []
    for command, values in by_command.items():
        option = COMMANDS.get(command, ("",))[0]
        if not values:
            parts.append(f"`/{command}`")
            continue
        shown = ", ".join(values[:limit]) + (f" … ({len(values)} in all)" if len(values) > limit else "")
        parts.append(f"`/{command} {option}:` {shown}")
    return "Legal now: " + " · ".join(parts) if parts else "Nothing is legal now."


class GameService:
    """Lobby, turns and AI for every channel, on top of one Store. Discord-free so it is unit-testable."""

    def __init__(self, store: Store, settings: Settings, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._tables: dict[int, Table | None] = {}
        # Bumped on every change of a channel's cached table: a read that a change overtook does not store its
        # (older) result over the newer one.
        self._generations: dict[int, int] = {}
        # Per channel: (game id, version, the events of each move since the last turn end before the newest
        # move), kept from the moves this process recorded so an announcement need not re-read the log.
        self._accounts: dict[int, tuple[int, int, list[list[dict[str, Any]]]]] = {}

    # ------------------------------------------------------------------ state and cache

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def cached(self, channel_id: int) -> Table | None:
        """The cached table without touching the database (for autocomplete); None if not loaded."""
        return self._tables.get(channel_id)

    def forget(self, channel_id: int) -> None:
        self._set_table(channel_id, None, drop=True)

    def _set_table(self, channel_id: int, table: Table | None, *, drop: bool = False) -> None:
        self._generations[channel_id] = self._generations.get(channel_id, 0) + 1
        if drop:
            self._tables.pop(channel_id, None)
            self._accounts.pop(channel_id, None)
        else:
            self._tables[channel_id] = table

    def prune(self, open_channels: set[int]) -> None:
        """Drop the locks and cached tables of channels without an open game (idle locks only)."""
        for channel_id, lock in list(self._locks.items()):
            if channel_id not in open_channels and not lock.locked() and not getattr(lock, "_waiters", None):
                del self._locks[channel_id]
        for channel_id in list(self._tables):
            if channel_id not in open_channels and channel_id not in self._locks:
                del self._tables[channel_id]
                self._accounts.pop(channel_id, None)
                self._generations.pop(channel_id, None)

    async def table(self, channel_id: int, *, fresh: bool = False) -> Table | None:
        """The channel's open game. `fresh` re-reads the record and reloads the state if its version moved."""
        if not fresh and channel_id in self._tables:
            return self._tables[channel_id]
        generation = self._generations.get(channel_id, 0)
        record = await self.store.active_game(channel_id)
        if record is None:
            if self._generations.get(channel_id, 0) == generation:
                self._set_table(channel_id, None)
            return None
        old = self._tables.get(channel_id)
        if (
            old is not None
            and old.record.id == record.id
            and old.record.status == record.status
            and old.version == record.version
            and old.state is not None
        ):
            players = await self.store.players(record.id)
            table = Table(record, players, old.state, old._views)
        else:
            players = await self.store.players(record.id)
            state = await self.store.load_state(record.id) if record.status == "active" else None
            table = Table(record, players, state)
        if self._generations.get(channel_id, 0) == generation:
            self._set_table(channel_id, table)
        return table

    async def _current_table(self, channel_id: int, *, fresh: bool = False) -> tuple[Table | None, bool]:
        """For a move, under the channel lock: the table and whether it came from the cache without a read.

        The cached table is current as far as this process knows, because every change it makes goes through
        the cache. A change made by another process is caught by the version check of Store.append_move, and
        the move is then validated again against a fresh read (`_Overtaken`)."""
        table = self._tables.get(channel_id)
        if not fresh and table is not None and table.active and table.record.status == "active":
            return table, True
        return await self.table(channel_id, fresh=True), False

    async def game_table(self, game_id: int) -> Table:
        """Any started game by id (also a finished one), read from storage; for catching up announcements."""
        record = await self.store.game(game_id)
        players = await self.store.players(game_id)
        state = await self.store.load_state(game_id) if record.started_at is not None else None
        return Table(record, players, state)

    async def active_table(self, channel_id: int) -> Table:
        table = await self.table(channel_id, fresh=True)
        if table is None:
            raise Refusal("There is no game in this channel. Start one with `/game new`.")
        if table.state is None:
            raise Refusal("The game has not started yet: `/game join`, then the host uses `/game start`.")
        return table

    # ------------------------------------------------------------------ lobby

    def _options(self, game: str, options: dict[str, Any]) -> dict[str, Any]:
        table = GAMES[game]
        out = {}
        for name, value in options.items():
            if value is None:
                continue
            if name not in table:
                raise Refusal(f"{game} has no option {name!r}.")
            default, allowed, _ = table[name]
            if value not in allowed:
                raise Refusal(f"Option {name} must be one of {', '.join(map(str, allowed))}.")
            if value != default:
                out[name] = value
        return out

    async def new_game(
        self,
        channel_id: int,
        guild_id: int | None,
        user_id: int,
        user_name: str,
        game: str = "entdecker",
        options: dict[str, Any] | None = None,
        seed: int | None = None,
    ) -> Table:
        if game not in GAMES:
            raise Refusal(f"Unknown game {game!r}; choose one of {', '.join(GAMES)}.")
        chosen = self._options(game, options or {})
        if seed is None:
            seed = random.randrange(2**63)
        elif not 0 <= seed < 2**63:
            raise Refusal("The seed must be between 0 and 2^63-1.")
        async with self.lock(channel_id):
            try:
                await self.store.create_game(
                    guild_id, channel_id, game, chosen, seed, user_id, self.clock(), host_name=user_name
                )
            except ChannelBusy:
                raise Refusal(
                    "This channel already has a game. Finish or `/game abandon` it first, or use a thread."
                ) from None
            return await self._reload(channel_id)

    async def _reload(self, channel_id: int) -> Table:
        table = await self.table(channel_id, fresh=True)
        assert table is not None
        return table

    async def _lobby(self, channel_id: int) -> Table:
        table = await self.table(channel_id, fresh=True)
        if table is None:
            raise Refusal("There is no game in this channel. Start one with `/game new`.")
        if table.record.status != "lobby":
            raise Refusal("The game has already started.")
        return table

    async def join(self, channel_id: int, user_id: int, user_name: str) -> Table:
        async with self.lock(channel_id):
            table = await self._lobby(channel_id)
            try:
                await self.store.join(table.game_id, user_id, user_name, MAX_SEATS, self.clock())
            except AlreadyJoined:
                raise Refusal("You already have a seat in this game.") from None
            except GameFull:
                raise Refusal(f"The game is full ({MAX_SEATS} players).") from None
            return await self._reload(channel_id)

    async def leave(self, channel_id: int, user_id: int) -> Table:
        async with self.lock(channel_id):
            table = await self.table(channel_id, fresh=True)
            if table is not None and table.record.status == "active" and table.seat_of(user_id) is not None:
                raise Refusal("The game has started: hand your seat over with `/game handover` instead.")
            table = await self._lobby(channel_id)
            if user_id == table.record.host_user_id:
                raise Refusal("The host cannot leave the lobby; use `/game abandon` to cancel the game.")
            try:
                await self.store.leave(table.game_id, user_id, self.clock())
            except NotJoined:
                raise Refusal("You have no seat in this game.") from None
            return await self._reload(channel_id)

    async def add_bot(self, channel_id: int, user_id: int, kind: str = "heuristic") -> Table:
        if kind not in ("heuristic", "random"):
            raise Refusal("The AI is either heuristic or random.")
        async with self.lock(channel_id):
            table = await self._lobby(channel_id)
            if table.seat_of(user_id) is None:
                raise Refusal("Only players in the lobby can add an AI; `/game join` first.")
            taken = set(table.names)
            name = next((n for n in AI_NAMES if n not in taken), f"AI {len(table.players) + 1}")
            try:
                await self.store.add_ai(table.game_id, f"{name} (AI)", kind, MAX_SEATS, self.clock())  # type: ignore[arg-type]
            except GameFull:
                raise Refusal(f"The game is full ({MAX_SEATS} players).") from None
            return await self._reload(channel_id)

    async def start(self, channel_id: int, user_id: int, manage: bool = False) -> Table:
        async with self.lock(channel_id):
            table = await self._lobby(channel_id)
            if user_id != table.record.host_user_id and not manage:
                raise Refusal("Only the host (or someone with Manage Channels) can start the game.")
            if len(table.players) < MIN_SEATS:
                raise Refusal(f"At least {MIN_SEATS} players are needed: `/game join` or `/game addbot`.")
            record = table.record
            try:
                state = engine.new_game(record.game, table.names, record.options, record.seed)
            except engine.IllegalMove as exc:
                raise Refusal(exc.reason) from None
            try:
                started = await self.store.start_game(record.id, state, self.clock())
            except WrongStatus:
                raise Refusal("The game has already started.") from None
            # The seats were read under this lock and the state is the one just stored: no need to read them back.
            table = Table(started, table.players, state)
            self._set_table(channel_id, table)
            self._note_account(channel_id, record.id, 0, [])
            return table

    async def abandon(self, channel_id: int, user_id: int, manage: bool = False) -> GameRecord:
        async with self.lock(channel_id):
            table = await self.table(channel_id, fresh=True)
            if table is None:
                raise Refusal("There is no game in this channel.")
            if user_id != table.record.host_user_id and not manage:
                raise Refusal("Only the host (or someone with Manage Channels) can abandon the game.")
            record = await self.store.abandon_game(table.game_id, self.clock())
            self.forget(channel_id)
            self._set_table(channel_id, None)
            return record

    # ------------------------------------------------------------------ turns

    def legal_for(self, table: Table | None, user_id: int, kinds: Iterable[str]) -> list[dict[str, Any]]:
        """The legal entries of the given kinds for this user: empty unless it is their turn (fast, no I/O)."""
        if table is None or not table.active:
            return []
        current = table.current
        if current is None or current.is_ai or current.user_id != user_id:
            return []
        wanted = set(kinds)
        return [entry for entry in table.view(current.seat)["legal"] if entry["kind"] in wanted]

    def resolve(self, table: Table, command: str, value: str | int | None) -> str:
        """The move key meant by `/command option:value` (the engine judges whether it is legal)."""
        kinds = COMMANDS[command][1]
        if command == "stop":
            return "stop"
        text = str(value if value is not None else "").strip()
        legal = table.view(table.state.current_player)["legal"]
        if any(text == entry["key"] for entry in legal if entry["kind"] in kinds):
            return text
        if command == "place" and text.lstrip("#").isdigit():  # the numbers drawn on the overlay
            number = int(text.lstrip("#"))
            for entry in legal:
                if entry["kind"] == "place" and entry.get("number") == number:
                    return entry["key"]
        candidates = [f"{kind}:{text}" for kind in kinds]
        for candidate in candidates:
            for entry in legal:
                if entry["key"].lower() == candidate.lower():
                    return entry["key"]
        if command == "draw" and not text.isdigit():
            return f"personal:{text}"
        return candidates[0]

    def _check_turn(self, table: Table, user_id: int) -> int:
        current = table.current
        if not table.active or current is None:
            raise Refusal("The game is over; see `/game status` for the final scores.")
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal(f"You are not playing in this game. It is {safe_name(current.display_name)}'s turn.")
        if seat != current.seat:
            raise Refusal(f"It is {safe_name(current.display_name)}'s turn, not yours.")
        if current.is_ai:
            raise Refusal("Your seat is played by an AI now.")
        return seat

    def legal_text(self, table: Table, user_id: int | None = None) -> str:
        current = table.current
        if current is None:
            return "The game is over."
        if user_id is not None and current.user_id != user_id:
            return f"It is {safe_name(current.display_name)}'s turn."
        return legal_summary(table.view(current.seat)["legal"])

    async def play(
        self,
        channel_id: int,
        user_id: int,
        *,
        key: str | None = None,
        command: str | None = None,
        value: str | int | None = None,
        game_id: int | None = None,
        version: int | None = None,
    ) -> MoveOutcome:
        """Apply the user's move (a key from a button, or /command value), or raise Refusal saying why not.

        `game_id`/`version` come from a button's custom_id: a click on a message of an earlier state is
        refused, which is also what makes a double click harmless.
        """
        async with self.lock(channel_id):
            table, cached = await self._current_table(channel_id)
            while True:
                if game_id is not None and (table is None or table.game_id != game_id):
                    raise Refusal("This button belongs to a game that is over.")
                if table is None or table.state is None:
                    await self.active_table(channel_id)  # raises the right refusal
                    raise AssertionError  # unreachable
                seat = self._check_turn(table, user_id)
                if version is not None and version != table.version:
                    raise StaleClick("This button is from an earlier turn. " + self.legal_text(table, user_id))
                move_key = key
                if move_key is None:
                    assert command is not None
                    move_key = self.resolve(table, command, value)
                try:
                    move = engine.move_from_key(table.state, move_key)
                    new_state, events = engine.step(table.state, move)
                except engine.IllegalMove as exc:
                    raise Refusal(f"{exc.reason} {self.legal_text(table, user_id)}") from None
                try:
                    return await self._record(
                        channel_id, table, move, new_state, events, user_id, seat, by_ai=False, retry=cached
                    )
                except _Overtaken:
                    # Another process changed the game since it was cached: judge the move again on the truth.
                    table, cached = await self._current_table(channel_id, fresh=True)

    async def _record(
        self,
        channel_id: int,
        table: Table,
        move: Any,
        new_state: Any,
        events: list[dict[str, Any]],
        user_id: int | None,
        seat: int,
        by_ai: bool,
        retry: bool = False,
    ) -> MoveOutcome:
        """Store the move. `retry` (the table came from the cache): if the game changed behind its back, raise
        _Overtaken (nothing was written) so that the caller judges the move again on a fresh read."""
        try:
            _, record = await self.store.append_move(
                table.game_id, table.version, move, new_state, events, user_id, self.clock(), known=table.record
            )
        except StaleVersion:
            # Another process moved first: nothing was written. Reload so the next attempt sees the truth.
            self.forget(channel_id)
            if retry:
                raise _Overtaken from None
            fresh = await self.table(channel_id, fresh=True)
            legal = self.legal_text(fresh, user_id) if fresh is not None and fresh.state is not None else ""
            raise Refusal("Someone else moved at the same moment; nothing was done. " + legal) from None
        except WrongStatus:
            self.forget(channel_id)
            if retry:
                raise _Overtaken from None
            raise Refusal("The game is no longer running.") from None
        except BaseException:
            self.forget(channel_id)  # whatever happened, the next move reads the truth from storage
            raise
        after = Table(record, table.players, new_state)
        # A finished game is no longer the channel's open game, but keep it cached for the final announcement.
        self._set_table(channel_id, after if not new_state.game_over else None)
        self._note_account(channel_id, table.game_id, after.version, events)
        lines = describe_events(record.game, events, after.shown_names)
        return MoveOutcome(after, move.key, seat, by_ai, events, lines)

    async def ai_step(
        self, channel_id: int, *, force: bool = False, seat: int | None = None, version: int | None = None
    ) -> MoveOutcome | None:
        """One move by the AI for the seat to act if that seat is an AI (or any seat with force=True).

        `seat`/`version` (checked under the channel lock) make it play only if that seat is still to act at
        that state version; otherwise None, so a skip racing another skip or the player's own move stops.
        """
        async with self.lock(channel_id):
            table, cached = await self._current_table(channel_id)
            while True:
                if table is None or not table.active:
                    return None
                current = table.current
                if current is None or (not current.is_ai and not force):
                    return None
                if (seat is not None and current.seat != seat) or (version is not None and table.version != version):
                    return None
                kind = current.ai_kind or "heuristic"
                # The heuristic AI looks ahead a little; keep the event loop free for other channels.
                move = await asyncio.to_thread(engine.ai_move, table.state, kind)
                new_state, events = engine.step(table.state, move)
                try:
                    return await self._record(
                        channel_id, table, move, new_state, events, None, current.seat, by_ai=True, retry=cached
                    )
                except _Overtaken:
                    table, cached = await self._current_table(channel_id, fresh=True)

    # ------------------------------------------------------------------ absent players

    def idle_for(self, table: Table) -> float:
        record = table.record
        since = record.last_move_at or record.started_at or record.created_at
        return max(0.0, self.clock() - since)

    def _check_absent(self, table: Table, user_id: int, manage: bool, what: str) -> PlayerRecord:
        current = table.current
        if current is None:
            raise Refusal("The game is over.")
        if current.is_ai:
            raise Refusal(
                "An AI is playing this seat already; to give it to a person use "
                f"`/game substitute to:@member seat:{current.seat + 1}`."
            )
        if current.user_id == user_id:
            raise Refusal(f"It is your own turn; to {what} use `/game handover`.")
        if table.seat_of(user_id) is None and not manage:
            raise Refusal("Only the other players (or someone with Manage Channels) can do that.")
        idle = self.idle_for(table)
        if idle < self.settings.idle_after:
            wait = self.settings.idle_after - idle
            raise Refusal(
                f"{safe_name(current.display_name)} has been away for {format_duration(idle)}; "
                f"that is possible after {format_duration(self.settings.idle_after)} "
                f"(in {format_duration(wait)})."
            )
        return current

    async def check_skip(self, channel_id: int, user_id: int, manage: bool = False) -> PlayerRecord:
        """Refusal unless the user may have the AI play the absent current player's turn; returns that seat."""
        table = await self.active_table(channel_id)
        return self._check_absent(table, user_id, manage, "hand your turn to the AI")

    async def skip_turn(self, channel_id: int, user_id: int, manage: bool = False) -> list[MoveOutcome]:
        """`/game skip`: the heuristic AI plays the rest of the absent player's turn; the seat stays theirs.

        Each AI move is made only if the absent seat is still to act at the version the previous step left
        (checked under the lock), so a second skip at the same moment, or the player coming back and moving,
        stops this one instead of making the AI play somebody else's turn. Empty if nothing was left to do.
        """
        async with self.lock(channel_id):
            table = await self.active_table(channel_id)
            absent = self._check_absent(table, user_id, manage, "hand your turn to the AI")
            version = table.version
        outcomes: list[MoveOutcome] = []
        while True:
            outcome = await self.ai_step(channel_id, force=True, seat=absent.seat, version=version)
            if outcome is None:
                break
            outcomes.append(outcome)
            version = outcome.table.version
            if outcome.turn_over:
                break
        return outcomes

    async def handover(
        self,
        channel_id: int,
        user_id: int,
        *,
        to_user: tuple[int, str] | None = None,
        manage: bool = False,
        kind: str = "heuristic",
        absent: bool = False,
        seat: int | None = None,
    ) -> PlayerRecord:
        """Hand a seat to another user (to_user) or to an AI.

        absent=False (`/game handover`): the user's own seat, any time. absent=True (`/game substitute`): the
        seat of the player to move, by another player or a moderator, once they have been idle long enough.
        `seat` (0-based) names the seat: an AI seat can be given (back) to a person by any seated player or a
        moderator at any time; any other seat must be the one the rules above pick.
        """
        async with self.lock(channel_id):
            table = await self.active_table(channel_id)
            if not table.active:
                raise Refusal("The game is over.")
            chosen: PlayerRecord
            if seat is not None and not 0 <= seat < len(table.players):
                raise Refusal(f"There is no seat {seat + 1}; this game has seats 1 to {len(table.players)}.")
            if seat is not None and table.players[seat].is_ai:
                chosen = table.players[seat]
                if to_user is None:
                    raise Refusal(f"Seat {seat + 1} is played by an AI already; name the member who takes it over.")
                if table.seat_of(user_id) is None and not manage:
                    raise Refusal("Only the players (or someone with Manage Channels) can give an AI seat to a person.")
            elif absent:
                chosen = self._check_absent(table, user_id, manage, "hand over your seat")
            else:
                own = table.seat_of(user_id)
                if own is None:
                    raise Refusal("You have no seat to hand over; `/game substitute` replaces an absent player.")
                chosen = table.players[own]
            if seat is not None and chosen.seat != seat:
                raise Refusal(
                    f"Seat {seat + 1} is not yours, not an AI's and not the absent player's to move; "
                    "it cannot be handed over now."
                )
            if to_user is not None:
                if table.seat_of(to_user[0]) is not None:
                    raise Refusal(f"{safe_name(to_user[1])} already has a seat in this game.")
                name, ai_kind, new_user = to_user[1], None, to_user[0]
            else:
                name, ai_kind, new_user = f"{chosen.display_name} (AI)", kind, None
            try:
                player = await self.store.replace_seat(
                    table.game_id,
                    chosen.seat,
                    new_user,
                    name,
                    ai_kind,  # type: ignore[arg-type]
                    self.clock(),
                )
            except StorageError as exc:
                raise Refusal(str(exc)) from None
            self.forget(channel_id)
            await self.table(channel_id, fresh=True)
            return player

    # ------------------------------------------------------------------ accounts

    def _note_account(self, channel_id: int, game_id: int, version: int, events: list[dict[str, Any]]) -> None:
        """Extend the channel's turn account by the move just recorded at `version` (if it follows on)."""
        known = self._accounts.get(channel_id)
        if version == 0:
            self._accounts[channel_id] = (game_id, 0, [])
        elif known is not None and known[0] == game_id and known[1] == version - 1:
            moves = known[2]
            if moves and _ends_turn(moves[-1]):
                moves = []
            self._accounts[channel_id] = (game_id, version, [*moves, events][-ACCOUNT_MOVES:])
        else:
            self._accounts.pop(channel_id, None)

    async def turn_account(
        self,
        game_id: int,
        names: list[str],
        game: str = "entdecker",
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
                lines.extend(describe_events(game, events, names))
            return lines
        moves = await self.store.recent_moves(game_id, ACCOUNT_MOVES)
        start = 0
        for i in range(len(moves) - 2, -1, -1):  # the last move ends this turn; look for the previous end
            if _ends_turn(moves[i].events):
                start = i + 1
                break
        if channel_id is not None and moves and (version is None or moves[-1].seq == version):
            current = self._accounts.get(channel_id)
            if current is None or current[0] != game_id or current[1] < moves[-1].seq:
                self._accounts[channel_id] = (game_id, moves[-1].seq, [m.events for m in moves[start:]])
        lines = []
        for move in moves[start:]:
            lines.extend(describe_events(game, move.events, names))
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
            for text in describe_events(record.game, move.events, names):
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


def format_duration(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds >= 2 * 86400:
        return f"{seconds // 86400} days"
    if seconds >= 2 * 3600:
        return f"{seconds // 3600} hours"
    if seconds >= 120:
        return f"{seconds // 60} minutes"
    return f"{seconds} seconds"
