-- Announcing a phase's results is claimed in the database: the process posting them holds the
-- phase until `announcing_until` (UTC seconds), so several processes on one database post a
-- phase's results once. A claim left by a process that died lapses at that time; a process
-- starting up takes over every pending announcement (see service/announcing.py).
ALTER TABLE phases ADD COLUMN announcing_until DOUBLE PRECISION;
