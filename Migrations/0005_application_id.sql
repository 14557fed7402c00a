-- Marks the file as a cal calendar in SQLite's own header (the application id 'CAL1'), so that cal can tell
-- its calendars from other programs' databases before reading any table.
PRAGMA application_id = 1128352817;
