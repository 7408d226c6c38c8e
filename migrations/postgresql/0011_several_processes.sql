-- Several processes on one database (docs/scaling.md).

-- The process holding a phase's announcement claim (its ARBITRO_INSTANCE name): a process
-- starting up takes over its own claims at once, and another's only once they lapse.
ALTER TABLE phases ADD COLUMN announcing_by TEXT;

-- What a deadline pass and the announcement retry look for, without reading every phase.
CREATE INDEX phases_due ON phases (deadline_at) WHERE status = 'open';
CREATE INDEX phases_unannounced ON phases (adjudicated_at) WHERE status = 'done' AND announced_at IS NULL;

-- A server's language and upload limit, stored when the process holding its shard sees it,
-- so that any process can post to it in its language and size without the server in memory.
ALTER TABLE guild_prefs ADD COLUMN locale TEXT;
ALTER TABLE guild_prefs ADD COLUMN upload_limit BIGINT;
