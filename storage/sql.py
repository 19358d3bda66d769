"""Statements more than one module of storage runs (the repository and the migrations' data steps), written once."""

INSERT_MOVE = """
    INSERT INTO moves (game_id, seq, move, events, user_id, created_at, actor, idem_key)
    VALUES (:game_id, :seq, :move, :events, :user_id, :created_at, :actor, :idem_key)
"""
INSERT_ARCHIVE = """
    INSERT INTO move_archives (game_id, moves, log_digest, digest, log)
    VALUES (:game_id, :moves, :log_digest, :digest, :log)
"""
LOG_COLUMNS = "seq, move, events, user_id, created_at, actor, idem_key"
