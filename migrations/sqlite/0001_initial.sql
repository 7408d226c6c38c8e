-- Arbitro's first schema. Times are UTC seconds since the epoch (REAL).

CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    channel_id    INTEGER NOT NULL,
    guild_id      INTEGER,
    name          TEXT    NOT NULL,
    moderator_id  INTEGER NOT NULL,
    settings_json TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'forming'
                  CHECK (status IN ('forming', 'active', 'paused', 'finished')),
    rng_seed      INTEGER,
    -- while paused: how much of the phase's time was left when the clock stopped
    paused_remaining REAL,
    outcome_json  TEXT,
    created_at    REAL    NOT NULL,
    started_at    REAL,
    finished_at   REAL
);
CREATE INDEX games_channel ON games (channel_id);

-- Players who joined before the start (the roster the powers are drawn among).
CREATE TABLE players (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    joined_at REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- One row per power in play; user_id NULL while the power is vacant.
CREATE TABLE seats (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power          TEXT    NOT NULL,
    user_id        INTEGER,
    civil_disorder INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, power)
);
CREATE INDEX seats_user ON seats (user_id);

-- Position snapshots: one row per phase that needed orders, in play order. The open phase of
-- an active game carries the deadline: the database row is the truth the scheduler follows.
CREATE TABLE phases (
    id             INTEGER PRIMARY KEY,
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL,
    name           TEXT    NOT NULL,
    position_json  TEXT    NOT NULL,
    status         TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done')),
    opened_at      REAL    NOT NULL,
    deadline_at    REAL,
    adjudicated_at REAL,
    announced_at   REAL,
    UNIQUE (game_id, seq)
);
CREATE INDEX phases_open ON phases (status, deadline_at);

-- Every submission is kept with its time; the latest order per unit counts (a 'replace'
-- submission voids the power's earlier ones).
CREATE TABLE submissions (
    id           INTEGER PRIMARY KEY,
    phase_id     INTEGER NOT NULL REFERENCES phases (id) ON DELETE CASCADE,
    power        TEXT    NOT NULL,
    user_id      INTEGER,
    text         TEXT    NOT NULL,
    mode         TEXT    NOT NULL CHECK (mode IN ('merge', 'replace')),
    submitted_at REAL    NOT NULL
);
CREATE INDEX submissions_phase ON submissions (phase_id, power);

CREATE TABLE orders (
    id            INTEGER PRIMARY KEY,
    submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    unit_key      TEXT    NOT NULL,
    order_text    TEXT    NOT NULL
);
CREATE INDEX orders_submission ON orders (submission_id);

CREATE TABLE ready (
    phase_id INTEGER NOT NULL REFERENCES phases (id) ON DELETE CASCADE,
    power    TEXT    NOT NULL,
    PRIMARY KEY (phase_id, power)
);

CREATE TABLE reminders_sent (
    phase_id INTEGER NOT NULL REFERENCES phases (id) ON DELETE CASCADE,
    offset_s REAL    NOT NULL,
    PRIMARY KEY (phase_id, offset_s)
);

-- What a phase's adjudication decided: one row per order given, and the position after.
CREATE TABLE results (
    id         INTEGER PRIMARY KEY,
    phase_id   INTEGER NOT NULL REFERENCES phases (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    power      TEXT    NOT NULL,
    order_text TEXT    NOT NULL,
    status     TEXT    NOT NULL,
    reason     TEXT,
    province   TEXT
);
CREATE INDEX results_phase ON results (phase_id);

CREATE TABLE phase_outcomes (
    phase_id            INTEGER PRIMARY KEY REFERENCES phases (id) ON DELETE CASCADE,
    after_json          TEXT NOT NULL,
    civil_disorder_json TEXT NOT NULL
);

CREATE TABLE draw_votes (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power    TEXT    NOT NULL,
    vote     INTEGER NOT NULL,
    voted_at REAL    NOT NULL,
    PRIMARY KEY (game_id, power)
);

CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    actor_id    INTEGER,
    action      TEXT    NOT NULL,
    params_json TEXT    NOT NULL,
    at          REAL    NOT NULL
);
CREATE INDEX audit_game ON audit_log (game_id, at);
