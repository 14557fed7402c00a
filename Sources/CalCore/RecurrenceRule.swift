/// An RFC 5545 recurrence rule (`RRULE`), the parts `cal` supports: FREQ (DAILY, WEEKLY, MONTHLY, YEARLY),
/// INTERVAL, COUNT or UNTIL, BYDAY (with ordinals), BYMONTHDAY, BYYEARDAY and BYWEEKNO (with FREQ=YEARLY),
/// BYMONTH, BYSETPOS and WKST.
public struct RecurrenceRule: Equatable, Sendable, CustomStringConvertible {
  /// How often the rule's periods come round.
  public enum Frequency: String, CaseIterable, Sendable {
    case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
  }

  /// A weekday, optionally the nth (or nth from last, when negative) of its month or year: `2TU`, `-1FR`.
  public struct WeekdayOccurrence: Equatable, Hashable, Sendable {
    /// 1 for the first, -1 for the last; `nil` for every such weekday.
    public let ordinal: Int?
    /// The weekday.
    public let weekday: Weekday

    /// Creates a weekday occurrence.
    public init(_ weekday: Weekday, ordinal: Int? = nil) {
      self.weekday = weekday
      self.ordinal = ordinal
    }
  }

  /// The frequency.
  public var frequency: Frequency
  /// Every how many periods; at least 1.
  public var interval: Int
  /// How many occurrences in all, counting the first.
  public var count: Int?
  /// The last day an occurrence may fall on.
  public var until: CivilDate?
  /// BYDAY.
  public var byDay: [WeekdayOccurrence]
  /// BYMONTHDAY: 1...31 or -31...-1 (from the end of the month).
  public var byMonthDay: [Int]
  /// BYMONTH: 1...12.
  public var byMonth: [Int]
  /// BYYEARDAY: 1...366 or -366...-1 (from the end of the year); FREQ=YEARLY only.
  public var byYearDay: [Int] {
    get { numbered?.yearDays ?? [] }
    set { numbered = NumberedDays(yearDays: newValue, weekNumbers: byWeekNumber).nonEmpty }
  }
  /// BYWEEKNO: 1...53 or -53...-1 (from the last week), weeks as ISO 8601 numbers them but starting on
  /// ``weekStart``; FREQ=YEARLY only.
  public var byWeekNumber: [Int] {
    get { numbered?.weekNumbers ?? [] }
    set { numbered = NumberedDays(yearDays: byYearDay, weekNumbers: newValue).nonEmpty }
  }
  /// BYYEARDAY and BYWEEKNO, `nil` when there are none: a listing copies each series' rule several times,
  /// and two more arrays in every rule, retained and released with each copy, cost it 1.5%; an absent
  /// optional costs nothing.
  private var numbered: NumberedDays?

  /// Whether the rule has BYYEARDAY or BYWEEKNO.
  var hasNumberedDays: Bool { numbered != nil }

  /// The values of BYYEARDAY and BYWEEKNO.
  private struct NumberedDays: Equatable, Sendable {
    var yearDays: [Int]
    var weekNumbers: [Int]

    /// These values, or `nil` when there are none.
    var nonEmpty: NumberedDays? { yearDays.isEmpty && weekNumbers.isEmpty ? nil : self }
  }
  /// BYSETPOS: which of each period's occurrences to keep, 1-based, negative from the end.
  public var bySetPosition: [Int]
  /// WKST: the day weeks start on, for WEEKLY rules with an interval and for BYWEEKNO.
  public var weekStart: Weekday

  /// A rule from its parts.
  public init(
    frequency: Frequency, interval: Int = 1, count: Int? = nil, until: CivilDate? = nil,
    byDay: [WeekdayOccurrence] = [], byMonthDay: [Int] = [], byMonth: [Int] = [], byYearDay: [Int] = [],
    byWeekNumber: [Int] = [], bySetPosition: [Int] = [], weekStart: Weekday = .monday
  ) {
    self.frequency = frequency
    self.interval = interval
    self.count = count
    self.until = until
    self.byDay = byDay
    self.byMonthDay = byMonthDay
    self.byMonth = byMonth
    self.numbered = NumberedDays(yearDays: byYearDay, weekNumbers: byWeekNumber).nonEmpty
    self.bySetPosition = bySetPosition
    self.weekStart = weekStart
  }

  static let weekdayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

  /// Parses RRULE text such as `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=10`. UNTIL may be a DATE or a
  /// DATE-TIME; only its date is kept. The parts are checked by ``validate()``.
  public init(parsing text: String) throws(RecurrenceError) {
    var frequency: Frequency?
    var rule = RecurrenceRule(frequency: .daily)
    for part in text.split(separator: ";") where !part.isEmpty {
      let pieces = part.split(separator: "=", maxSplits: 1)
      guard pieces.count == 2 else { throw .malformed("'\(part)' is not NAME=VALUE") }
      let name = pieces[0].uppercased()
      let value = String(pieces[1])
      switch name {
      case "FREQ":
        guard let parsed = Frequency(rawValue: value.uppercased()) else {
          let periods = ["HOURLY", "MINUTELY", "SECONDLY"]
          throw .unsupported("FREQ=\(value)" + (periods.contains(value.uppercased()) ? " (\(Self.severalTimes))" : ""))
        }
        frequency = parsed
      case "INTERVAL": rule.interval = try Self.integer(value, name, in: Self.intervalRange)
      case "COUNT": rule.count = try Self.integer(value, name, in: Self.countRange)
      case "UNTIL":
        let digits = value.prefix(8)
        guard digits.count == 8,
          let date = try? CivilDate(parsing: "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.suffix(2))")
        else { throw .malformed("UNTIL=\(value) is not a date") }
        rule.until = date
      case "BYDAY":
        rule.byDay = try value.split(separator: ",").map { item throws(RecurrenceError) in
          try Self.weekdayOccurrence(item)
        }
      case "BYMONTHDAY": rule.byMonthDay = try Self.integers(value, name, in: Self.byMonthDayRange)
      case "BYMONTH": rule.byMonth = try Self.integers(value, name, in: Self.byMonthRange)
      case "BYYEARDAY": rule.byYearDay = try Self.integers(value, name, in: Self.byYearDayRange)
      case "BYWEEKNO": rule.byWeekNumber = try Self.integers(value, name, in: Self.byWeekNumberRange)
      case "BYSETPOS": rule.bySetPosition = try Self.integers(value, name, in: Self.bySetPositionRange)
      case "WKST":
        guard let index = Self.weekdayCodes.firstIndex(of: value.uppercased()) else {
          throw .malformed("WKST=\(value)")
        }
        rule.weekStart = Weekday(rawValue: index)!
      case "BYHOUR", "BYMINUTE", "BYSECOND":
        // An import keeps those that repeat DTSTART's time (``withoutStartTime(_:secondOfDay:)``).
        throw .unsupported("\(name) (\(Self.oneStartTime))")
      default:
        throw .unsupported(name)
      }
    }
    guard let frequency else { throw .malformed("the rule has no FREQ") }
    rule.frequency = frequency
    try rule.validate()
    self = rule
  }

  /// The comma-separated numbers of `text`, each read by ``integer(_:_:in:)``.
  private static func integers(_ text: String, _ name: String, in range: ClosedRange<Int>) throws(RecurrenceError)
    -> [Int]
  {
    try text.split(separator: ",").map { item throws(RecurrenceError) in try integer(String(item), name, in: range) }
  }

  /// The number in `text`; its range is checked by ``validate()``, and named here only for digits beyond
  /// any integer.
  private static func integer(_ text: String, _ name: String, in range: ClosedRange<Int>) throws(RecurrenceError) -> Int
  {
    if let value = Int(text) { return value }
    let digits = text.drop { $0 == "+" || $0 == "-" }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw .malformed("\(name)=\(text) is not a number")
    }
    throw outOfRange(name, text, range)
  }

  private static func weekdayOccurrence(_ item: Substring) throws(RecurrenceError) -> WeekdayOccurrence {
    let code = item.suffix(2).uppercased()
    guard let index = weekdayCodes.firstIndex(of: code) else { throw .malformed(notAWeekday(item)) }
    let prefix = item.dropLast(2)
    guard !prefix.isEmpty else { return WeekdayOccurrence(Weekday(rawValue: index)!) }
    guard let ordinal = Int(prefix) else { throw .malformed(notAWeekday(item)) }
    return WeekdayOccurrence(Weekday(rawValue: index)!, ordinal: ordinal)
  }

  /// What is wrong with `item` of a BYDAY, with the forms it may take.
  private static func notAWeekday(_ item: Substring) -> String {
    "BYDAY=\(item) is not a weekday such as MO, or one with its place in the month or year such as 2TU or -1FR"
  }

  /// The RRULE text, parts in a fixed order.
  public var description: String {
    var parts = ["FREQ=\(frequency.rawValue)"]
    if interval != 1 { parts.append("INTERVAL=\(interval)") }
    if let count { parts.append("COUNT=\(count)") }
    if let until { parts.append("UNTIL=" + until.description.split(separator: "-").concatenated()) }
    // The BY parts in RFC 5545's order of evaluation.
    for (name, values) in [
      ("BYMONTH", byMonth), ("BYWEEKNO", byWeekNumber), ("BYYEARDAY", byYearDay), ("BYMONTHDAY", byMonthDay),
    ] where !values.isEmpty {
      parts.append(name + "=" + values.map(String.init).concatenated(separator: ","))
    }
    if !byDay.isEmpty {
      parts.append(
        "BYDAY="
          + byDay.map { ($0.ordinal.map(String.init) ?? "") + Self.weekdayCodes[$0.weekday.rawValue] }
          .concatenated(separator: ","))
    }
    if !bySetPosition.isEmpty {
      parts.append("BYSETPOS=" + bySetPosition.map(String.init).concatenated(separator: ","))
    }
    if weekStart != .monday { parts.append("WKST=" + Self.weekdayCodes[weekStart.rawValue]) }
    return parts.concatenated(separator: ";")
  }
}

/// A recurrence rule that cannot be used.
public enum RecurrenceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The rule is written wrongly.
  case malformed(String)
  /// The rule uses a part `cal` does not support (BYHOUR, BYMINUTE, BYSECOND, FREQ=HOURLY ...).
  case unsupported(String)

  /// One line for the user.
  public var description: String {
    switch self {
    case .malformed(let detail): return "malformed recurrence rule: \(detail)"
    case .unsupported(let part): return "unsupported recurrence rule part \(part)"
    }
  }
}
