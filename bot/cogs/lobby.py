"""`/game …`: setting a game up, looking at it, and dealing with absent players."""

from __future__ import annotations

import contextlib
import logging

import discord
from discord import app_commands
from discord.ext import commands

import engine
from storage import UserTime

from .. import messages
from ..announcer import CANNOT_POST, NO_ACCESS
from ..boards import Boards
from ..flow import Flow
from ..interactions import ANYWHERE, in_server, is_manager
from ..lang import LANGUAGE_NAMES, LANGUAGE_OPTION, LANGUAGES, _, server_language, speaking, table_language
from ..offers.flow import OfferFlow
from ..past import Past
from ..service import Refusal, Services, hours
from ..settings import HOUR, Settings
from ..text import CHOICE_NAME, NO_MENTIONS, fit, safe_name, seed_words

log = logging.getLogger(__name__)

Choices = list[app_commands.Choice[str]]


# Offered in direct messages and as a member's own installed app too, for the commands about the person
# (extras ANYWHERE: /game mine, me, remind); the tree refuses the others outside a server (bot/app.py).
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
@app_commands.allowed_installs(guilds=True, users=True)
class GameCog(commands.GroupCog, group_name="game", group_description="Set up and follow a game in this channel"):
    def __init__(
        self, flow: Flow, services: Services, offers: OfferFlow, boards: Boards, settings: Settings, past: Past
    ) -> None:
        self.flow = flow
        self.past = past
        self.offers = offers
        self.services = services
        self.catalog = services.catalog
        self.boards = boards
        self.settings = settings
        super().__init__()

    async def _game_choices(self, interaction: discord.Interaction, current: str) -> Choices:
        typed = str(current or "").lower()
        return [
            app_commands.Choice(
                name=fit(
                    _("{title} ({least}–{most} players)").format(
                        title=i.title, least=i.min_players, most=i.max_players
                    ),
                    CHOICE_NAME,
                ),
                value=i.name,
            )
            for i in self.catalog.infos.values()
            if typed in i.name or typed in i.title.lower()
        ][:25]

    # ------------------------------------------------------------------ lobby

    @app_commands.command(name="new", description="Open a lobby for a new game in this channel")
    @app_commands.describe(
        game="Which game (the list shows them all)",
        seed="A fixed seed, shown to everyone all game (left out: a secret one, revealed when the game ends)",
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        seed: app_commands.Range[int, 0, 2**53] | None = None,
    ) -> None:
        await self.flow.defer(interaction)
        assert interaction.channel_id is not None
        table = await self.services.lobby.new_game(
            interaction.channel_id,
            interaction.guild_id,
            interaction.user.id,
            interaction.user.display_name,
            game,
            {LANGUAGE_OPTION: server_language(interaction.guild_locale)},
            seed,
        )
        try:
            await self.flow.announcer.post_lobby(table)
        except discord.HTTPException as exc:
            # Nobody could see or join this lobby, and it would block the channel: take it back.
            log.warning("could not post a lobby in channel %s", interaction.channel_id, exc_info=True)
            with contextlib.suppress(Refusal):
                await self.services.lobby.abandon(interaction.channel_id, interaction.user.id, manage=True)
            why = (
                _(CANNOT_POST)
                if isinstance(exc, NO_ACCESS)
                else _("Discord did not take the lobby message; try again.")
            )
            await self.flow.reply(interaction, _("⚠️ No game was opened: {why}").format(why=why))
            return
        info = self.catalog.info(table.game)
        variants = _(" Set the variants with the menus on the lobby message.") if info.options else ""
        await self.flow.reply(
            interaction,
            _("✅ {title} lobby open. Others join with `/game join` or the Join button.{variants}").format(
                title=info.title, variants=variants
            ),
        )

    @new.autocomplete("game")
    async def _new_game_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        return await self._game_choices(interaction, current)

    @app_commands.command(name="join", description="Take a seat in the lobby")
    async def join(self, interaction: discord.Interaction) -> None:
        await self.flow.defer(interaction)
        await self.flow.lobby_action(interaction, "join")

    @app_commands.command(name="leave", description="Give up your seat in the lobby")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.flow.defer(interaction)
        await self.flow.lobby_action(interaction, "leave")

    @app_commands.command(name="addbot", description="Seat an AI player that plays its own turns")
    @app_commands.describe(kind="Which kind of AI (the list shows this game's)")
    async def addbot(self, interaction: discord.Interaction, kind: str | None = None) -> None:
        await self.flow.defer(interaction)
        await self.flow.lobby_action(interaction, "addbot", kind=kind)

    @addbot.autocomplete("kind")
    async def _kind_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        table = await self.services.tables.table(interaction.channel_id or 0)
        game = table.game if table is not None else self.catalog.default_game
        typed = str(current or "").lower()
        return [
            app_commands.Choice(name=fit(f"{_(k.label)}: {_(k.description)}", CHOICE_NAME), value=k.name)
            for k in self.catalog.info(game).ai_kinds
            if typed in k.name or typed in k.label.lower()
        ]

    @app_commands.command(name="start", description="Start the game (host or Manage Channels)")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.flow.defer(interaction)
        await self.flow.lobby_action(interaction, "start")

    @app_commands.command(name="abandon", description="End the game without a result (host or Manage Channels)")
    async def abandon(self, interaction: discord.Interaction) -> None:
        await self.flow.defer(interaction)
        assert interaction.channel_id is not None
        record = await self.services.lobby.abandon(interaction.channel_id, interaction.user.id, is_manager(interaction))
        channel = self.flow.announcer.channel(interaction.channel_id)
        with speaking(table_language(record.options)):
            text = _("🛑 Game {id} was abandoned by {mention}. `/game new` starts another.").format(
                id=record.id, mention=interaction.user.mention
            )
        try:
            await channel.send(
                text,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException:
            log.warning("could not announce the abandon", exc_info=True)
        if record.turn_message_id is not None:
            with contextlib.suppress(discord.HTTPException):
                await self.flow.announcer.partial_message(interaction.channel_id, record.turn_message_id).edit(
                    view=None
                )
        await self.flow.reply(interaction, _("✅ Abandoned; it stays in the channel's history."))

    @app_commands.command(name="language", description="Change the language the channel reads for this game (host)")
    @app_commands.describe(language="The game's language: turn messages, the board, the log, the end")
    @app_commands.choices(language=[app_commands.Choice(name=LANGUAGE_NAMES[c], value=c) for c in LANGUAGES])
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await self.flow.set_language(interaction, language)

    # ------------------------------------------------------------------ looking

    @app_commands.command(name="board", description="Show the board (privately unless public is true)")
    @app_commands.describe(
        overlay="Mark the choices of the player to move",
        public="Post it for everyone",
        turn="The board as it was after this turn (0: the start), as you could see it then",
    )
    async def board(
        self,
        interaction: discord.Interaction,
        overlay: bool = False,
        public: bool = False,
        turn: app_commands.Range[int, 0, 100_000] | None = None,
    ) -> None:
        if turn is not None:
            await self.past.board_at(interaction, turn, public)
            return
        await interaction.response.defer(ephemeral=not public, thinking=True)
        assert interaction.channel_id is not None
        table = await self.services.tables.table(interaction.channel_id, fresh=True)
        to_move = False
        if table is not None and table.state is not None:
            seat = table.seat_of(interaction.user.id)
            current = table.current
            # Personal tiles may only be shown to their owner, so the overlay uses their own view.
            viewer = seat if (current is not None and seat == current.seat) else None
            to_move = table.active and any(p.seat == seat and not p.is_ai for p in table.to_act)
            shown = table_language(table.record.options)
            with speaking(shown):  # the board is the game's picture: in its language, whoever asks
                view = table.view(viewer)
            content = messages.turn_content(self.catalog, table, [])
        else:
            last = await self.services.accounts.last_game(interaction.channel_id)
            if last is None or last[2] is None:
                await interaction.followup.send(_("There is no board to show: `/game new` starts a game."))
                return
            shown = table_language(last[0].options)
            with speaking(shown):
                view = engine.view(last[2], None)
            content = _("Game {id} ({status}).").format(id=last[0].id, status=messages.status_words(last[0].status))
            overlay = False
        with speaking(shown):
            file = await self.boards.file(view, overlay, interaction.filesize_limit)
        if file is None:
            await interaction.followup.send(content + _("\n(The board is too large for this server's upload limit.)"))
            return
        if to_move and not public and table is not None:
            # The way back to the turn: the player to move gets the turn message's controls with the picture.
            layout = self.flow.announcer.turn_parts(table, [], filename=file.filename)
            await interaction.followup.send(view=layout, file=file, allowed_mentions=NO_MENTIONS)
            return
        await interaction.followup.send(content, file=file, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="replay", description="The game as an animated picture, one frame per turn")
    @app_commands.describe(from_turn="Start after this turn (left out: from the start)", public="Post it for everyone")
    async def replay(
        self,
        interaction: discord.Interaction,
        from_turn: app_commands.Range[int, 0, 100_000] = 0,
        public: bool = False,
    ) -> None:
        await self.past.replay(interaction, from_turn, public)

    @app_commands.command(name="tiles", description="What remains to be drawn, by kind and pile (never the order)")
    @app_commands.describe(public="Post it for everyone")
    async def tiles(self, interaction: discord.Interaction, public: bool = False) -> None:
        await interaction.response.defer(ephemeral=not public, thinking=True)
        assert interaction.channel_id is not None
        table = await self.services.tables.table(interaction.channel_id, fresh=True)
        if table is None or table.state is None:
            await interaction.followup.send(_("There is no game under way here: `/game new` starts one."))
            return
        piles = engine.tiles_left(table.state)
        if not piles:
            await interaction.followup.send(_("This game has no tiles to draw."))
            return
        content = messages.tiles_content(piles)
        with speaking(table_language(table.record.options)):  # the picture in the game's language, like the board
            file = await self.boards.tiles_file(
                table.state.game, engine.tiles_left(table.state), interaction.filesize_limit
            )
        if file is None:
            await interaction.followup.send(content)
            return
        await interaction.followup.send(content, file=file, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="status", description="Scores, gold, pieces, plants and piles")
    async def status(self, interaction: discord.Interaction) -> None:
        await self.flow.defer(interaction)
        assert interaction.channel_id is not None
        table = await self.services.tables.table(interaction.channel_id, fresh=True)
        if table is not None and table.state is None:
            await self.flow.reply(interaction, messages.lobby_content(self.catalog, table))
            return
        last = await self.services.accounts.last_game(interaction.channel_id)
        if last is None:
            await self.flow.reply(interaction, _("No game has been played in this channel yet: `/game new`."))
            return
        record, players, state = last
        view = engine.view(state, None) if state is not None else None
        events = await self.services.accounts.events(record.id) if view is not None else []
        await self.flow.reply(interaction, messages.status_content(self.catalog, record, players, view, events))

    @app_commands.command(name="log", description="Everything that happened in this channel's game, page by page")
    @app_commands.describe(page="Which page (1 is the start; left out: the latest)")
    async def log_(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10_000] | None = None
    ) -> None:
        await self.flow.defer(interaction)
        assert interaction.channel_id is not None
        budget = messages.CONTENT_LIMIT - 300
        record, number, pages, text = await self.services.accounts.log_page(interaction.channel_id, page, budget)
        if record is None:
            await self.flow.reply(interaction, _("No game has been played in this channel yet."))
            return
        head = _("**Game {id}** ({status}) — log, page {number} of {pages}").format(
            id=record.id, status=messages.status_words(record.status), number=number, pages=pages
        )
        if pages > 1:
            others = [f"`/game log page:{n}`" for n in (number - 1, number + 1) if 1 <= n <= pages]
            head += f" ({' · '.join(others)})"
        tail = ""
        if record.seed_public or not record.is_open:
            tail = "\n" + seed_words(record, over=not record.is_open)
        await self.flow.reply(interaction, f"{head}\n{text}{tail}")

    @app_commands.command(name="hand", description="Your private information in this game (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.flow.defer(interaction)
        assert interaction.channel_id is not None
        table, lines = await self.services.players.hand(interaction.channel_id, interaction.user.id)
        title = self.catalog.title(table.game)
        body = "\n".join(lines) if lines else _("{title} has nothing hidden that only you can see.").format(title=title)
        await self.flow.reply(
            interaction,
            _("🔒 Only you see this ({title}, game {game_id}):\n{body}").format(
                title=title, game_id=table.game_id, body=body
            ),
        )

    @app_commands.command(
        name="mine",
        description="Your games, those waiting for you first (in a server: its games; elsewhere: every server's)",
        extras={ANYWHERE: True},
    )
    async def mine(self, interaction: discord.Interaction) -> None:
        await self.flow.defer(interaction)
        here = in_server(interaction)
        seats = await self.services.players.seats_of(interaction.user.id, interaction.guild_id if here else None)
        where = _("in this server") if here else _("in any server")
        nobody = _("You have no seat in a game {where}. `/game new` starts one.")
        if not seats:
            await self.flow.reply(interaction, nobody.format(where=where))
            return
        waiting = sum(1 for s in seats if s.yours)
        head = _("Your games {where} ({seats}; {waiting} waiting for you):").format(
            where=where, seats=len(seats), waiting=waiting
        )
        lines = [
            f"{'▶ ' if s.yours else '• '}<#{s.channel_id}>: {s.title}, {s.status}"
            + (_(" ([open the game]({link}))").format(link=s.link) if s.link else "")
            for s in seats
        ]
        person = await self.services.hours.person(interaction.user.id)
        if hours.away_now(person, self.services.clock()) and person.away_until is not None:
            away = _("🏖️ You are away until {day} (`/game back` ends it).")
            head += "\n" + away.format(day=hours.timestamp(person.away_until, "D"))
        await self.flow.reply(interaction, messages.clip("\n".join([head, *lines]), messages.CONTENT_LIMIT))

    @app_commands.command(
        name="remind", description="How your turn reminders come, in every game", extras={ANYWHERE: True}
    )
    @app_commands.describe(
        dm="true: reminders by direct message as well; false: in the channel only",
        every="Hours of silence before a reminder, and between them (1 to 168; 0: the bot's)",
        count="At most this many reminders per turn (0: none; -1: the bot's)",
        digest="true: one direct message a day listing every game waiting for you, instead of channel pings",
    )
    async def remind(
        self,
        interaction: discord.Interaction,
        dm: bool | None = None,
        every: app_commands.Range[int, 0, 168] | None = None,
        count: app_commands.Range[int, -1, hours.MAX_COUNT] | None = None,
        digest: bool | None = None,
    ) -> None:
        await self.flow.defer(interaction)
        user_id = interaction.user.id
        lines = []
        if dm is not None:
            await self.services.players.set_dm_reminders(user_id, dm)
            lines.append(
                _(
                    "✅ Your turn reminders will also come by direct message, in every game. If they do not arrive, "
                    "allow direct messages from this server's members."
                )
                if dm
                else _("✅ Reminders in the game's channel only.")
            )
        changes: dict[str, object] = {}
        if every is not None:
            changes["remind_every"] = every * HOUR if every else None
        if count is not None:
            changes["remind_max"] = count if count >= 0 else None
        if digest is not None:
            changes["digest"] = digest
        person = await self.services.hours.change(user_id, **changes) if changes else None
        if person is not None or not lines:
            lines.append(self._your_time(person or await self.services.hours.person(user_id)))
        await self.flow.reply(interaction, "\n".join(lines))

    def _your_time(self, person: UserTime) -> str:
        """Everything a person has set, in their local time (every answer of /game me, remind, away shows it)."""
        words = hours.describe(person, self.services.clock(), self.settings.reminder_after, self.settings.reminder_max)
        return "\n".join([_("Your time, in every game:"), *words])

    @app_commands.command(
        name="me",
        description="Your time zone and quiet hours, for all your games (only you see it)",
        extras={ANYWHERE: True},
    )
    @app_commands.describe(
        timezone="Where you are, e.g. Europe/Berlin (the list finds it as you type)",
        quiet_from="Start of your quiet hours, your time, e.g. 22:00 (off: none)",
        quiet_to="End of your quiet hours, your time, e.g. 07:30",
    )
    async def me(
        self,
        interaction: discord.Interaction,
        timezone: str | None = None,
        quiet_from: str | None = None,
        quiet_to: str | None = None,
    ) -> None:
        await self.flow.defer(interaction)
        changes: dict[str, object] = {}
        if timezone is not None:
            changes["timezone"] = hours.read_zone(timezone)
        if quiet_from is not None and quiet_from.strip().lower() in ("off", "none", "no", "-"):
            changes["quiet_from"] = changes["quiet_to"] = None
        elif quiet_from is not None or quiet_to is not None:
            person = await self.services.hours.person(interaction.user.id)
            start = hours.read_clock(quiet_from) if quiet_from is not None else person.quiet_from
            end = hours.read_clock(quiet_to) if quiet_to is not None else person.quiet_to
            if start is None or end is None:
                raise Refusal(_("Give both ends of your quiet hours: `quiet_from:22:00 quiet_to:07:00`."))
            changes.update(quiet_from=start, quiet_to=end)
        service = self.services.hours
        person = (
            await service.change(interaction.user.id, **changes)
            if changes
            else await service.person(interaction.user.id)
        )
        await self.flow.reply(interaction, (_("✅ Saved.") + " " if changes else "") + self._your_time(person))

    @app_commands.command(
        name="away",
        description="Away until a day: no reminders; your turns wait, then the AI covers",
        extras={ANYWHERE: True},
    )
    @app_commands.describe(until="The day you are back, e.g. 2026-12-24 or 12-24, or a number of days, e.g. 7")
    async def away(self, interaction: discord.Interaction, until: str) -> None:
        await self.flow.defer(interaction)
        service = self.services.hours
        now = self.services.clock()
        before = await service.person(interaction.user.id)
        back = hours.read_date(until, before, now)
        # Already away: a new date moves the return, not the start (a table's allowance is not renewed by asking again).
        since = before.away_from if hours.away_now(before, now) and before.away_from is not None else now
        person = await service.change(interaction.user.id, away_from=since, away_until=back)
        await self.flow.reply(
            interaction,
            _(
                "🏖️ Away until {day}, in every game: each table waits the days its lobby allows (`Days away "
                "allowed`), then the AI plays your turns for you; your seats stay yours. `/game back` when you return."
            ).format(day=hours.timestamp(back, "D"))
            + "\n"
            + self._your_time(person),
        )

    @app_commands.command(
        name="back", description="Back from being away: your turns are yours again", extras={ANYWHERE: True}
    )
    async def back(self, interaction: discord.Interaction) -> None:
        await self.flow.defer(interaction)
        service = self.services.hours
        now = self.services.clock()
        person = await service.person(interaction.user.id)
        if not hours.away_now(person, now):
            await self.flow.reply(interaction, _("You were not away; nothing changed."))
            return
        # away_until becomes now rather than nothing: the idle clock of a turn still leaves the time away out.
        await service.change(interaction.user.id, away_until=now)
        await self.flow.reply(interaction, _("👋 Welcome back: reminders are on again and your turns are yours."))

    @me.autocomplete("timezone")
    async def _timezone_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        return [app_commands.Choice(name=z, value=z) for z in hours.zone_choices(str(current or ""))]

    @app_commands.command(name="rules", description="How the game in this channel (or another) and this bot work")
    @app_commands.describe(
        game="Which game (default: this channel's)", topic="A part of the rules (the list shows them)"
    )
    async def rules(self, interaction: discord.Interaction, game: str | None = None, topic: str | None = None) -> None:
        await self.flow.defer(interaction)
        name = self.catalog.find(game) if game else None
        if game and name is None:
            raise Refusal(
                _("There is no game “{name}”. The games: {games}.").format(
                    name=safe_name(game), games=self.catalog.games_list()
                )
            )
        if name is None:
            table = await self.services.tables.table(interaction.channel_id or 0)
            name = table.game if table is not None else None
        if topic:
            await self.flow.reply(interaction, messages.rules_topic(self.catalog, name, topic))
            return
        await self.flow.reply(interaction, messages.rules_content(self.catalog, self.settings, name))

    @rules.autocomplete("game")
    async def _rules_game_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        return await self._game_choices(interaction, current)

    @rules.autocomplete("topic")
    async def _rules_topic_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        chosen = getattr(interaction.namespace, "game", None)
        name = self.catalog.find(chosen) if chosen else None
        if name is None:
            table = self.services.tables.cached(interaction.channel_id or 0)
            name = table.game if table is not None else self.catalog.default_game
        typed = str(current or "").lower()
        sections = self.catalog.presenter(name).rules_sections
        return [
            app_commands.Choice(name=fit(_(title), CHOICE_NAME), value=title[:100])
            for title, text in sections
            if typed in title.lower() or typed in text.lower() or typed in _(title).lower() or typed in _(text).lower()
        ][:25]

    # ------------------------------------------------------------------ absent players

    @app_commands.command(name="skip", description="Have the AI play the turn of a player who has been away long")
    async def skip(self, interaction: discord.Interaction) -> None:
        await self.flow.defer(interaction)
        assert interaction.channel_id is not None
        cid = interaction.channel_id
        absent = await self.services.seats.check_skip(cid, interaction.user.id, is_manager(interaction))
        outcomes = await self.services.seats.skip_turn(cid, interaction.user.id, is_manager(interaction))
        if not outcomes:  # someone else skipped at the same moment, or the player moved after all
            raise Refusal(_("That turn has moved on meanwhile; nothing was done."))
        problem = await self.flow.announcer.announce(outcomes[-1], interaction)
        self.flow.ai.after_move(outcomes[-1])
        name = safe_name(absent.display_name)
        done = _("✅ The AI played {name}'s turn; the seat stays theirs.").format(name=name)
        await self.flow.reply(interaction, done + (f"\n{problem}" if problem else ""))

    @app_commands.command(name="handover", description="Give your own seat to another member or to an AI")
    @app_commands.describe(to="The member who takes over (leave out: an AI plays your seat)")
    async def handover(self, interaction: discord.Interaction, to: discord.Member | None = None) -> None:
        await self._hand_seat(interaction, to, absent=False)

    @app_commands.command(
        name="substitute", description="Give the seat of a player who has been away long to a member or an AI"
    )
    @app_commands.describe(
        to="The member who takes over (leave out: an AI plays the seat)",
        seat="A seat played by an AI, to give it (back) to the member in `to`",
    )
    async def substitute(
        self,
        interaction: discord.Interaction,
        to: discord.Member | None = None,
        # No upper bound: a bound read from the registry when this module is imported would miss a game registered
        # after it; the seat service refuses a seat the table does not have, in words.
        seat: app_commands.Range[int, 1] | None = None,
    ) -> None:
        await self._hand_seat(interaction, to, absent=True, seat=seat - 1 if seat is not None else None)

    async def _hand_seat(
        self, interaction: discord.Interaction, to: discord.Member | None, *, absent: bool, seat: int | None = None
    ) -> None:
        await self.flow.defer(interaction)
        assert interaction.channel_id is not None
        cid = interaction.channel_id
        if to is not None and to.bot:
            raise Refusal(_("Hand a seat to a person, or leave `to` out for an AI."))
        if to is not None:  # a member is asked first and takes the seat with a button
            await self.offers.offer_seat(interaction, to, absent=absent, seat=seat)
            return
        player = await self.services.seats.handover(
            cid, interaction.user.id, to_user=None, manage=is_manager(interaction), absent=absent, seat=seat
        )
        with speaking(self.services.tables.language(cid)):
            text = _("🔁 Seat {seat} is now played by **{display_name}**.").format(
                seat=player.seat + 1, display_name=safe_name(player.display_name)
            )
        try:
            await self.flow.announcer.channel(cid).send(
                text,
                allowed_mentions=NO_MENTIONS,
            )
        except discord.HTTPException:
            log.warning("could not announce a handover", exc_info=True)
        table = await self.services.tables.table(cid)
        if table is not None and table.current is not None and table.current.is_ai:
            self.flow.ai.kick(cid)
        await self.flow.reply(interaction, _("✅ Handed over."))
