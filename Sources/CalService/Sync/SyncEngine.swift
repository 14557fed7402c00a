import CalCore
import CalStorage

/// Two-way sync of one CalDAV calendar, after vdirsyncer: the server's listing and the local events and
/// to-dos are compared with the status the last sync left (`sync_items`), each series (or to-do, one VTODO a
/// resource, keyed by its UID as a series is) gets an action, and the actions are carried out one by one, the
/// status saved with each. Nothing here waits on the network while holding
/// the calendar file: every network request happens outside a transaction, and local writes are short.
final class SyncEngine {
  /// Local actions are committed this many at a time: one commit (an fsync) per event would make the first
  /// sync of thousands of events take minutes. An interruption loses at most one batch, which the next sync
  /// does again.
  static let batchSize = 100
  /// How often one series is tried again when the server keeps changing under it (HTTP 412).
  static let attempts = 3

  private let service: CalendarService
  private var calendar: CalendarRecord
  private let remote: any SyncRemote
  private let options: SyncOptions
  private var report: SyncReport
  /// The status by UID, and the UIDs of the status by href.
  private var status: [String: SyncItemRecord] = [:]
  private var statusByHref: [String: SyncItemRecord] = [:]
  /// False once something was left for the next sync to look at again: the sync token is then not
  /// advanced, so the server reports the same changes again.
  private var complete = true
  /// Series whose merge was given up because they changed here while the sync ran: the server's kept lines
  /// were not stored, so the merged series does not go up either (the next sync decides anew).
  private var abandonedMerges: Set<String> = []
  /// The components the collection said it holds at this sync, when it was asked (``readProperties()``).
  private var componentsRead: [String]?
  /// The UIDs of to-dos that share theirs with an event here (said once, not synced).
  private var clashingTodos: Set<String> = []
  private var actions = 0
  private var done = 0
  private var total = 0

  init(service: CalendarService, calendar: CalendarRecord, remote: any SyncRemote, options: SyncOptions) {
    self.service = service
    self.calendar = calendar
    self.remote = remote
    self.options = options
    self.report = SyncReport(calendar: calendar.name)
  }

  private var store: CalendarStore { service.store }

  /// Runs the sync. A server that fails midway ends it with `failure` set in the report; what was done
  /// until then is saved. Local storage failures are thrown.
  func run() throws -> SyncReport {
    do {
      try synchronize()
    } catch let error as RemoteError {
      report.failure = error.description
    }
    return report
  }

  private func synchronize() throws {
    // The token a listing gives is from before this sync's own writes. Kept as it is, a resource uploaded
    // now and removed by another client before the next sync would never be reported: it was no member at
    // that token and is none now (Xandikos, its token the collection's state, reports nothing), so it
    // would stay here for good. Listing again after the writes takes a token that has them; that second
    // pass writes nothing to the server (what it would write, a refused item, waits for the next sync).
    let listing = try synchronizeOnce(writing: true)
    guard complete, listing.token != nil, report.uploaded + report.removedThere > 0 else { return }
    try synchronizeOnce(writing: false)
  }

  /// One pass: lists the server's changes, decides and carries out the actions (those writing to the server
  /// only when `writing`), and keeps the token or ctag of the listing when nothing was left for later;
  /// returns that listing.
  @discardableResult
  private func synchronizeOnce(writing: Bool) throws -> Listing {
    status.removeAll()
    statusByHref.removeAll()
    for item in try service.perform({ try store.syncItems.items(calendar: calendar.id) }) {
      if let uid = item.uid { status[uid] = item }
      if let href = item.href { statusByHref[href] = item }
    }
    let listing = try listRemote()
    try keepComponents()
    // What is new or changed on the server, by ETag.
    let toFetch = listing.items.keys.filter { href in
      guard let known = statusByHref[href], let etag = listing.items[href] ?? nil else { return true }
      return known.etag != etag
    }.sorted()
    total = done + toFetch.count
    let fetched = try fetchAndRead(toFetch, listing: listing)
    let local = try service.perform { try localSeries() }

    var plan: [SyncAction] = fetched.ignored
    for (href, item) in statusByHref where item.uid == nil && !listing.items.keys.contains(href) {
      plan.append(.forget(uid: nil, href: href))
    }
    let uids = Set(local.keys).union(status.keys).union(fetched.series.keys).sorted()
    let fetchedHrefs = Set(toFetch)
    for uid in uids {
      let remoteState: RemoteState
      if let series = fetched.series[uid] {
        remoteState = .changed(series)
      } else if let href = status[uid]?.href, listing.items.keys.contains(href) {
        if fetched.unreadable.contains(href) {
          remoteState = .unreadable
        } else {
          // Fetched again yet not found under this UID: gone meanwhile, or it holds another event now.
          remoteState = fetchedHrefs.contains(href) ? .absent : .unchanged
        }
      } else {
        remoteState = .absent
      }
      if let action = SyncAction.decide(local: local[uid], status: status[uid], remote: remoteState, uid: uid) {
        plan += Self.merging(action, status: status[uid])
      }
    }
    let removedUIDs = plan.compactMap { if case .deleteLocal(let uid, _) = $0 { uid } else { nil } }
    if listing.items.isEmpty, !removedUIDs.isEmpty, !options.forceDelete {
      // A collection made anew at the same URL (a server restored without its data, a wrong path) lists
      // nothing, as one whose events were all removed does: the local copies may be the only ones left.
      let todos = removedUIDs.count { local[$0]?.todo != nil }
      let events = removedUIDs.count - todos
      let counted = [
        events == 0 ? nil : "\(events) event\(events == 1 ? "" : "s")",
        todos == 0 ? nil : "\(todos) to-do\(todos == 1 ? "" : "s")",
      ].compactMap { $0 }.concatenated(separator: " and ")
      report.failure =
        "the collection on the server is empty, yet \(counted) here came from it "
        + "(a server that lost its data?): nothing was changed; cal sync --force-delete \(calendar.name) removes "
        + "them here too"
      complete = false
      return listing
    }
    total += plan.count { !$0.isRemote || writing }
    if !plan.isEmpty, calendar.syncToken != nil {
      // The status about to be written is newer than the token kept: a sync cut short now (kill -9, the
      // network) would leave a token from before items it stored, and an item stored then and removed on the
      // server before the next sync would not be among the changes since that token. Without a token the
      // next sync lists the collection whole; this one goes on with the token it holds.
      var cleared = calendar
      cleared.syncToken = nil
      try service.write { try store.calendars.updateSyncState(cleared) }
    }
    try carryOutLocally(plan.filter { !$0.isRemote })
    if writing { try learnComponents(before: plan) }
    for action in plan where action.isRemote && writing { try carryOutRemotely(action, attempt: 1) }
    guard complete else { return listing }
    var finished = calendar
    finished.syncToken = listing.token
    finished.ctag = listing.ctag
    finished.syncedAt = service.environment.now()
    try service.write { try store.calendars.updateSyncState(finished) }
    calendar = finished
    return listing
  }

  // MARK: The server's side

  /// The server's resources now (href and ETag), and the token or ctag to remember for the next sync.
  private struct Listing {
    var items: [String: String?]
    var token: String?
    var ctag: String?
  }

  /// One request in the usual case: the changes since the last sync token (or, on a server without
  /// collection sync, the ctag, and the full listing only when it changed).
  private func listRemote() throws(RemoteError) -> Listing {
    let known = statusByHref.reduce(into: [String: String?]()) { $0[$1.key] = $1.value.etag }
    if let token = calendar.syncToken {
      do {
        let changes = try remote.changes(since: token)
        var items = known
        for item in changes.changed { items[item.href] = .some(item.etag) }
        for href in changes.removed { items.removeValue(forKey: href) }
        return Listing(items: items, token: changes.token, ctag: nil)
      } catch .unsupported {
        // A token the server no longer accepts: everything is listed again, below.
      }
    } else if let ctag = calendar.ctag {
      let current = try readProperties().ctag
      if current == ctag { return Listing(items: known, token: nil, ctag: ctag) }
      return Listing(items: Self.items(try remote.list()), token: nil, ctag: current)
    }
    do {
      let everything = try remote.changes(since: nil)
      return Listing(items: Self.items(everything.changed), token: everything.token, ctag: nil)
    } catch .unsupported {
      // No collection sync: the ctag is read before the listing, so a change between the two shows next time.
      let ctag = try readProperties().ctag
      return Listing(items: Self.items(try remote.list()), token: nil, ctag: ctag)
    }
  }

  /// The collection's properties, the components it holds noted for ``keepComponents()``: a sync that reads
  /// them anyway (for the ctag) learns them at no cost.
  private func readProperties() throws(RemoteError) -> RemoteProperties {
    let properties = try remote.properties()
    componentsRead = CalendarRecord.components(properties.components)
    return properties
  }

  /// Stores the components the collection said it holds, when they were read and changed, for this sync and
  /// the next.
  private func keepComponents() throws {
    guard let componentsRead, calendar.components != componentsRead else { return }
    try service.write { try store.calendars.updateComponents(componentsRead, calendar: calendar.id) }
    calendar.components = componentsRead
  }

  /// Before to-dos go up to a collection whose components were never read (a calendar added by a `cal` from
  /// before they were kept): reads them once, so that a collection that takes no to-dos is not sent any. A
  /// server that cannot say leaves them unknown, and the to-dos are sent as before.
  private func learnComponents(before plan: [SyncAction]) throws {
    guard calendar.components == nil,
      plan.contains(where: { if case .create(let local) = $0 { local.todo != nil } else { false } })
    else { return }
    do {
      _ = try readProperties()
    } catch {
      if case .unavailable = error { throw error }
    }
    try keepComponents()
  }

  private static func items(_ items: [RemoteItem]) -> [String: String?] {
    items.reduce(into: [String: String?]()) { $0[$1.href] = .some($1.etag) }
  }

  /// What the fetched resources hold.
  private struct Fetched {
    /// The series read, by UID.
    var series: [String: RemoteSeries] = [:]
    /// Resources that hold no event or to-do cal keeps (journal entries, an occurrence of a repeating to-do
    /// on its own), to remember.
    var ignored: [SyncAction] = []
    /// Hrefs of resources that could not be read.
    var unreadable: Set<String> = []
  }

  private func fetchAndRead(_ hrefs: [String], listing: Listing) throws -> Fetched {
    var fetched = Fetched()
    var start = 0
    while start < hrefs.count {
      let batch = Array(hrefs[start..<min(start + Self.batchSize, hrefs.count)])
      start += batch.count
      for resource in try remote.fetch(batch) {
        read(resource, into: &fetched)
      }
      advance(by: batch.count)
    }
    return fetched
  }

  private func read(_ resource: RemoteResource, into fetched: inout Fetched) {
    let result: ImportResult
    let components: [ICSComponent]
    do {
      components = try ICSParser.parse(Array(resource.body.utf8))
      result = try ICSImporter(loadZone: service.environment.zones.function).read(
        components, skipInvalid: true, todos: .read)
    } catch {
      fetched.unreadable.insert(resource.href)
      report.skipped.append((resource.href, "cannot be read: \(error)"))
      return
    }
    guard let first = result.events.first else {
      if let invalid = result.skipped.first(where: { $0.what == "VEVENT" }) {
        fetched.unreadable.insert(resource.href)
        report.skipped.append((resource.href, "cannot be read: \(invalid.reason)"))
      } else if let todo = result.todos.first {
        read(todo, of: resource, among: result.todos.count, into: &fetched)
      } else if Self.holdsTodo(components), let invalid = result.skipped.first(where: { $0.what == "VTODO" }) {
        // A to-do that cannot be read is left alone on both sides, as an event is.
        fetched.unreadable.insert(resource.href)
        report.skipped.append((resource.href, "cannot be read: \(invalid.reason)"))
      } else {
        fetched.ignored.append(.ignore(href: resource.href, etag: resource.etag))
      }
      return
    }
    // One series: the series itself, or (all of) its edited occurrences when cal does not hold the series.
    let uid = first.seriesLink?.uid ?? first.uid
    let events = result.events.filter { ($0.seriesLink?.uid ?? $0.uid) == uid }
    if events.count < result.events.count {
      report.skipped.append((resource.href, "holds several events; only \(uid) is kept"))
    }
    if !result.todos.isEmpty {
      // One resource is one item: its events, and not the to-dos beside them (which stay there untouched).
      report.skipped.append((resource.href, "holds to-dos beside the event \(uid); only the event is kept"))
    }
    if let other = fetched.series[uid] {
      report.skipped.append((resource.href, "holds the event \(uid), which \(other.href) holds too"))
      fetched.ignored.append(.ignore(href: resource.href, etag: resource.etag))
      return
    }
    fetched.series[uid] = RemoteSeries(
      href: resource.href, etag: resource.etag, events: events, hash: SeriesHash.of(events.map(Self.exported)),
      uid: uid)
  }

  /// The to-do a resource holds alone (`count` of them, the first kept).
  private func read(_ todo: ImportedTodo, of resource: RemoteResource, among count: Int, into fetched: inout Fetched) {
    let uid = todo.fields.uid ?? ""
    if count > 1 {
      report.skipped.append((resource.href, "holds several to-dos; only \(uid) is kept"))
    }
    if let other = fetched.series[uid] {
      report.skipped.append((resource.href, "holds the to-do \(uid), which \(other.href) holds too"))
      fetched.ignored.append(.ignore(href: resource.href, etag: resource.etag))
      return
    }
    fetched.series[uid] = RemoteSeries(
      href: resource.href, etag: resource.etag, events: [], hash: SeriesHash.of(todo.fields), uid: uid,
      todo: todo.fields)
  }

  /// Whether `components` hold a VTODO that is no occurrence of a repeating to-do changed on its own (which
  /// cal leaves out, as the importer does).
  private static func holdsTodo(_ components: [ICSComponent]) -> Bool {
    for component in components {
      let children: [ICSComponent] = component.name == "VCALENDAR" ? component.components : [component]
      for child in children where child.name == "VTODO" && child.property("RECURRENCE-ID") == nil { return true }
    }
    return false
  }

  /// An event read from the server as the writer would write it once stored here: what its hash is taken of.
  static func exported(_ event: ImportedEvent) -> ExportedEvent {
    ExportedEvent(
      uid: event.uid, title: event.title, note: event.note, location: event.location, schedule: event.schedule,
      exceptions: event.exceptions,
      additions: event.additions.filter {
        $0.startDay != event.schedule.startDay || $0.startTime != event.schedule.startTime
      },
      overrides: event.overrides.map { ($0.day, exported($0.event)) },
      // As they come back once stored: alarms become reminders, and reminders alarms again.
      alarms: CalendarService.reminders(event.alarms, of: event.schedule).map {
        $0.alarm(allDay: event.schedule.isAllDay)
      }, created: 0, modified: 0, seriesLink: event.seriesLink, keptLines: event.keptLines)
  }

  // MARK: The local side

  /// Every series of the calendar, by UID: the edited occurrences of one series kept elsewhere together, as
  /// their resource holds them.
  private func localSeries() throws -> [String: LocalSeries] {
    try store.read {
      let children = try store.events.allChildren(calendar: calendar.id)
      let exceptions = try store.events.allExceptions(calendar: calendar.id)
      var series: [String: (records: [EventRecord], overrideIDs: [[Int64]], exported: [ExportedEvent])] = [:]
      var wholeSeries: Set<String> = []
      for record in try store.events.topLevel(calendar: calendar.id) {
        let (exported, overrideIDs) = self.exported(
          record, children: children[record.id] ?? [], exceptions: exceptions[record.id] ?? [])
        let uid = SeriesHash.key(exported)
        if record.fields.seriesLink == nil {
          // The series itself stands for its UID (occurrences linked to it are its overrides since it came).
          wholeSeries.insert(uid)
          series[uid] = ([record], [overrideIDs], [exported])
        } else if !wholeSeries.contains(uid) {
          series[uid, default: ([], [], [])].records.append(record)
          series[uid, default: ([], [], [])].overrideIDs.append(overrideIDs)
          series[uid, default: ([], [], [])].exported.append(exported)
        }
      }
      var local = series.mapValues {
        LocalSeries(records: $0.records, overrideIDs: $0.overrideIDs, exported: $0.exported)
      }
      // The to-dos, by UID beside the series (an event with the same UID keeps it: the to-do stays here).
      for todo in try store.todos.todos(calendar: calendar.id, statuses: Set(TodoStatus.allCases)) {
        let item = LocalSeries(todo: todo)
        if local[item.uid] == nil {
          local[item.uid] = item
        } else if clashingTodos.insert(item.uid).inserted {
          report.skipped.append(
            (item.uid, "to-do #\(todo.id) has the UID of an event of this calendar: it stays here, not synced"))
        }
      }
      return local
    }
  }

  /// `record` as the writer takes it (``CalendarService/exportedSeries(_:children:exceptions:)``), and the
  /// ids of the children its overrides are made of, in their order.
  private func exported(_ record: EventRecord, children: [EventRecord], exceptions: [CivilDate]) -> (
    event: ExportedEvent, overrideIDs: [Int64]
  ) {
    (
      service.exportedSeries(record, children: children, exceptions: exceptions),
      children.compactMap { $0.recurrenceDay == nil ? nil : $0.id }
    )
  }

  /// The series with `uid` as stored now (the series, or else its linked occurrences, or else the to-do),
  /// inside a transaction.
  private func storedSeries(_ uid: String) throws -> LocalSeries? {
    var records = try store.events.event(uid: uid, calendar: calendar.id).map { [$0] } ?? []
    if records.first?.fields.seriesLink != nil || records.isEmpty {
      records = try store.events.linkedOccurrences(series: uid, calendar: calendar.id)
    }
    guard !records.isEmpty else { return try store.todos.todo(uid: uid, calendar: calendar.id).map(LocalSeries.init) }
    let exported = try records.map { record in
      self.exported(
        record, children: try store.events.children(of: record.id),
        exceptions: try store.events.exceptions(eventID: record.id))
    }
    return LocalSeries(records: records, overrideIDs: exported.map(\.overrideIDs), exported: exported.map(\.event))
  }

  // MARK: Carrying out

  private func carryOutLocally(_ plan: [SyncAction]) throws {
    var start = 0
    while start < plan.count {
      let batch = plan[start..<min(start + Self.batchSize, plan.count)]
      start += batch.count
      try service.write {
        for action in batch { try apply(action) }
      }
    }
  }

  /// Carries out a local action inside a transaction, if the series is still as it was planned (a change
  /// made here meanwhile waits for the next sync).
  private func apply(_ action: SyncAction) throws {
    try perform(action)
    try finishedAction()
  }

  private func perform(_ action: SyncAction) throws {
    let now = service.environment.now()
    switch action {
    case .download(let server, let expected):
      guard try storedSeries(server.uid)?.hash == expected else { return changedMeanwhile() }
      try store(server, at: now)
      report.downloaded += 1
    case .deleteLocal(let uid, let expected):
      guard let stored = try storedSeries(uid), stored.hash == expected else { return changedMeanwhile() }
      for record in stored.records { _ = try store.events.delete(id: record.id) }
      if let todo = stored.todo { _ = try store.todos.delete(id: todo.id) }
      try store.syncItems.remove(uid: uid, href: nil, calendar: calendar.id)
      report.removedHere += 1
    case .conflict(let server, let local):
      guard let stored = try storedSeries(local.uid), stored.hash == local.hash else { return changedMeanwhile() }
      let copy = try keepCopy(of: stored, at: now)
      let event = try store(server, at: now)
      report.conflicts.append(SyncConflict(title: event.title, event: event, copy: copy))
    case .takeKeptLines(let server, let changes, let expected):
      // The same events (or to-do) as planned, too: the changes name them by id.
      guard let stored = try storedSeries(server.uid), stored.hash == expected,
        Set(changes.map(\.eventID)).isSubset(of: stored.todo.map { [$0.id] } ?? stored.eventIDs)
      else {
        abandonedMerges.insert(server.uid)
        return changedMeanwhile()
      }
      if let todo = stored.todo {
        var fields = todo.fields
        for change in changes { fields.keptLines = change.keptLines }
        _ = try store.todos.update(id: todo.id, fields, at: now)
      } else {
        // As the series goes up (``SyncAction/merged(_:_:status:)``): with the SEQUENCE counted here.
        for change in changes { try store.events.setKeptLines(of: change.eventID, to: change.keptLines) }
      }
      // The server's version is now what both sides last had, the edit here made on top of it: should the
      // upload that follows not happen (the network gone), the next sync sends the edit up, no conflict.
      try saveStatus(
        uid: server.uid, href: server.href, etag: server.etag, hash: server.hash, visibleHash: server.visibleHash)
    case .record(let server, let localHash):
      guard try storedSeries(server.uid)?.hash == localHash else { return changedMeanwhile() }
      try saveStatus(
        uid: server.uid, href: server.href, etag: server.etag, hash: localHash, visibleHash: server.visibleHash)
    case .recordVisibleHash(let uid, let visibleHash, let expected):
      // Changed here meanwhile: the next sync sends the change up, with the status it then saves.
      guard try storedSeries(uid)?.hash == expected else { return }
      try store.syncItems.setVisibleHash(visibleHash, uid: uid, calendar: calendar.id)
    case .forget(let uid, let href):
      try store.syncItems.remove(uid: uid, href: href, calendar: calendar.id)
    case .ignore(let href, let etag):
      try store.syncItems.save(SyncItemRecord(uid: nil, href: href, etag: etag, localHash: nil), calendar: calendar.id)
    case .create, .update, .deleteRemote:
      preconditionFailure("a remote action among the local ones")
    }
  }

  /// Stores the server's version of a series or to-do here (by UID, replacing the local one: an edited
  /// occurrence the resource no longer holds goes) with its status; returns the event (the series' first) or
  /// to-do stored.
  @discardableResult
  private func store(_ server: RemoteSeries, at now: Int64) throws -> SyncConflict.Item {
    let kept = Set(server.events.map(\.uid))
    let existingTodo = try store.todos.todo(uid: server.uid, calendar: calendar.id)
    for record in try storedSeries(server.uid)?.records ?? [] where !kept.contains(record.fields.uid ?? "") {
      _ = try store.events.delete(id: record.id)
    }
    if let todo = server.todo {
      if let existingTodo {
        _ = try store.todos.update(id: existingTodo.id, todo, at: now)
      } else {
        _ = try store.todos.insert(todo, calendar: calendar.id, at: now)
      }
    } else if let existingTodo {
      // A to-do the server holds an event under the UID of now.
      _ = try store.todos.delete(id: existingTodo.id)
    }
    for event in server.events { try service.save(event, calendar: calendar.id, at: now) }
    guard let stored = try storedSeries(server.uid) else {
      preconditionFailure("the series \(server.uid) was saved and cannot be read back")
    }
    try saveStatus(
      uid: server.uid, href: server.href, etag: server.etag, hash: stored.hash, visibleHash: stored.visibleHash)
    return Self.item(stored)
  }

  /// The event (the series' first) or to-do `series` stands for, for a report.
  private static func item(_ series: LocalSeries) -> SyncConflict.Item {
    if let todo = series.todo { return SyncConflict.Item(id: todo.id, title: todo.title, isTodo: true) }
    return SyncConflict.Item(id: series.records[0].id, title: series.records[0].title, isTodo: false)
  }

  /// The local side of a conflict, kept as new events (or a new to-do) on this side only, their titles
  /// marked; returns the first.
  private func keepCopy(of local: LocalSeries, at now: Int64) throws -> SyncConflict.Item {
    if let todo = local.todo {
      var fields = todo.fields
      fields.title = Self.conflictTitle(fields.title)
      fields.uid = nil
      let copy = try store.todos.insert(fields, calendar: calendar.id, at: now)
      if let uid = copy.fields.uid {
        try saveStatus(uid: uid, href: nil, etag: nil, hash: nil, visibleHash: nil)
      }
      return SyncConflict.Item(id: copy.id, title: copy.title, isTodo: true)
    }
    var copies: [EventRecord] = []
    for record in local.records { copies.append(try keepCopy(of: record, at: now)) }
    return SyncConflict.Item(id: copies[0].id, title: copies[0].title, isTodo: false)
  }

  private func keepCopy(of record: EventRecord, at now: Int64) throws -> EventRecord {
    var fields = record.fields
    fields.title = Self.conflictTitle(fields.title)
    fields.uid = nil
    // A copy is no occurrence of the series: written with the series' UID, it would stand in for it.
    fields.seriesLink = nil
    let copy = try store.events.insert(fields, calendar: calendar.id, at: now)
    for child in try store.events.children(of: record.id) {
      var childFields = child.fields
      childFields.parentID = copy.id
      if childFields.recurrenceDay != nil { childFields.title = Self.conflictTitle(childFields.title) }
      _ = try store.events.insert(childFields, at: now)
    }
    for day in try store.events.exceptions(eventID: record.id) {
      try store.events.addException(eventID: copy.id, day: day)
    }
    if let uid = copy.uid {
      try saveStatus(uid: uid, href: nil, etag: nil, hash: nil, visibleHash: nil)
    }
    return copy
  }

  /// `dentist (conflict)`.
  static func conflictTitle(_ title: String) -> String { title + " (conflict)" }

  private func changedMeanwhile() {
    complete = false
  }

  /// Saves what the sync leaves of a series: `hash` and `visibleHash` are of the series as both sides have it.
  private func saveStatus(uid: String?, href: String?, etag: String?, hash: Int64?, visibleHash: Int64?) throws {
    try store.syncItems.save(
      SyncItemRecord(uid: uid, href: href, etag: etag, localHash: hash, visibleHash: visibleHash),
      calendar: calendar.id)
  }

  /// Carries out a write to the server, then saves the status. A 412 (the resource changed or appeared
  /// meanwhile) or 404 reads the resource again and decides anew; a refusal of this one item is reported
  /// and the sync goes on; anything else stops it.
  ///
  /// - Parameter variant: which name a new resource takes (the next when the first is another event's).
  private func carryOutRemotely(_ action: SyncAction, attempt: Int, variant: Int = 0) throws {
    do {
      switch action {
      case .create(let local) where local.todo != nil && calendar.refusesTodos:
        // Not sent: the server would refuse it (RFC 4791's supported-calendar-component precondition).
        let todo = local.todo.map(CalendarService.name) ?? local.uid
        let held = (calendar.components ?? []).concatenated(separator: ", ")
        report.skipped.append(
          (local.uid, "the collection takes no to-dos (it holds \(held) only): \(todo) stays on this machine"))
        try finishedAction()
      case .create(let local): try create(local, attempt: attempt, variant: variant)
      case .update(let local, _, _) where abandonedMerges.contains(local.uid):
        return try finishedAction()
      case .update(let local, let href, let etag): try update(local, href: href, etag: etag, attempt: attempt)
      case .deleteRemote(let uid, let href, let etag): try deleteRemote(uid, href: href, etag: etag, attempt: attempt)
      default: preconditionFailure("a local action among the remote ones")
      }
    } catch let error as RemoteError {
      if case .unavailable = error { throw error }
      report.skipped.append((Self.subject(of: action), error.description))
      if error == .notFound || error == .preconditionFailed { complete = false }
      try finishedAction()
    }
  }

  private func create(_ local: LocalSeries, attempt: Int, variant: Int) throws {
    let href = try remote.href(forName: Self.resourceName(local.uid, variant: variant))
    let etag: String?
    do {
      etag = try remote.create(href: href, body: body(local))
    } catch .preconditionFailed {
      // Something is there already: our own upload from an interrupted sync, another client's, or (rarely)
      // another event under the same name, which the next variant of the name avoids.
      return try reconsider(local.uid, href: href, attempt: attempt, creating: (.create(local), variant + 1))
    }
    try uploaded(local, href: href, etag: etag)
  }

  private func update(_ local: LocalSeries, href: String, etag: String?, attempt: Int) throws {
    guard let etag else { return try reconsider(local.uid, href: href, attempt: attempt) }
    let newETag: String?
    do {
      newETag = try remote.update(href: href, body: body(local), etag: etag)
    } catch .preconditionFailed {
      return try reconsider(local.uid, href: href, attempt: attempt)
    } catch .notFound {
      return try reconsider(local.uid, href: nil, attempt: attempt)
    }
    try uploaded(local, href: href, etag: newETag)
  }

  private func deleteRemote(_ uid: String, href: String, etag: String?, attempt: Int) throws {
    guard let etag else { return try reconsider(uid, href: href, attempt: attempt) }
    do {
      try remote.delete(href: href, etag: etag)
      report.removedThere += 1
    } catch .notFound {
      // Gone already.
    } catch .preconditionFailed {
      return try reconsider(uid, href: href, attempt: attempt)
    }
    try service.write { try store.syncItems.remove(uid: uid, href: href, calendar: calendar.id) }
    try finishedAction()
  }

  /// After a write was refused because the resource is not as remembered: reads it (at `href`, if any) and
  /// does what the series now calls for. When `creating` and the resource holds another series, the create
  /// is tried again under the next name.
  private func reconsider(
    _ uid: String, href: String?, attempt: Int, creating: (action: SyncAction, variant: Int)? = nil
  ) throws {
    guard attempt < Self.attempts else {
      report.skipped.append((uid, "the server kept changing it; tried \(attempt) times"))
      complete = false
      return try finishedAction()
    }
    var fetched = Fetched()
    if let href {
      for resource in try remote.fetch([href]) { read(resource, into: &fetched) }
    }
    if let creating, fetched.series[uid] == nil {
      return try carryOutRemotely(creating.action, attempt: attempt + 1, variant: creating.variant)
    }
    let state: RemoteState
    if let series = fetched.series[uid] {
      state = .changed(series)
    } else {
      state = href.map(fetched.unreadable.contains) == true ? .unreadable : .absent
    }
    let (local, itemStatus) = try service.perform {
      try store.read { (try storedSeries(uid), try store.syncItems.item(uid: uid, calendar: calendar.id)) }
    }
    guard let decided = SyncAction.decide(local: local, status: itemStatus, remote: state, uid: uid) else {
      return try finishedAction()
    }
    for action in Self.merging(decided, status: itemStatus) {
      if action.isRemote {
        try carryOutRemotely(action, attempt: attempt + 1)
      } else {
        try service.write { try apply(action) }
      }
    }
  }

  /// `action`, or, for a conflict in which the server changed only the lines cal keeps without reading them,
  /// what merges both sides instead: those lines stored here, then the series so merged sent up.
  private static func merging(_ action: SyncAction, status: SyncItemRecord?) -> [SyncAction] {
    guard case .conflict(let server, let local) = action,
      let merge = SyncAction.merged(server, local, status: status)
    else { return [action] }
    return [
      .takeKeptLines(server, changes: merge.changes, expected: local.hash),
      .update(merge.series, href: server.href, etag: server.etag),
    ]
  }

  /// Saves the status of a series just written to the server, its ETag read back when the server did not
  /// give one.
  private func uploaded(_ local: LocalSeries, href: String, etag: String?) throws {
    var etag = etag
    if etag == nil { etag = try remote.fetch([href]).first?.etag }
    let visibleHash = local.visibleHash
    try service.write {
      try saveStatus(uid: local.uid, href: href, etag: etag, hash: local.hash, visibleHash: visibleHash)
    }
    report.uploaded += 1
    try finishedAction()
  }

  /// The iCalendar text uploaded for a series or to-do.
  private func body(_ local: LocalSeries) -> String {
    if let todo = local.todo {
      var spans: [String: (first: CivilDate, last: CivilDate?)] = [:]
      var zones: [String: ZoneInfo] = [:]
      for (name, day) in ICSWriter.zones(of: todo.fields) {
        let span = spans[name]
        spans[name] = (min(span?.first ?? day, day), max(span?.last ?? day, day))
        if zones[name] == nil { zones[name] = try? service.environment.zones.zone(name) }
      }
      let writer = ICSWriter(product: options.product, now: service.environment.now(), zones: zones)
      var bytes: [UInt8] = []
      writer.header(timeZones: spans, into: &bytes)
      writer.todo(todo, into: &bytes)
      writer.footer(into: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    }
    return ICSWriter(
      product: options.product, now: service.environment.now(), zones: service.zones(of: local.exported)
    ).calendar(local.exported)
  }

  /// The name of a new resource: the UID when it is plain enough for a URL, else a hash of it; another name
  /// for each further variant (when the first is taken by another event).
  static func resourceName(_ uid: String, variant: Int) -> String {
    let plain =
      uid.utf8.count <= 200
      && uid.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "@._-".unicodeScalars.contains(scalar))
      }
    let base = plain && !uid.hasPrefix(".") ? uid : "cal-" + String(UInt64(bitPattern: ContentHash.of(uid)), radix: 16)
    return base + (variant > 0 ? "-\(variant)" : "") + ".ics"
  }

  /// The UID or href an action is about, for a report.
  private static func subject(of action: SyncAction) -> String {
    switch action {
    case .create(let local), .update(let local, _, _), .conflict(_, let local): local.uid
    case .deleteRemote(let uid, _, _), .deleteLocal(let uid, _), .recordVisibleHash(let uid, _, _): uid
    case .forget(let uid, let href): uid ?? href ?? ""
    case .download(let server, _), .record(let server, _), .takeKeptLines(let server, _, _): server.uid
    case .ignore(let href, _): href
    }
  }

  // MARK: Progress

  private func finishedAction() throws {
    actions += 1
    advance(by: 1)
    try options.afterAction(actions)
  }

  private func advance(by count: Int) {
    done += count
    options.progress(min(done, total), total)
  }
}
