-- Lengths in whole days counted on the clock, events imported without a title, and what an imported event
-- was read from.

-- RFC 5545's nominal days: a timed event one day long ends at the same wall time the next day, 23 or 25 hours
-- later across a change of the clock. length_minutes is the exact rest (NULL when there is none).
ALTER TABLE events ADD COLUMN length_days INTEGER NOT NULL DEFAULT 0 CHECK (length_days >= 0);
-- Whole days were kept as minutes before (`--for 1d`, `DURATION:P1D`): they become days.
UPDATE events SET length_days = length_minutes / 1440, length_minutes = NULL
WHERE length_minutes >= 1440 AND length_minutes % 1440 = 0;

-- An event that came without a SUMMARY: its title is only what cal shows, and an export writes none.
ALTER TABLE events ADD COLUMN summary_missing INTEGER NOT NULL DEFAULT 0 CHECK (summary_missing IN (0, 1));

-- A hash of the lines an event was imported from (and of the time zones they were read with): importing the
-- same lines again needs no reading of them. Any other change to the event, its exceptions or its child
-- rows clears it (the repositories do).
ALTER TABLE events ADD COLUMN source_hash INTEGER;
