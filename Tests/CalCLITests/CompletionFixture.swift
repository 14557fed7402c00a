import Foundation

/// A folder to complete `cal` in: a work folder holding a few files, a small time-zone database with what
/// is not a zone beside the zones (`posix/`, `zone.tab`, `posixrules`), and each shell's script as
/// `cal completion SHELL` prints it, saved where its header says to install it.
struct CompletionFixture {
  let folder: String
  /// The current folder while completing: `events.ics`, `calendar.db` and the folder `notes/`.
  var work: String { folder + "/work" }
  /// `$TZDIR` while completing.
  var zones: String { folder + "/zoneinfo" }
  /// `$HOME` while completing.
  var home: String { folder + "/home" }
  /// The folder on zsh's `$fpath` that holds `_cal`.
  var zshFunctions: String { folder + "/zsh" }
  var bashScript: String { folder + "/cal.bash" }

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("cal-completion-\(UUID().uuidString)").path
    let files = [
      "work/events.ics", "work/calendar.db", "work/notes/plan.txt",
      "zoneinfo/Europe/Berlin", "zoneinfo/Europe/Belgrade", "zoneinfo/Europe/Paris", "zoneinfo/UTC",
      "zoneinfo/America/New_York", "zoneinfo/America/Argentina/Salta", "zoneinfo/Etc/GMT+5",
      "zoneinfo/posix/Europe/Berlin", "zoneinfo/right/UTC", "zoneinfo/zone.tab", "zoneinfo/iso3166.tab",
      "zoneinfo/posixrules", "zoneinfo/leapseconds", "zoneinfo/Ignored.txt",
    ]
    for file in files {
      let path = folder + "/" + file
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data().write(to: URL(fileURLWithPath: path))
    }
    try FileManager.default.createDirectory(atPath: zshFunctions, withIntermediateDirectories: true)
    let fishCompletions = home + "/.config/fish/completions"
    try FileManager.default.createDirectory(atPath: fishCompletions, withIntermediateDirectories: true)
    for (shell, path) in [
      ("bash", bashScript), ("zsh", zshFunctions + "/_cal"), ("fish", fishCompletions + "/cal.fish"),
    ] {
      let printed = try Subprocess.run(
        [CalProcess.binary, "completion", shell], environment: ["PATH": "/usr/bin:/bin"])
      guard printed.status == 0 else { throw CocoaError(.fileWriteUnknown) }
      try printed.stdout.write(toFile: path, atomically: true, encoding: .utf8)
    }
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// `reply` as the line editor shows it: a folder of the work folder ends in `/` (bash and zsh leave that
  /// to the line editor; fish adds it itself).
  func shown(_ reply: String) -> String {
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: work + "/" + reply, isDirectory: &isFolder)
    return exists && isFolder.boolValue && !reply.hasSuffix("/") ? reply + "/" : reply
  }
}
