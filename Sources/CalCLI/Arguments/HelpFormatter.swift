import CalCore

/// Writes help and usage in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS.
enum HelpFormatter {
  /// Where help text starts after a label, and where long help lines wrap.
  static let labelColumn = 26
  static let width = 80

  /// `cal add <date> <title> ... [--note <note>] [--json]`
  static func usage(_ spec: CommandSpec) -> String {
    let parts =
      spec.arguments.map(\.usage)
      + spec.options.filter { $0.long != OptionSpec.help.long }.map { "[\($0.usage)]" }
    return (["cal", spec.name] + parts).concatenated(separator: " ")
  }

  /// The whole help page of one command.
  static func help(_ spec: CommandSpec) -> String {
    var text = "OVERVIEW: \(spec.abstract)\n\n"
    if !spec.discussion.isEmpty { text += paragraphs(spec.discussion) + "\n\n" }
    text += "USAGE: \(usage(spec))\n"
    if !spec.aliases.isEmpty {
      text += "\nALIASES: " + spec.aliases.map { "cal \($0)" }.concatenated(separator: ", ") + "\n"
    }
    if !spec.arguments.isEmpty {
      text += "\nARGUMENTS:\n" + spec.arguments.map { entry("<\($0.name)>", $0.help) }.concatenated()
    }
    text += "\nOPTIONS:\n" + spec.options.map { entry($0.label, $0.help) }.concatenated()
    return text
  }

  /// The help of `cal` itself, listing the commands.
  static func rootHelp(abstract: String, discussion: String, options: [OptionSpec], commands: [CommandSpec]) -> String {
    var text = "OVERVIEW: \(abstract)\n\n"
    if !discussion.isEmpty { text += paragraphs(discussion) + "\n\n" }
    text += "USAGE: cal <subcommand>\n\nOPTIONS:\n"
    text += options.map { entry($0.label, $0.help) }.concatenated()
    text +=
      "\nSUBCOMMANDS:\n" + commands.map { entry($0.names.concatenated(separator: ", "), $0.abstract) }.concatenated()
    text += "\n  See 'cal help <subcommand>' for detailed help.\n"
    return text
  }

  /// One labelled entry: label in the left column, help wrapped in the right one.
  static func entry(_ label: String, _ help: String) -> String {
    let indent = String(repeating: " ", count: labelColumn)
    let lines = wrap(help, width: width - labelColumn)
    var text = "  " + label
    if label.count + 2 < labelColumn - 1 {
      text += String(repeating: " ", count: labelColumn - 2 - label.count)
    } else {
      text += "\n" + indent
    }
    return text + lines.concatenated(separator: "\n" + indent) + "\n"
  }

  /// Each paragraph of `text` wrapped to the help's width.
  static func paragraphs(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { wrap(String($0), width: width).concatenated(separator: "\n") }.concatenated(separator: "\n")
  }

  /// Breaks `text` into lines of at most `width` columns at spaces.
  static func wrap(_ text: String, width: Int) -> [String] {
    DisplayWidth.wrapped(text, toWidth: width)
  }
}
