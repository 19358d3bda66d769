"""The SQLite files guarded (issue 19, items 4-7), each fault made the real way: the -wal deleted under a running
store and then a kill -9, a backup copied over the database in place, a second process reaching the file through a
symlink or a hard link, a database file nobody may write (chattr +i, which stops root too)."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from storage_helpers import T0, child_env, open_in_another_process, play, record_all, started_game, user_of

from storage import DatabaseMoved, DatabaseReadOnly, DatabaseUnusable, Store, file_watch

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    """What a fresh process reads from the file (a crash leaves only what reached the files by name)."""
    with sqlite3.connect(db) as raw:
        return list(raw.execute(sql))


async def refuses_writes(store: Store, match: str) -> None:
    """The next write is refused with `match`, and so is every later one and the periodic check."""
    with pytest.raises(DatabaseMoved, match=match):
        await store.create_game(1, 555, "entdecker", {}, 1, 1, T0)
    with pytest.raises(DatabaseMoved, match=match):
        store.check_file()


# ---------------------------------------------------------------------- 4. the -wal deleted, then a crash

# A bot stand-in: opens the store, plays moves, reports, then on "go" tries one more move and reports the outcome;
# it is then killed with SIGKILL, leaving its files as a crash would.
PLAYER = textwrap.dedent(
    """
    import asyncio, sys
    from storage import Store, StorageError
    from storage_helpers import T0, child_env, open_in_another_process, play, record_all, started_game, user_of

    async def main(path, moves):
        store = await Store.open(path)
        game, state = await started_game(store)
        state, _ = await record_all(store, game.id, state, moves)
        print("played", flush=True)
        sys.stdin.readline()
        [(move, new_state, events)] = play(state, 1)
        try:
            await store.append_move(game.id, moves, move, new_state, events, user_of(move), T0 + 999)
            print("confirmed", flush=True)
        except StorageError as exc:
            print("refused", type(exc).__name__, exc, flush=True)
        await asyncio.sleep(3600)  # killed here

    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
    """
)


async def test_a_wal_deleted_under_the_store_is_refused_and_a_crash_loses_no_move(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    moves = 18
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", PLAYER, str(db_path), str(moves),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=child_env(),
    )  # fmt: skip
    assert child.stdin is not None and child.stdout is not None
    try:
        assert (await asyncio.wait_for(child.stdout.readline(), 60)).strip() == b"played"
        wal = db_path.with_name(db_path.name + "-wal")
        assert wal.stat().st_size > 0  # the moves are in the WAL, not yet in the database file
        wal.unlink()  # an operator "cleaning up" a running bot's directory
        child.stdin.write(b"go\n")
        await child.stdin.drain()
        answer = (await asyncio.wait_for(child.stdout.readline(), 60)).decode()
        assert answer.startswith("refused DatabaseMoved"), answer
        assert "-wal was deleted" in answer and "every move it held was copied into" in answer
    finally:
        child.send_signal(signal.SIGKILL)
        await child.wait()
    # The crash left the database file (and whatever is now at the -wal path): every confirmed move is in it.
    assert rows(db_path, "SELECT version FROM games") == [(moves,)]
    assert rows(db_path, "SELECT count(*) FROM moves") == [(moves,)]
    assert rows(db_path, "PRAGMA quick_check") == [("ok",)]


async def test_a_wal_lost_during_a_write_keeps_that_write_and_refuses_the_next(db_path: Path) -> None:
    store = await Store.open(db_path)
    try:
        game, state = await started_game(store)
        state, _ = await record_all(store, game.id, state, 3)
        watch = store.driver._watch  # type: ignore[attr-defined]
        assert watch is not None
        check = watch.check
        calls = 0

        def deleted_after_the_first_look() -> None:
            # The WAL goes between the check before the move and the one after it, while the move commits.
            nonlocal calls
            calls += 1
            if calls == 2:
                db_path.with_name(db_path.name + "-wal").unlink()
            check()

        watch.check = deleted_after_the_first_look  # type: ignore[method-assign]
        [(move, new_state, events)] = play(state, 1)
        await store.append_move(game.id, 3, move, new_state, events, user_of(move), T0 + 9)  # confirmed: it is kept
        assert rows(db_path, "SELECT version FROM games") == [(4,)]  # in the database file itself, not a lost WAL
        await refuses_writes(store, "every move it held was copied")
    finally:
        await store.close()


async def test_a_replaced_shm_is_noticed_too(db_path: Path) -> None:
    store = await Store.open(db_path)
    try:
        await store.create_game(1, 5, "entdecker", {}, 1, 1, T0)
        shm = db_path.with_name(db_path.name + "-shm")
        copy = shm.with_name("copy")
        shutil.copyfile(shm, copy)
        os.replace(copy, shm)
        await refuses_writes(store, "-shm was replaced")
    finally:
        await store.close()


# ---------------------------------------------------------------------- 5. a backup copied over it in place


@pytest.mark.parametrize("copy", [shutil.copyfile, shutil.copy2], ids=["cp", "cp -p"])
async def test_a_backup_copied_over_the_database_in_place_is_refused(db_path: Path, copy: object) -> None:
    store = await Store.open(db_path)
    for channel in range(3):
        await store.create_game(1, channel, "entdecker", {}, 1, 1, T0)
    await store.close()  # the last close checkpoints: the database file holds the three games
    backup = db_path.with_name("backup.db")
    shutil.copy2(db_path, backup)
    store = await Store.open(db_path)
    try:
        for channel in range(10, 10 + file_watch.CHECKPOINT_EVERY + 5):  # past one of the store's own checkpoints
            game = await store.create_game(1, channel, "entdecker", {}, 1, 1, T0)
            await store.abandon_game(game.id, T0)
        inode = db_path.stat().st_ino
        copy(backup, db_path)  # type: ignore[operator]  # the operator restores last night's backup in place
        assert db_path.stat().st_ino == inode  # the same file: device and inode alone cannot tell
        await refuses_writes(store, "was overwritten in place")
    finally:
        await store.close()
    # The restore stands: no checkpoint (not even SQLite's at close) wrote the old WAL's pages over it.
    assert rows(db_path, "PRAGMA quick_check") == [("ok",)]
    assert rows(db_path, "SELECT count(*) FROM games") == [(3,)]
    [kept] = db_path.parent.glob("games.db-wal.kept-*")  # the writes the WAL held: set aside, not destroyed
    assert kept.stat().st_size > 0


async def test_the_stores_own_checkpoints_are_no_overwrite(db_path: Path) -> None:
    # Two Stores of one process on one file (tools, tests) each checkpoint; neither takes the other's for a restore.
    a = await Store.open(db_path)
    b = await Store.open(db_path)
    try:
        before = db_path.stat().st_size
        for channel in range(file_watch.CHECKPOINT_EVERY + 1):
            game = await (a if channel % 2 else b).create_game(1, channel, "entdecker", {"pad": "x" * 500}, 1, 1, T0)
            await (b if channel % 2 else a).abandon_game(game.id, T0)
        assert db_path.stat().st_size > before  # the database file itself was written, by the stores' checkpoints
        a.check_file()
        b.check_file()
    finally:
        await a.close()
        await b.close()


async def test_writes_checked_during_the_stores_own_checkpoint_are_no_overwrite(db_path: Path) -> None:
    # Writes of other channels finish while the store's checkpoint is still copying pages into the file: their
    # checks see the file change under way, which is the store's own doing (bench/e2e.py's 20 channels met it).
    store = await Store.open(db_path)
    try:

        async def channel(n: int) -> None:
            for i in range(40):
                game = await store.create_game(1, n * 1000 + i, "entdecker", {"pad": "x" * 2000}, 1, 1, T0)
                await store.abandon_game(game.id, T0)

        await asyncio.gather(*(channel(n) for n in range(12)))  # 960 writes: past three checkpoints
        store.check_file()
    finally:
        await store.close()


# ---------------------------------------------------------------------- 6. the lock through another name


@pytest.mark.parametrize("link", ["symlink", "hard link", "symlinked directory"])
async def test_a_second_process_is_refused_whatever_name_it_uses(tmp_path: Path, link: str) -> None:
    real = tmp_path / "data" / "entdecker.db"
    store = await Store.open(real)
    try:
        if link == "symlink":
            other = tmp_path / "other.db"
            other.symlink_to(real)
        elif link == "hard link":
            other = tmp_path / "elsewhere.db"
            os.link(real, other)
        else:
            (tmp_path / "alias").symlink_to(real.parent, target_is_directory=True)
            other = tmp_path / "alias" / "entdecker.db"
        answer = _outcome(other)
        assert answer.startswith("DatabaseInUse") and f"pid {os.getpid()}" in answer, answer
        store.check_file()  # a link made to the file is no change to it: the running store goes on
        await store.create_game(1, 5, "entdecker", {}, 1, 1, T0)
    finally:
        await store.close()
    assert _outcome(other).strip() == "opened"


# ---------------------------------------------------------------------- 7. a read-only database file


@pytest.fixture
def immutable() -> Iterator[list[Path]]:
    """Files made immutable with chattr +i (which stops root's writes too, unlike chmod), undone at the end."""
    made: list[Path] = []
    yield made
    for path in made:
        subprocess.run(["chattr", "-i", str(path)], capture_output=True)


def make_immutable(path: Path, made: list[Path]) -> None:
    if shutil.which("chattr") is None:
        pytest.skip("no chattr here, and chmod does not stop root: cannot make a read-only file for this process")
    done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"chattr +i failed ({done.stderr.strip()}): needs root and a filesystem with the flag")
    made.append(path)


async def test_a_read_only_database_is_refused_at_open(db_path: Path, immutable: list[Path]) -> None:
    store = await Store.open(db_path)
    await store.create_game(1, 5, "entdecker", {}, 1, 1, T0)
    await store.close()
    make_immutable(db_path, immutable)
    with pytest.raises(DatabaseReadOnly, match="read-only for this process") as refused:
        await Store.open(db_path)
    assert isinstance(refused.value, DatabaseUnusable)  # the bot says the one line and stops


def test_python_m_bot_on_a_read_only_database_is_one_line_and_exit_2(tmp_path: Path, immutable: list[Path]) -> None:
    db = tmp_path / "e.db"
    asyncio.run(_create(db))
    make_immutable(db, immutable)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "ENTDECKER_"))}
    env.update({"DISCORD_TOKEN": "x", "ENTDECKER_DB": str(db)})
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().count("\n") == 0 and "read-only for this process" in done.stderr


async def _create(db: Path) -> None:
    store = await Store.open(db)
    await store.close()


def _outcome(path: Path) -> str:
    done = open_in_another_process(path)
    return done.stdout + done.stderr
