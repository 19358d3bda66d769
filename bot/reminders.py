"""The background loop: ping the player to move after a quiet spell, resume AI seats and lost announcements.

Each person's own time (bot/service/hours.py) decides when a reminder may reach them: their rhythm (how often, how
many), their quiet hours (a reminder due then waits for their end) and the daily digest by direct message that some
take instead of channel pings. A player who said they are away gets no reminders; once the table's allowance is
used up (or at once, if the lobby says so) each pass has the AI play their turn, as `/game skip` would.

It asks storage which games are idle (storage counts the reminders and resets the count on every move), so a
restart neither forgets nor repeats a reminder. A reminder the channel refuses (403/404: permission revoked,
channel deleted) counts as sent, so it is given up after the usual number instead of being retried forever.
Each pass also posts turn announcements that were stored but never shown (the process died in between):
right after a start every one of them, later only those older than a grace period (a move being announced
right now is left to its own interaction).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field

import discord

from storage import IdleGame, StorageError, Store, UserTime

from .ai_seats import AISeats
from .announcer import Announcer
from .fatal import Fatal
from .lang import ENGLISH, _, speaking, table_language
from .service import time_bank
from .service.cache import TableCache
from .service.hours import (
    MAX_COUNT,
    MIN_EVERY,
    Hours,
    away_now,
    digest_due,
    quiet_until,
    rhythm,
    time_away,
    timestamp,
)
from .service.players import Players
from .service.seats import Seats
from .settings import Settings
from .shards import direct_messages_ours, periodic_work
from .text import jump_link, mentions

log = logging.getLogger(__name__)


CATCH_UP_GRACE = 60.0  # seconds a stored move may wait for its own announcement before the loop posts it


@dataclass
class Reminders:
    client: discord.Client
    store: Store
    tables: TableCache
    players: Players
    hours: Hours
    announcer: Announcer
    ai: AISeats
    settings: Settings
    fatal: Fatal | None = None
    _: KW_ONLY
    clock: Callable[[], float] = time.time
    prune_offers: Callable[[set[int]], None] = lambda open_games: None  # drops the offers of games that ended
    seats: Seats | None = None  # plays the turns of away players once the table stops waiting for them
    _task: asyncio.Task[None] | None = field(default=None, init=False)
    _passes: int = field(default=0, init=False)

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="entdecker-reminders")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
            self._task = None

    async def _run(self) -> None:
        await self.client.wait_until_ready()
        while not self.client.is_closed():
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reminder loop")  # keep looping: one bad game must not stop all reminders
            await asyncio.sleep(self.settings.check_interval)

    async def tick(self) -> int:
        """One pass: catch up lost announcements and lobbies, start AI seats that are due and send the reminders
        that are due; returns pings sent. Each step, and each game within a step, fails on its own: one broken
        game or one failing query never stops the others. Only the games of this process's shards, and only while
        holding their locks (bot/shards.py), so that no two processes do the same game's periodic work."""
        async with periodic_work(self.store) as any_shard:
            return await self._tick() if any_shard else 0

    async def _tick(self) -> int:
        first, self._passes = self._passes == 0, self._passes + 1
        for step in (
            self._check_database,
            lambda: self.announcer.catch_up(grace=0.0 if first else CATCH_UP_GRACE),
            lambda: self.announcer.post_lost_lobbies(grace=CATCH_UP_GRACE),
            self._kick_ai_seats,
            self.prune,
        ):
            try:
                await step()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.fatal is not None and self.fatal.check(exc):
                    return 0
                log.exception("a step of the reminder pass failed")
        sent = 0
        now = self.clock()
        settings = self.settings
        # Listed by the shortest rhythm anyone may choose; each person's own is applied below.
        floor = min(settings.reminder_after, MIN_EVERY)
        try:
            idle_games = await self.store.idle_games(now, floor, max(settings.reminder_max, MAX_COUNT))
        except StorageError:
            log.warning("could not list the idle games", exc_info=True)
            return 0
        waiting = {i.player.user_id for i in idle_games if i.player is not None and i.player.user_id is not None}
        self.hours.forget()  # a pass reads everyone's settings afresh (another process may have changed them)
        try:
            people = await self.hours.of(waiting)
        except StorageError:  # the bot's own rhythm for everyone this pass, rather than no reminders at all
            log.warning("could not read the people's settings", exc_info=True)
            people = {}
        for idle in idle_games:
            try:
                user_id = idle.player.user_id if idle.player is not None else None
                person = people.get(user_id) if user_id is not None else None
                sent += await self._remind(idle, now, person or UserTime(0))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reminding in game %s failed", idle.game.id)
        if direct_messages_ours(self.store):
            try:
                await self.digests(now)
            except StorageError:
                log.warning("could not send the digests", exc_info=True)
        return sent

    async def _check_database(self) -> None:
        """A database file deleted or replaced under the bot is noticed within one pass, even without moves."""
        self.store.check_file()

    async def _kick_ai_seats(self) -> None:
        for channel_id in await self.games_needing_ai():
            try:
                self.ai.kick(channel_id)
            except Exception:  # one game's AI that cannot start stops no other game's
                log.exception("starting the AI in channel %s failed", channel_id)

    async def games_needing_ai(self) -> list[int]:
        """Channels whose open game waits on an AI seat (after a restart, say)."""
        # idle_games with zero idle time lists every active game with its seat to act.
        idle = await self.store.idle_games(self.clock() + 1, 0)
        return [i.game.channel_id for i in idle if i.player is not None and i.player.is_ai]

    async def _remind(self, idle: IdleGame, now: float, person: UserTime) -> int:
        """Ping the player to move of one idle game, in the game's language, if their rhythm says so and they are not
        in their quiet hours (then it waits for their end); 1 if a reminder went out."""
        with speaking(table_language(idle.game.options)):
            return await self._remind_in_language(idle, now, person)

    async def _remind_in_language(self, idle: IdleGame, now: float, person: UserTime) -> int:
        player = idle.player
        if player is None or player.is_ai or player.user_id is None:
            return 0
        game = idle.game
        if away_now(person, now):
            await self._cover(idle, person)
            return 0
        mine = rhythm(person, self.settings.reminder_after, self.settings.reminder_max)
        last = game.last_reminder_at if game.last_reminder_at is not None else idle.idle_since
        if mine.digest or game.reminders_sent >= mine.most or now - last < mine.every:
            return 0
        if quiet_until(person, now) is not None:
            return 0
        away = time_away(person, idle.idle_since, now)  # time away does not count (bot/service/seats.py)
        waited = now - idle.idle_since - away
        link = jump_link(game.guild_id, game.channel_id, game.turn_message_id)
        text = _("⏰ <@{user_id}>, it is your turn in game {id} (waiting since {since})").format(
            user_id=player.user_id, id=game.id, since=timestamp(idle.idle_since)
        )
        text += f": {link}" if link else "."
        left = await self._clock_left(idle, person)
        if (waited >= self.settings.idle_after) if left is None else left <= 0:
            text += _(
                " The others may now `/game skip` this turn or `/game substitute` the seat (to a member, or to an AI)."
            )
        else:
            until = idle.idle_since + away + self.settings.idle_after if left is None else now + left
            text += _(" After {when} the others may skip your turn.").format(when=timestamp(until))
        sent = 0
        try:
            await self.announcer.channel(idle.game.channel_id).send(text, allowed_mentions=mentions(player.user_id))
        except (discord.Forbidden, discord.NotFound):
            # The channel refuses us (permission revoked, channel deleted): count it as sent, so the
            # reminders of this turn run out as usual instead of being retried on every pass.
            log.warning("cannot remind in channel %s (no access); counted as sent", idle.game.channel_id)
        except discord.HTTPException:
            log.warning("could not remind in channel %s", idle.game.channel_id, exc_info=True)
            return 0
        else:
            sent = 1
        await self.direct_message(player.user_id, idle.game.channel_id, text)
        try:
            await self.store.mark_reminded(idle.game.id, now)
        except StorageError:
            log.warning("could not count a reminder for game %s", idle.game.id, exc_info=True)
        return sent

    async def direct_message(self, user_id: int, channel_id: int, text: str) -> bool:
        """The reminder by direct message too, for a player who asked for it (`/game remind dm:true`). A user who
        does not accept direct messages from the bot (403) simply gets none; the channel reminder went out anyway."""
        try:
            if not await self.players.dm_reminders(user_id):
                return False
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(
                _("{text} Play in <#{channel_id}>.").format(text=text, channel_id=channel_id),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except (discord.HTTPException, StorageError):
            log.info("could not remind user %s by direct message", user_id, exc_info=True)
            return False
        return True

    async def _clock_left(self, idle: IdleGame, person: UserTime) -> float | None:
        """The time left on the player's time bank, if the table has one."""
        if self.seats is None or not time_bank.allowance(idle.game.options):
            return None
        table = await self.tables.table(idle.game.channel_id)
        if table is None or table.game_id != idle.game.id:
            return None
        return await self.seats.clock_left(table, person)

    async def _cover(self, idle: IdleGame, person: UserTime) -> None:
        """The AI plays an away player's turn if the table no longer waits for them ("AI for bob")."""
        if self.seats is None or idle.player is None:
            return
        table = await self.tables.table(idle.game.channel_id)
        if (
            table is None
            or table.state is None
            or table.game_id != idle.game.id
            or not self.seats.covers(table, person)
        ):
            return
        outcomes = await self.seats.cover_turn(idle.game.channel_id, idle.player.seat, table.version)
        if outcomes:
            await self.announcer.announce(outcomes[-1])
            self.ai.after_move(outcomes[-1])

    async def digests(self, now: float) -> int:
        """The daily direct message of those who chose it: every game waiting on them, with links; once a day of
        their calendar, at the first pass outside their quiet hours. A digest that cannot be delivered (they do not
        accept direct messages) counts as sent, so it is not retried on every pass."""
        sent = 0
        for person in await self.store.digest_users():
            if not digest_due(person, now):
                continue
            seats = [s for s in await self.players.seats_of(person.user_id, None) if s.yours]
            if not seats:
                continue
            # A person has no language of their own here (no interaction): their games' one if they share one.
            languages = {self.tables.language(s.channel_id) for s in seats}
            with speaking(languages.pop() if len(languages) == 1 else ENGLISH):
                lines = [_("📬 Your games waiting for you ({count}):").format(count=len(seats))]
            lines += [f"▶ <#{s.channel_id}>: {s.title}" + (f": {s.link}" if s.link else "") for s in seats]
            try:
                user = self.client.get_user(person.user_id) or await self.client.fetch_user(person.user_id)
                await user.send("\n".join(lines)[:2000], allowed_mentions=discord.AllowedMentions.none())
                sent += 1
            except discord.HTTPException:
                log.info("could not send user %s their digest", person.user_id, exc_info=True)
            await self.hours.change(person.user_id, digest_at=now)
        return sent

    async def prune(self) -> None:
        """Forget per-channel locks, records and finished AI tasks of channels without an open game."""
        try:
            open_games = await self.store.active_games()
        except StorageError:
            log.warning("could not list the open games", exc_info=True)
            return
        open_channels = {record.channel_id for record in open_games}
        self.tables.prune(open_channels)
        self.prune_offers({record.id for record in open_games})
        self.announcer.prune(open_channels)
        self.ai.prune()
