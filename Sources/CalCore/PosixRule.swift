/// A POSIX `TZ` rule such as `CET-1CEST,M3.5.0,M10.5.0/3`: a standard offset and, optionally, a daylight
/// offset with the rules for when it starts and ends each year. TZif files end with one for the future.
struct PosixRule: Equatable, Sendable {
  /// Seconds east of UTC (POSIX writes them west, with the opposite sign).
  let standardOffset: Int
  let daylightOffset: Int?
  let start: TransitionDate?
  let end: TransitionDate?

  /// When a change happens, in local time of the offset in force before it.
  struct TransitionDate: Equatable, Sendable {
    enum Day: Equatable, Sendable {
      /// Mm.w.d: weekday d (0 = Sunday) of week w (5 = last) of month m.
      case monthWeekDay(month: Int, week: Int, weekday: Int)
      /// Jn: day n of the year, 1...365, never counting 29 February.
      case julianNoLeap(Int)
      /// n: day n of the year, 0...365, counting 29 February.
      case zeroBased(Int)
    }

    let day: Day
    /// Seconds after local midnight; may be negative or past 24 hours.
    let time: Int

    func localSeconds(inYear year: Int) -> Int64? {
      guard let january1 = try? CivilDate(year: year, month: 1, day: 1) else { return nil }
      let dayNumber: Int
      switch day {
      case .monthWeekDay(let month, let week, let weekday):
        guard let yearMonth = try? YearMonth(year: year, month: month), let weekday = Weekday(rawValue: weekday)
        else { return nil }
        var day = 1 + weekday.days(since: yearMonth.firstDay.weekday) + (week - 1) * 7
        while day > yearMonth.numberOfDays { day -= 7 }
        dayNumber = yearMonth.day(day).daysSince1970
      case .julianNoLeap(let n):
        let skip = Gregorian.isLeapYear(year) && n >= 60 ? 1 : 0
        dayNumber = january1.daysSince1970 + n - 1 + skip
      case .zeroBased(let n):
        dayNumber = january1.daysSince1970 + n
      }
      return Int64(dayNumber) * 86_400 + Int64(time)
    }
  }

  init?(_ text: String) {
    var scanner = Substring(text)
    guard Self.name(&scanner) != nil, let standard = Self.offset(&scanner, maximumHours: 24) else { return nil }
    standardOffset = -standard
    guard !scanner.isEmpty else {
      (daylightOffset, start, end) = (nil, nil, nil)
      return
    }
    guard Self.name(&scanner) != nil else { return nil }
    if scanner.first != ",", !scanner.isEmpty {
      guard let daylight = Self.offset(&scanner, maximumHours: 24) else { return nil }
      daylightOffset = -daylight
    } else {
      daylightOffset = standardOffset + 3600
    }
    guard scanner.first == "," else {
      // No rules: US rules are the POSIX default, but TZif footers always give them.
      (start, end) = (nil, nil)
      return
    }
    scanner.removeFirst()
    let parts = scanner.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let start = Self.transition(parts[0]), let end = Self.transition(parts[1]) else {
      return nil
    }
    self.start = start
    self.end = end
  }

  func offset(atUTC instant: Int64) -> Int {
    guard let daylightOffset, let start, let end else { return standardOffset }
    // Outside the years 1 to 9999, the same instant as many 400-year cycles nearer: the Gregorian calendar
    // repeats itself every 400 years, weekdays included, and so does the rule.
    let cycle: Int64 = 146_097 * 86_400
    let (firstSecond, endSecond): (Int64, Int64) = (-62_135_596_800, 253_402_300_800)  // 0001-01-01, 10000-01-01
    let local = instant.addingSaturated(Int64(standardOffset))
    var seconds = instant
    if local >= endSecond {
      seconds -= ((local - endSecond) / cycle + 1) * cycle
    } else if local < firstSecond {
      seconds += ((firstSecond - local - 1) / cycle + 1) * cycle
    }
    let days = (seconds + Int64(standardOffset)).floorDivided(by: 86_400)
    let year = CivilDate(daysSince1970: Int(days))?.year ?? 1970
    guard let startLocal = start.localSeconds(inYear: year), let endLocal = end.localSeconds(inYear: year) else {
      return standardOffset
    }
    // Start is written in standard time, end in daylight time.
    let startUTC = startLocal - Int64(standardOffset)
    let endUTC = endLocal - Int64(daylightOffset)
    if startUTC < endUTC {
      return seconds >= startUTC && seconds < endUTC ? daylightOffset : standardOffset
    }
    // Southern hemisphere: daylight time spans the new year.
    return seconds >= endUTC && seconds < startUTC ? standardOffset : daylightOffset
  }

  /// `CET` or `<+0530>`.
  private static func name(_ scanner: inout Substring) -> Substring? {
    if scanner.first == "<" {
      guard let close = scanner.firstIndex(of: ">") else { return nil }
      let name = scanner[scanner.index(after: scanner.startIndex)..<close]
      scanner = scanner[scanner.index(after: close)...]
      return name
    }
    let name = scanner.prefix { $0.isLetter }
    guard name.count >= 3 else { return nil }
    scanner = scanner.dropFirst(name.count)
    return name
  }

  /// `[+-]hh[:mm[:ss]]` in seconds, as written (west positive): hours up to `maximumHours` (24 for an offset,
  /// as POSIX says; 167 for a transition time, as RFC 8536 allows), minutes and seconds below 60.
  private static func offset(_ scanner: inout Substring, maximumHours: Int) -> Int? {
    var sign = 1
    if let first = scanner.first, first == "+" || first == "-" {
      sign = first == "-" ? -1 : 1
      scanner.removeFirst()
    }
    let text = scanner.prefix { $0.isNumber || $0 == ":" }
    scanner = scanner.dropFirst(text.count)
    let fields = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
    guard (1...3).contains(fields.count), fields.allSatisfy({ $0 != nil }) else { return nil }
    let values = fields.map { $0! } + [0, 0]
    // Checked before any arithmetic: the text may hold any number of digits.
    guard (0...maximumHours).contains(values[0]), (0..<60).contains(values[1]), (0..<60).contains(values[2]) else {
      return nil
    }
    return sign * (values[0] * 3600 + values[1] * 60 + values[2])
  }

  private static func transition(_ text: Substring) -> TransitionDate? {
    let pieces = text.split(separator: "/", maxSplits: 1)
    guard let dayText = pieces.first else { return nil }
    var time = 7200
    if pieces.count == 2 {
      var timeText = pieces[1]
      guard let parsed = offset(&timeText, maximumHours: 167), timeText.isEmpty else { return nil }
      time = parsed
    }
    let day: TransitionDate.Day
    if dayText.hasPrefix("M") {
      let numbers = dayText.dropFirst().split(separator: ".").compactMap { Int($0) }
      guard numbers.count == 3, (1...12).contains(numbers[0]), (1...5).contains(numbers[1]),
        (0...6).contains(numbers[2])
      else { return nil }
      day = .monthWeekDay(month: numbers[0], week: numbers[1], weekday: numbers[2])
    } else if dayText.hasPrefix("J") {
      guard let n = Int(dayText.dropFirst()), (1...365).contains(n) else { return nil }
      day = .julianNoLeap(n)
    } else {
      guard let n = Int(dayText), (0...365).contains(n) else { return nil }
      day = .zeroBased(n)
    }
    return TransitionDate(day: day, time: time)
  }
}
