import CalCore

extension Configuration {
  /// The key of `line`, when it is a setting.
  static func key(of line: String) -> String? {
    (try? setting(Substring(line)))??.key
  }

  /// `lines` with `key` set to `value` on the line that gave it (the first, when several did) and taken out
  /// of any other, or appended when no line gave it; with `nil`, every line of `key` taken out. Every other
  /// line, comments and mistakes included, stays as it was.
  static func setting(_ key: String, to value: String?, in lines: [String]) -> [String] {
    var edited: [String] = []
    var written = value == nil
    for line in lines {
      guard Self.key(of: line) == key else {
        edited.append(line)
        continue
      }
      if !written, let value {
        edited.append("\(key) = \(value)")
        written = true
      }
    }
    if !written, let value { edited.append("\(key) = \(value)") }
    return edited
  }
}
