/// What of a VEVENT `cal` does not read but keeps, to write back as it came: attendees, the organizer,
/// categories, status, URLs, attachments, other products' X- properties, alarms that are no reminders. The
/// same of a VTODO: what is not one of a to-do's fields (the alarms all, as a to-do has no reminders).
extension ICSImporter.Context {
  /// The most bytes of such lines one event keeps: an attachment written inline can be megabytes.
  static let maximumKeptBytes = 1 << 20

  /// The most lines, as an export folds them, of such lines one event keeps: half of what an import reads of
  /// one component (``ICSScan/maximumComponentLines``), so that cal's own lines fit beside them when the
  /// event is exported and imported again. (A megabyte of short lines would be 300,000.)
  static let maximumKeptLines = ICSScan.maximumComponentLines / 2

  /// The nesting a kept component may have below the event: an export writes the event inside a VCALENDAR,
  /// so the component's deepest part must stand within ``ICSParser/maximumDepth`` of it (a loose VEVENT, read
  /// one level higher, may hold one level more than its export can).
  static let maximumKeptNesting = ICSParser.maximumDepth - 2

  /// The lines an export folds a content line of `bytes` octets into, at most: 75 octets on the first, and at
  /// least 71 after each continuation's space (a character of up to 4 octets is not split).
  static func foldedLines(_ bytes: Int) -> Int {
    bytes <= 75 ? 1 : 1 + (bytes - 75 + 70) / 71
  }

  /// How many components deep `component` goes, itself counted.
  private static func nesting(_ component: ICSComponent) -> Int {
    1 + (component.components.lazy.map(nesting).max() ?? 0)
  }

  /// Whether a VALARM has what RFC 5545 §3.6.6 requires of every alarm, one ACTION and one TRIGGER: one
  /// without is left out rather than written back as a component other products may refuse.
  private static func isWholeAlarm(_ alarm: ICSComponent) -> Bool {
    alarm.properties(.action).count == 1 && alarm.properties(.trigger).count == 1
  }

  /// Whether `cal` reads a property of this name into an event's own fields, or makes it anew when it writes
  /// one: then it is not kept. (A switch: a set hashes the name of every property of an import.)
  private static func isRead(_ name: ICSName) -> Bool {
    switch name {
    case .uid, .dtstart, .dtend, .duration, .rrule, .exdate, .rdate, .summary, .description, .location,
      .recurrenceID, .dtstamp, .created, .lastModified:
      true
    case .other, .begin, .end, .status, .tzid, .tzoffsetfrom, .tzoffsetto, .xWRTimezone, .sequence, .trigger, .action:
      false
    }
  }

  /// Whether `cal` reads a property of a VTODO into a to-do's own fields, or makes it anew when it writes one.
  /// DTSTART is read, and kept as the importer writes it (see ``todo(_:uid:notes:)``).
  private static func isReadOfTodo(_ property: ICSProperty) -> Bool {
    switch property.known {
    case .uid, .dtstart, .duration, .summary, .description, .location, .status, .dtstamp, .created,
      .lastModified:
      return true
    case .other: return property.name == "DUE" || property.name == "PRIORITY" || property.name == "COMPLETED"
    default: return false
    }
  }

  /// The content lines (unfolded, one a line) of `component` that `cal` does not read, nested components
  /// whole but for the alarms it reads as reminders (of a VTODO, `isTodo`, every alarm is kept); `nil` when
  /// there are none. Lines past ``maximumKeptBytes``, and those holding a control character, are left out
  /// and named in `notes`.
  static func keptLines(of component: ICSComponent, isTodo: Bool = false, notes: inout ImportNotes) -> String? {
    var kept = ""
    var keptLines = 0
    var leftOut: [(name: String, line: Int)] = []
    /// Keeps `lines` (a property's one, or a component's all: half an alarm is no alarm), or none of them.
    func keep(_ lines: some Collection<String>, name: String, at number: Int) {
      // RFC 5545 allows no control character but HTAB in a content line (a CR or NUL would also end it
      // early where it is written or stored): such a line is not written back.
      let bytes = lines.reduce(0) { $0 + $1.utf8.count + 1 }
      let folded = lines.reduce(0) { $0 + foldedLines($1.utf8.count) }
      guard
        !lines.contains(where: { $0.containsControlCharacter() }),
        kept.utf8.count + bytes <= maximumKeptBytes, keptLines + folded <= maximumKeptLines
      else {
        leftOut.append((name, number))
        return
      }
      for line in lines {
        if !kept.isEmpty { kept += "\n" }
        kept += line
      }
      keptLines += folded
    }
    func keepWhole(_ nested: ICSComponent) {
      // Nested too deep to be read again once exported, or an alarm that is none: left out, and named.
      guard nesting(nested) <= maximumKeptNesting, nested.name != "VALARM" || isWholeAlarm(nested) else {
        leftOut.append((nested.name, nested.line))
        return
      }
      var lines = ["BEGIN:" + nested.name]
      func gather(_ component: ICSComponent) {
        lines += component.properties.indices.map(component.contentLine(at:))
        for inner in component.components {
          lines.append("BEGIN:" + inner.name)
          gather(inner)
          lines.append("END:" + inner.name)
        }
      }
      gather(nested)
      lines.append("END:" + nested.name)
      keep(lines, name: nested.name, at: nested.line)
    }
    for index in component.properties.indices
    where !(isTodo ? isReadOfTodo(component.properties[index]) : isRead(component.properties[index].known)) {
      let property = component.properties[index]
      // One line, not an array of one: an import keeps a dozen a Google event.
      keep(CollectionOfOne(component.contentLine(at: index)), name: property.name, at: property.line)
    }
    for nested in component.components where isTodo || !(nested.name == "VALARM" && ICSAlarm.isReminder(nested)) {
      keepWhole(nested)
    }
    if let first = leftOut.first {
      notes.approximate(
        line: first.line,
        "\(leftOut.count) of the \(isTodo ? "to-do" : "event")'s properties cal does not read (\(first.name) first) "
          + "were left out: \(isTodo ? "a to-do" : "an event") keeps at most \(maximumKeptBytes >> 20) MiB and "
          + "\(maximumKeptLines) lines of them, without control characters, components at most "
          + "\(maximumKeptNesting) deep and alarms with one ACTION and one TRIGGER")
    }
    return kept.isEmpty ? nil : kept
  }
}
