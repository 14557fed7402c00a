import CalCore
import Testing

@Suite("Recurrence rule limits")
struct RecurrenceRuleLimitTests {
  private func expectRefused(
    _ rule: RecurrenceRule, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(throws: RecurrenceError.malformed(message), sourceLocation: sourceLocation) { try rule.validate() }
    // The same rule as text is refused by the parser with the same words.
    #expect(throws: RecurrenceError.malformed(message), sourceLocation: sourceLocation) {
      try RecurrenceRule(parsing: rule.description)
    }
  }

  @Test("a rule built from parts is checked against the limits the parser uses")
  func limits() {
    expectRefused(RecurrenceRule(frequency: .daily, interval: 100_001), "INTERVAL=100001 is out of range: 1 to 100000")
    expectRefused(RecurrenceRule(frequency: .daily, interval: -1), "INTERVAL=-1 is out of range: 1 to 100000")
    expectRefused(
      RecurrenceRule(frequency: .daily, count: 2_147_483_648), "COUNT=2147483648 is out of range: 1 to 2147483647")
    expectRefused(RecurrenceRule(frequency: .monthly, byMonthDay: [0]), "BYMONTHDAY=0 does not exist")
    expectRefused(RecurrenceRule(frequency: .monthly, byMonthDay: [32]), "BYMONTHDAY=32 is out of range: -31 to 31")
    expectRefused(RecurrenceRule(frequency: .yearly, byMonth: [13]), "BYMONTH=13 is out of range: 1 to 12")
    expectRefused(RecurrenceRule(frequency: .yearly, bySetPosition: [0]), "BYSETPOS=0 does not exist")
    expectRefused(
      RecurrenceRule(frequency: .yearly, bySetPosition: [-367]), "BYSETPOS=-367 is out of range: -366 to 366")
    expectRefused(RecurrenceRule(frequency: .monthly, byDay: [.init(.monday, ordinal: 0)]), "BYDAY=0MO does not exist")
    expectRefused(
      RecurrenceRule(frequency: .yearly, byDay: [.init(.friday, ordinal: 54)]), "BYDAY=54FR is out of range: -53 to 53")
    #expect(throws: RecurrenceError.malformed("COUNT and UNTIL cannot both be given")) {
      try RecurrenceRule(frequency: .daily, count: 2, until: CivilDate.last).validate()
    }
    #expect(RecurrenceRule.intervalRange == 1...100_000)
    #expect(RecurrenceRule.countRange == 1...2_147_483_647)
  }

  @Test("numbers that are not numbers, or beyond any integer, are refused by name")
  func numbers() {
    #expect(throws: RecurrenceError.malformed("INTERVAL=two is not a number")) {
      try RecurrenceRule(parsing: "FREQ=DAILY;INTERVAL=two")
    }
    #expect(throws: RecurrenceError.malformed("COUNT=99999999999999999999 is out of range: 1 to 2147483647")) {
      try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=99999999999999999999")
    }
  }

  /// SplitMix64: the same rules on every run.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      return value ^ (value >> 31)
    }
  }

  /// A value from `range`, its bounds more often than by chance; never zero when `nonZero`.
  static func value(in range: ClosedRange<Int>, nonZero: Bool = false, _ generator: inout Generator) -> Int {
    let value =
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: range.lowerBound
      case 1: range.upperBound
      default: Int.random(in: range, using: &generator)
      }
    return nonZero && value == 0 ? 1 : value
  }

  static func rule(_ generator: inout Generator) -> RecurrenceRule {
    func some<T>(_ make: (inout Generator) -> T) -> [T] {
      (0..<Int.random(in: 0...3, using: &generator)).map { _ in make(&generator) }
    }
    var rule = RecurrenceRule(frequency: RecurrenceRule.Frequency.allCases.randomElement(using: &generator)!)
    rule.interval = Bool.random(using: &generator) ? 1 : value(in: RecurrenceRule.intervalRange, &generator)
    switch Int.random(in: 0..<3, using: &generator) {
    case 0: rule.count = value(in: RecurrenceRule.countRange, &generator)
    case 1: rule.until = CivilDate(daysSince1970: Int.random(in: -719_162...2_932_896, using: &generator))
    default: break
    }
    rule.byMonthDay = some { value(in: RecurrenceRule.byMonthDayRange, nonZero: true, &$0) }
    rule.byMonth = some { value(in: RecurrenceRule.byMonthRange, &$0) }
    rule.bySetPosition = some { value(in: RecurrenceRule.bySetPositionRange, nonZero: true, &$0) }
    rule.byDay = some { generator in
      let weekday = Weekday.allCases.randomElement(using: &generator)!
      let ordinal =
        Bool.random(using: &generator) ? nil : value(in: RecurrenceRule.ordinalRange, nonZero: true, &generator)
      return RecurrenceRule.WeekdayOccurrence(weekday, ordinal: ordinal)
    }
    rule.weekStart = Weekday.allCases.randomElement(using: &generator)!
    return rule
  }

  @Test("the RRULE text of any valid rule parses back to an equal rule")
  func roundTrip() throws {
    var generator = Generator(state: 2024)
    for _ in 0..<5000 {
      let rule = Self.rule(&generator)
      try rule.validate()
      #expect(try RecurrenceRule(parsing: rule.description) == rule, "\(rule)")
    }
  }
}
