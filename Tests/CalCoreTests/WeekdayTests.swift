import CalCore
import Testing

@Suite("Weekdays")
struct WeekdayTests {
  @Test("days since another weekday count forward, 0 to 6")
  func daysSince() {
    #expect(Weekday.monday.days(since: .sunday) == 1)
    #expect(Weekday.sunday.days(since: .monday) == 6)
    #expect(Weekday.friday.days(since: .friday) == 0)
    for first in Weekday.allCases {
      for day in Weekday.allCases {
        #expect(first.advanced(by: day.days(since: first)) == day)
        #expect((0..<7).contains(day.days(since: first)))
      }
    }
  }

  @Test("advancing wraps around the week in both directions, whatever the count")
  func advanced() {
    #expect(Weekday.saturday.advanced(by: 1) == .sunday)
    #expect(Weekday.sunday.advanced(by: -1) == .saturday)
    #expect(Weekday.thursday.advanced(by: -700) == .thursday)
    #expect(Weekday.sunday.advanced(by: .max) == Weekday.sunday.advanced(by: Int.max % 7))
    #expect(Weekday.sunday.advanced(by: .min) == .saturday)  // Int.min is 6 more than a multiple of 7
  }
}
