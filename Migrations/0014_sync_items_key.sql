-- sync_items gets a primary key. SQLite's session extension, which records changes so that they can be
-- undone, passes over tables without one: undoing the removal of a CalDAV calendar brought the calendar and
-- its events back but not what the last sync left each item as, and the next sync would have taken the
-- events for new ones. The rows keep their order.
CREATE TABLE sync_items_keyed (
  id          INTEGER PRIMARY KEY,
  calendar_id INTEGER NOT NULL REFERENCES calendars (id) ON DELETE CASCADE,
  uid         TEXT,    -- NULL: a resource that holds no event cal keeps (a to-do), left alone
  href        TEXT,    -- NULL: an event kept on this side only (the local copy of a conflict)
  etag        TEXT,
  local_hash  INTEGER, -- NULL with an href: not yet stored here
  CHECK (uid IS NOT NULL OR href IS NOT NULL)
);

INSERT INTO sync_items_keyed (calendar_id, uid, href, etag, local_hash)
SELECT calendar_id, uid, href, etag, local_hash FROM sync_items ORDER BY rowid;

DROP TABLE sync_items;
ALTER TABLE sync_items_keyed RENAME TO sync_items;

CREATE UNIQUE INDEX sync_items_by_uid ON sync_items (calendar_id, uid) WHERE uid IS NOT NULL;
CREATE UNIQUE INDEX sync_items_by_href ON sync_items (calendar_id, href) WHERE href IS NOT NULL;
