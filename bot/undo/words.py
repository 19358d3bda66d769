"""What the channel and the players read about an undo."""

from __future__ import annotations

from ..text import safe_name
from .requests import UndoDone, UndoRequest

ASKED = (
    "✅ That step showed something new or was not yours, so the other players must agree; I asked them in the channel."
)


def request_text(request: UndoRequest) -> str:
    asked = ", ".join(f"<@{uid}>" for uid in request.needed if uid not in request.agreed)
    agreed = [safe_name(request.needed[uid]) for uid in request.agreed]
    text = (
        f"↩️ **{safe_name(request.requester_name)}** asks to take back the last move: {request.what}\n"
        f"{asked}: do you agree? Everyone asked must agree; one refusal ends the request."
    )
    if agreed:
        text += f"\nAgreed so far: {', '.join(agreed)}."
    return text


def refused_text(name: str) -> str:
    return f"↩️ The undo was refused by **{safe_name(name)}**; nothing was undone."


def done_header(done: UndoDone) -> str:
    return f"↩️ {safe_name(done.by)} took back: {done.what}"
