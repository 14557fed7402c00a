public import CalCore

/// Reads and writes the one row of `viewed_month`.
public struct ViewedMonthRepository {
  let database: Database

  /// The month on view, or `nil` when the calendar has never been moved.
  public func month() throws -> YearMonth? {
    try database.fetchOne("SELECT month FROM viewed_month WHERE singleton = 1") { try $0["month"] }
  }

  /// Puts `month` on view.
  public func setMonth(_ month: YearMonth) throws {
    try database.execute(
      "INSERT INTO viewed_month (singleton, month) VALUES (1, ?) ON CONFLICT (singleton) DO UPDATE SET month = excluded.month",
      [month])
  }
}
