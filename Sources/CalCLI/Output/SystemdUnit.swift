import CalCore

/// The systemd user unit that runs `cal remind --watch` at login.
enum SystemdUnit {
  /// The unit's file name.
  static let name = "cal-remind.service"

  /// The unit file: a service that runs `executable` with `arguments` and restarts it when it fails.
  static func reminderService(executable: String, arguments: [String]) -> String {
    """
    [Unit]
    Description=cal reminders: tells each reminder when it is due
    Documentation=man:cal(1)

    [Service]
    Type=simple
    ExecStart=\(([executable] + arguments).map(quoted).concatenated(separator: " "))
    Restart=on-failure
    RestartSec=10

    [Install]
    WantedBy=default.target

    """
  }

  /// `word` as ExecStart reads it back: in double quotes (with `\` and `"` escaped) unless it is plain, and
  /// with `%` and `$` doubled so that systemd expands neither.
  static func quoted(_ word: String) -> String {
    let escaped = word.replacingAll("%", with: "%%").replacingAll("$", with: "$$")
    let plain =
      !word.isEmpty && word.unicodeScalars.allSatisfy { $0.value > 0x20 && !"\"'\\;".unicodeScalars.contains($0) }
    guard !plain else { return escaped }
    let inner = escaped.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
    return "\"" + inner.replacingAll("\n", with: "\\n") + "\""
  }
}
