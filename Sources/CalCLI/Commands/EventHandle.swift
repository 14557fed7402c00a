import CalCore

/// What names an event on the command line, as `list` prints it: `3` or `#3`, and for one occurrence of a
/// series `3@2024-05-22` or `#3@2024-05-22` (the same as `3 --on 2024-05-22`).
struct EventHandle {
  /// The argument's help.
  static let help = "The event's id, as add and list print it (#3 or 3); #3@2024-05-22 names one occurrence."

  /// The event's id.
  let id: Int64
  /// The occurrence's day, when the handle names one.
  let day: CivilDate?

  init(parsing text: String) throws(UsageError) {
    let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
    let digits = parts[0].hasPrefix("#") ? parts[0].dropFirst() : parts[0]
    guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int64(digits), id > 0 else {
      throw UsageError(
        "'\(text)' is not an event id: expected a positive whole number such as 3, or 3@2024-05-22 for one occurrence")
    }
    self.id = id
    if parts.count == 2 {
      do {
        day = try CivilDate(parsing: String(parts[1]))
      } catch {
        throw UsageError("'\(text)' is not an event id: after @ comes the occurrence's day, \(error)")
      }
    } else {
      day = nil
    }
  }

  /// The occurrence the handle and `--on` name together: either, or both when they agree.
  func occurrence(or option: CivilDate?) throws(UsageError) -> CivilDate? {
    if let day, let option, day != option {
      throw UsageError("#\(id)@\(day) and --on \(option) name different occurrences: give one")
    }
    return day ?? option
  }
}
