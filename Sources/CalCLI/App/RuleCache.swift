import CalCore

/// Recurrence rules already read, by their RRULE text.
final class RuleCache {
  var rules: [String: RecurrenceRule] = [:]
}
