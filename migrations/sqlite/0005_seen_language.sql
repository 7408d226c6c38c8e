-- The language of a user's Discord client, as last seen in one of their commands: their
-- replies, reminders and direct messages stay in it after a restart (a choice made with
-- /language, in `language`, still wins).
ALTER TABLE user_prefs ADD COLUMN seen_language TEXT CHECK (seen_language IN ('en', 'it', 'nl'));
