-- One roster message per game in its channel (docs/moderation.md): the id of the message the
-- bot edits as players join and leave; NULL until the first join, or after it was deleted.
ALTER TABLE games ADD COLUMN roster_message_id BIGINT;
