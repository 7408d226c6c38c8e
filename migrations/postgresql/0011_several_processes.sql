-- Several processes on one database (docs/scaling.md).

-- The process holding a phase's announcement claim (its ARBITRO_INSTANCE name): a process
-- starting up takes over its own claims at once, and another's only once they lapse.
ALTER TABLE phases ADD COLUMN announcing_by TEXT;

-- What the announcement retry of every deadline pass looks for, without reading every phase
-- ever played (the due phases are found through `phases_open`, status and deadline).
CREATE INDEX phases_unannounced ON phases (status, announced_at);

-- A server's language and upload limit, stored when the process holding its shard sees it,
-- so that any process can post to it in its language and size without the server in memory.
ALTER TABLE guild_prefs ADD COLUMN locale TEXT;
ALTER TABLE guild_prefs ADD COLUMN upload_limit BIGINT;
