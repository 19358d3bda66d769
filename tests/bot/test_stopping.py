"""How the bot process stops: SIGTERM closes the bot, and render workers never outlive a killed bot."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _python(code: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is gone for our purpose (its parent has not reaped it yet).
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0] != "Z"
    except OSError:
        return False


def test_sigterm_closes_the_bot_instead_of_killing_the_process() -> None:
    proc = _python(
        """
        import asyncio
        from bot.__main__ import close_on_sigterm

        class Bot:
            closed = asyncio.Event()
            async def close(self):
                self.closed.set()

        async def main():
            bot = Bot()
            close_on_sigterm(bot)
            print("ready", flush=True)
            await asyncio.wait_for(bot.closed.wait(), 30)
            print("closed", flush=True)

        asyncio.run(main())
        """
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready"
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert out.strip() == "closed"


def test_render_workers_end_when_the_bot_process_is_killed() -> None:
    proc = _python(
        """
        import asyncio, time
        from bot.boards import Boards

        async def main():
            boards = Boards(None, processes=2)
            await boards.warm()
            print(" ".join(str(pid) for pid in boards._pool._processes), flush=True)
            png = await boards.png({}, False, 10_000_000)  # the workers draw
            print("drawn" if png is None or png[:4] == b"\\x89PNG" else "bad", flush=True)
            time.sleep(60)

        asyncio.run(main())
        """
    )
    assert proc.stdout is not None
    workers = [int(pid) for pid in proc.stdout.readline().split()]
    assert len(workers) == 2 and all(_alive(pid) for pid in workers)
    assert proc.stdout.readline().strip() == "drawn"
    proc.kill()  # no chance to shut the pool down
    proc.wait(timeout=30)
    deadline = time.monotonic() + 15
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in workers), "a render worker outlived the killed bot"
