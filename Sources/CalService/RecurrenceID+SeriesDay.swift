import CalCore

extension RecurrenceID {
  /// The day, on the clock of a series with `schedule`, of the occurrence this names, as the importer reads
  /// a RECURRENCE-ID of a series in the same file: an all-day series' occurrence by the date as written; a
  /// time in a zone moved to the series' zone; the day as written when either has no zone `zones` knows.
  func day(on schedule: EventSchedule, zones: ZoneLoader) -> CivilDate {
    guard !schedule.isAllDay, let time, let timeZone, let seriesZone = schedule.timeZone, timeZone != seriesZone,
      let own = try? zones.zone(timeZone), let series = try? zones.zone(seriesZone)
    else { return day }
    let wall = Int64(day.daysSince1970) * 86_400 + Int64(time.minutes) * 60
    return series.wallClock(atUTC: own.utc(fromLocal: wall))?.date ?? day
  }
}
