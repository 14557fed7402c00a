/// Where the calendar file lives: `--db PATH`, else `$CAL_DB`, else `$XDG_DATA_HOME/cal/calendar.db`,
/// else `~/.local/share/cal/calendar.db`.
enum DatabaseLocation {
  /// The path to use. Empty variables count as unset, and a relative `XDG_DATA_HOME` is ignored, as the XDG
  /// Base Directory specification requires.
  static func resolve(option: String?, environment: [String: String]) throws(CalError) -> String {
    if let option { return option }
    if let path = environment["CAL_DB"], !path.isEmpty { return path }
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return data + "/cal/calendar.db"
    }
    if let home = environment["HOME"], !home.isEmpty {
      return home + "/.local/share/cal/calendar.db"
    }
    throw CalError("cannot tell where the calendar lives: HOME is not set; pass --db PATH or set CAL_DB")
  }
}
