-- A game whose adjudication, announcement or reminders failed (docs/service.md, error
-- boundaries): the failure, kept so that it is retried with a growing pause, told to the
-- moderator once, and shown by `arbitro doctor`; the row goes when the game works again.
CREATE TABLE game_faults (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    phase_id    INTEGER,
    stage       TEXT NOT NULL,
    reason      TEXT NOT NULL,
    first_at    REAL NOT NULL,
    last_at     REAL NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 1,
    retry_at    REAL NOT NULL,
    reported_at REAL
);
