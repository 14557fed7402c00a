import CalCore

/// A day argument, with a date that does not exist reported as a usage error.
func parseDay(_ text: String, today: CivilDate) throws(UsageError) -> CivilDate {
  do {
    return try DayExpression.day(text, today: today)
  } catch {
    throw UsageError(error.description)
  }
}

/// A month argument (`YYYY-MM` or `today`), with a month that does not exist reported as a usage error.
func parseMonth(_ text: String, today: CivilDate) throws(UsageError) -> YearMonth {
  do {
    return try DayExpression.month(text, today: today)
  } catch {
    throw UsageError(error.description)
  }
}
