import CalCore
import Testing

@Suite("Month grids")
struct MonthGridTests {
  @Test("May 2024 with Sunday first starts on the fourth column")
  func sundayFirst() throws {
    let grid = MonthGrid(month: try YearMonth(parsing: "2024-05"), firstWeekday: .sunday)
    #expect(grid.weekdays.first == .sunday)
    #expect(grid.weeks.count == 6)
    #expect(grid.weeks[0] == [nil, nil, nil, 1, 2, 3, 4])
    #expect(grid.weeks[4] == [26, 27, 28, 29, 30, 31, nil])
    #expect(grid.weeks[5] == [nil, nil, nil, nil, nil, nil, nil])
  }

  @Test("May 2024 with Monday first shifts every day one column left")
  func mondayFirst() throws {
    let grid = MonthGrid(month: try YearMonth(parsing: "2024-05"), firstWeekday: .monday)
    #expect(grid.weekdays == [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday])
    #expect(grid.weeks[0] == [nil, nil, 1, 2, 3, 4, 5])
    #expect(grid.weeks[4] == [27, 28, 29, 30, 31, nil, nil])
  }

  @Test("February 2015 fills exactly four rows, and the grid still has six")
  func shortestMonth() throws {
    let grid = MonthGrid(month: try YearMonth(parsing: "2015-02"), firstWeekday: .sunday)
    #expect(grid.weeks[0] == [1, 2, 3, 4, 5, 6, 7])
    #expect(grid.weeks[3] == [22, 23, 24, 25, 26, 27, 28])
    #expect(grid.weeks[4].allSatisfy { $0 == nil } && grid.weeks[5].allSatisfy { $0 == nil })
  }

  @Test("every month of four centuries holds each of its days exactly once")
  func everyDayOnce() throws {
    for year in [1, 1600, 1752, 1900, 2000, 2024, 9999] {
      for month in 1...12 {
        let yearMonth = try YearMonth(year: year, month: month)
        let days = MonthGrid(month: yearMonth, firstWeekday: .sunday).weeks.joined().compactMap { $0 }
        #expect(days == Array(1...yearMonth.numberOfDays), "\(yearMonth)")
      }
    }
  }
}

@Suite("The 1752 reform, as cal(1) draws it")
struct CalendarReformTests {
  @Test("September 1752 goes from Wednesday the 2nd to Thursday the 14th")
  func september1752() throws {
    let grid = MonthGrid(month: try YearMonth(parsing: "1752-09"), firstWeekday: .sunday, reform: .britain1752)
    #expect(grid.weeks[0] == [nil, nil, 1, 2, 14, 15, 16])
    #expect(grid.weeks[2] == [24, 25, 26, 27, 28, 29, 30])
    #expect(grid.weeks[3].allSatisfy { $0 == nil })
    #expect(grid.dayOfYear(2) == 246 && grid.dayOfYear(14) == 247)
    #expect(grid.date(ofDay: 14)?.description == "1752-09-14")
    #expect(grid.date(ofDay: 2)?.description == "1752-09-13")  // the Julian 2nd is the Gregorian 13th
  }

  @Test("Julian leap years and weekdays before the reform; Gregorian after it")
  func julianYears() throws {
    let reform = CalendarReform.britain1752
    let cases: [(String, Int, Weekday)] = [
      ("1700-02", 29, .thursday),  // a Julian leap year: 1 February 1700 was a Thursday there
      ("1900-02", 28, .thursday),
      ("0001-01", 31, .saturday),  // before the proleptic calendar's first day
      ("1752-01", 31, .wednesday),
    ]
    for (text, length, weekday) in cases {
      let month = try YearMonth(parsing: text)
      #expect(reform.days(of: month).count == length, "\(text)")
      #expect(reform.weekday(1, of: month) == weekday, "\(text)")
    }
    #expect(reform.date(1, of: try YearMonth(parsing: "0001-01")) == nil)
    #expect(CalendarReform.none.days(of: try YearMonth(parsing: "1700-02")).count == 28)
  }
}
