/// Where the calendar file lives, and whether a command may create it there.
public struct CalendarLocation: Equatable, Sendable {
  /// The file's path.
  public let path: String
  /// Whether the path is the default one (from `XDG_DATA_HOME` or `HOME`), not one the user named.
  public let isDefault: Bool

  /// A location from its parts.
  public init(path: String, isDefault: Bool) {
    self.path = path
    self.isDefault = isDefault
  }

  /// `--db PATH` (`option`), else `$CAL_DB`, else `$XDG_DATA_HOME/cal/calendar.db`, else
  /// `~/.local/share/cal/calendar.db`. Empty variables count as unset, and a relative `XDG_DATA_HOME` is
  /// ignored, as the XDG Base Directory specification requires; a relative `HOME` is refused.
  public static func resolve(option: String?, environment: [String: String]) throws(ServiceError) -> CalendarLocation {
    if let option { return CalendarLocation(path: option, isDefault: false) }
    if let path = environment["CAL_DB"], !path.isEmpty { return CalendarLocation(path: path, isDefault: false) }
    let data = try BaseDirectory.folder(
      "XDG_DATA_HOME", underHome: ".local/share", environment: environment, purpose: "where the calendar lives",
      hint: "; pass --db PATH or set CAL_DB")
    return CalendarLocation(path: data + "/cal/calendar.db", isDefault: true)
  }
}
