import CalCore

/// Recurrence rules already read, by their RRULE text: many series share one (every birthday is
/// FREQ=YEARLY), and a listing reads hundreds of series.
final class RuleCache {
  private var rules: [String: RecurrenceRule] = [:]

  /// The rule `text` stands for, read once.
  func rule(_ text: String) -> RecurrenceRule? {
    if let known = rules[text] { return known }
    guard let rule = RecurrenceRule.fromDatabaseValue(.text(text)) else { return nil }
    rules[text] = rule
    return rule
  }
}
