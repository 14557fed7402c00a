import CalCore

/// The manual page, cal(1), in roff, written from the same command specs as `--help`.
enum ManualPage {
  /// The page; each of `preformatted` is a section as text of its own (its first line the heading, in
  /// capitals), set as it is written.
  static func render(
    abstract: String, discussion: String, options: [OptionSpec], commands: [CommandSpec], version: String,
    date: String, preformatted: [String] = []
  ) -> String {
    var page = [
      ".TH CAL 1 \"\(date)\" \"cal \(version)\" \"User Commands\"",
      ".SH NAME",
      "cal \\- " + escaped(abstract.lowercasedFirst.dropLast(abstract.hasSuffix(".") ? 1 : 0)),
      ".SH SYNOPSIS",
      ".B cal",
      "[\\fIsubcommand\\fR] [\\fIoptions\\fR]",
      ".SH DESCRIPTION",
      escaped(discussion),
      ".SH OPTIONS",
    ]
    page += options.flatMap(entry)
    page.append(".SH COMMANDS")
    for spec in commands {
      page.append(".SS \"" + escaped(HelpFormatter.usage(spec)) + "\"")
      page.append(escaped(spec.abstract))
      if !spec.aliases.isEmpty {
        page.append(
          "Also run as " + spec.aliases.map { "\\fBcal \(escaped($0))\\fR" }.concatenated(separator: ", ") + ".")
      }
      if !spec.discussion.isEmpty {
        page += [".PP", escaped(spec.discussion)]
      }
      for argument in spec.arguments {
        page += [".TP", "\\fI\(escaped(argument.name))\\fR", escaped(argument.help)]
      }
      page += spec.options.filter { $0.long != OptionSpec.help.long }.flatMap(entry)
    }
    for section in preformatted {
      let lines = section.split(separator: "\n", omittingEmptySubsequences: false)
      page += [".SH \"\(escaped(lines.first ?? ""))\"", ".nf"]
      page += lines.dropFirst().drop { $0.isEmpty }.map { escaped($0) }
      page.append(".fi")
    }
    page += [
      ".SH ENVIRONMENT",
      ".TP", "\\fBCAL_DB\\fR", "The calendar file, when \\-\\-db is not given.",
      ".TP", "\\fBCAL_CONFIG\\fR", "The configuration file, when set and not empty (see \\fBcal config\\fR).",
      ".TP", "\\fBXDG_DATA_HOME\\fR", "The calendar is \\fI$XDG_DATA_HOME/cal/calendar.db\\fR when CAL_DB is not set.",
      ".TP", "\\fBTZ\\fR", "The time zone that decides today's date and how times are shown.",
      ".TP", "\\fBLC_ALL\\fR, \\fBLC_TIME\\fR, \\fBLANG\\fR",
      "Month and weekday names, the first day of the week, the order of dates such as 5/6, and with the "
        + "configuration's time\\-format = locale the clock times are written on (12\\-hour in en_US).",
      ".TP", "\\fBNO_COLOR\\fR",
      "When set to anything, no colour or highlighting unless \\-\\-color=always or the configuration's color says "
        + "otherwise.",
      ".TP", "\\fBTERM\\fR",
      "\\fBdumb\\fR: no colour or highlighting unless \\-\\-color=always, and no page-curl animation.",
      ".TP", "\\fBCAL_ANIMATION\\fR", "\\fBoff\\fR turns the page-curl animation off.",
      ".TP", "\\fBXDG_CONFIG_HOME\\fR",
      "The configuration file is \\fI$XDG_CONFIG_HOME/cal/config\\fR when CAL_CONFIG is not set, and \\fBcal remind "
        + "\\-\\-install\\fR writes its unit under it (default \\fI~/.config\\fR).",
      ".SH FILES",
      ".TP", "\\fI~/.local/share/cal/calendar.db\\fR",
      "The calendar: a SQLite database holding the events, the month on view and the history of page turns.",
      ".TP", "\\fI~/.config/cal/config\\fR",
      "The configuration: one \\fIkey\\fR = \\fIvalue\\fR a line, # for comments; the defaults of options such as "
        + "\\-\\-calendar, \\-\\-format, \\-\\-color and \\-\\-time\\-format, the first day of the week and the "
        + "order of dates. \\fBcal config\\fR lists and sets them.",
      ".TP", "\\fI~/.config/systemd/user/cal\\-remind.service\\fR",
      "The systemd user unit \\fBcal remind \\-\\-install\\fR writes, which runs \\fBcal remind \\-\\-watch\\fR.",
      ".SH EXIT STATUS",
      "0 on success, 64 for a mistake in the command line, 1 for any other failure, 141 when the reader of "
        + "the output went away (\\fBcal list | head\\fR), as SIGPIPE ends other programs, and 128 + the "
        + "signal's number (130, 143) when SIGINT or SIGTERM ended it.",
      ".SH SEE ALSO",
      "\\fBcal\\fR(1) of util\\-linux and BSD, \\fBcalcurse\\fR(1), \\fBkhal\\fR(1)",
    ]
    return page.concatenated(separator: "\n") + "\n"
  }

  /// An option as a tagged paragraph: its spellings in bold, its value's name in italics, then its help.
  private static func entry(_ option: OptionSpec) -> [String] {
    var label = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
    label += "\\fB\\-\\-\(escaped(option.long))\\fR"
    if let value = option.valueName { label += " \\fI\(escaped(value))\\fR" }
    return [".TP", label, escaped(option.help)]
  }

  /// Text made safe for roff: a backslash as roff's escape `\e` (which prints one), hyphens as `\-`, and a
  /// line never starting with a dot or an apostrophe (which roff would take as a request).
  static func escaped<Text: StringProtocol>(_ text: Text) -> String {
    String(text).replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }
      .concatenated(separator: "\n")
  }
}

extension String {
  /// The string with its first character in lower case: "A persistent ..." → "a persistent ...".
  fileprivate var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
