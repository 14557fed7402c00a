/// What of a VEVENT `cal` does not read but keeps, to write back as it came: attendees, the organizer,
/// categories, status, URLs, attachments, other products' X- properties, alarms that are no reminders.
extension ICSImporter.Context {
  /// The most bytes of such lines one event keeps: an attachment written inline can be megabytes.
  static let maximumKeptBytes = 1 << 20

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

  /// The content lines (unfolded, one a line) of `component` that `cal` does not read, nested components
  /// whole but for the alarms it reads as reminders; `nil` when there are none. Lines past
  /// ``maximumKeptBytes`` are left out, and named in `notes`.
  static func keptLines(of component: ICSComponent, notes: inout ImportNotes) -> String? {
    var kept = ""
    var leftOut: [(name: String, line: Int)] = []
    func keep(_ line: String, name: String, at number: Int) -> Bool {
      // A CR or NUL inside a line would end it early where it is written or stored.
      guard !line.containsByte(0x0D) && !line.containsByte(0) else {
        leftOut.append((name, number))
        return false
      }
      guard kept.utf8.count + line.utf8.count + 1 <= maximumKeptBytes else {
        leftOut.append((name, number))
        return false
      }
      if !kept.isEmpty { kept += "\n" }
      kept += line
      return true
    }
    func keepWhole(_ nested: ICSComponent) {
      var lines = ["BEGIN:" + nested.name]
      func gather(_ component: ICSComponent) {
        lines += component.properties.map(\.contentLine)
        for inner in component.components {
          lines.append("BEGIN:" + inner.name)
          gather(inner)
          lines.append("END:" + inner.name)
        }
      }
      gather(nested)
      lines.append("END:" + nested.name)
      // A component goes whole or not at all: half an alarm is no alarm.
      _ = keep(lines.concatenated(separator: "\n"), name: nested.name, at: nested.line)
    }
    for property in component.properties where !isRead(property.known) {
      _ = keep(property.contentLine, name: property.name, at: property.line)
    }
    for nested in component.components where !(nested.name == "VALARM" && ICSAlarm.isReminder(nested)) {
      keepWhole(nested)
    }
    if let first = leftOut.first {
      notes.approximate(
        line: first.line,
        "\(leftOut.count) of the event's properties cal does not read (\(first.name) first) were left out: an event "
          + "keeps at most \(maximumKeptBytes >> 20) MiB of them, without CR or NUL characters")
    }
    return kept.isEmpty ? nil : kept
  }
}
