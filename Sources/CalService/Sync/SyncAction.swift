import CalCore

/// A series as it is here: the stored events, what the writer makes of them, and their hash. One resource
/// holds one series: a series cal keeps whole, or the edited occurrences of a series kept elsewhere (see
/// ``SeriesLink``), each stored as an event of its own, which go up and come down together. Or a to-do
/// (`todo`, without events), which a resource holds alone as one VTODO: synced by its UID as a series is.
struct LocalSeries {
  /// The series (one event), or its edited occurrences (one event each), by RECURRENCE-ID.
  let records: [EventRecord]
  /// For each of `records`, the ids of the stored events its exported overrides were made of, in their order.
  let overrideIDs: [[Int64]]
  let exported: [ExportedEvent]
  let hash: Int64
  /// The series' UID: the key of its status.
  let uid: String
  /// The to-do, when it is one (`records` is then empty).
  let todo: TodoRecord?

  /// The series made of `records`, the ids of their overrides and what the writer makes of them (all three
  /// in the same order).
  init(records: [EventRecord], overrideIDs: [[Int64]], exported: [ExportedEvent]) {
    let order = exported.indices.sorted { SeriesHash.precedes(exported[$0], exported[$1]) }
    self.records = order.map { records[$0] }
    self.overrideIDs = order.map { overrideIDs[$0] }
    self.exported = order.map { exported[$0] }
    hash = SeriesHash.of(self.exported)
    uid = exported.first.map(SeriesHash.key) ?? ""
    todo = nil
  }

  /// The to-do `todo`.
  init(todo: TodoRecord) {
    records = []
    overrideIDs = []
    exported = []
    hash = SeriesHash.of(todo.fields)
    uid = todo.fields.uid ?? ""
    self.todo = todo
  }

  /// Its hash without the lines cal keeps without reading (``SeriesHash/visible(_:)``).
  var visibleHash: Int64 {
    if let todo { return SeriesHash.visible(todo.fields, hash: hash) }
    return SeriesHash.visible(exported, hash: hash)
  }

  /// The ids of the stored events the series is made of: its records and their edited occurrences.
  var eventIDs: Set<Int64> {
    Set(records.map(\.id) + overrideIDs.joined())
  }
}

/// A series as the server has it: its resource, and the events read from it (the series, or the edited
/// occurrences of a series kept elsewhere), or the to-do it holds.
struct RemoteSeries {
  let href: String
  let etag: String?
  let events: [ImportedEvent]
  let hash: Int64

  /// The series' UID.
  let uid: String
  /// The to-do, when the resource holds one (`events` is then empty).
  var todo: TodoFields? = nil

  /// Its hash without the lines cal keeps without reading (``SeriesHash/visible(_:)``).
  var visibleHash: Int64 {
    if let todo { return SeriesHash.visible(todo, hash: hash) }
    return SeriesHash.visible(events.map(SyncEngine.exported), hash: hash)
  }

  /// Its hash without the lines cal keeps without reading, and without the edited occurrences that only
  /// repeat their occurrence (``SeriesHash/visibleWithoutAnswers(_:)``).
  var visibleHashWithoutAnswers: Int64 {
    SeriesHash.visibleWithoutAnswers(events.map(SyncEngine.exported))
  }
}

/// What the server side of one series looks like at this sync, next to the status.
enum RemoteState {
  /// Not on the server (removed since, or never there).
  case absent
  /// Where the status says, with the ETag it remembers.
  case unchanged
  /// New or changed since the last sync, read.
  case changed(RemoteSeries)
  /// On the server but unreadable now: left alone on both sides.
  case unreadable
}

/// One step of a sync, vdirsyncer's actions: each is carried out and saved on its own (local ones in small
/// batches), so an interrupted sync leaves every finished step recorded.
enum SyncAction {
  /// Create the series on the server.
  case create(LocalSeries)
  /// Replace the series on the server, if it still has ETag `etag` there.
  case update(LocalSeries, href: String, etag: String?)
  /// Remove the series from the server, if it still has ETag `etag` there.
  case deleteRemote(uid: String, href: String, etag: String?)
  /// Store the server's version here; `expected` is the local hash it replaces (`nil`: there is none).
  case download(RemoteSeries, expected: Int64?)
  /// Remove the series here; `expected` is its local hash.
  case deleteLocal(uid: String, expected: Int64)
  /// Both sides changed: the server's version replaces the local one, which is kept as a copy.
  case conflict(RemoteSeries, LocalSeries)
  /// The server changed only lines cal keeps without reading them (an attendee's answer, another client's
  /// X- property): the kept lines `changes` gives (``KeptLinesMerge/changes``) are stored here, if the series
  /// still has local hash `expected`; an update of the server with the series so merged follows.
  case takeKeptLines(RemoteSeries, changes: [KeptLinesChange], expected: Int64)
  /// Both sides hold the same: only the status is written.
  case record(RemoteSeries, localHash: Int64)
  /// The status of a series unchanged on both sides since a sync by a `cal` that kept no visible hash
  /// (``SyncItemRecord/visibleHash``): the series' is written into it, if it still has local hash `expected`.
  case recordVisibleHash(uid: String, visibleHash: Int64, expected: Int64)
  /// Both sides are gone: the status forgets the series (by UID), or a resource (by href).
  case forget(uid: String?, href: String?)
  /// A resource that holds nothing cal keeps: remembered so that it is not read again until it changes.
  case ignore(href: String, etag: String?)

  /// Whether carrying it out writes to the server.
  var isRemote: Bool {
    switch self {
    case .create, .update, .deleteRemote: true
    default: false
    }
  }

  /// What a series' two sides and its status call for; `nil` for nothing.
  static func decide(local: LocalSeries?, status: SyncItemRecord?, remote: RemoteState, uid: String) -> SyncAction? {
    if let status, status.isLocalOnly {
      // A conflict's copy never goes to the server; its status goes with it.
      return local == nil ? .forget(uid: uid, href: nil) : nil
    }
    let unchangedHere = local != nil && status?.localHash == local?.hash
    switch remote {
    case .unreadable:
      return nil
    case .absent:
      guard let local else { return status == nil ? nil : .forget(uid: uid, href: nil) }
      // Removed on the server: removed here too, unless it changed here since (then it goes up again).
      return unchangedHere ? .deleteLocal(uid: uid, expected: local.hash) : .create(local)
    case .unchanged:
      guard let status, let href = status.href else { return nil }
      guard let local else { return .deleteRemote(uid: uid, href: href, etag: status.etag) }
      guard unchangedHere else { return .update(local, href: href, etag: status.etag) }
      // Both sides as the last sync left them: the series here is what the status is of.
      guard status.visibleHash == nil else { return nil }
      return .recordVisibleHash(uid: uid, visibleHash: local.visibleHash, expected: local.hash)
    case .changed(let server):
      let sameResource = status?.href == server.href
      guard let local else {
        if let status, removalGoesUp(over: server, status: status) {
          return .deleteRemote(uid: uid, href: server.href, etag: server.etag)
        }
        return .download(server, expected: nil)
      }
      // Saved again as both sides had it at the last sync (another client's new DTSTAMP or a property cal
      // does not keep): only the ETag moved, so what changed here goes up.
      if sameResource, status?.localHash == server.hash, !unchangedHere {
        return .update(local, href: server.href, etag: server.etag)
      }
      if unchangedHere { return .download(server, expected: local.hash) }
      // Both sides new or changed: the same content is no conflict.
      return server.hash == local.hash ? .record(server, localHash: local.hash) : .conflict(server, local)
    }
  }

  /// Whether a series removed here, which the server changed to `server` since the last sync (`status`), is
  /// removed there too. It is when what changed is nothing the user sees: the resource saved again as both
  /// sides had it (another client's new DTSTAMP), or only the lines cal keeps without reading (an attendee's
  /// answer, another client's X- property), which would otherwise bring the event back at every save of such
  /// a client; or an answer to one occurrence, a copy of it with its RECURRENCE-ID that an attendee's client
  /// or the server's scheduling saves beside the series: that occurrence is the series', removed here with it.
  /// Any other change brings the series back, so that it is not lost unseen. So do edited occurrences the
  /// server holds without their series (in its place, or in a resource of their own), whatever they say: with
  /// the series gone here, nothing tells a copy that only carries an answer from one the organizer moved or
  /// renamed, and a removal that came back can be made again, while a change deleted unseen is lost.
  private static func removalGoesUp(over server: RemoteSeries, status: SyncItemRecord) -> Bool {
    guard status.href == server.href else { return false }
    if status.localHash == server.hash { return true }
    guard let visibleHash = status.visibleHash else { return false }
    return visibleHash == server.visibleHash || visibleHash == server.visibleHashWithoutAnswers
  }

  /// For a conflict in which the server changed only the lines cal keeps without reading them, while this
  /// side changed what cal reads (the kept lines never change here but by a sync or an import): the local
  /// series with the server's kept lines, to go up in place of both sides, and those lines to store here.
  /// `nil` when the server changed more, or there is no status to tell what both sides had at the last sync.
  static func merged(_ server: RemoteSeries, _ local: LocalSeries, status: SyncItemRecord?) -> KeptLinesMerge? {
    if local.todo != nil || server.todo != nil { return mergedTodo(server, local, status: status) }
    guard let base = status?.localHash, status?.href == server.href else { return nil }
    let theirs = server.events.map(SyncEngine.exported)
    /// The event of `events` that stands for the same occurrence as `event` (or is the series, as it is).
    func counterpart(of event: ExportedEvent, in events: [ExportedEvent]) -> ExportedEvent? {
      events.first { $0.seriesLink?.recurrenceID == event.seriesLink?.recurrenceID }
    }
    // The server's series with this side's kept lines (and its own SEQUENCE, which this side counts up when
    // it changes when an event happens): what the last sync stored, if the server changed nothing else.
    let theirsWithOurs = theirs.map { KeptLines.carried(from: counterpart(of: $0, in: local.exported), to: $0) }
    guard SeriesHash.of(theirsWithOurs) == base else { return nil }
    let oursWithTheirs = local.exported.map { KeptLines.carried(from: counterpart(of: $0, in: theirs), to: $0) }
    var changes: [KeptLinesChange] = []
    for (index, (before, after)) in zip(local.exported, oursWithTheirs).enumerated() {
      if after.keptLines != before.keptLines {
        changes.append(KeptLinesChange(eventID: local.records[index].id, keptLines: after.keptLines))
      }
      // `carried` keeps the overrides where they are: the override ids still go with them.
      for (id, (old, new)) in zip(local.overrideIDs[index], zip(before.overrides, after.overrides))
      where new.event.keptLines != old.event.keptLines {
        changes.append(KeptLinesChange(eventID: id, keptLines: new.event.keptLines))
      }
    }
    return KeptLinesMerge(
      series: LocalSeries(records: local.records, overrideIDs: local.overrideIDs, exported: oursWithTheirs),
      changes: changes)
  }
}

extension SyncAction {
  /// ``merged(_:_:status:)`` for a to-do: the local to-do with the server's kept lines, when the server changed
  /// nothing else since the last sync (a to-do has no SEQUENCE cal counts: the lines are taken whole).
  fileprivate static func mergedTodo(_ server: RemoteSeries, _ local: LocalSeries, status: SyncItemRecord?)
    -> KeptLinesMerge?
  {
    guard let base = status?.localHash, status?.href == server.href, let theirs = server.todo, let ours = local.todo
    else { return nil }
    var theirsWithOurs = theirs
    theirsWithOurs.keptLines = ours.fields.keptLines
    guard SeriesHash.of(theirsWithOurs) == base else { return nil }
    var oursWithTheirs = ours.fields
    oursWithTheirs.keptLines = theirs.keptLines
    let merged = TodoRecord(
      id: ours.id, fields: oursWithTheirs, calendarID: ours.calendarID, createdAt: ours.createdAt,
      updatedAt: ours.updatedAt)
    return KeptLinesMerge(
      series: LocalSeries(todo: merged),
      changes: oursWithTheirs.keptLines == ours.fields.keptLines
        ? [] : [KeptLinesChange(eventID: ours.id, keptLines: theirs.keptLines)])
  }
}

/// The kept lines one stored event (a series, one of its edited occurrences, or an edited occurrence of a
/// series kept elsewhere) or to-do (`eventID` then the to-do's id) takes in a merge.
struct KeptLinesChange {
  let eventID: Int64
  let keptLines: String?
}

/// A conflict in which the server changed only kept lines, merged (``SyncAction/merged(_:_:status:)``).
struct KeptLinesMerge {
  /// The local series with the server's kept lines: what goes up.
  let series: LocalSeries
  /// The kept lines that change here, one for each stored event whose lines the server's differ from (the
  /// others are left as they are).
  let changes: [KeptLinesChange]
}

/// Carrying the kept lines (``EventFields/keptLines``) of one side's series over to the other's.
enum KeptLines {
  /// `event` with the kept lines of `source` (and of each of its edited occurrences, matched by the day of
  /// the occurrence they replace), but for the `SEQUENCE` of `event`'s own: an edit here that changed when
  /// the event happens counts it up, and the other side's lines do not undo that. `event` itself without a
  /// source, and each occurrence without a match.
  static func carried(from source: ExportedEvent?, to event: ExportedEvent) -> ExportedEvent {
    guard let source else { return event }
    var event = event
    event.keptLines = EventFields.keptLines(source.keptLines, withSequenceOf: event.keptLines)
    event.overrides = event.overrides.map { day, override in
      guard let match = source.overrides.first(where: { $0.day == day }) else { return (day, override) }
      var override = override
      override.keptLines = EventFields.keptLines(match.event.keptLines, withSequenceOf: override.keptLines)
      return (day, override)
    }
    return event
  }
}
