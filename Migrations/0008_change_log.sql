-- The change log behind `cal undo`, `cal redo` and `cal log`.
--
-- Each command that changes the calendar is one change: a row here, opened at the start of its write
-- transaction and named by the service. While it is open, its id stands in change_current, and triggers on
-- every logged table (events, event_exceptions, reminders, viewed_month, transitions, and whatever tables
-- are added to the list in ChangeLogSchema.swift) keep, per row the change touched, the row as it was before
-- the change and as it is after, in a table change_log_<table> of the same columns. Those tables and
-- triggers are written by CalStorage from the logged tables' own columns (pragma_table_info) after every
-- migration, so that a column or a table added later is logged without anyone listing its columns again.
--
-- Undo restores the before images, redo the after images, each only when every row the change touched is
-- still as the change left it (or, for redo, as it was before); otherwise something else changed it since
-- (a sync, another program), and the undo is refused.

CREATE TABLE changes (
  id      INTEGER PRIMARY KEY AUTOINCREMENT,
  at      INTEGER NOT NULL, -- Unix milliseconds
  kind    TEXT    NOT NULL CHECK (length(kind) > 0), -- add, edit, remove, import, flip, goto ...
  summary TEXT    NOT NULL DEFAULT '',              -- what it did, in words
  label   TEXT,                                     -- what the front end called it (the command line)
  state   TEXT    NOT NULL DEFAULT 'done' CHECK (state IN ('done', 'undone', 'discarded'))
);

CREATE INDEX changes_by_state ON changes (state, id);

-- The change being recorded: one row inside a recording transaction, none at any other time (it is
-- deleted before the transaction commits).
CREATE TABLE change_current (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  change_id INTEGER NOT NULL
);
