import CalCore
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
    report.skipped = prepared.result.skipped.map { ($0.what + ($0.line.map { " at line \($0)" } ?? ""), $0.reason) }
    calendar.ctag = feed.validator
    let now = environment.now()
    try write {
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
    return report
  }
}
