/// Keeping the lines a to-do's source held that cal does not read (``TodoFields/keptLines``) true to what cal
/// changed.
extension TodoFields {
  /// The kept lines once the to-do was changed from `old` to these fields: a `PERCENT-COMPLETE` left out when
  /// the status changed (a to-do marked done at 40% would say both), and a `DTSTART` left out when the due
  /// day changed so that it no longer comes before it as RFC 5545 asks (§3.8.2.3: not after the DUE, and a
  /// date where the DUE is a date, a date and time where it has a time). The lines themselves otherwise.
  public func keptLines(afterChangeFrom old: TodoFields) -> String? {
    guard let kept = keptLines else { return nil }
    let statusChanged = status != old.status
    let dueChanged = due != old.due
    guard statusChanged || dueChanged else { return kept }
    var lines = kept.split(separator: "\n", omittingEmptySubsequences: false)
    let own = EventFields.ownProperties(among: lines).count
    var index = 0
    var end = own
    while index < end {
      let name = Self.propertyName(lines[index])
      if (statusChanged && name == "PERCENT-COMPLETE")
        || (dueChanged && name == "DTSTART" && !fits(start: lines[index]))
      {
        lines.remove(at: index)
        end -= 1
      } else {
        index += 1
      }
    }
    return lines.isEmpty ? nil : lines.concatenated(separator: "\n")
  }

  /// A content line's name, upper-cased: what comes before its first `;` or `:`.
  private static func propertyName(_ line: Substring) -> String {
    String(line.prefix { $0 != ";" && $0 != ":" }).uppercased()
  }

  /// Whether the kept `DTSTART` line `line` still goes with the due day and time: of the same kind (a date
  /// or a date and time) and not after it. Times are compared as written, zones aside: a start the same day
  /// in another zone is kept whatever its hour.
  private func fits(start line: Substring) -> Bool {
    guard let due, let colon = line.lastIndex(of: ":") else { return true }
    let value = line[line.index(after: colon)...]
    let digits = value.prefix(8)
    guard digits.count == 8, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return false }
    let isDate = !value.contains("T")
    guard isDate == (due.time == nil) else { return false }
    let dueDigits = String(due.day.description.filter { $0 != "-" })
    guard digits <= Substring(dueDigits) else { return false }
    guard digits == Substring(dueDigits), let time = due.time, !isDate, let t = value.firstIndex(of: "T") else {
      return true
    }
    // The same day: the hours are compared where both are on one clock (both floating, or both in one zone).
    let parameters = line[..<colon].uppercased()
    // A value in UTC (`...Z`) is on the clock of a DUE in UTC, whose zone is named UTC.
    let zone =
      parameters.split(separator: ";").first { $0.hasPrefix("TZID=") }?.dropFirst(5)
      ?? (value.hasSuffix("Z") ? "UTC" : nil)
    let floating = zone == nil
    let sameClock = due.timeZone.map { zone == Substring($0.uppercased()) } ?? floating
    guard sameClock else { return true }
    let hoursAndMinutes = value[value.index(after: t)...].prefix(4)
    return hoursAndMinutes <= Substring(time.description.filter { $0 != ":" })
  }
}
