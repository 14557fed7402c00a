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
  /// ``maximumKeptBytes``, and those holding a control character, are left out and named in `notes`.
  static func keptLines(of component: ICSComponent, notes: inout ImportNotes) -> String? {
    var kept = ""
    var leftOut: [(name: String, line: Int)] = []
    /// Keeps `lines` (a property's one, or a component's all: half an alarm is no alarm), or none of them.
    func keep(_ lines: [String], name: String, at number: Int) {
      // RFC 5545 allows no control character but HTAB in a content line (a CR or NUL would also end it
      // early where it is written or stored): such a line is not written back.
      let bytes = lines.reduce(0) { $0 + $1.utf8.count + 1 }
      guard
        !lines.contains(where: { $0.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F } }),
        kept.utf8.count + bytes <= maximumKeptBytes
      else {
        leftOut.append((name, number))
        return
      }
      for line in lines {
        if !kept.isEmpty { kept += "\n" }
        kept += line
      }
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
      keep(lines, name: nested.name, at: nested.line)
    }
    for property in component.properties where !isRead(property.known) {
      keep([property.contentLine], name: property.name, at: property.line)
    }
    for nested in component.components where !(nested.name == "VALARM" && ICSAlarm.isReminder(nested)) {
      keepWhole(nested)
    }
    if let first = leftOut.first {
      notes.approximate(
        line: first.line,
        "\(leftOut.count) of the event's properties cal does not read (\(first.name) first) were left out: an event "
          + "keeps at most \(maximumKeptBytes >> 20) MiB of them, without control characters")
    }
    return kept.isEmpty ? nil : kept
  }
}
