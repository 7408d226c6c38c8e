-- Seats over time, unreachable players, offered seats and claims (docs/seats.md).

-- Who held each power when: one row per stretch a player held a seat, counted in phases (the
-- `seq` of the game's latest phase when the player was seated, and when they left it; NULL
-- while they still hold it). A player's record (/profile) is derived from these terms with the
-- submissions and the civil-disorder marks of each adjudicated phase.
CREATE TABLE seat_terms (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power     TEXT    NOT NULL,
    user_id   INTEGER NOT NULL,
    since_seq INTEGER NOT NULL,
    until_seq INTEGER
);
CREATE INDEX seat_terms_user ON seat_terms (user_id);
CREATE INDEX seat_terms_seat ON seat_terms (game_id, power);
INSERT INTO seat_terms (game_id, power, user_id, since_seq)
    SELECT game_id, power, user_id, 0 FROM seats WHERE user_id IS NOT NULL;

-- Players the bot cannot reach: their DMs are closed ('dm_closed') or they left the server
-- ('left_server'). Cleared when a DM to them goes through again.
CREATE TABLE unreachable (
    user_id  INTEGER PRIMARY KEY,
    reason   TEXT NOT NULL CHECK (reason IN ('dm_closed', 'left_server')),
    since_at REAL NOT NULL
);

-- Seats a moderator offered in the channel (a vacant seat may be claimed without an offer).
CREATE TABLE seat_offers (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power      TEXT    NOT NULL,
    offered_by INTEGER,
    offered_at REAL    NOT NULL,
    PRIMARY KEY (game_id, power)
);

-- A player's request to take a seat, waiting for the moderator.
CREATE TABLE seat_claims (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power      TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    status     TEXT    NOT NULL DEFAULT 'pending'
               CHECK (status IN ('pending', 'approved', 'refused', 'superseded')),
    claimed_at REAL    NOT NULL,
    decided_at REAL,
    decided_by INTEGER
);
CREATE INDEX seat_claims_seat ON seat_claims (game_id, power, status);
