import Testing

@testable import CalCore

/// Times of day written on the 24-hour and the 12-hour clock, each read back as the same time, and the clock
/// a locale's time format is on.
@Suite("Clock styles")
struct ClockStyleTests {
  @Test("the 12-hour clock: hours 1 to 12, am before noon, 12:00pm noon and 12:00am midnight")
  func written() {
    let cases: [(minutes: Int, twentyFour: String, twelve: String)] = [
      (0, "00:00", "12:00am"),  // midnight
      (15, "00:15", "12:15am"),
      (59, "00:59", "12:59am"),
      (60, "01:00", "1:00am"),
      (9 * 60 + 30, "09:30", "9:30am"),  // morning
      (10 * 60 + 5, "10:05", "10:05am"),
      (11 * 60 + 59, "11:59", "11:59am"),
      (12 * 60, "12:00", "12:00pm"),  // noon
      (12 * 60 + 45, "12:45", "12:45pm"),
      (13 * 60, "13:00", "1:00pm"),  // afternoon
      (21 * 60 + 30, "21:30", "9:30pm"),
      (23 * 60 + 59, "23:59", "11:59pm"),
      (1440, "24:00", "12:00am"),  // the day's end, as free writes it
    ]
    for (minutes, twentyFour, twelve) in cases {
      #expect(ClockStyle.twentyFourHour.text(minutes: minutes) == twentyFour)
      #expect(ClockStyle.twelveHour.text(minutes: minutes) == twelve)
    }
    #expect(TimeOfDay(minutes: 9 * 60)?.description == "09:00")
    #expect(TimeOfDay(minutes: 9 * 60)?.description(on: .twelveHour) == "9:00am")
  }

  @Test("every minute of the day, on either clock, is read back by TimeExpression as that minute")
  func readBack() throws {
    for clock in ClockStyle.allCases {
      for minutes in 0..<1440 {
        let text = clock.text(minutes: minutes)
        #expect(try TimeExpression.time(text).minutes == minutes, "\(text)")
        // After a date in cal add, as the start of a span.
        #expect(try TimeExpression.leading(text)?.start.minutes == minutes, "\(text)")
      }
    }
  }

  @Test("a one-digit hour is aligned with a space; two-digit hours, all day and ... are left as they are")
  func aligned() {
    #expect(ClockStyle.hourAligned("9:30am") == " 9:30am")
    #expect(ClockStyle.hourAligned("9:30am-10:00am") == " 9:30am-10:00am")
    #expect(ClockStyle.hourAligned("12:00pm") == "12:00pm")
    #expect(ClockStyle.hourAligned("all day") == "all day")
    #expect(ClockStyle.hourAligned("…-2:00am") == "…-2:00am")
    #expect(ClockStyle.hourAligned("") == "")
    #expect(ClockStyle.twelveHour.rangeWidth == "12:30pm-12:45pm".count)
    #expect(ClockStyle.twentyFourHour.rangeWidth == "14:30-15:15".count)
  }

  @Test("a locale's time format: en_US's %r and any %I, %l, %p are 12-hour; %T, %H and the rest 24-hour")
  func fromLocale() {
    let cases: [(String, ClockStyle)] = [
      ("%r", .twelveHour),  // en_US, en_CA
      ("%I:%M:%S %p", .twelveHour),  // en_AU, en_IN
      ("%l:%M:%S %P", .twelveHour),
      ("%-I:%M %p", .twelveHour),
      ("%OI:%M", .twelveHour),
      ("%T", .twentyFourHour),  // en_GB, de_DE
      ("%H:%M:%S", .twentyFourHour),  // C
      ("%H時%M分%S秒", .twentyFourHour),  // ja_JP
      ("%Hh%M", .twentyFourHour),
      ("%%I %H:%M", .twentyFourHour),  // a literal %I
      ("", .twentyFourHour),
      ("%", .twentyFourHour),
    ]
    for (format, clock) in cases {
      #expect(ClockStyle(timeFormat: format) == clock, "\(format)")
    }
  }
}
