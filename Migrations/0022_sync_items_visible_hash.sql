-- What the last sync left of each item gets a second hash: of the series with the lines cal keeps without
-- reading (attendees and their answers, the organizer, other clients' X- properties, SEQUENCE) taken out of
-- every event and edited occurrence. With the event removed here, `local_hash` alone cannot tell whether the
-- server's copy changed since only in those lines (an attendee's answer, another client saving it again with
-- a property of its own), which must not bring back what was removed, or in what the user sees, which must.
-- NULL for the rows already here, and for those that hold no series (a to-do's resource, a conflict's local
-- copy): the next sync fills it in for each series unchanged here since the last sync, and until then such
-- an event removed here comes back with any change on the server, as before.
ALTER TABLE sync_items ADD COLUMN visible_hash INTEGER;
