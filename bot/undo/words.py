"""What the channel and the players read about an undo."""

from __future__ import annotations

from ..lang import N_, _
from ..text import safe_name
from .requests import UndoDone, UndoRequest

ASKED = N_(
    "✅ That step showed something new or was not yours, so the other players must agree; I asked them in the channel."
)


def request_text(request: UndoRequest) -> str:
    asked = ", ".join(f"<@{uid}>" for uid in request.needed if uid not in request.agreed)
    agreed = [safe_name(request.needed[uid]) for uid in request.agreed]
    text = _(
        "↩️ **{name}** asks to take back the last move: {what}\n"
        "{asked}: do you agree? Everyone asked must agree; one refusal ends the request."
    ).format(name=safe_name(request.requester_name), what=request.what, asked=asked)
    if agreed:
        text += _("\nAgreed so far: {agreed}.").format(agreed=", ".join(agreed))
    return text


def refused_text(name: str) -> str:
    return _("↩️ The undo was refused by **{name}**; nothing was undone.").format(name=safe_name(name))


def done_header(done: UndoDone) -> str:
    return _("↩️ {by} took back: {what}").format(by=safe_name(done.by), what=done.what)
