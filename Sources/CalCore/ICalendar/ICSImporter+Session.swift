/// Reading the components of a file in order.
extension ICSImporter {
  /// What one reading of a file keeps between components: the current calendar's settings, and the series
  /// with edited occurrences, gathered until the end.
  struct Session {
    let importer: ICSImporter
    let scan: ICSScan
    let skipInvalid: Bool
    /// Whether to-dos are read, or left out.
    let todos: TodoReading
    /// The current VCALENDAR's settings, and its line.
    var calendar: Context?
    var calendarLine = 0
    /// The settings of the components outside any VCALENDAR.
    var loose: Context?
    /// Series with edited occurrences, in the order their first component came.
    var groups: [Group] = []
    var groupIndex: [String: Int] = [:]
    /// How many VEVENTs have been read.
    private(set) var eventsRead = 0
    /// For each UID made up for to-dos without one, how many have had it so far.
    private var todoNumbers: [String: Int] = [:]

    /// A series with edited occurrences: its own VEVENT (when the file has it) and its edited occurrences,
    /// each with the settings of the calendar it stands in.
    struct Group {
      var uid: String
      var master: (component: ICSComponent, context: Context)?
      var overrides: [(component: ICSComponent, recurrence: ICSProperty, context: Context)] = []
    }

    init(importer: ICSImporter, scan: ICSScan, skipInvalid: Bool, todos: TodoReading = .eventsOnly) {
      self.importer = importer
      self.scan = scan
      self.skipInvalid = skipInvalid
      self.todos = todos
    }

    /// Takes one item of the second pass; complete events go to `keep`, to-dos (when they are read) to
    /// `keepTodo`.
    mutating func take(
      _ item: ICSParser.Item, notes: inout ImportNotes,
      _ keep: (consuming ImportedEvent, inout ImportNotes) throws -> Void,
      keepTodo: (consuming ImportedTodo, inout ImportNotes) throws -> Void = { _, _ in }
    ) throws {
      switch item {
      case .calendar(let index, let line):
        notes.beginEvent()
        calendarLine = line
        calendar = Context(
          loadZone: importer.loadZone, settings: scan.late[index] ?? ICSScan.Settings(), line: line, notes: &notes)
      case .calendarProperty(let property):
        if property.name == "X-WR-TIMEZONE" {
          notes.beginEvent()
          calendar?.setCalendarZone(property, calendarLine: calendarLine, notes: &notes)
        }
      case .ignoredLine(let line): notes.skip("line", line: line, "not a content line (NAME:value)")
      case .repaired(let line, let note): notes.approximate(line: line, note)
      case .component(let component, let index):
        notes.beginEvent()
        if index == nil && loose == nil {
          loose = Context(loadZone: importer.loadZone, settings: scan.lateLoose, line: 0, notes: &notes)
        }
        try take(component, isLoose: index == nil, notes: &notes, keep, keepTodo: keepTodo)
      }
    }

    private mutating func take(
      _ component: ICSComponent, isLoose: Bool, notes: inout ImportNotes,
      _ keep: (consuming ImportedEvent, inout ImportNotes) throws -> Void,
      keepTodo: (consuming ImportedTodo, inout ImportNotes) throws -> Void
    ) throws {
      switch component.name {
      case "VTIMEZONE":
        if isLoose { loose?.define(component, notes: &notes) } else { calendar?.define(component, notes: &notes) }
      case "VEVENT":
        eventsRead += 1
        guard isLoose ? loose != nil : calendar != nil else { return }
        let uid = component.property(.uid)?.text.trimmingSpaces() ?? ""
        if !uid.isEmpty, let recurrence = component.property(.recurrenceID) {
          groups[group(uid)].overrides.append((component, recurrence, isLoose ? loose! : calendar!))
        } else if !uid.isEmpty && scan.overrideUIDs.contains(uid) {
          let index = group(uid)
          if let earlier = groups[index].master {
            notes.skip(
              "VEVENT", line: component.line,
              "a second event with the UID of line \(earlier.component.line); the later one is kept")
          }
          groups[index].master = (component, isLoose ? loose! : calendar!)
        } else {
          // The settings are read and changed where they are kept: a copy of them for each event, and its
          // writing back, cost more than reading most events.
          guard
            var event = isLoose
              ? try Self.convert(component, uid: uid, context: &loose!, skipInvalid: skipInvalid, notes: &notes)
              : try Self.convert(component, uid: uid, context: &calendar!, skipInvalid: skipInvalid, notes: &notes)
          else { return }
          if !uid.isEmpty, let hash = component.sourceHash {
            event.sourceHash = Self.sourceHash(hash, isLoose ? loose!.fingerprint : calendar!.fingerprint)
          }
          try keep(consume event, &notes)
        }
      case "VTODO":
        if case .skip(let reason) = todos {
          notes.skip("VTODO", line: component.line, reason)
          return
        }
        guard isLoose ? loose != nil : calendar != nil else { return }
        if component.property(.recurrenceID) != nil {
          notes.skip(
            "VTODO", line: component.line,
            "an occurrence of a repeating to-do changed on its own (RECURRENCE-ID): cal keeps the repeating to-do "
              + "as one")
          return
        }
        let uid = todoUID(component)
        guard
          let todo = isLoose
            ? try Self.convertTodo(component, uid: uid, context: &loose!, skipInvalid: skipInvalid, notes: &notes)
            : try Self.convertTodo(component, uid: uid, context: &calendar!, skipInvalid: skipInvalid, notes: &notes)
        else { return }
        try keepTodo(todo, &notes)
      case "VJOURNAL": notes.skip("VJOURNAL", line: component.line, "journal entries are not events")
      case "VFREEBUSY": notes.skip("VFREEBUSY", line: component.line, "free/busy information is not kept")
      default: notes.skip(component.name, line: component.line, "not a calendar component cal knows")
      }
    }

    /// Whether the VEVENT `raw` is left out because `isKnown` says it is there already: only an event of its
    /// own (with a UID, no edited occurrences, not one itself) can be.
    mutating func skip(
      _ raw: ICSRawEvent, notes: inout ImportNotes, isKnown: (String, UInt64) throws -> Bool
    ) throws -> Bool {
      if raw.isLoose && loose == nil {
        loose = Context(loadZone: importer.loadZone, settings: scan.lateLoose, line: 0, notes: &notes)
      }
      guard !raw.isOverride, let uid = raw.uid, !uid.isEmpty, !scan.overrideUIDs.contains(uid),
        let context = raw.isLoose ? loose : calendar
      else { return false }
      guard try isKnown(uid, Self.sourceHash(raw.hash, context.fingerprint)) else { return false }
      eventsRead += 1
      return true
    }

    /// An event's ``ImportedEvent/sourceHash``: the hash of its lines and of what they are read with (the
    /// ``Context/fingerprint`` of its calendar).
    static func sourceHash(_ lines: UInt64, _ fingerprint: UInt64) -> UInt64 {
      (fingerprint ^ lines) &* 0x100_0000_01b3
    }

    /// The index of the group of `uid`, made when it is new.
    private mutating func group(_ uid: String) -> Int {
      if let index = groupIndex[uid] { return index }
      groupIndex[uid] = groups.count
      groups.append(Group(uid: uid))
      return groups.count - 1
    }

    /// One VEVENT (not an edited occurrence) as an event, with `uid` or, without one, a synthetic UID;
    /// `nil` when it cannot be kept (and then named in `notes`).
    private static func convert(
      _ component: ICSComponent, uid: String, context: inout Context, skipInvalid: Bool, notes: inout ImportNotes
    ) throws(ICSError) -> ImportedEvent? {
      do {
        guard var event = try context.event(component, uid: uid, notes: &notes) else { return nil }
        if uid.isEmpty {
          // The same content gives the same UID, so importing the file again updates instead of adding.
          let key = "\(component.property(.dtstart)?.value ?? "")|\(component.property(.summary)?.value ?? "")"
          event.uid = "cal-import-\(ICSImporter.hash(key))"
          event.uidIsSynthetic = true
        }
        return event
      } catch {
        guard skipInvalid else { throw error }
        notes.skip("VEVENT", line: error.line ?? component.line, error.message)
        return nil
      }
    }

    /// The UID of the VTODO `component`, or without one a synthetic UID: the same content gives the same UID,
    /// numbered in file order, so that importing the file again updates instead of adding.
    private mutating func todoUID(_ component: ICSComponent) -> String {
      let uid = component.property(.uid)?.text.trimmingSpaces() ?? ""
      guard uid.isEmpty else { return uid }
      let key = [
        "VTODO", component.property("DUE")?.value, component.property(.dtstart)?.value,
        component.property(.summary)?.value,
      ].map { $0 ?? "" }.concatenated(separator: "|")
      let base = "cal-import-\(ICSImporter.hash(key))"
      todoNumbers[base, default: 0] += 1
      return "\(base)-\(todoNumbers[base]!)"
    }

    /// One VTODO as a to-do with `uid`; `nil` when it cannot be kept (and then named in `notes`).
    private static func convertTodo(
      _ component: ICSComponent, uid: String, context: inout Context, skipInvalid: Bool, notes: inout ImportNotes
    ) throws(ICSError) -> ImportedTodo? {
      do {
        return ImportedTodo(fields: try context.todo(component, uid: uid, notes: &notes), line: component.line)
      } catch {
        guard skipInvalid else { throw error }
        notes.skip("VTODO", line: error.line ?? component.line, error.message)
        return nil
      }
    }

    /// Hands over the series with edited occurrences, each with them; edited occurrences whose series is
    /// not in the file become events of their own, linked to that series by its UID and their RECURRENCE-ID
    /// (see ``ImportedEvent/seriesLink``).
    mutating func finish(notes: inout ImportNotes, _ keep: (consuming ImportedEvent, inout ImportNotes) throws -> Void)
      throws
    {
      for group in groups {
        notes.beginEvent()
        if let (component, context) = group.master {
          var masterContext = context
          if var master = try Self.convert(
            component, uid: group.uid, context: &masterContext, skipInvalid: skipInvalid, notes: &notes)
          {
            for (override, recurrence, context) in group.overrides {
              notes.beginEvent()
              var overrideContext = context
              try apply(override, recurrence, to: &master, context: &overrideContext, notes: &notes)
            }
            try keep(master, &notes)
            continue
          }
        }
        for (component, recurrence, context) in group.overrides {
          notes.beginEvent()
          var overrideContext = context
          do {
            if var event = try overrideContext.event(
              component, uid: group.uid, notes: &notes, singleOccurrence: true)
            {
              let recurrenceID = try overrideContext.recurrenceID(recurrence, notes: &notes)
              // The key cal knows it by: unique among the series' occurrences, and the same on every import
              // and in what cal exports (which writes the RECURRENCE-ID as kept).
              event.uid = group.uid + "-" + recurrenceID.value
              event.seriesLink = SeriesLink(uid: group.uid, recurrenceID: recurrenceID)
              try keep(event, &notes)
            }
          } catch let error as ICSError {
            guard skipInvalid else { throw error }
            notes.skip("VEVENT", line: error.line ?? component.line, error.message)
          }
        }
      }
      groups = []
      groupIndex = [:]
    }

    /// Applies an edited (or cancelled) occurrence to its series.
    private func apply(
      _ component: ICSComponent, _ recurrence: ICSProperty, to master: inout ImportedEvent, context: inout Context,
      notes: inout ImportNotes
    ) throws(ICSError) {
      do {
        let day = try context.occurrenceDay(recurrence, of: master.schedule, notes: &notes)
        if component.property(.status)?.value.uppercased().trimmingSpaces() == "CANCELLED" {
          master.exceptions.append(day)
        } else if let event = try context.event(component, uid: master.uid, notes: &notes, singleOccurrence: true) {
          if recurrence.parameter("RANGE")?.uppercased() == "THISANDFUTURE" {
            notes.approximate(line: component.line, "RANGE=THISANDFUTURE read as this occurrence only")
          }
          master.overrides.append((day, event))
        }
      } catch {
        guard skipInvalid else { throw error }
        notes.skip("VEVENT", line: error.line ?? component.line, error.message)
      }
    }
  }
}
