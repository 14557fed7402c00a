-- A series split in two by an edit "from here on" remembers where it continues, so that removing the first
-- part can say what remains.
ALTER TABLE events ADD COLUMN continues_id INTEGER REFERENCES events (id) ON DELETE SET NULL;
CREATE INDEX events_continuations ON events (continues_id) WHERE continues_id IS NOT NULL;
