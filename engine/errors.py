"""The one exception type for moves the rules do not allow."""


class IllegalMove(Exception):
    """A move the rules do not allow now. `reason` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
