-- Where a player's private notices about a game with its own channels go (docs/channels.md,
-- `/notices`): NULL or 'channel', the power's channel; 'dm', a direct message.
ALTER TABLE user_prefs ADD COLUMN notices TEXT CHECK (notices IN ('channel', 'dm'));
