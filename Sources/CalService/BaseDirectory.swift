/// The XDG Base Directory rule `cal` follows for the places it picks itself: a folder from its variable
/// (`XDG_DATA_HOME`, `XDG_CONFIG_HOME`) when that is an absolute path (a relative one is ignored, as the
/// specification requires), else one under `HOME`. An empty `HOME` counts as unset, and a relative one is
/// refused: it would put the file wherever cal happens to be started, a new one in each folder.
public enum BaseDirectory {
  /// `$variable`, else `$HOME/underHome`.
  ///
  /// - Parameters:
  ///   - purpose: what the folder is for, in the error: `where the calendar lives`.
  ///   - hint: words that follow the error, such as `; pass --db PATH or set CAL_DB`.
  /// - Throws: `ServiceError(.storage)` when `HOME` is needed but unset or relative.
  public static func folder(
    _ variable: String, underHome: String, environment: [String: String], purpose: String, hint: String = ""
  ) throws(ServiceError) -> String {
    if let folder = environment[variable], folder.hasPrefix("/") { return folder }
    guard let home = environment["HOME"], !home.isEmpty else {
      throw ServiceError(.storage, "cannot tell \(purpose): HOME is not set\(hint)")
    }
    guard home.hasPrefix("/") else {
      throw ServiceError(.storage, "cannot tell \(purpose): HOME ('\(home)') is not an absolute path\(hint)")
    }
    return home + "/" + underHome
  }
}
