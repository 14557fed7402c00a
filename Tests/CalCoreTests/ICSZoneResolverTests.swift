import Testing

@testable import CalCore

/// What a file's VTIMEZONE costs, counted in transitions and expansions rather than timed.
@Suite("VTIMEZONE definitions")
struct ICSZoneResolverTests {
  static func observance(
    _ kind: String, start: String, rule: String?, from: String, to: String, rdates: [String] = []
  ) -> ICSComponent {
    let properties =
      [
        ICSProperty(name: "DTSTART", value: start), ICSProperty(name: "TZOFFSETFROM", value: from),
        ICSProperty(name: "TZOFFSETTO", value: to),
      ] + (rule.map { [ICSProperty(name: "RRULE", value: $0)] } ?? [])
      + rdates.map { ICSProperty(name: "RDATE", value: $0) }
    return ICSComponent(name: kind, properties: properties)
  }

  /// `count` observances alternating between STANDARD and DAYLIGHT, all with the same start and rule.
  static func definition(_ count: Int, rule: String?, start: String = "00010101T000000") -> ICSComponent {
    let components = (0..<count).map { index in
      index % 2 == 0
        ? observance("STANDARD", start: start, rule: rule, from: "+0200", to: "+0100")
        : observance("DAYLIGHT", start: start, rule: rule, from: "+0100", to: "+0200")
    }
    return ICSComponent(
      name: "VTIMEZONE", properties: [ICSProperty(name: "TZID", value: "Custom")], components: components)
  }

  static let january1900: Int64 = -2_208_988_800

  @Test("150 daily observances from year 1 expand from 1900, by arithmetic, to a bounded number of transitions")
  func dailyObservances() throws {
    for rule in ["FREQ=DAILY", "FREQ=DAILY;COUNT=2147483647", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU"] {
      let zone = try #require(ICSZoneResolver.zone(from: Self.definition(150, rule: rule), name: "Custom"))
      #expect(zone.transitions.count == ICSZoneResolver.maximumTransitions, "\(rule)")
      if !rule.contains("COUNT") { #expect(zone.transitions.first! >= Self.january1900 - 7200, "\(rule)") }
    }
  }

  @Test("rules that seldom or never match stop after a bounded number of periods")
  func barrenRules() {
    // 30 February never comes: every day of 1900-2100 would be examined for each observance.
    let never = Self.definition(150, rule: "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30")
    #expect(ICSZoneResolver.zone(from: never, name: "Custom") == nil)
    var budget = 1000
    let recurrence = Recurrence(
      start: CivilDate.first, rule: try! RecurrenceRule(parsing: "FREQ=DAILY;BYMONTHDAY=30;BYMONTH=2"))
    #expect(recurrence.occurrences(from: .first, through: .last, lastDay: nil, limit: 10, budget: &budget) == [.first])
    #expect(budget == 0)
    budget = 1000
    let daily = Recurrence(start: CivilDate.first, rule: RecurrenceRule(frequency: .daily))
    #expect(daily.occurrences(from: .first, through: .last, lastDay: nil, limit: 10, budget: &budget).count == 10)
  }

  @Test("RDATE lists count toward the same bound")
  func manyRDates() throws {
    let dates = (0..<5000).map { "\(1000 + $0)0101T000000" }.joined(separator: ",")
    let listed = ICSComponent(
      name: "VTIMEZONE", properties: [ICSProperty(name: "TZID", value: "Listed")],
      components: (0..<3).map { _ in
        Self.observance("STANDARD", start: "19700101T000000", rule: nil, from: "+0100", to: "+0100", rdates: [dates])
      })
    let zone = try #require(ICSZoneResolver.zone(from: listed, name: "Listed"))
    #expect(zone.transitions.count == ICSZoneResolver.maximumTransitions)
  }

  @Test("a real definition expands over 1900 to 2100 and reads as its zone")
  func realDefinition() throws {
    let berlin = ICSComponent(
      name: "VTIMEZONE", properties: [ICSProperty(name: "TZID", value: "W. Europe")],
      components: [
        Self.observance(
          "STANDARD", start: "16011028T030000", rule: "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", from: "+0200", to: "+0100"),
        Self.observance(
          "DAYLIGHT", start: "16010325T020000", rule: "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", from: "+0100", to: "+0200"),
      ])
    let zone = try #require(ICSZoneResolver.zone(from: berlin, name: "W. Europe"))
    #expect(zone.transitions.count == 402)  // two a year, 1900 to 2100
    #expect(zone.offset(atUTC: 1_719_828_000) == 7200)  // 2024-07-01: summer
    #expect(zone.offset(atUTC: 1_705_316_400) == 3600)  // 2024-01-15: winter
    #expect(zone.offset(atUTC: 1_711_846_799) == 3600)  // 2024-03-31T00:59:59Z, just before the change
    #expect(zone.offset(atUTC: 1_711_846_800) == 7200)  // 2024-03-31T01:00:00Z
  }

  @Test("300 events on one daily-rule VTIMEZONE expand it once")
  func expandedOncePerDefinition() {
    var resolver = ICSZoneResolver(
      loadZone: { name throws(ZoneError) in throw .unknown(name) },
      definitions: ["Custom": Self.definition(150, rule: "FREQ=DAILY")])
    for year in 0..<300 {
      _ = resolver.resolve("Custom", near: Self.january1900 + Int64(year) * 31_556_952)
    }
    #expect(resolver.expansions == 1)
  }
}
