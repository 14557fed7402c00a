-- A window's series, spans and zoned events were read through one index, `events_other`, from the first of
-- them all up to the window's end, each then kept or dropped by its last day: every such event that ended
-- before the window was read again for every window. A calendar imported from a server keeps most of its
-- events with a zone, so a month of 2030 read all of them since 2000 (157 M instructions against 12 M for a
-- month of 2001, with 50,000 zoned events), and a long agenda, read a chunk of days at a time, read them
-- again for each chunk (800 days over a million of them: 20 s).
--
-- The rows are now split by how far past their first day they can reach:
-- - `events_short`: one-offs that end within 7 days of their start (zoned events, overnight ones, spans of up
--   to a week, nearly all of them). A window from F through L holds those starting from F - 7 through L,
--   found by a range of this index;
-- - `events_long`: series and longer spans, few, read as before.
-- Together they hold exactly the rows `events_other` held, so no write costs more than before.
CREATE INDEX events_short ON events (day)
  WHERE rrule IS NULL AND span_days <= 7 AND (span_days <> 0 OR time_zone IS NOT NULL);
CREATE INDEX events_long ON events (day) WHERE rrule IS NOT NULL OR span_days > 7;
DROP INDEX events_other;
