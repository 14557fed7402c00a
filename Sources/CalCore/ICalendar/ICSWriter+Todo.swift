/// Writing to-dos as VTODO components (RFC 5545 §3.6.2).
extension ICSWriter {
  /// One to-do as a VTODO: its UID, DTSTAMP, CREATED and LAST-MODIFIED as an event's, SUMMARY, DESCRIPTION,
  /// LOCATION, DUE (a DATE, or a DATE-TIME in UTC, with its TZID (whose VTIMEZONE the header writes when
  /// ``zones`` holds it) or floating for the user's own clock), PRIORITY unless none, STATUS, COMPLETED in
  /// UTC when it is done, then the lines it was imported with that cal does not read.
  public func todo(_ todo: TodoRecord, into output: inout [UInt8]) {
    let fields = todo.fields
    Self.fold("BEGIN:VTODO", into: &output)
    Self.textLine("UID:", fields.uid ?? "\(todo.id)@cal", into: &output)
    output += stampLine
    Self.fold("CREATED:" + Self.utc(todo.createdAt), into: &output)
    Self.fold("LAST-MODIFIED:" + Self.utc(todo.updatedAt), into: &output)
    Self.textLine("SUMMARY:", fields.title, into: &output)
    if let note = fields.note { Self.textLine("DESCRIPTION:", note, into: &output) }
    if let location = fields.location { Self.textLine("LOCATION:", location, into: &output) }
    if let due = fields.due {
      Self.appendDates(
        "DUE", CollectionOfOne(due.day), time: due.time, zone: due.timeZone, zoneParameters: zoneParameters,
        period: nil, into: &output)
    }
    if fields.priority != .none { Self.fold("PRIORITY:\(fields.priority.value)", into: &output) }
    Self.fold("STATUS:" + fields.status.iCalendarValue, into: &output)
    if fields.status == .done, let completed = fields.completedAt {
      Self.fold("COMPLETED:" + Self.utc(completed), into: &output)
    }
    if let kept = fields.keptLines {
      for line in kept.split(separator: "\n", omittingEmptySubsequences: true) {
        Self.fold(String(line), into: &output)
      }
    }
    Self.fold("END:VTODO", into: &output)
  }

  /// The zones a VTIMEZONE is needed for to write `todo`, each with the day it is needed on: its DUE's, and
  /// the DTSTART's it was imported with (kept as the importer writes it, see ``ICSImporter``), but UTC.
  public static func zones(of todo: TodoFields) -> [(zone: String, day: CivilDate)] {
    var zones: [(zone: String, day: CivilDate)] = []
    if let due = todo.due, let zone = due.timeZone, zone != "UTC" { zones.append((zone, due.day)) }
    if let start = todo.keptStart, let zone = start.zone, zone != "UTC" { zones.append((zone, start.day)) }
    return zones
  }
}

extension TodoFields {
  /// The DTSTART the to-do was imported with, as the importer keeps it (the first kept line: `DTSTART`, then
  /// `;VALUE=DATE` or `;TZID=` and the zone, quoted when it must be, then the value): its day and zone;
  /// `nil` without one.
  var keptStart: (day: CivilDate, zone: String?)? {
    guard let kept = keptLines, kept.hasPrefix("DTSTART;") || kept.hasPrefix("DTSTART:") else { return nil }
    let line = kept.prefix { $0 != "\n" }.dropFirst("DTSTART".count)
    var zone: String?
    var rest = line[...]
    if rest.hasPrefix(";TZID=") {
      rest = rest.dropFirst(";TZID=".count)
      if rest.first == "\"" {
        let name = rest.dropFirst().prefix { $0 != "\"" }
        zone = String(name)
        rest = rest.dropFirst(name.count + 2)
      } else {
        let name = rest.prefix { $0 != ":" }
        zone = String(name)
        rest = rest.dropFirst(name.count)
      }
    }
    guard let colon = rest.firstIndex(of: ":"), let value = ICSDateTime(String(rest[rest.index(after: colon)...]))
    else { return nil }
    return (value.date, value.isUTC ? "UTC" : zone)
  }
}
