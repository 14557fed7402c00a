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
    for (index, (name, text)) in names.enumerated() where text.utf8CodeUnitCount == bytes.count {
      let pattern = text.utf8Start
      var matches = true
      for offset in 0..<bytes.count {
        let byte = bytes[offset]
        if (byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte) != pattern[offset] {
          matches = false
          break
        }
      }
      if matches { return (name, strings[index]) }
    }
    return nil
  }

  /// The known name `text` (upper-case) is, or ``other``.
  init(_ text: String) {
    var copy = text
    self = copy.withUTF8 { Self.recognise($0)?.0 } ?? .other
  }
}
