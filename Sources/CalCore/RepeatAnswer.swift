/// How an event repeats, as a front end's form asks it (the interactive page's repeat prompt, the
/// `repeat:` line of `cal edit --editor`): `weekly on mon,fri until 6-30`, `monthly every 2 on 2nd-tue`,
/// `yearly, 3 times`, `every 2 weeks on mon,fri until 6-30` (as ``RepeatPhrase`` reads it), `none`, or `rrule FREQ=...` (the RRULE text alone too) for a rule the words do not say
/// exactly; read as the options of `cal edit` that say the same.
public enum RepeatAnswer {
  /// A repeat answer that cannot be read.
  public struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, in words.
    public let description: String
  }

  /// `answer` as `cal edit`'s options, each value attached to its option so that none is read as an option
  /// of its own: `monthly every 2 on 2nd-tue until fri` is `--repeat=monthly --every=2 --repeat-on=2nd-tue
  /// --until=fri`, and `rrule FREQ=...` (or the RRULE text alone) is `--rrule=FREQ=...`.
  public static func options(_ answer: String) throws(Error) -> [String] {
    // A comma ending a word only sets it apart (`yearly every 2, 3 times`); the commas of a list of days stay.
    var words = answer.split(separator: " ").map { String($0.hasSuffix(",") ? $0.dropLast() : $0) }.filter {
      !$0.isEmpty
    }
    guard let first = words.first else { throw Error(description: "say how it repeats, or none") }
    if first.lowercased() == "rrule" || first.uppercased().hasPrefix("FREQ=") || first.uppercased().hasPrefix("RRULE:")
    {
      let rule = words.dropFirst(first.lowercased() == "rrule" ? 1 : 0).joined(separator: " ")
      guard !rule.isEmpty else {
        throw Error(description: "give the rule after rrule, such as rrule FREQ=MONTHLY;BYDAY=-1FR")
      }
      return ["--rrule=" + rule]
    }
    var options: [String]
    if RepeatPhrase.isPhrase(first) {
      // Words such as `every 2 weeks on mon,fri` or `every tue and thu`, read whole by `--repeat`: they run to
      // until, N times or every N (`every week every 2`, as `weekly every 2` is written).
      var phrase = [words.removeFirst()]
      while let word = words.first, !["until", "every"].contains(word.lowercased()),
        !(words.count > 1 && words[1].lowercased() == "times" && Int(word) != nil)
      {
        phrase.append(words.removeFirst())
      }
      options = ["--repeat=" + phrase.joined(separator: " ")]
    } else {
      options = ["--repeat=" + words.removeFirst().lowercased()]
    }
    while !words.isEmpty {
      let word = words.removeFirst()
      let keyword = word.lowercased()
      if words.first?.lowercased() == "times", Int(word) != nil {
        words.removeFirst()
        options.append("--count=" + word)
        continue
      }
      guard let option = ["every": "--every", "on": "--repeat-on", "until": "--until"][keyword], !words.isEmpty else {
        throw Error(
          description: "'\(word)' in the repeat: write how (daily, weekdays, weekly, monthly, yearly, none), then "
            + "every N, on DAYS, until DATE or N times")
      }
      // A day after until may be several words (next fri); it runs to the next keyword.
      var value = [words.removeFirst()]
      while keyword == "until", let next = words.first, !["every", "on", "until"].contains(next.lowercased()),
        !(words.count > 1 && words[1].lowercased() == "times" && Int(next) != nil)
      {
        value.append(words.removeFirst())
      }
      options.append(option + "=" + value.joined(separator: " "))
    }
    return options
  }

  /// The answer that says `rule`: its words when `readBack` (the rule the options of those words give the
  /// event, as `cal edit` reads them) is that very rule, else its RRULE text after `rrule`, which `--rrule`
  /// takes whole; so an answer edited from it loses no part of the rule (an imported BYMONTH, BYSETPOS or
  /// WKST, a 3rd-last Friday). `none` for no rule.
  public static func text(for rule: RecurrenceRule?, readBack: ([String]) -> RecurrenceRule?) -> String {
    guard let rule else { return "none" }
    if let words = rule.words, let options = try? options(words), readBack(options) == rule {
      return words
    }
    return "rrule \(rule)"
  }
}

extension Reminder {
  /// The reminder as `--remind` reads it: `15m` (before the start), `+10m`, `start`, `end`, `end-5m`, or a day
  /// and a time on `localZone`'s clock written on `clock` (`2024-05-12 08:00`). `--remind` takes whole
  /// minutes: an imported alarm's odd seconds round to the nearest minute.
  public func optionText(localZone: ZoneInfo, clock: ClockStyle) -> String {
    func length(_ seconds: UInt64) -> String { EventLength.description(minutes: Int((seconds + 30) / 60)) }
    switch trigger {
    case .at(let instant):
      guard let local = localZone.wallClock(atUTC: instant), let time = TimeOfDay(minutes: local.secondOfDay / 60)
      else { return "start" }
      return "\(local.date) \(time.description(on: clock))"
    case .start(let seconds):
      return seconds == 0 ? "start" : (seconds > 0 ? "+" : "") + length(seconds.magnitude)
    case .end(let seconds):
      return seconds == 0 ? "end" : "end" + (seconds > 0 ? "+" : "-") + length(seconds.magnitude)
    }
  }
}
