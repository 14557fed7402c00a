/// Month and weekday names as people type them, in English and in the locale's language.
extension CalendarLocale {
  /// The months (1...12) that `word` names, in English or in this locale's language, ignoring case: a full
  /// name, an abbreviation (with or without its final dot), or the first three or more letters of a full
  /// name (`sept`). A whole name or abbreviation wins over a beginning, so `červen` is June in Czech even
  /// though `červenec` (July) starts with it. More than one month means the word is ambiguous.
  public func months(named word: String) -> [Int] {
    Self.matches(
      word, names: [Gregorian.englishMonthNames, monthNames, monthNamesInDates],
      abbreviations: [Self.englishMonthAbbreviations, monthAbbreviations]
    ).map { $0 + 1 }
  }

  /// The weekdays that `word` names, in English or in this locale's language, by the same rules as
  /// `months(named:)`: `fri`, `friday`, `Freitag`, `Fr`, `fre`.
  public func weekdays(named word: String) -> [Weekday] {
    Self.matches(
      word, names: [Self.englishWeekdayNames, weekdayFullNames],
      abbreviations: [Self.englishWeekdayNames.map { String($0.prefix(3)) }, weekdayNames]
    ).compactMap { Weekday(rawValue: $0) }
  }

  /// The indices of the lists' entries that `word` names: whole names and abbreviations first, beginnings of
  /// whole names of at least three letters only when none of those matched.
  private static func matches(_ word: String, names: [[String]], abbreviations: [[String]]) -> [Int] {
    let key = folded(word)
    guard !key.isEmpty else { return [] }
    var exact = Set<Int>()
    var beginnings = Set<Int>()
    for list in names {
      for (index, name) in list.enumerated() {
        let candidate = folded(name)
        if candidate == key {
          exact.insert(index)
        } else if key.count >= 3 && candidate.hasPrefix(key) {
          beginnings.insert(index)
        }
      }
    }
    for list in abbreviations {
      for (index, name) in list.enumerated() where !name.isEmpty && folded(name) == key {
        exact.insert(index)
      }
    }
    return (exact.isEmpty ? beginnings : exact).sorted()
  }

  /// A name compared without regard to case, without a final dot (`févr.` and `févr` are one).
  private static func folded(_ name: String) -> String {
    let lowered = name.lowercased()
    return lowered.hasSuffix(".") ? String(lowered.dropLast()) : lowered
  }
}
