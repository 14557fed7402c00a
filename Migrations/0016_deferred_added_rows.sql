-- The rows an import adds to an empty calendar are kept for undo as their range, not as changesets. Writing
-- them out as changesets when the import finished doubled what it wrote (a fifth of its time, and the file
-- grew by as much again as the events took); they are written out only when the import is undone, from the
-- rows as they are then, which redo needs. `row_count` and `updated_sum` are what the rows were when the
-- import finished: rows changed since by something the log did not record (a sync) make the undo refused,
-- as a changeset would have.
CREATE TABLE added_rows (
  change_id     INTEGER PRIMARY KEY REFERENCES changes (id) ON DELETE CASCADE,
  table_name    TEXT    NOT NULL,
  after_id      INTEGER NOT NULL, -- the rows are those with a rowid above this
  through_id    INTEGER NOT NULL, -- and up to this
  row_count     INTEGER NOT NULL,
  updated_sum   INTEGER NOT NULL  -- sum(updated_at % 4294967296) of the rows: no overflow below 2^31 rows
);
