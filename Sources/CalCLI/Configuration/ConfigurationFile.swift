public import CalService

/// What `main` found where the configuration file belongs: its path and its bytes, or why they could not be
/// read. Nothing below `main` opens it; parsing is ``Configuration``'s.
public struct ConfigurationFile: Sendable {
  /// What reading the file gave.
  public enum Contents: Sendable, Equatable {
    /// There is no file: every key has its default.
    case missing
    /// The file's bytes, not yet checked to be UTF-8.
    case bytes([UInt8])
    /// Why the file could not be read (a folder, no permission, too large), in words.
    case unreadable(String)

    /// Whether the file's first line ends with CR LF: how `cal config` ends the lines it writes back.
    var endsLinesWithCarriageReturn: Bool {
      guard case .bytes(let bytes) = self, let end = bytes.firstIndex(of: 0x0A) else { return false }
      return end > 0 && bytes[end - 1] == 0x0D
    }

    /// Whether the file starts with UTF-8's byte order mark, which `cal config` keeps when it writes it back.
    var startsWithByteOrderMark: Bool {
      guard case .bytes(let bytes) = self else { return false }
      return bytes.starts(with: [0xEF, 0xBB, 0xBF])
    }
  }

  /// The most a configuration file may hold: a few dozen lines are a large one, and a file of megabytes is
  /// a mistake (a calendar or a log named by `CAL_CONFIG`), not read into memory at every start.
  public static let maximumSize = 64 * 1024

  /// Where the file is, or would be written; `nil` when no place can be told (no `HOME`).
  public let path: String?
  /// What reading it gave.
  public let contents: Contents

  /// Creates the description of a configuration file.
  public init(path: String?, contents: Contents) {
    self.path = path
    self.contents = contents
  }

  /// No file, and nowhere to write one: every key has its default.
  public static let none = ConfigurationFile(path: nil, contents: .missing)

  /// Where the configuration file belongs: `$CAL_CONFIG` when set and not empty, else
  /// `$XDG_CONFIG_HOME/cal/config` (an absolute `XDG_CONFIG_HOME` only), else `~/.config/cal/config`.
  ///
  /// - Throws: `ServiceError(.storage)` when none of them can be told (`HOME` unset or relative).
  public static func path(environment: [String: String]) throws(ServiceError) -> String {
    if let path = environment["CAL_CONFIG"], !path.isEmpty { return path }
    let folder = try BaseDirectory.folder(
      "XDG_CONFIG_HOME", underHome: ".config", environment: environment,
      purpose: "where the configuration file is", hint: "; set CAL_CONFIG")
    return folder + "/cal/config"
  }
}
