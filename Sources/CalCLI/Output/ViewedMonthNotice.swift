import CalCore

/// The line that says the month on view is not the current one, under a page or a listing of the month on
/// view: a calendar left on another month should not pass for this one.
enum ViewedMonthNotice {
  /// `April 2024 is on view, not this month (May 2024): cal goto today turns back to it.`, or `nil` when
  /// `viewed` is the current month.
  static func line(_ viewed: YearMonth, context: CommandContext) -> String? {
    let current = context.today.yearMonth
    guard viewed != current else { return nil }
    let locale = context.locale
    return "\(locale.title(of: viewed)) is on view, not this month (\(locale.title(of: current))): "
      + "cal goto today turns back to it."
  }

  /// Writes the line, after a blank one, when `viewed` is not the current month.
  static func write(_ viewed: YearMonth, context: CommandContext) {
    guard let line = line(viewed, context: context) else { return }
    context.print("\n" + line)
  }
}
