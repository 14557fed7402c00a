-- What a CalDAV calendar's collection says it holds (RFC 4791's supported-calendar-component-set), as
-- discovery or a sync last read it: `VEVENT,VTODO`; '' when the server declared nothing, which means any
-- component; NULL when not yet read (a calendar added before this, a local calendar, a subscription). A sync
-- then sends no to-do to a collection that takes none (a request the server would refuse): the to-do stays
-- here, named as skipped, and `cal todo add` says so at once.
ALTER TABLE calendars ADD COLUMN components TEXT;
