"""`/undo`, all in one place: the Discord-free requests (requests.py), the consent buttons (buttons.py), their words
(words.py) and the Discord side that asks and answers (flow.py)."""
