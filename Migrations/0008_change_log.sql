-- The change log behind `cal undo`, `cal redo` and `cal log`.
--
-- Each command that changes the calendar is one change: a row in `changes`, named by the service, and what it
-- did to the logged tables (events, event_exceptions, reminders, viewed_month, transitions, calendars: the
-- list is ChangeLogRepository.loggedTables) as SQLite session changesets in `change_sets`: the rows it
-- inserted and deleted whole, and for the rows it updated their key and the columns it changed, before and
-- after. A large change (an import) is kept in several parts. Undo applies the parts inverted, newest first;
-- redo applies them again, oldest first. SQLite refuses a part when a row it touches is no longer as the
-- change left it (or, for redo, as it found it): something else changed it since (a sync, another program),
-- and the undo is refused as a whole.
--
-- A command that changes nothing records nothing, and the two tables are all the schema cal reads for this
-- at start-up (triggers would be parsed at every start of every command). A thousand changes are kept.

CREATE TABLE changes (
  id      INTEGER PRIMARY KEY AUTOINCREMENT,
  at      INTEGER NOT NULL, -- Unix milliseconds
  kind    TEXT    NOT NULL CHECK (length(kind) > 0), -- add, edit, remove, import, flip, goto ...
  summary TEXT    NOT NULL DEFAULT '',              -- what it did, in words
  label   TEXT,                                     -- what the front end called it (the command line)
  state   TEXT    NOT NULL DEFAULT 'done' CHECK (state IN ('done', 'undone'))
);

-- The parts of a change, in the order they were recorded.
CREATE TABLE change_sets (
  change_id INTEGER NOT NULL REFERENCES changes (id) ON DELETE CASCADE,
  part      INTEGER NOT NULL,
  changeset BLOB    NOT NULL,
  PRIMARY KEY (change_id, part)
);
