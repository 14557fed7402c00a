/// Turns iCalendar components into `cal` events, the way Google Calendar, Outlook, Apple Calendar,
/// Thunderbird and Nextcloud mean them.
public struct ICSImporter {
  let loadZone: (String) throws(ZoneError) -> ZoneInfo

  /// An importer that finds time zones with `loadZone`.
  public init(loadZone: @escaping (String) throws(ZoneError) -> ZoneInfo) {
    self.loadZone = loadZone
  }

  /// Reads the events of `components` (the top level of a file), all in memory, and their to-dos when
  /// `todos` reads them (into ``ImportResult/todos``).
  ///
  /// - Parameter skipInvalid: leave out events that cannot be read (and name them) instead of failing.
  /// - Throws: `ICSError` for the first event that cannot be read, unless `skipInvalid`.
  public func read(_ components: [ICSComponent], skipInvalid: Bool, todos: TodoReading = .eventsOnly) throws(ICSError)
    -> ImportResult
  {
    // Every setting counts as late: each event sees its calendar's zones wherever they stand.
    var scan = ICSScan()
    var calendars = 0
    var items: [ICSParser.Item] = []
    for component in components {
      let children: [ICSComponent]
      if component.name == "VCALENDAR" {
        items.append(.calendar(index: calendars, line: component.line))
        scan.late[calendars] = ICSScan.Settings(
          timeZones: component.components.filter { $0.name == "VTIMEZONE" },
          calendarZone: component.property(.xWRTimezone))
        items += component.components.map { .component($0, calendar: calendars) }
        children = component.components
        calendars += 1
      } else {
        items.append(.component(component, calendar: nil))
        if component.name == "VTIMEZONE" { scan.lateLoose.timeZones.append(component) }
        children = [component]
      }
      for child in children where child.name == "VEVENT" && child.property(.recurrenceID) != nil {
        if let uid = child.property(.uid)?.text.trimmingSpaces(), !uid.isEmpty { scan.overrideUIDs.insert(uid) }
      }
    }
    var keeper = EventKeeper()
    var session = Session(importer: self, scan: scan, skipInvalid: skipInvalid, todos: todos)
    // Notes apart from the result: `keep` changes its events while the session holds the notes.
    var notes = ImportNotes()
    var keptTodos: [ImportedTodo] = []
    do {
      for item in items {
        try session.take(item, notes: &notes, { keeper.keep($0, &$1) }, keepTodo: { todo, _ in keptTodos.append(todo) })
      }
      try session.finish(notes: &notes) { keeper.keep($0, &$1) }
    } catch let error as ICSError {
      throw error
    } catch {
      preconditionFailure("keeping events in memory throws nothing: \(error)")
    }
    keeper.result.notes = notes
    keeper.result.todos = keptTodos
    return keeper.result
  }

  /// Reads the events of the file `input` reads, which `scan` (``ICSParser/scan(_:)``) has checked, into
  /// memory, one component at a time: the file is never held as a tree of its components as well (for a
  /// large feed, twice its size again).
  ///
  /// - Parameter skipInvalid: leave out events that cannot be read (and name them) instead of failing.
  /// - Throws: `ICSError` for the first event that cannot be read, unless `skipInvalid`; what `input` throws.
  public func read<Input: ICSInput>(_ input: inout Input, scan: ICSScan, skipInvalid: Bool) throws -> ImportResult {
    var keeper = EventKeeper()
    var notes = ImportNotes()
    try read(&input, scan: scan, skipInvalid: skipInvalid, notes: &notes) { keeper.keep($0, &$1) }
    keeper.result.notes = notes
    return keeper.result
  }

  /// Reads the events of the file `input` reads, which `scan` (``ICSParser/scan(_:)``) has checked, one at a
  /// time: only the event at hand is in memory (and series with edited occurrences, which are gathered until
  /// the end of the file, where they are handed over).
  ///
  /// - Parameters:
  ///   - skipInvalid: leave out events that cannot be read (and name them) instead of failing.
  ///   - notes: gets what was left out or approximated.
  ///   - progress: called with the number of VEVENTs read so far (of `scan.eventCount`).
  ///   - looksUpKnown: whether to ask `isKnown`, for each event of its own with a UID, whether an event of
  ///     that UID with that ``ImportedEvent/sourceHash`` is there already; such an event is not read (nor
  ///     handed to `event`).
  ///   - todos: whether to-dos (VTODO) are read, each handed to `todo`, or left out (and named in `notes`).
  ///   - todo: gets each to-do, its UID set; the same UID may come twice (the later one is meant to replace
  ///     the earlier).
  ///   - event: gets each event. A UID the importer made up (``ImportedEvent/uidIsSynthetic``) is still to
  ///     be numbered; the same UID may come twice (the later one is meant to replace the earlier).
  /// - Throws: `ICSError` for the first event or to-do that cannot be read, unless `skipInvalid`; what
  ///   `input`, `progress`, `isKnown`, `todo` or `event` throw.
  public func read<Input: ICSInput>(
    _ input: inout Input, scan: ICSScan, skipInvalid: Bool, notes: inout ImportNotes,
    progress: (Int) throws -> Void = { _ in }, looksUpKnown: Bool = false,
    isKnown: (_ uid: String, _ hash: UInt64) throws -> Bool = { _, _ in false },
    todos: TodoReading = .eventsOnly, todo: (consuming ImportedTodo, inout ImportNotes) throws -> Void = { _, _ in },
    event: (consuming ImportedEvent, inout ImportNotes) throws -> Void
  ) throws {
    var session = Session(importer: self, scan: scan, skipInvalid: skipInvalid, todos: todos)
    try ICSParser.read(
      &input, scan: scan, gathers: looksUpKnown,
      skip: { raw in
        guard try session.skip(raw, notes: &notes, isKnown: isKnown) else { return false }
        try progress(session.eventsRead)
        return true
      }
    ) { item in
      try session.take(item, notes: &notes, event, keepTodo: todo)
      if case .component(let component, _) = item, component.name == "VEVENT" { try progress(session.eventsRead) }
    }
    try session.finish(notes: &notes, event)
  }

  /// Where hashes of events (``ImportedEvent/sourceHash``) start: another value whenever the same lines come
  /// to be read differently, so that an event imported before is read again.
  static let readingVersion: UInt64 = 0x6361_6C30_0000_0002

  /// FNV-1a, for synthetic UIDs.
  static func hash(_ text: String) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
    return String(value, radix: 16)
  }
}
