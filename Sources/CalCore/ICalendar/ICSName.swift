/// The property names the importer reads, recognised once, when a line is parsed: an import looks properties
/// up by name a dozen times an event, and comparing a small number is cheaper than comparing strings.
enum ICSName: UInt8, Sendable {
  case other
  case begin, end, uid, dtstart, dtend, duration, rrule, exdate, rdate, summary, description, location
  case recurrenceID, status, tzid, tzoffsetfrom, tzoffsetto, xWRTimezone, dtstamp, created, lastModified
  case sequence, trigger, action

  /// Every known name, with its text.
  static let names: [(ICSName, StaticString)] = [
    (.begin, "BEGIN"), (.end, "END"), (.uid, "UID"), (.dtstart, "DTSTART"), (.dtend, "DTEND"),
    (.duration, "DURATION"), (.rrule, "RRULE"), (.exdate, "EXDATE"), (.rdate, "RDATE"), (.summary, "SUMMARY"),
    (.description, "DESCRIPTION"), (.location, "LOCATION"), (.recurrenceID, "RECURRENCE-ID"), (.status, "STATUS"),
    (.tzid, "TZID"), (.tzoffsetfrom, "TZOFFSETFROM"), (.tzoffsetto, "TZOFFSETTO"), (.xWRTimezone, "X-WR-TIMEZONE"),
    (.dtstamp, "DTSTAMP"), (.created, "CREATED"), (.lastModified, "LAST-MODIFIED"), (.sequence, "SEQUENCE"),
    (.trigger, "TRIGGER"), (.action, "ACTION"),
  ]

  /// The strings of ``names``, made once.
  private static let strings: [String] = names.map { $0.1.description }

  /// The known name `bytes` spell in any case, with its upper-case text; `nil` for any other name.
  static func recognise(_ bytes: UnsafeBufferPointer<UInt8>) -> (ICSName, String)? {
    // Only the names of the line's length are compared (a million lines in an import: looking through every
    // name was a tenth of reading them).
    let name: ICSName
    switch bytes.count {
    case 3: name = spelled(bytes, "UID", .uid) ?? spelled(bytes, "END", .end) ?? .other
    case 4: name = spelled(bytes, "TZID", .tzid) ?? .other
    case 5:
      name =
        spelled(bytes, "BEGIN", .begin) ?? spelled(bytes, "DTEND", .dtend) ?? spelled(bytes, "RRULE", .rrule)
        ?? spelled(bytes, "RDATE", .rdate) ?? .other
    case 6:
      name =
        spelled(bytes, "EXDATE", .exdate) ?? spelled(bytes, "STATUS", .status) ?? spelled(bytes, "ACTION", .action)
        ?? .other
    case 7:
      name =
        spelled(bytes, "DTSTART", .dtstart) ?? spelled(bytes, "SUMMARY", .summary)
        ?? spelled(bytes, "DTSTAMP", .dtstamp) ?? spelled(bytes, "CREATED", .created)
        ?? spelled(bytes, "TRIGGER", .trigger) ?? .other
    case 8:
      name =
        spelled(bytes, "DURATION", .duration) ?? spelled(bytes, "LOCATION", .location)
        ?? spelled(bytes, "SEQUENCE", .sequence) ?? .other
    case 10: name = spelled(bytes, "TZOFFSETTO", .tzoffsetto) ?? .other
    case 11: name = spelled(bytes, "DESCRIPTION", .description) ?? .other
    case 12: name = spelled(bytes, "TZOFFSETFROM", .tzoffsetfrom) ?? .other
    case 13:
      name =
        spelled(bytes, "RECURRENCE-ID", .recurrenceID) ?? spelled(bytes, "X-WR-TIMEZONE", .xWRTimezone)
        ?? spelled(bytes, "LAST-MODIFIED", .lastModified) ?? .other
    default: name = .other
    }
    return name == .other ? nil : (name, strings[Int(name.rawValue) - 1])
  }

  /// `name` when `bytes` spell `text` (upper-case, of their length) in any case.
  @inline(__always)
  private static func spelled(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString, _ name: ICSName) -> ICSName? {
    let pattern = text.utf8Start
    for offset in 0..<bytes.count {
      let byte = bytes[offset]
      if (byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte) != pattern[offset] { return nil }
    }
    return name
  }

  /// The known name `text` (upper-case) is, or ``other``.
  init(_ text: String) {
    var copy = text
    self = copy.withUTF8 { Self.recognise($0)?.0 } ?? .other
  }
}
