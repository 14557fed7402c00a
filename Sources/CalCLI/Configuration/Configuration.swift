import CalCore

/// The user's configuration file, read and checked: the defaults it gives in place of options not typed
/// and of the locale. Command-line options win over it, and it wins over the locale.
struct Configuration {
  /// A value the file gives, as written, and the line it is on.
  struct Entry: Equatable {
    let value: String
    let line: Int
  }

  /// Where the file is, or would be.
  let path: String?
  /// The values the file gives, by key.
  var entries: [ConfigurationKey: Entry] = [:]
  /// `calendar`.
  private(set) var calendar: String?
  /// `week-start`; `nil` for the locale's.
  private(set) var firstWeekday: Weekday?
  /// `dates`; `nil` for the locale's order.
  private(set) var dayBeforeMonth: Bool?
  /// `length`, as `--for` takes it; `nil` for none.
  private(set) var length: String?
  /// `remind`; `nil` when not given.
  private(set) var reminders: [Reminder]?
  /// `remind-all-day`; `nil` when not given.
  private(set) var allDayReminders: [Reminder]?
  /// `format`.
  private(set) var format: String?
  /// `color`.
  private(set) var color: PageOptions.ColorChoice?
  /// `time-format`; `nil` when not given (the 24-hour clock).
  private(set) var timeFormat: TimeFormat?

  /// No file: every key has its default.
  static let empty = Configuration(path: nil)

  /// The configuration `file` gives, checked.
  ///
  /// - Throws: `CalError` naming `path:line` and what is wrong there, for the first mistake.
  static func read(_ file: ConfigurationFile, context: CommandContext) throws(CalError) -> Configuration {
    guard let path = file.path else { return .empty }
    return try parse(lines(file, path: path), path: path, context: context)
  }

  /// The lines of `file`, at `path`, without their line ends: none when there is no file.
  static func lines(_ file: ConfigurationFile, path: String) throws(CalError) -> [Substring] {
    switch file.contents {
    case .missing:
      return []
    case .unreadable(let reason):
      throw CalError("cannot read the configuration file \(TerminalText.sanitized(path)): \(reason)")
    case .bytes(let bytes):
      return try lines(bytes, path: path)
    }
  }

  /// The lines of `bytes`, checked to be UTF-8, without their line ends (`\n`, `\r\n`).
  static func lines(_ bytes: [UInt8], path: String) throws(CalError) -> [Substring] {
    // A byte order mark, which Windows editors may put first, is no part of the first key.
    if ConfigurationFile.Contents.bytes(bytes).startsWithByteOrderMark {
      return try lines(Array(bytes.dropFirst(3)), path: path)
    }
    // Decoded whole and compared, which is quick; only a file that is not UTF-8 is looked at line by line,
    // to say which line.
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.utf8.elementsEqual(bytes) else {
      let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      let line = lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0
      throw CalError("\(TerminalText.sanitized(path)):\(line + 1): the line is not UTF-8 text")
    }
    return text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      text[line.startIndex..<(line.last == 0x0D ? text.utf8.index(before: line.endIndex) : line.endIndex)]
    }
  }

  /// The configuration `lines` give: `key = value` lines, blank ones, and comments whose first non-blank
  /// character is `#` (so that a value, such as a format, may hold one).
  static func parse(_ lines: [Substring], path: String, context: CommandContext) throws(CalError) -> Configuration {
    var configuration = Configuration(path: path)
    for (index, line) in lines.enumerated() {
      do throws(UsageError) {
        guard let (name, value) = try setting(line) else { continue }
        let key = try ConfigurationKey(named: name)
        if let first = configuration.entries[key] {
          throw UsageError("\(key.rawValue) is given twice (first on line \(first.line)): keep one")
        }
        try configuration.set(key, to: value, context: context)
        configuration.entries[key] = Entry(value: value, line: index + 1)
      } catch {
        throw CalError("\(TerminalText.sanitized(path)):\(index + 1): \(error.message)")
      }
    }
    return configuration
  }

  /// The key and the value of `line`, trimmed; `nil` for a blank line or a comment.
  static func setting(_ line: Substring) throws(UsageError) -> (key: String, value: String)? {
    let trimmed = blanksTrimmed(line)
    if trimmed.isEmpty || trimmed.utf8.first == UInt8(ascii: "#") { return nil }
    guard let equals = trimmed.utf8.firstIndex(of: UInt8(ascii: "=")) else {
      throw UsageError(
        "'\(TerminalText.sanitized(String(trimmed.prefix(40))))' is no setting: write key = value, or # before a "
          + "comment")
    }
    return (
      String(blanksTrimmed(trimmed[..<equals])), String(blanksTrimmed(trimmed[trimmed.utf8.index(after: equals)...]))
    )
  }

  /// `text` without spaces and tabs at either end, byte by byte: a file is read at every start, and
  /// `Character`'s grapheme breaking cost more than the rest of its reading.
  static func blanksTrimmed(_ text: Substring) -> Substring {
    let utf8 = text.utf8
    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    guard let first = utf8.firstIndex(where: { !isBlank($0) }), let last = utf8.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return text[first..<utf8.index(after: last)]
  }

  /// Checks `value` for `key` and keeps what it means.
  mutating func set(_ key: ConfigurationKey, to value: String, context: CommandContext) throws(UsageError) {
    guard !value.isEmpty else {
      // `remind =` is how some write "no reminders": say the word that means it.
      let word = key.defaultValue.isEmpty ? "" : "; for the default write \(key.defaultValue)"
      throw UsageError("\(key.rawValue) needs a value: \(key.meaning)\(word)")
    }
    switch key {
    case .calendar:
      calendar = value
    case .weekStart:
      firstWeekday = try Self.weekday(value)
    case .dates:
      switch value.lowercased() {
      case "day-first": dayBeforeMonth = true
      case "month-first": dayBeforeMonth = false
      case "locale": dayBeforeMonth = nil
      default: throw UsageError("dates: '\(value)' is not day-first, month-first or locale")
      }
    case .length:
      guard value.lowercased() != "none" else { return length = nil }
      do {
        _ = try LengthExpression.minutes(value)
      } catch {
        throw UsageError("length: \(error)")
      }
      length = value
    case .remind:
      reminders = try Self.reminders(value, key: key, context: context)
    case .remindAllDay:
      allDayReminders = try Self.reminders(value, key: key, context: context)
    case .format:
      do {
        _ = try EventFormat(value)
      } catch {
        // The option's own words, named after the key.
        let option = "--\(EventFormat.option.long): "
        throw UsageError(
          "format: " + (error.message.hasPrefix(option) ? String(error.message.dropFirst(option.count)) : error.message)
        )
      }
      format = value
    case .color:
      do {
        // Any case, as week-start and dates take theirs.
        color = try PageOptions.ColorChoice(parsing: value.lowercased())
      } catch {
        throw UsageError("color: '\(value)' is not auto, always or never")
      }
    case .timeFormat:
      timeFormat = try TimeFormat(parsing: value, name: key.rawValue)
    }
  }

  /// The weekday `text` names in English (`monday`, `mon`), or `nil` for `locale`.
  private static func weekday(_ text: String) throws(UsageError) -> Weekday? {
    let word = text.lowercased()
    if word == "locale" { return nil }
    let names = CalendarLocale.english.weekdayFullNames.map { $0.lowercased() }
    if word.count >= 3, let index = names.firstIndex(where: { $0.hasPrefix(word) }) {
      return Weekday(rawValue: index)
    }
    throw UsageError(
      "week-start: '\(text)' is no weekday: use \(names.concatenated(separator: ", ")), or locale")
  }

  /// The reminders `text` lists (`15m, 1d`), as `--remind` reads each; `none` for none.
  private static func reminders(_ text: String, key: ConfigurationKey, context: CommandContext) throws(UsageError)
    -> [Reminder]
  {
    guard text.lowercased() != "none" else { return [] }
    var reminders: [Reminder] = []
    for part in text.split(separator: ",") {
      let word = String(blanksTrimmed(part))
      let reminder: Reminder
      do {
        reminder = try ReminderExpression.reminder(
          word, today: context.today, locale: context.locale, localZone: context.localZone)
      } catch {
        throw UsageError("\(key.rawValue): \(error)")
      }
      guard reminder.offsetSeconds != nil else {
        throw UsageError(
          "\(key.rawValue): '\(word)' is one fixed moment; a default reminder counts from each event: 15m, 1d, end")
      }
      guard !reminders.contains(reminder) else { continue }
      // Refused at the first one too many: a file may hold thousands, each looked for among those before.
      guard reminders.count < Reminder.maximumCount else {
        throw UsageError("\(key.rawValue): at most \(Reminder.maximumCount) reminders")
      }
      reminders.append(reminder)
    }
    return reminders
  }

  /// `path:line` of `key`, or `default`.
  func source(of key: ConfigurationKey) -> String {
    guard let path, let entry = entries[key] else { return "default" }
    return "\(path):\(entry.line)"
  }

  /// The value `key` has: the file's, else its default.
  func value(of key: ConfigurationKey) -> String {
    entries[key]?.value ?? key.defaultValue
  }
}
