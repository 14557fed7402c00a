/// Reads and writes the one row of `viewed_month`.
public struct ViewedMonthRepository {
  let database: Database

  /// The month on view as `YYYY-MM`, or `nil` when the calendar has never been moved.
  public func month() throws -> String? {
    try database.fetchOne("SELECT month FROM viewed_month WHERE singleton = 1") { $0.text(0) }
  }

  /// Puts `month` (`YYYY-MM`) on view.
  public func setMonth(_ month: String) throws {
    try database.execute(
      "INSERT INTO viewed_month (singleton, month) VALUES (1, ?) ON CONFLICT (singleton) DO UPDATE SET month = excluded.month",
      [.text(month)])
  }
}
