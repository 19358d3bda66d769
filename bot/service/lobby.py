"""Setting a game up: open a lobby, take and leave seats, seat AIs, set variant options, start, abandon."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import engine
from storage import AlreadyJoined, ChannelBusy, GameFull, GameNotFound, GameRecord, NotJoined, Store, WrongStatus

from ..catalog import Catalog, game_options
from ..lang import LANGUAGE_NAMES, LANGUAGE_OPTION, LANGUAGES, _, table_language
from ..text import safe_name
from .accounts import Accounts
from .cache import TableCache
from .refusal import Refusal
from .table import Table

MAX_SEED = 2**63
LANGUAGE_LIST = ", ".join(LANGUAGE_NAMES[code] for code in LANGUAGES)


@dataclass
class Lobby:
    store: Store
    tables: TableCache
    accounts: Accounts
    catalog: Catalog
    clock: Callable[[], float] = time.time

    def _chosen_options(self, game: str, options: dict[str, Any]) -> dict[str, Any]:
        """Only the options that differ from the game's defaults; Refusal (in words) for a bad one."""
        try:
            return self.catalog.info(game).changed_options({k: v for k, v in options.items() if v is not None})
        except engine.IllegalMove as exc:
            raise Refusal(exc.reason) from None

    async def new_game(
        self,
        channel_id: int,
        guild_id: int | None,
        user_id: int,
        user_name: str,
        game: str | None = None,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
    ) -> Table:
        name = self.catalog.default_game if game is None else self.catalog.find(game)
        if name is None:
            raise Refusal(
                _("There is no game called “{name}”. The games: {games}.").format(
                    name=safe_name(str(game)), games=self.catalog.games_list()
                )
            )
        chosen = self._chosen_options(name, options or {})
        # A live game's randomness comes from a secret nobody at the table chose (revealed when it ends); a seed the
        # host picks is allowed only in the open: the lobby, every status and the turn messages show it.
        seed_public = seed is not None
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        elif not 0 <= seed < MAX_SEED:
            raise Refusal(_("The seed must be between 0 and 2^63-1."))
        async with self.tables.lock(channel_id):
            try:
                await self.store.create_game(
                    guild_id,
                    channel_id,
                    name,
                    chosen,
                    seed,
                    user_id,
                    self.clock(),
                    host_name=user_name,
                    seed_public=seed_public,
                )
            except ChannelBusy:
                raise Refusal(
                    _("This channel already has a game. Finish or `/game abandon` it first, or use a thread.")
                ) from None
            return await self.tables.reload(channel_id)

    async def rematch(self, channel_id: int, game_id: int, user_id: int) -> Table:
        """A lobby in the channel with the finished game's seats (the same people and AI kinds, in the same seats) and
        variants, and a new secret seed; the one who asked is its host and must have sat in the game."""
        try:
            record = await self.store.game(game_id)
        except GameNotFound:
            raise Refusal(_("That game is not on record any more.")) from None
        if record.channel_id != channel_id or record.status != "finished":
            raise Refusal(_("A rematch can follow only a game that finished in this channel."))
        if not any(p.user_id == user_id for p in await self.store.players(game_id)):
            raise Refusal(_("Only someone who played that game can ask for its rematch."))
        async with self.tables.lock(channel_id):
            try:
                await self.store.open_rematch(game_id, secrets.randbelow(MAX_SEED), user_id, self.clock())
            except ChannelBusy:
                raise Refusal(
                    _(
                        "This channel already has a lobby or a game: finish or `/game abandon` it first,"
                        " or use a thread."
                    )
                ) from None
            except WrongStatus:
                raise Refusal(_("A rematch can follow only a game that finished in this channel.")) from None
            return await self.tables.reload(channel_id)

    async def _lobby(self, channel_id: int) -> Table:
        table = await self.tables.table(channel_id, fresh=True)
        if table is None:
            raise Refusal(_("There is no game in this channel. Start one with `/game new`."))
        if table.record.status != "lobby":
            raise Refusal(_("The game has already started."))
        return table

    def _max_seats(self, table: Table) -> int:
        return self.catalog.info(table.game).max_players

    async def join(self, channel_id: int, user_id: int, user_name: str) -> Table:
        async with self.tables.lock(channel_id):
            table = await self._lobby(channel_id)
            seats = self._max_seats(table)
            try:
                await self.store.join(table.game_id, user_id, user_name, seats, self.clock())
            except AlreadyJoined:
                raise Refusal(_("You already have a seat in this game.")) from None
            except GameFull:
                raise Refusal(_("The game is full ({seats} players).").format(seats=seats)) from None
            return await self.tables.reload(channel_id)

    async def leave(self, channel_id: int, user_id: int) -> Table:
        async with self.tables.lock(channel_id):
            table = await self.tables.table(channel_id, fresh=True)
            if table is not None and table.record.status == "active" and table.seat_of(user_id) is not None:
                raise Refusal(_("The game has started: hand your seat over with `/game handover` instead."))
            table = await self._lobby(channel_id)
            if user_id == table.record.host_user_id:
                raise Refusal(_("The host cannot leave the lobby; use `/game abandon` to cancel the game."))
            try:
                await self.store.leave(table.game_id, user_id, self.clock())
            except NotJoined:
                raise Refusal(_("You have no seat in this game.")) from None
            return await self.tables.reload(channel_id)

    async def add_bot(self, channel_id: int, user_id: int, kind: str | None = None) -> Table:
        async with self.tables.lock(channel_id):
            table = await self._lobby(channel_id)
            info = self.catalog.info(table.game)
            kind = kind or info.default_ai
            if info.ai_kind(kind) is None:
                kinds = ", ".join(f"{_(k.label)} ({_(k.description)})" for k in info.ai_kinds)
                raise Refusal(
                    _("{title} has no AI called “{kind}”; choose one of: {kinds}.").format(
                        title=info.title, kind=safe_name(kind), kinds=kinds
                    )
                )
            if table.seat_of(user_id) is None:
                raise Refusal(_("Only players in the lobby can add an AI; `/game join` first."))
            taken = set(table.names)
            name = next((f"{n} (AI)" for n in info.ai_names if f"{n} (AI)" not in taken), None)
            name = name or f"AI {len(table.players) + 1}"
            # The engine's registry says which kinds exist; storage's type still names two of them (issue 18).
            stored_kind: Any = kind
            try:
                await self.store.add_ai(table.game_id, name, stored_kind, info.max_players, self.clock())
            except GameFull:
                raise Refusal(
                    _("The game is full ({max_players} players).").format(max_players=info.max_players)
                ) from None
            return await self.tables.reload(channel_id)

    async def set_options(self, channel_id: int, user_id: int, options: dict[str, Any], manage: bool = False) -> Table:
        """The host changes variant options in the lobby; `options` holds only the options being changed."""
        async with self.tables.lock(channel_id):
            table = await self._lobby(channel_id)
            if user_id != table.record.host_user_id and not manage:
                raise Refusal(_("Only the host (or someone with Manage Channels) can change the options."))
            chosen = self._chosen_options(table.game, {**table.record.options, **options})
            try:
                await self.store.set_options(table.game_id, chosen, self.clock())
            except WrongStatus:
                raise Refusal(_("The game has already started.")) from None
            return await self.tables.reload(channel_id)

    async def set_language(self, channel_id: int, user_id: int, lang: str, manage: bool = False) -> Table:
        """The host (or Manage Channels) changes the channel's language of a game in the lobby or under way: one
        write of its options (the rules never see this one, so the game goes on as it was)."""
        async with self.tables.lock(channel_id):
            table = await self.tables.table(channel_id, fresh=True)
            if table is None:
                raise Refusal(_("There is no game in this channel. Start one with `/game new`."))
            if user_id != table.record.host_user_id and not manage:
                raise Refusal(_("Only the host (or someone with Manage Channels) can change the game's language."))
            if lang not in LANGUAGES:
                raise Refusal(_("That is not one of the languages: {languages}.").format(languages=LANGUAGE_LIST))
            if table_language(table.record.options) == lang:
                raise Refusal(_("The game is in {language} already.").format(language=LANGUAGE_NAMES[lang]))
            chosen = self._chosen_options(table.game, {**table.record.options, LANGUAGE_OPTION: lang})
            try:
                await self.store.set_options(table.game_id, chosen, self.clock(), "lobby", "active")
            except WrongStatus:
                raise Refusal(_("The game is over: its language can no longer change.")) from None
            return await self.tables.reload(channel_id)

    async def start(self, channel_id: int, user_id: int, manage: bool = False) -> Table:
        async with self.tables.lock(channel_id):
            table = await self._lobby(channel_id)
            if user_id != table.record.host_user_id and not manage:
                raise Refusal(_("Only the host (or someone with Manage Channels) can start the game."))
            info = self.catalog.info(table.game)
            if len(table.players) < info.min_players:
                raise Refusal(
                    _("{title} needs at least {min_players} players: `/game join` or `/game addbot`.").format(
                        title=info.title, min_players=info.min_players
                    )
                )
            record = table.record
            try:
                state = engine.new_game(record.game, table.names, game_options(record.options), record.seed)
            except engine.IllegalMove as exc:
                raise Refusal(exc.reason) from None
            try:
                started = await self.store.start_game(record.id, state, self.clock())
            except WrongStatus:
                raise Refusal(_("The game has already started.")) from None
            # The seats were read under this lock and the state is the one just stored: no need to read them back.
            table = Table(started, table.players, state)
            self.tables.put(channel_id, table)
            self.accounts.note(channel_id, record.id, 0, [], False)
            return table

    async def abandon(self, channel_id: int, user_id: int, manage: bool = False) -> GameRecord:
        async with self.tables.lock(channel_id):
            table = await self.tables.table(channel_id, fresh=True)
            if table is None:
                raise Refusal(_("There is no game in this channel."))
            if not manage and not self._may_abandon(table, user_id):
                raise Refusal(
                    _(
                        "Only the host while seated (or, once the host has left the table, any seated player, or "
                        "someone with Manage Channels) can abandon the game."
                    )
                )
            record = await self.store.abandon_game(table.game_id, self.clock())
            self.tables.forget(channel_id)
            self.tables.put(channel_id, None)
            return record

    @staticmethod
    def _may_abandon(table: Table, user_id: int) -> bool:
        """The host, as long as they hold a seat; a host who handed their seat away no longer speaks for the
        table, and then any seated player may."""
        host = table.record.host_user_id
        if table.seat_of(host) is not None:
            return user_id == host
        return table.seat_of(user_id) is not None
