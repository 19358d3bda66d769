"""A seat offered to a member, who takes it with a button (`/game handover to:`, `/game substitute to:`): the
offers as the bot keeps them (offers.py), their buttons (buttons.py) and the Discord side (flow.py)."""
