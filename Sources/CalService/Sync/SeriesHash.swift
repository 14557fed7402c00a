import CalCore

/// The hash the sync engine keeps of a series: of the iCalendar text the writer makes of it, with the times
/// of writing and of changes left out and its parts in a fixed order, so that the same event gives the same
/// hash whichever side it was read from and whenever.
enum SeriesHash {
  /// The hash of `event`.
  static func of(_ event: ExportedEvent) -> Int64 {
    of([event])
  }

  /// The hash of the events one resource holds: a series, or edited occurrences of a series kept elsewhere
  /// in any order (one of them alone has the hash it has as an event).
  static func of(_ events: [ExportedEvent]) -> Int64 {
    let canonical = events.sorted(by: precedes).map { event in
      var canonical = stamped(event)
      canonical.overrides = event.overrides.sorted { $0.day < $1.day }.map { ($0.day, stamped($0.event)) }
      canonical.exceptions = Array(Set(event.exceptions)).sorted()
      var additions: [EventSchedule] = []
      for addition in event.additions.sorted(by: precedes) where !additions.contains(addition) {
        additions.append(addition)
      }
      canonical.additions = additions
      return canonical
    }
    return ContentHash.of(ICSWriter(product: "", now: 0, zones: [:]).calendar(canonical))
  }

  /// The hash of a to-do: of the VTODO the writer makes of it, with the times of writing, of adding and of
  /// changes left out, as for an event.
  static func of(_ todo: TodoFields) -> Int64 {
    var bytes: [UInt8] = []
    ICSWriter(product: "", now: 0, zones: [:]).todo(
      TodoRecord(id: 0, fields: todo, calendarID: 0, createdAt: 0, updatedAt: 0), into: &bytes)
    return ContentHash.of(String(decoding: bytes, as: UTF8.self))
  }

  /// The hash of a to-do without the lines cal keeps without reading (``TodoFields/keptLines``); `hash` is
  /// its own, which that one is when it holds none.
  static func visible(_ todo: TodoFields, hash: Int64) -> Int64 {
    guard todo.keptLines != nil else { return hash }
    var todo = todo
    todo.keptLines = nil
    return of(todo)
  }

  /// The hash of `events` without the lines cal keeps without reading (``ExportedEvent/keptLines``), theirs
  /// and their edited occurrences': what stays the same when another client changes only those (an
  /// attendee's answer, a property of its own). `hash` is their own hash, which is that one when they hold
  /// no such lines: most events are then spared being written again.
  static func visible(_ events: [ExportedEvent], hash: Int64) -> Int64 {
    guard events.contains(where: holdsKeptLines) else { return hash }
    return of(events.map(withoutKeptLines))
  }

  /// The hash of `events` without the lines cal keeps without reading (as ``visible(_:hash:)``) and without
  /// the edited occurrences that, but for those lines, only repeat the occurrence they replace: the copy of
  /// one occurrence that an attendee's client or a server's scheduling adds to the series to carry an answer
  /// to it (its PARTSTAT), which changes nothing the user sees. A copy on a day that is none of the series'
  /// (one its rule does not make, one it excludes, one after its COUNT) stays: it is shown as an event of its
  /// own, an occurrence added or a cancelled one brought back.
  static func visibleWithoutAnswers(_ events: [ExportedEvent]) -> Int64 {
    of(
      events.map { event in
        let series = withoutKeptLines(event)
        guard let rule = series.schedule.rule, !series.overrides.isEmpty else { return series }
        // The days the series happens on, to its COUNT too: a copy past it is an occurrence added.
        let recurrence = Recurrence(start: series.schedule.startDay, rule: rule)
        let lastDay = recurrence.lastDay()
        var answered = series
        answered.overrides = series.overrides.filter { day, override in
          let occurs =
            !series.exceptions.contains(day)
            && recurrence.occurrences(from: day, through: day, lastDay: lastDay) == [day]
          return !(occurs && repeats(override, of: series, on: day))
        }
        return answered
      })
  }

  /// Whether `override` is the occurrence of `series` on `day`, one of its days, as the series has it.
  private static func repeats(_ override: ExportedEvent, of series: ExportedEvent, on day: CivilDate) -> Bool {
    var occurrence = series
    occurrence.uid = override.uid
    occurrence.seriesLink = override.seriesLink
    occurrence.schedule.startDay = day
    if let endDay = series.schedule.endDay {
      occurrence.schedule.endDay = endDay.adding(days: day.daysSince1970 - series.schedule.startDay.daysSince1970)
    }
    occurrence.schedule.rule = nil
    occurrence.exceptions = []
    occurrence.additions = []
    occurrence.overrides = []
    return of(occurrence) == of(override)
  }

  private static func holdsKeptLines(_ event: ExportedEvent) -> Bool {
    event.keptLines != nil || event.overrides.contains { holdsKeptLines($0.event) }
  }

  /// `event` and its edited occurrences without their kept lines.
  private static func withoutKeptLines(_ event: ExportedEvent) -> ExportedEvent {
    var event = event
    event.keptLines = nil
    event.overrides = event.overrides.map { ($0.day, withoutKeptLines($0.event)) }
    return event
  }

  /// The UID a resource holds `event` under: the series' for an edited occurrence of a series kept
  /// elsewhere, else its own.
  static func key(_ event: ExportedEvent) -> String {
    event.seriesLink?.uid ?? event.uid
  }

  /// The order of the edited occurrences of one series: by the occurrence they replace.
  static func precedes(_ one: ExportedEvent, _ other: ExportedEvent) -> Bool {
    let first = one.seriesLink?.recurrenceID
    let second = other.seriesLink?.recurrenceID
    return (first?.day.daysSince1970 ?? 0, first?.description ?? "") < (
      second?.day.daysSince1970 ?? 0, second?.description ?? ""
    )
  }

  /// `event` without the times it was added and last changed.
  private static func stamped(_ event: ExportedEvent) -> ExportedEvent {
    var event = event
    event.created = 0
    event.modified = 0
    return event
  }

  private static func precedes(_ one: EventSchedule, _ other: EventSchedule) -> Bool {
    (one.startDay, one.startTime?.minutes ?? -1, one.timeZone ?? "")
      < (other.startDay, other.startTime?.minutes ?? -1, other.timeZone ?? "")
  }
}
