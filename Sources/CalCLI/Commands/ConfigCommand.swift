import CalCore

/// `cal config [KEY [VALUE]] [--unset KEY] [--json]`: shows the configuration file's settings, or changes one.
struct ConfigCommand: Command {
  static let unset = OptionSpec("unset", help: "Remove the key from the file, so that it has its default again.")

  static let spec = CommandSpec(
    name: "config", abstract: "Show or change the settings of the configuration file.",
    discussion: """
      The file is $CAL_CONFIG, else $XDG_CONFIG_HOME/cal/config, else ~/.config/cal/config; without it every \
      key has its default. It holds one key = value a line; blank lines and lines whose first non-blank \
      character is # are comments. Options typed on the command line win over the file, and the file wins \
      over the locale; cal(1)'s forms (cal 5 2024, cal -y) ignore it.
      The keys: \(ConfigurationKey.allCases.map { "\($0.rawValue), \($0.meaning)" }.concatenated(separator: "; ")).
      With no arguments cal config lists every key, its value and where it comes from (the file's line, or \
      default); with a key it prints that value; with a key and a value it checks the value and writes it, \
      keeping every other line and comment. A broken file stops every other command with its line; cal \
      config KEY VALUE and cal config --unset KEY still mend it, and warn while a mistake is left.
      """,
    arguments: [
      ArgumentSpec("key", help: "The key to show or set, such as week-start.", isOptional: true),
      ArgumentSpec("value", help: "The value to write, such as monday.", isOptional: true, takesRest: true),
    ],
    options: [unset, JSONOption.option])

  /// It reads the file itself, so that a broken one can still be seen and mended.
  static var readsConfiguration: Bool { false }

  let key: String?
  let value: String?
  let unsets: Bool
  let json: Bool

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    key = arguments.positional(0)
    // Blanks at the ends are not kept by the file (its reading trims them): the value is the one read back.
    value = arguments.positional(1).map { String(Configuration.blanksTrimmed(Substring($0))) }
    unsets = arguments.flag(Self.unset)
    json = arguments.flag(JSONOption.option)
    if unsets && (key == nil || value != nil) {
      throw UsageError("--unset takes a key and no value: cal config --unset KEY")
    }
    if json && key != nil { throw UsageError("--json is for the listing of every key: leave out the key") }
    if let key, !unsets { _ = try ConfigurationKey(named: key) }
    if let value, value.contains(where: \.isNewline) {
      throw UsageError("a value is one line: leave out the line break")
    }
  }

  func run(_ context: CommandContext) throws {
    let file = context.configurationFile()
    guard let key else { return try list(try Configuration.read(file, context: context), context: context) }
    if unsets { return try write(file, key: key, value: nil, context: context) }
    let known = try ConfigurationKey(named: key)
    if let value {
      var checked = Configuration.empty
      try checked.set(known, to: value, context: context)
      return try write(file, key: key, value: value, context: context)
    }
    context.print(TerminalText.sanitized(try Configuration.read(file, context: context).value(of: known)))
  }

  /// Changes `key` (see ``edit(_:path:key:value:context:)``) with the file read again under a lock: two
  /// `cal config` run at once would otherwise each write back what they read, and one key would be lost.
  private func write(_ file: ConfigurationFile, key: String, value: String?, context: CommandContext) throws {
    let path = try file.path ?? ConfigurationFile.path(environment: context.environment)
    try FileIO.withFolderLock(around: path, creating: value != nil) {
      try edit(context.configurationFile(), path: path, key: key, value: value, context: context)
    }
  }

  /// Every key, its value and where it comes from.
  private func list(_ configuration: Configuration, context: CommandContext) throws {
    if json {
      let objects = ConfigurationKey.allCases.map { key in
        let entry = configuration.entries[key]
        return JSONValue.object([
          ("key", .string(key.rawValue)), ("value", .string(configuration.value(of: key))),
          ("file", .optional(entry == nil ? nil : configuration.path)),
          ("line", entry.map { .integer(Int64($0.line)) } ?? .null),
        ])
      }
      return context.print(JSONValue.array(objects).serialized)
    }
    for key in ConfigurationKey.allCases { context.print(Self.line(key, configuration)) }
  }

  /// `week-start     = monday  (/home/me/.config/cal/config:3)`: a key as the listing shows it.
  private static func line(_ key: ConfigurationKey, _ configuration: Configuration) -> String {
    let width = ConfigurationKey.allCases.map(\.rawValue.count).max() ?? 0
    let name = key.rawValue + String(repeating: " ", count: width - key.rawValue.count)
    let value = TerminalText.sanitized(configuration.value(of: key))
    // An empty default is no value: `calendar = (default)` read as a calendar named so.
    guard !value.isEmpty else { return "\(name) not set: \(key.whenNotSet)" }
    return "\(name) = \(value)  (\(TerminalText.sanitized(configuration.source(of: key))))"
  }

  /// Writes the file with `key` set to `value` (or, for `nil`, taken out), whole or not at all, and shows
  /// the key as it now is.
  private func edit(_ file: ConfigurationFile, path: String, key: String, value: String?, context: CommandContext)
    throws
  {
    var lines = try Configuration.lines(file, path: path).map(String.init)
    if lines.last == "" { lines.removeLast() }
    if value == nil && !lines.contains(where: { Configuration.key(of: $0) == key }) {
      // Nothing to take out: a key that is in no line must at least be one cal knows.
      _ = try ConfigurationKey(named: key)
      return context.print("\(key) is not in \(TerminalText.sanitized(path)); it has its default")
    }
    let edited = Configuration.setting(key, to: value, in: lines)
    // A file written with CR LF (on Windows, say) keeps them, on every line.
    let end = file.contents.endsLinesWithCarriageReturn ? "\r\n" : "\n"
    let mark = file.contents.startsWithByteOrderMark ? "\u{FEFF}" : ""
    try FileIO.write(mark + edited.map { $0 + end }.concatenated(), to: path)
    // The change is made, but a mistake on another line still stops every other command: said now, not at
    // the next `cal show`.
    do {
      _ = try Configuration.parse(edited.map { Substring($0) }, path: path, context: context)
    } catch {
      context.writeError("Warning: " + ErrorMessage.text("other commands still stop at \(error.message)") + "\n")
    }
    guard let known = ConfigurationKey(rawValue: key) else {
      return context.print("Removed \(TerminalText.sanitized(key)) from \(TerminalText.sanitized(path))")
    }
    // The key as the file now gives it, whatever the other lines hold.
    var configuration = Configuration(path: path)
    if let value, let index = edited.firstIndex(where: { Configuration.key(of: $0) == key }) {
      configuration.entries[known] = Configuration.Entry(value: value, line: index + 1)
    }
    context.print(Self.line(known, configuration))
  }
}
