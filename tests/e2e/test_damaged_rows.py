"""One bad row stops nobody else (issue 19, item 12): every column of every table of one game's rows is damaged in
turn, by sqlite3 on the bot's own file while it runs, and each periodic pass still reminds, catches up and starts
the AI in the other games."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from bot import create_bot
from tests.fakediscord import FAST_CLIENT_OPTIONS, FakeDiscord, run_bot

from .helpers import ok, open_game, settings, slash_move

DAMAGES: tuple[Any, ...] = ("damaged", None)  # text where a number or JSON belongs, and a missing value


def connect(db: Path) -> sqlite3.Connection:
    con = sqlite3.connect(db, timeout=30, isolation_level=None)
    con.execute("PRAGMA ignore_check_constraints = ON")  # the damage a file can carry, not what SQL would allow
    return con


def game_id_of(con: sqlite3.Connection, channel_id: int) -> int:
    return int(con.execute("SELECT MAX(id) FROM games WHERE channel_id = ?", (channel_id,)).fetchone()[0])


Cell = tuple[str, str, dict[str, Any]]  # table, column, the row's primary key


def victim_rows(con: sqlite3.Connection, victims: list[int], user_id: int) -> list[Cell]:
    """Every cell that belongs to the victim games (and the victim's own settings)."""
    cells: list[Cell] = []
    tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in tables:
        info = list(con.execute(f"PRAGMA table_info({table})"))
        columns = [r[1] for r in info]
        key = [r[1] for r in sorted(info, key=lambda r: r[5]) if r[5]] or ["rowid"]
        if table == "games":
            where, args = f"id IN ({','.join('?' * len(victims))})", victims
        elif "game_id" in columns:
            where, args = f"game_id IN ({','.join('?' * len(victims))})", victims
        elif table == "user_settings":
            where, args = "user_id = ?", [user_id]
        else:
            continue  # schema bookkeeping, shard locks: not a game's row
        # One row per table is enough (a game's moves are alike): the last of the newest game that has one (the
        # open game's; the archive only an ended game has).
        group = "id" if table == "games" else "game_id" if "game_id" in columns else "user_id"
        rows = con.execute(f"SELECT {', '.join(key)} FROM {table} WHERE {where} ORDER BY {group}", args).fetchall()
        if rows:
            cells += [(table, column, dict(zip(key, rows[-1], strict=True))) for column in columns]
    return cells


def where(key: dict[str, Any]) -> tuple[str, list[Any]]:
    return " AND ".join(f"{c} IS ?" for c in key), list(key.values())


async def test_a_damaged_row_in_any_column_stops_no_other_game(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    config = settings(db, reminder_after=0.0, reminder_max=1_000_000)
    async with FakeDiscord(channels=("general", "victim", "remind", "catch", "ai")) as fake:
        bot = create_bot(config, **FAST_CLIENT_OPTIONS)
        # Damage is expected to be logged as errors; what must not happen is that the others stop.
        async with run_bot(fake, bot, loggers=()):
            await bot.reminders.stop()  # the passes are made by the test, one per damage
            kicked: list[int] = []
            bot.ai.kick = kicked.append  # type: ignore[method-assign]  # the AI is started, not played
            victim_user = fake.user("dave")
            await ok(await fake.slash("dave", "victim", "game", "remind", dm=True))
            # The victim channel: an abandoned game with its archive, and an open one with moves and an undo.
            await open_game(fake, "victim", ["dave", "carol"])
            await ok(await slash_move(fake, "victim", "dave", "ship:A1N"))
            await ok(await fake.slash("dave", "victim", "game", "abandon"))
            await open_game(fake, "victim", ["dave", "carol"])
            await ok(await slash_move(fake, "victim", "dave", "ship:A1N"))
            await ok(await fake.slash("dave", "victim", "undo"))
            await ok(await slash_move(fake, "victim", "dave", "ship:A1N"))
            await open_game(fake, "remind", ["alice", "bob"])
            await open_game(fake, "catch", ["bob", "alice"])
            await ok(await fake.slash("alice", "ai", "game", "new"))
            await ok(await fake.slash("alice", "ai", "game", "addbot"))
            await ok(await fake.slash("alice", "ai", "game", "start"))
            await ok(await fake.slash("alice", "ai", "game", "handover"))  # the AI plays alice's seat now

            ids = {name: fake.channel(name).id for name in ("victim", "remind", "catch", "ai")}
            con = connect(db)
            victims = [r[0] for r in con.execute("SELECT id FROM games WHERE channel_id = ?", (ids["victim"],))]
            catch_game = game_id_of(con, ids["catch"])
            cells = victim_rows(con, victims, victim_user.id)
            assert {c[0] for c in cells} >= {"games", "players", "moves", "snapshots", "undos", "user_settings"}
            assert "move_archives" in {c[0] for c in cells}

            # The games to catch up have moves an hour old (past the catch-up grace); each pass finds them unshown.
            for game in (catch_game, victims[-1]):
                con.execute("UPDATE games SET last_move_at = ? WHERE id = ?", (time.time() - 3600, game))

            async def one_pass(what: str, column: str = "") -> None:
                # The victim is unshown too unless that column is the one damaged: catch-up reads its row as well.
                unshown = [catch_game] if column == "announced_version" else [catch_game, victims[-1]]
                for game in unshown:
                    con.execute("UPDATE games SET announced_version = NULL WHERE id = ?", (game,))
                reminded = sum("⏰" in m.text for m in fake.channel_messages("remind"))
                kicked.clear()
                await bot.reminders.tick()
                assert sum("⏰" in m.text for m in fake.channel_messages("remind")) == reminded + 1, what
                shown = con.execute("SELECT announced_version, version FROM games WHERE id = ?", (catch_game,))
                announced, version = shown.fetchone()
                assert announced == version, what
                assert ids["ai"] in kicked, what

            await one_pass("undamaged")
            damaged = 0
            for table, column, key in cells:
                row, args = where(key)
                (original,) = con.execute(f"SELECT {column} FROM {table} WHERE {row}", args).fetchone()
                for value in DAMAGES:
                    try:
                        con.execute(f"UPDATE {table} SET {column} = ? WHERE {row}", [value, *args])
                    except sqlite3.DatabaseError:
                        continue  # NOT NULL, a rowid alias, a unique key: SQLite itself refuses this damage
                    damaged += 1
                    after, after_args = where({**key, column: value} if column in key else key)
                    try:
                        await one_pass(f"{table}.{column} = {value!r}", column if table == "games" else "")
                    finally:
                        restore = f"UPDATE OR REPLACE {table} SET {column} = ? WHERE {after}"
                        con.execute(restore, [original, *after_args])
            assert damaged > 50
            con.close()
