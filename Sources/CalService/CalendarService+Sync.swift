public import CalCore
import CalStorage

/// Keeping CalDAV calendars in sync with their servers, and subscriptions with their feeds.
extension CalendarService {
  /// Syncs CalDAV calendar `name` two ways with its collection, reached through `remote`: local adds, edits
  /// and removals since the last sync go up, the server's come down; when both sides changed an event, the
  /// server's version wins and the local one is kept as a local-only copy titled `(conflict)`.
  ///
  /// A server that fails midway (the network, a timeout, HTTP 5xx) ends the sync with `failure` set in the
  /// report, and what was done is saved: the next sync completes it, without duplicates or losses.
  ///
  /// - Throws: `ServiceError.invalidRequest` when the calendar is not a CalDAV one; storage failures.
  public func sync(_ name: String, with remote: any SyncRemote, options: SyncOptions) throws -> SyncReport {
    let calendar = try calendar(named: name)
    guard calendar.kind == .caldav else {
      throw ServiceError(.invalidRequest, "the calendar '\(calendar.name)' is not a CalDAV calendar")
    }
    return try SyncEngine(service: self, calendar: calendar, remote: remote, options: options).run()
  }
}

extension CalendarService {
  /// Replaces the events of subscription `name` with those of its feed, in one transaction: events gone from
  /// the feed go, new ones come, changed ones change (unchanged ones keep their ids). A feed that did not
  /// change since the last download (`bytes` is `nil`) only records the time.
  ///
  /// A feed that cannot be read leaves the calendar as it was, with `failure` set in the report.
  public func refresh(_ name: String, feed: FeedDownload) throws -> SyncReport {
    var calendar = try calendar(named: name)
    guard calendar.kind == .subscription else {
      throw ServiceError(.invalidRequest, "the calendar '\(calendar.name)' is not a subscription")
    }
    var report = SyncReport(calendar: calendar.name)
    calendar.syncedAt = environment.now()
    guard let bytes = feed.bytes else {
      try write { try store.calendars.updateSyncState(calendar) }
      return report
    }
    let prepared: PreparedImport
    do {
      prepared = try Self.prepareImport(bytes, skipInvalid: true, zones: environment.zones)
    } catch {
      report.failure = "the feed cannot be read: \(error)"
      return report
    }
    try write { try replaceEvents(of: calendar, with: prepared, validator: feed.validator, report: &report) }
    return report
  }

  /// Adds subscription `calendar` with the events of its first download, in one transaction that the change
  /// log records as one change: a feed that cannot be read, or anything else that fails, leaves nothing
  /// behind, neither the calendar nor an entry of `cal log`.
  ///
  /// - Throws: `ServiceError.unreadableInput` for a feed that is not iCalendar; `.invalidRequest` for a name
  ///   that is taken or not a name; storage failures.
  public func subscribe(_ calendar: CalendarRecord, feed: FeedDownload) throws -> (CalendarRecord, SyncReport) {
    try Self.checkName(calendar.name)
    let prepared: PreparedImport
    do {
      // A first download sends no validator, so it always has bytes.
      prepared = try Self.prepareImport(feed.bytes ?? [], skipInvalid: true, zones: environment.zones)
    } catch {
      throw ServiceError(.unreadableInput, "the feed cannot be read: \(error)")
    }
    return try write(recording: "calendar") {
      let added = try insertCalendar(calendar)
      // Undo removes the events first: a calendar goes only once they have.
      try store.changes.endPart()
      var report = SyncReport(calendar: added.name)
      try replaceEvents(of: added, with: prepared, validator: feed.validator, report: &report)
      return ((added, report), "added calendar \(calendar.name)")
    }
  }

  /// Makes subscription `calendar`'s events those of `prepared`, inside a write transaction: events gone
  /// from the feed go, new ones come, changed ones change; records the sync's time and `validator`.
  private func replaceEvents(
    of calendar: CalendarRecord, with prepared: PreparedImport, validator: String?, report: inout SyncReport
  ) throws {
    report.skipped = prepared.result.skipped.map { ($0.what + ($0.line.map { " at line \($0)" } ?? ""), $0.reason) }
    let now = environment.now()
    var calendar = calendar
    calendar.syncedAt = now
    calendar.ctag = validator
    let children = try store.events.allChildren(calendar: calendar.id)
    let exceptions = try store.events.allExceptions(calendar: calendar.id)
    var stored: [String: (id: Int64, hash: Int64)] = [:]
    for record in try store.events.topLevel(calendar: calendar.id) {
      let exported = exportedSeries(
        record, children: children[record.id] ?? [], exceptions: exceptions[record.id] ?? [])
      stored[exported.uid] = (record.id, SeriesHash.of(exported))
    }
    for event in prepared.result.events {
      let known = stored.removeValue(forKey: event.uid)
      guard known?.hash != SeriesHash.of(SyncEngine.exported(event)) else { continue }
      try save(event, calendar: calendar.id, at: now)
      report.downloaded += 1
    }
    for (_, gone) in stored {
      _ = try store.events.delete(id: gone.id)
      report.removedHere += 1
    }
    try store.calendars.updateSyncState(calendar)
  }
}
