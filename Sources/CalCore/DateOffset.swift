/// A distance from today as people write it: `+3d`, `-2w`, `+1m`, `+1y`, `in 3 days`, or unsigned for a
/// number of days to come (`2w`).
public struct DateOffset: Equatable, Sendable {
  /// What the count counts.
  public enum Unit: Sendable {
    case days, weeks, months, years
  }

  /// How many units, negative for the past. Input beyond `Int` is held at its bounds: it is beyond any
  /// calendar too, and `day(from:)` and `month(from:)` say so.
  public let count: Int
  /// The unit.
  public let unit: Unit

  /// An offset from its parts.
  public init(count: Int, unit: Unit) {
    self.count = count
    self.unit = unit
  }

  /// `+3d`, `-2w`, `+1m`, `+1y` (a sign is required, unless `signed` is false: then `3d`, `2w` without
  /// one), or `in 3 days`, `in 1 week`, `in 2 months`, `in 1 year` as words; `nil` for anything else.
  public init?(_ words: [Substring], signed: Bool = true) {
    switch words.count {
    case 1:
      var text = words[0]
      var sign = 1
      if let first = text.first, first == "+" || first == "-" {
        sign = first == "-" ? -1 : 1
        text = text.dropFirst()
      } else if signed {
        return nil
      }
      guard let letter = text.last, let unit = Self.letters[letter], let count = Self.number(text.dropLast()) else {
        return nil
      }
      self.init(count: sign == 1 ? count : -count, unit: unit)
    case 3:
      guard words[0] == "in", let count = Self.number(words[1]), let unit = Self.words[words[2]] else { return nil }
      self.init(count: count, unit: unit)
    default:
      return nil
    }
  }

  private static let letters: [Character: Unit] = ["d": .days, "w": .weeks, "m": .months, "y": .years]
  private static let words: [Substring: Unit] = [
    "day": .days, "days": .days, "week": .weeks, "weeks": .weeks, "month": .months, "months": .months,
    "year": .years, "years": .years,
  ]

  /// A run of ASCII digits as a number, held at `Int.max` when larger; `nil` for anything else.
  private static func number(_ text: Substring) -> Int? {
    guard !text.isEmpty else { return nil }
    var value = 0
    for byte in text.utf8 {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      value = overflow || overflow2 ? .max : sum
    }
    return value
  }

  /// The day this far from `day` (a month or a year from the 31st is the last day of a shorter month);
  /// `nil` outside the years 1 to 9999.
  public func day(from day: CivilDate) -> CivilDate? {
    switch unit {
    case .days: return day.adding(days: count)
    case .weeks:
      let (days, overflow) = count.multipliedReportingOverflow(by: 7)
      return overflow ? nil : day.adding(days: days)
    case .months, .years:
      guard let months = monthCount, let month = day.yearMonth.adding(months: months) else { return nil }
      return month.day(min(day.day, month.numberOfDays))
    }
  }

  /// The month this far from `month`, for months and years; `nil` for days and weeks, and outside the years
  /// 1 to 9999.
  public func month(from month: YearMonth) -> YearMonth? {
    monthCount.flatMap { month.adding(months: $0) }
  }

  private var monthCount: Int? {
    switch unit {
    case .days, .weeks: return nil
    case .months: return count
    case .years:
      let (months, overflow) = count.multipliedReportingOverflow(by: 12)
      return overflow ? .max : months
    }
  }
}
