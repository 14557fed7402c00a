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
