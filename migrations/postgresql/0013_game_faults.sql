-- A game whose adjudication, announcement or reminders failed (docs/service.md, error
-- boundaries): the failure, kept so that it is retried with a growing pause, told to the
-- moderator once, and shown by `arbitro doctor`; the row goes when the game works again.
CREATE TABLE game_faults (
    game_id     BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    phase_id    BIGINT,
    stage       TEXT NOT NULL,
    reason      TEXT NOT NULL,
    first_at    DOUBLE PRECISION NOT NULL,
    last_at     DOUBLE PRECISION NOT NULL,
    attempts    BIGINT NOT NULL DEFAULT 1,
    retry_at    DOUBLE PRECISION NOT NULL,
    reported_at DOUBLE PRECISION
);
